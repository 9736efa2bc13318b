import { describe, it } from 'vitest';
import { RuleTester } from '../src/testing.js';
import rule from './version.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ path: 'skills/s/SKILL.md', targets: ['ironclaw'] });
const fm = (v: string) => `---\nname: s\ndescription: x.\nversion: ${v}\n---\nBody.\n`;

tester.run(rule, {
  valid: [
    { name: 'a quoted version', code: fm('"1.0"') },
    { name: 'a plain string in the allowed alphabet', code: fm('1.0.0-beta+build~2') },
    { name: 'agentskills has no version field to check', code: fm('1.0'), targets: ['agentskills'] },
  ],
  invalid: [
    {
      name: 'a YAML number: IronClaw wants a string and rejects the skill; the fix quotes it',
      code: fm('1.0'),
      errors: [{ line: 4, column: 10, severity: 'error', rejects: true, message: '"version" is a number (1.0); ironclaw expects a string and rejects the skill. Quote it: version: "1.0"' }],
      output: fm('"1.0"'),
    },
  ],
});
