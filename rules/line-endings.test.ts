import { describe, it } from 'vitest';
import { RuleTester } from '../src/testing.js';
import rule from './line-endings.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ path: 'skills/s/SKILL.md', targets: ['agentskills'] });

tester.run(rule, {
  valid: [{ code: '---\nname: s\ndescription: LF only.\n---\nBody.\n' }, { code: '# No frontmatter\n\nLF only.\n' }],
  invalid: [
    {
      name: 'CRLF in a frontmatter: a strict parser (cuca) fails on "---\\r"',
      code: '---\r\nname: s\r\ndescription: CRLF.\r\n---\r\nBody.\r\n',
      errors: [{ line: 1, column: 1, severity: 'warning', messageId: 'strictSees', data: { kinds: '5 CRLF', s: 's', target: 'agentskills', strict: 'cuca' } }],
      output: '---\nname: s\ndescription: CRLF.\n---\nBody.\n',
    },
    {
      name: 'a lone CR becomes LF; the first CR line is reported; outside the fences it is info',
      code: '---\nname: s\ndescription: x.\n---\nOne\rTwo\n',
      errors: [{ line: 5, column: 1, severity: 'info', messageId: 'outsideFences', data: { kinds: '1 lone CR', s: '', target: 'agentskills', strict: 'cuca' } }],
      output: '---\nname: s\ndescription: x.\n---\nOne\nTwo\n',
    },
    {
      name: 'no frontmatter: nothing a CR can break, info (under cuca too, whose default is an error)',
      code: '# Notes\r\nBody.\r\n',
      errors: [{ line: 1, severity: 'info', messageId: 'noFrontmatter', data: { kinds: '2 CRLF', s: 's', target: 'agentskills', strict: 'cuca' } }],
      output: '# Notes\nBody.\n',
    },
    {
      name: 'no frontmatter under cuca: info',
      code: '# Notes\r\nBody.\r\n',
      targets: ['cuca'],
      errors: [{ line: 1, severity: 'info', messageId: 'noFrontmatter' }],
      output: '# Notes\nBody.\n',
    },
    {
      name: 'a CR on the closing fence only: a strict parser still fails on it',
      code: '---\nname: s\ndescription: x.\n---\r\nBody.\n',
      errors: [{ line: 4, severity: 'warning', messageId: 'strictSees' }],
      output: '---\nname: s\ndescription: x.\n---\nBody.\n',
    },
    {
      name: "cuca's strict parser fails on it: an error there",
      code: '---\r\nname: s\r\ndescription: CRLF.\r\n---\r\nBody.\r\n',
      targets: ['cuca'],
      errors: [{ severity: 'error', messageId: 'strictFails', data: { kinds: '5 CRLF', s: 's', target: 'cuca', strict: 'cuca' } }],
    },
    {
      name: 'a runtime that splits lines only at LF skips a lone-CR file: an error',
      code: '---\rname: s\rdescription: CR.\r---\rBody.\r',
      targets: ['codex'],
      errors: [{ line: 1, severity: 'error', rejects: true, messageId: 'skipped', data: { kinds: '5 lone CR', s: 's', target: 'codex', strict: 'cuca' } }],
    },
    // Each message id once with its whole text: a changed template fails here.
    {
      name: 'the whole text: skipped',
      code: '---\rname: s\rdescription: CR.\r---\rBody.\r',
      targets: ['opencode'],
      errors: [{ messageId: 'skipped', message: '5 lone CR line endings, first on this line; opencode splits lines only at LF, finds no frontmatter and skips the skill. Convert to LF (--fix)' }],
    },
    {
      name: 'the whole text: noFrontmatter',
      code: '# Notes\r\nBody.\r\n',
      errors: [
        {
          messageId: 'noFrontmatter',
          message:
            '2 CRLF line endings, first on this line. The file opens with no "---" frontmatter, so no runtime\'s parsing depends on them (CR matters to the frontmatter fences); tools that split lines on LF keep a stray CR in each. Convert to LF if you like (--fix)',
        },
      ],
    },
    {
      name: 'the whole text: outsideFences',
      code: '---\nname: s\ndescription: x.\n---\nOne\r\nTwo\r\n',
      errors: [
        {
          messageId: 'outsideFences',
          message:
            '2 CRLF line endings, first on this line, all outside the "---" lines that open and close the frontmatter, so no runtime\'s parsing depends on them; tools that split lines on LF keep a stray CR in each. Convert to LF if you like (--fix)',
        },
      ],
      output: '---\nname: s\ndescription: x.\n---\nOne\nTwo\n',
    },
    {
      name: 'the whole text: normalized',
      code: '---\r\nname: s\r\ndescription: CRLF.\r\n---\r\nBody.\r\n',
      targets: ['ironclaw'],
      errors: [{ messageId: 'normalized', message: '5 CRLF line endings, first on this line; expected LF. ironclaw normalizes them, but a strict parser (cuca) reads a "---\\r" line and fails to load the skill. Convert to LF (--fix)' }],
    },
    {
      name: 'the whole text: strictFails',
      code: '---\r\nname: s\r\ndescription: CRLF.\r\n---\r\nBody.\r\n',
      targets: ['cuca'],
      errors: [{ messageId: 'strictFails', message: '5 CRLF line endings, first on this line; expected LF. cuca\'s strict parser reads a "---\\r" line, not "---", and fails to construct the skill. Convert to LF (--fix)' }],
    },
    {
      name: 'the whole text: strictSees',
      code: '---\r\nname: s\r\ndescription: CRLF.\r\n---\r\nBody.\r\n',
      errors: [{ messageId: 'strictSees', message: '5 CRLF line endings, first on this line; expected LF. A strict parser (cuca) reads a "---\\r" line, not "---", and fails to load the skill. Convert to LF (--fix)' }],
    },
  ],
});
