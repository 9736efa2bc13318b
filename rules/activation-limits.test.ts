import { describe, it } from 'vitest';
import { RuleTester } from '../src/testing.js';
import rule from './activation-limits.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ path: 'skills/s/SKILL.md', targets: ['ironclaw'] });
const fm = (activation: string) => `---\nname: s\ndescription: x.\nactivation:\n${activation}---\nBody.\n`;
const list = (prefix: string, n: number) => `[${Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(', ')}]`;

tester.run(rule, {
  valid: [
    { name: 'entries of 3 bytes and more, within every cap', code: fm(`  keywords: ${list('kw', 20)}\n  exclude_keywords: [draft]\n  tags: ${list('tag', 10)}\n  patterns: ["(?i)ship"]\n`) },
    { name: 'patterns are not filtered by length', code: fm('  patterns: ["a"]\n') },
    { name: 'a whole max_context_tokens', code: fm('  max_context_tokens: 500\n') },
    { name: 'no activation block', code: '---\nname: s\ndescription: x.\n---\nBody.\n' },
    { name: 'other targets have no activation limits', code: fm('  keywords: [go]\n'), targets: ['agentskills'] },
  ],
  invalid: [
    {
      name: 'a keyword under 3 bytes is dropped silently',
      code: fm('  keywords: [go, deploy]\n'),
      errors: [
        {
          line: 5,
          column: 14,
          endLine: 5,
          endColumn: 16,
          severity: 'warning',
          rejects: false,
          messageId: 'short',
          data: { entry: 'keyword', value: '"go"', bytes: 2, s: 's', target: 'ironclaw', min: 3 },
          message: 'keyword "go" is 2 bytes; ironclaw silently drops entries under 3 bytes. Use a longer word',
        },
      ],
      output: null,
    },
    {
      name: 'bytes, not characters: "é" is 2 bytes; one byte is singular',
      code: fm('  exclude_keywords: [é, a]\n'),
      errors: [
        { line: 5, column: 22, messageId: 'short', data: { entry: 'exclude keyword', value: '"é"', bytes: 2, s: 's', target: 'ironclaw', min: 3 } },
        { line: 5, column: 25, messageId: 'short', data: { entry: 'exclude keyword', value: '"a"', bytes: 1, s: '', target: 'ironclaw', min: 3 } },
      ],
    },
    {
      name: 'the 11th tag is over the cap of 10',
      code: fm(`  tags: ${list('tag', 11)}\n`),
      errors: [
        {
          line: 5,
          column: 70,
          severity: 'warning',
          messageId: 'overCap',
          data: { entry: 'tag', value: '"tag10"', position: '11', list: 'tags', target: 'ironclaw', cap: 10 },
          message: 'tag "tag10" is number 11 of activation.tags; ironclaw keeps the first 10 and silently drops the rest. Remove or merge entries',
        },
      ],
    },
    {
      name: 'short entries do not count toward the cap',
      code: fm(`  keywords: [go, ${list('kw', 21).slice(1)}\n`),
      errors: [
        { messageId: 'short', data: { entry: 'keyword', value: '"go"', bytes: 2, s: 's', target: 'ironclaw', min: 3 } },
        { messageId: 'overCap', data: { entry: 'keyword', value: '"kw20"', position: '21', list: 'keywords', target: 'ironclaw', cap: 20 } },
      ],
    },
    {
      name: 'a list that is not a list of strings: the skill fails to load',
      code: fm('  keywords: deploy\n'),
      errors: [
        {
          line: 5,
          column: 13,
          endColumn: 19,
          severity: 'error',
          rejects: true,
          messageId: 'listProblem',
          data: { problem: '"activation.keywords" must be a list of strings; got a string', target: 'ironclaw' },
          message: '"activation.keywords" must be a list of strings; got a string. ironclaw fails to load the skill',
        },
      ],
    },
    {
      name: 'activation that is not a mapping',
      code: '---\nname: s\ndescription: x.\nactivation: yes\n---\nBody.\n',
      errors: [
        {
          line: 4,
          column: 13,
          severity: 'error',
          rejects: true,
          messageId: 'problem',
          data: { problem: '"activation" is a string; expected a mapping with keywords, exclude_keywords, patterns, tags, max_context_tokens' },
          message: '"activation" is a string; expected a mapping with keywords, exclude_keywords, patterns, tags, max_context_tokens',
        },
      ],
    },
    {
      name: 'a max_context_tokens that is not a whole number',
      code: fm('  max_context_tokens: many\n'),
      errors: [
        {
          line: 5,
          column: 23,
          rejects: true,
          messageId: 'problem',
          data: { problem: '"activation.max_context_tokens" is "many"; expected a whole number of tokens (default 2000)' },
        },
      ],
    },
  ],
});
