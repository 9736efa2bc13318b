import { describe, it } from 'vitest';
import { RuleTester } from '../src/testing.js';
import rule from './token-budget.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ path: 'skills/s/SKILL.md', targets: ['ironclaw'] });
const body = (bytes: number, fm = '') => `---\nname: s\ndescription: x.\n${fm}---\n${'w'.repeat(bytes - 1)}\n`;

tester.run(rule, {
  valid: [
    { name: 'exactly 2 × 2,000 tokens (16,000 bytes × 0.25) passes', code: body(16000) },
    { name: 'a raised max_context_tokens raises the limit', code: body(20000, 'activation:\n  max_context_tokens: 2500\n') },
    { name: 'agentskills has no token rejection', code: body(40000), targets: ['agentskills'] },
  ],
  invalid: [
    {
      name: 'one token over 2 × max_context_tokens is rejected',
      code: body(16004),
      errors: [{ line: 5, column: 1, severity: 'error', message: /^body is 16,004 bytes ≈ 4,001 tokens \(floor\(bytes × 0\.25\)\); ironclaw rejects a skill over 2 × max_context_tokens = 4,000\./ }],
    },
    {
      name: 'CRLF is counted after normalization (IronClaw normalizes before measuring)',
      code: `---\r\nname: s\r\ndescription: x.\r\n---\r\n${'w\r\n'.repeat(8002)}`,
      errors: [{ message: /^body is 16,004 bytes ≈ 4,001 tokens/ }],
    },
  ],
});
