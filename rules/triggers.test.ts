import { describe, it } from 'vitest';
import { RuleTester } from '../src/testing.js';
import rule from './triggers.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ path: '.crv/skills/s.md', targets: ['cerveau'] });
const fm = (t: string) => `---\nname: s\ndescription: x.\ntriggers: ${t}\n---\nBody.\n`;

tester.run(rule, {
  valid: [{ code: fm('[deploy, release notes]') }, { name: 'other targets do not read triggers', code: fm('deploy'), targets: ['agentskills'], path: 'skills/s/SKILL.md' }],
  invalid: [
    { name: 'a string is not a list', code: fm('deploy'), errors: [{ line: 4, column: 11, severity: 'error', message: '"triggers" is a string; cerveau expects a list of strings, e.g. triggers: ["deploy"]' }] },
    { name: 'an empty list: never auto-loaded', code: fm('[]'), errors: [{ severity: 'info', message: /^no "triggers"; cerveau never loads this skill by itself/ }] },
    { name: 'a blank trigger matches every conversation', code: fm('[deploy, ""]'), errors: [{ line: 4, column: 20, severity: 'warning', message: /^trigger 2 is blank; an empty string appears in every conversation/ }] },
  ],
});
