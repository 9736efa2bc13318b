import { describe, it } from 'vitest';
import { RuleTester } from '../src/testing.js';
import rule from './empty-body.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ path: 'skills/s/SKILL.md' });
const EMPTY = '---\nname: s\ndescription: x.\n---\n\n  \n';

tester.run(rule, {
  valid: [
    { code: '---\nname: s\ndescription: x.\n---\nDo the thing.\n', targets: ['ironclaw', 'agentskills'] },
    { name: 'an unterminated frontmatter is the frontmatter rule\'s finding', code: '---\nname: s\n', targets: ['ironclaw'] },
  ],
  invalid: [
    {
      name: 'IronClaw rejects a body that is empty or only whitespace',
      code: EMPTY,
      targets: ['ironclaw'],
      errors: [{ line: 5, column: 1, severity: 'error', rejects: true, messageId: 'rejected', data: { target: 'ironclaw' }, message: 'body is empty; ironclaw rejects a skill with no instructions. Write them below the frontmatter' }],
      output: null,
    },
    {
      name: 'elsewhere it loads but injects nothing: a warning',
      code: EMPTY,
      targets: ['agentskills'],
      errors: [{ line: 5, column: 1, severity: 'warning', rejects: false, messageId: 'empty', message: 'body is empty; the skill injects no instructions. Write them below the frontmatter' }],
    },
    {
      name: 'no body at all after the closing fence: reported on the last character',
      code: '---\nname: s\ndescription: x.\n---\n',
      targets: ['ironclaw'],
      errors: [{ line: 4, messageId: 'rejected', data: { target: 'ironclaw' } }],
    },
  ],
});
