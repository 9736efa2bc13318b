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
    {
      name: 'a string is not a list',
      code: fm('deploy'),
      errors: [
        {
          line: 4,
          column: 11,
          severity: 'error',
          rejects: true,
          messageId: 'notList',
          data: { field: 'triggers', type: 'a string', target: 'cerveau', example: '"deploy"' },
          message: '"triggers" is a string; cerveau expects a list of strings, e.g. triggers: ["deploy"]',
        },
      ],
      output: null,
    },
    {
      name: 'a list with a non-string entry names that entry',
      code: fm('[deploy, 3]'),
      errors: [{ rejects: true, messageId: 'notList', data: { field: 'triggers', type: 'a list with non-string entries', target: 'cerveau', example: '"3"' } }],
    },
    {
      name: 'an empty list: never auto-loaded',
      code: fm('[]'),
      errors: [
        {
          line: 4,
          column: 11,
          severity: 'info',
          rejects: false,
          messageId: 'missing',
          data: { field: 'triggers', target: 'cerveau' },
          message: 'no "triggers"; cerveau never loads this skill by itself, only when asked for it by name. Add triggers: [words that should bring it in]',
        },
      ],
    },
    {
      name: 'no triggers field at all: reported at the start of the file',
      code: '---\nname: s\ndescription: x.\n---\nBody.\n',
      errors: [{ line: 1, column: 1, severity: 'info', messageId: 'missing', data: { field: 'triggers', target: 'cerveau' } }],
    },
    {
      name: 'a blank trigger matches every conversation',
      code: fm('[deploy, ""]'),
      errors: [
        {
          line: 4,
          column: 20,
          severity: 'warning',
          rejects: false,
          messageId: 'blank',
          data: { index: 2, target: 'cerveau' },
          message: 'trigger 2 is blank; an empty string appears in every conversation, so cerveau would load the skill every time. Remove it',
        },
      ],
    },
  ],
});
