import { describe, it } from 'vitest';
import { RuleTester } from '../src/testing.js';
import rule from './version.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ path: 'skills/s/SKILL.md', targets: ['ironclaw'] });
const fm = (v: string) => `---\nname: s\ndescription: x.\nversion: ${v}\n---\nBody.\n`;
const PATTERN = '^[a-zA-Z0-9._\\-+~]{1,32}$';

tester.run(rule, {
  valid: [
    { name: 'a quoted version', code: fm('"1.0"') },
    { name: 'a plain string in the allowed alphabet', code: fm('1.0.0-beta+build~2') },
    { name: 'a YAML null: IronClaw falls back to 0.0.0', code: fm('null') },
    { name: 'no version at all', code: '---\nname: s\ndescription: x.\n---\nBody.\n' },
    { name: 'agentskills has no version field to check', code: fm('1.0'), targets: ['agentskills'] },
  ],
  invalid: [
    {
      name: 'a YAML number: IronClaw wants a string and rejects the skill; the fix quotes it',
      code: fm('1.0'),
      errors: [
        {
          line: 4,
          column: 10,
          endLine: 4,
          endColumn: 13,
          severity: 'error',
          rejects: true,
          messageId: 'notString',
          data: { type: 'a number', raw: '1.0', target: 'ironclaw' },
          message: '"version" is a number (1.0); ironclaw expects a string and rejects the skill. Quote it: version: "1.0"',
        },
      ],
      output: fm('"1.0"'),
    },
    {
      name: 'a boolean is quoted as written',
      code: fm('true'),
      errors: [{ messageId: 'notString', data: { type: 'a boolean', raw: 'true', target: 'ironclaw' } }],
      output: fm('"true"'),
    },
    {
      name: 'a list is not a string either, and quoting it would not give a valid version: no fix',
      code: fm('[1, 2]'),
      errors: [{ line: 4, column: 10, rejects: true, messageId: 'notString', data: { type: 'a list', raw: '[1, 2]', target: 'ironclaw' } }],
      output: null,
    },
    {
      name: 'a string outside the alphabet goes into an XML attribute: rejected',
      code: fm('1.0 beta'),
      errors: [
        {
          line: 4,
          column: 10,
          severity: 'error',
          rejects: true,
          messageId: 'pattern',
          data: { value: '"1.0 beta"', pattern: PATTERN, target: 'ironclaw' },
          message: 'version "1.0 beta" does not match ^[a-zA-Z0-9._\\-+~]{1,32}$; ironclaw writes it into an XML attribute and rejects the skill. Use letters, digits and . _ - + ~ (at most 32)',
        },
      ],
      output: null,
    },
    {
      name: 'more than 32 characters',
      code: fm('a'.repeat(33)),
      errors: [{ messageId: 'pattern', data: { value: `"${'a'.repeat(33)}"`, pattern: PATTERN, target: 'ironclaw' } }],
    },
  ],
});
