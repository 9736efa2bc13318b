import { describe, it } from 'vitest';
import { RuleTester } from '../src/testing.js';
import rule from './token-budget.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ path: 'skills/s/SKILL.md', targets: ['ironclaw'] });
const body = (bytes: number, fm = '') => `---\nname: s\ndescription: x.\n${fm}---\n${'w'.repeat(bytes - 1)}\n`;
const lines = (n: number) => `---\nname: s\ndescription: x.\n---\n${'line\n'.repeat(n)}`;

tester.run(rule, {
  valid: [
    { name: 'exactly 2 × 2,000 tokens (16,000 bytes × 0.25) passes', code: body(16000) },
    { name: 'a raised max_context_tokens raises the limit', code: body(20000, 'activation:\n  max_context_tokens: 2500\n') },
    { name: 'a max_context_tokens that is not a positive integer is the activation rules\' finding', code: body(20000, 'activation:\n  max_context_tokens: many\n') },
    { name: 'agentskills has no token rejection', code: body(40000), targets: ['agentskills'] },
    { name: 'agentskills: 500 body lines are within the guide', code: lines(500), targets: ['agentskills'] },
  ],
  invalid: [
    {
      name: 'one token over 2 × max_context_tokens is rejected',
      code: body(16004),
      errors: [
        {
          line: 5,
          column: 1,
          severity: 'error',
          rejects: true,
          messageId: 'rejected',
          data: { bytes: '16,004', estimate: '4,001', tokensPerByte: 0.25, target: 'ironclaw', factor: 2, limit: '4,000', needed: 2001 },
          message:
            'body is 16,004 bytes ≈ 4,001 tokens (floor(bytes × 0.25)); ironclaw rejects a skill over 2 × max_context_tokens = 4,000. Shorten the body, move detail into references/, or set activation.max_context_tokens to at least 2001',
        },
      ],
      output: null,
    },
    {
      name: 'a declared max_context_tokens sets the limit',
      code: body(100, 'activation:\n  max_context_tokens: 10\n'),
      errors: [{ line: 7, messageId: 'rejected', data: { bytes: '100', estimate: '25', tokensPerByte: 0.25, target: 'ironclaw', factor: 2, limit: '20', needed: 13 } }],
    },
    {
      name: 'CRLF is counted after normalization (IronClaw normalizes before measuring)',
      code: `---\r\nname: s\r\ndescription: x.\r\n---\r\n${'w\r\n'.repeat(8002)}`,
      errors: [{ messageId: 'rejected', data: { bytes: '16,004', estimate: '4,001', tokensPerByte: 0.25, target: 'ironclaw', factor: 2, limit: '4,000', needed: 2001 } }],
    },
    {
      name: 'agentskills: a body over the recommended 500 lines is info',
      code: lines(501),
      targets: ['agentskills'],
      errors: [
        {
          line: 5,
          column: 1,
          severity: 'info',
          rejects: false,
          messageId: 'long',
          data: { lines: 501, target: 'agentskills', recommended: 500 },
          message: 'body is 501 lines; the agentskills guide recommends under 500 lines so the whole skill fits the context. Move detail into references/ files linked from SKILL.md',
        },
      ],
    },
  ],
});
