import { describe, it } from 'vitest';
import { RuleTester } from '../src/testing.js';
import rule from './encoding.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ path: 'skills/s/SKILL.md', targets: ['agentskills'] });
const BOM = '\ufeff---\nname: s\ndescription: x.\n---\nBody.\n';
const invalid = (...tail: number[]) => new Uint8Array([...new TextEncoder().encode('---\nname: s\ndescription: x.\n---\nBad '), ...tail]);

tester.run(rule, {
  valid: [
    { code: '---\nname: s\ndescription: Plain UTF-8, é and 日本.\n---\nBody.\n' },
    { name: 'a BOM-like character later in the text is not a BOM', code: '---\nname: s\ndescription: x.\n---\nA\ufeffB\n' },
  ],
  invalid: [
    {
      name: 'a BOM before the frontmatter: the standard validator (skills-ref) and Codex skip the skill',
      code: BOM,
      errors: [
        {
          line: 1,
          column: 1,
          severity: 'error',
          rejects: true,
          messageId: 'bomRejected',
          data: { target: 'agentskills' },
          message: 'file starts with a byte-order mark; agentskills does not see the frontmatter after it and skips the skill. Remove it (--fix)',
        },
      ],
      output: BOM.slice(1),
    },
    {
      name: 'OpenCode neither strips nor rejects it: a warning for strict parsers',
      code: BOM,
      targets: ['opencode'],
      path: '.opencode/skills/s/SKILL.md',
      errors: [
        {
          line: 1,
          column: 1,
          severity: 'warning',
          rejects: false,
          messageId: 'bomStrict',
          message: 'file starts with a byte-order mark, so the first line is not exactly "---" for strict parsers. Remove it (--fix)',
        },
      ],
      output: BOM.slice(1),
    },
    {
      name: 'Claude Code strips it: info',
      code: BOM,
      targets: ['claude-code'],
      path: '.claude/skills/s/SKILL.md',
      errors: [
        {
          severity: 'info',
          rejects: false,
          messageId: 'bomStripped',
          data: { target: 'claude-code' },
          message: 'file starts with a byte-order mark; claude-code strips it, other runtimes may not see the frontmatter. Remove it (--fix)',
        },
      ],
    },
    {
      name: 'a BOM in a file with no frontmatter is only info',
      code: '\ufeff# Notes\n',
      errors: [
        {
          line: 1,
          column: 1,
          severity: 'info',
          rejects: false,
          messageId: 'bomNoFrontmatter',
          message:
            'file starts with a byte-order mark; it opens no "---" frontmatter the mark could hide, but editors and diff tools show it as a stray character. Remove it (--fix)',
        },
      ],
      output: '# Notes\n',
    },
    {
      name: 'no frontmatter under the strict parser (cuca) is info as well',
      code: '\ufeff# Notes\r\n\r\nBody.\r\n',
      targets: ['cuca'],
      errors: [{ severity: 'info', messageId: 'bomNoFrontmatter' }],
    },
    {
      name: 'a BOM is an error where the strict parser fails (cuca)',
      code: BOM,
      targets: ['cuca'],
      errors: [
        {
          severity: 'error',
          rejects: false,
          messageId: 'bomStrictFails',
          data: { target: 'cuca' },
          message: `file starts with a byte-order mark, so the first line is not exactly "---"; cuca's strict parser fails to construct the skill. Remove it (--fix)`,
        },
      ],
    },
    {
      name: 'invalid UTF-8 is located by byte; a runtime that refuses the file rejects it',
      code: invalid(0xff, 0x0a),
      targets: ['codex'],
      path: '.codex/skills/s/SKILL.md',
      errors: [
        {
          line: 5,
          column: 5,
          severity: 'error',
          rejects: true,
          messageId: 'invalidUtf8Refused',
          data: { byte: 36, more: '', target: 'codex' },
          message: 'invalid UTF-8 at byte 36; codex refuses the file. Re-save the file as UTF-8',
        },
      ],
      output: null,
    },
    {
      name: 'several invalid sequences are counted; Claude Code reads on and may misread it',
      code: invalid(0xff, 0x20, 0xfe, 0x0a),
      targets: ['claude-code'],
      path: '.claude/skills/s/SKILL.md',
      errors: [
        {
          line: 5,
          severity: 'error',
          rejects: false,
          messageId: 'invalidUtf8Misread',
          data: { byte: 36, more: ' (2 invalid sequences in all)', target: 'claude-code' },
          message: 'invalid UTF-8 at byte 36 (2 invalid sequences in all); claude-code may misread it. Re-save the file as UTF-8',
        },
      ],
    },
    {
      name: 'NUL bytes: a warning at the first one',
      code: '---\nname: s\ndescription: x.\n---\nA\u0000B\u0000\n',
      errors: [
        {
          line: 5,
          column: 2,
          severity: 'warning',
          messageId: 'nul',
          data: { nuls: '2 NUL bytes' },
          message: '2 NUL bytes in the text; tools treat the file as binary and some runtimes cut the text at NUL. Remove them',
        },
      ],
      output: null,
    },
    {
      name: 'one NUL byte',
      code: '---\nname: s\ndescription: x.\n---\nA\u0000B\n',
      errors: [{ messageId: 'nul', data: { nuls: '1 NUL byte' } }],
    },
  ],
});
