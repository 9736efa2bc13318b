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
      name: 'CRLF in a frontmatter: strict parsers see "---\\r"',
      code: '---\r\nname: s\r\ndescription: CRLF.\r\n---\r\nBody.\r\n',
      errors: [{ line: 1, column: 1, severity: 'warning', message: /^5 CRLF line endings, first on this line; expected LF\. strict parsers see a "---\\r" line/ }],
      output: '---\nname: s\ndescription: CRLF.\n---\nBody.\n',
    },
    {
      name: 'a lone CR becomes LF; the first CR line is reported',
      code: '---\nname: s\ndescription: x.\n---\nOne\rTwo\n',
      errors: [{ line: 5, column: 1, message: /^1 lone CR line ending, first on this line/ }],
      output: '---\nname: s\ndescription: x.\n---\nOne\nTwo\n',
    },
    {
      name: 'no frontmatter: the message says there is no "---" line to break',
      code: '# Notes\r\nBody.\r\n',
      errors: [{ line: 1, message: /opens with no "---" frontmatter line a CR could break/ }],
      output: '# Notes\nBody.\n',
    },
    {
      name: "cuca's strict parser fails on it: an error there",
      code: '---\r\nname: s\r\ndescription: CRLF.\r\n---\r\nBody.\r\n',
      targets: ['cuca'],
      errors: [{ severity: 'error', message: /cuca's strict parser reads a "---\\r" line, not "---", and fails to construct the skill/ }],
    },
  ],
});
