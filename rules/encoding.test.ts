import { describe, it } from 'vitest';
import { RuleTester } from '../src/testing.js';
import rule from './encoding.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ path: 'skills/s/SKILL.md', targets: ['agentskills'] });

tester.run(rule, {
  valid: [{ code: '---\nname: s\ndescription: Plain UTF-8, é and 日本.\n---\nBody.\n' }],
  invalid: [
    {
      name: 'a BOM before the frontmatter: the standard validator (skills-ref) and Codex skip the skill',
      code: '\ufeff---\nname: s\ndescription: x.\n---\nBody.\n',
      errors: [{ line: 1, column: 1, severity: 'error', rejects: true, message: 'file starts with a byte-order mark; agentskills does not see the frontmatter after it and skips the skill. Remove it (--fix)' }],
      output: '---\nname: s\ndescription: x.\n---\nBody.\n',
    },
    {
      name: 'OpenCode neither strips nor rejects it: a warning for strict parsers',
      code: '\ufeff---\nname: s\ndescription: x.\n---\nBody.\n',
      targets: ['opencode'],
      path: '.opencode/skills/s/SKILL.md',
      errors: [{ severity: 'warning', rejects: false, message: /the first line is not exactly "---" for strict parsers/ }],
    },
    {
      name: 'Claude Code strips it: info',
      code: '\ufeff---\nname: s\ndescription: x.\n---\nBody.\n',
      targets: ['claude-code'],
      path: '.claude/skills/s/SKILL.md',
      errors: [{ severity: 'info', message: /claude-code strips it/ }],
    },
    {
      name: 'a BOM in a file with no frontmatter is only info',
      code: '\ufeff# Notes\n',
      errors: [{ severity: 'info', message: /opens no "---" frontmatter the mark could hide/ }],
      output: '# Notes\n',
    },
    {
      name: 'a BOM is an error where the strict parser fails (cuca)',
      code: '\ufeff---\nname: s\ndescription: x.\n---\nBody.\n',
      targets: ['cuca'],
      errors: [{ severity: 'error', message: /cuca's strict parser fails to construct the skill/ }],
    },
    {
      name: 'invalid UTF-8 is located by byte',
      code: new Uint8Array([...new TextEncoder().encode('---\nname: s\ndescription: x.\n---\nBad '), 0xff, 0x0a]),
      errors: [{ line: 5, message: /^invalid UTF-8 at byte 36;/ }],
    },
    {
      name: 'NUL bytes',
      code: '---\nname: s\ndescription: x.\n---\nA\u0000B\n',
      errors: [{ message: /^1 NUL byte in the text/ }],
    },
  ],
});
