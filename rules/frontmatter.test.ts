// The frontmatter rule words the YAML library's errors and the problems of each target's own parser (Cuca's strict
// reader; the repairing retries of Creo, OpenCode, Codex, Claude Code and OpenClaw, src/targets/frontmatter.ts): the
// templates are in meta.messages, so every one is asserted here with its text.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportMessage } from '../src/core/rule.js';
import { lint } from '../src/node/lint.js';
import { RuleTester } from '../src/testing.js';
import { tempTrees } from '../test/helpers.js';
import rule from './frontmatter.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ path: 'skills/s/SKILL.md', targets: ['agentskills'] });
const CC = { path: '.claude/skills/s/SKILL.md', targets: ['claude-code'] as const };
const CREO = { path: '.creo/skills/s/SKILL.md', targets: ['creo'] as const };
const CUCA = { targets: ['cuca'] as const };
const fm = (lines: string) => `---\nname: s\n${lines}\n---\nBody.\n`;
const NEEDS = ': agentskills needs the file to start with a "---" line, YAML keys (name, description), and a closing "---" line';
const DROPPED = '; claude-code ignores the whole frontmatter and loads the skill with its fallback name and description';
const COLON = fm('description: Use when: (1) it rains');
const COLON_QUOTED = fm('description: "Use when: (1) it rains"');
const NO_MORE = { more: '', dropped: '' };

tester.run(rule, {
  valid: [
    { name: 'a quoted value with ": "', code: COLON_QUOTED },
    { name: 'Claude Code does not require a frontmatter', code: '# Just a heading\n\nBody.\n', ...CC },
    { name: 'Cuca: double quotes, one key per line', code: fm('description: "d"'), ...CUCA },
    { name: 'Codex: metadata as a mapping', code: fm('description: d.\nmetadata:\n  k: v'), targets: ['codex'] },
    { name: 'an empty frontmatter is a mapping without keys', code: '---\n---\nBody.\n' },
    { name: 'Claude Code: never closed is no frontmatter at all (the first line describes it)', code: '---\nname: s\ndescription: Never closed.\n', ...CC },
  ],
  invalid: [
    {
      name: 'Codex skips a frontmatter holding a control character (YAML allows only printable characters)',
      code: '---\nname: s\ndescription: Bell\u0007 here.\n---\nBody.\n',
      path: '.agents/skills/s/SKILL.md',
      targets: ['codex'],
      errors: [
        {
          line: 3,
          column: 18,
          rejects: true,
          messageId: 'nonPrintable',
          message: 'control character U+0007 in the frontmatter; codex reads YAML, which allows only printable characters, and skips the skill. Remove it',
        },
      ],
    },
    {
      name: 'OpenCode skips a frontmatter with a byte-order mark inside it',
      code: '---\n\ufeffname: s\ndescription: BOM on line 2.\n---\nBody.\n',
      path: '.opencode/skills/s/SKILL.md',
      targets: ['opencode'],
      errors: [
        {
          line: 2,
          column: 1,
          rejects: true,
          messageId: 'strayBom',
          message: 'a byte-order mark (U+FEFF) inside the frontmatter; opencode reads it as the start of a second YAML document and skips the skill. Remove it',
        },
      ],
    },
    {
      name: 'Claude Code drops a frontmatter holding NUL and loads the skill with its fallbacks',
      code: '---\nname: s\ndescription: Nul\u0000 here.\n---\nBody.\n',
      path: '.claude/skills/s/SKILL.md',
      targets: ['claude-code'],
      errors: [
        {
          line: 3,
          column: 17,
          rejects: false,
          messageId: 'nulDropped',
          message: 'a NUL byte in the frontmatter; claude-code cannot read the frontmatter. Remove it; claude-code ignores the whole frontmatter and loads the skill with its fallback name and description',
        },
      ],
    },
    {
      name: 'skills-ref fails on a YAML tag it does not know',
      code: '---\nname: s\ndescription: !custom Tagged.\n---\nBody.\n',
      path: 'skills/s/SKILL.md',
      targets: ['agentskills'],
      errors: [
        {
          line: 3,
          column: 22,
          rejects: true,
          messageId: 'unknownTag',
          message: 'YAML tag "!custom"; agentskills reads YAML with js-yaml, which fails on a tag it does not know, and skips the skill. Remove the tag',
        },
      ],
    },
    // No frontmatter, and why.
    {
      name: 'no frontmatter where the runtime requires one',
      code: '# Just a heading\n\nNo frontmatter.\n',
      errors: [{ line: 1, column: 1, severity: 'error', rejects: true, messageId: 'noFrontmatter', data: { hint: '', target: 'agentskills' }, message: `no frontmatter${NEEDS}` }],
      output: null,
    },
    {
      name: 'blank lines before "---"',
      code: '\n---\nname: s\ndescription: d.\n---\nBody.\n',
      errors: [
        {
          messageId: 'noFrontmatter',
          data: { hint: ' (blank lines come before "---"; it must be the very first line)', target: 'agentskills' },
          message: `no frontmatter (blank lines come before "---"; it must be the very first line)${NEEDS}`,
        },
      ],
    },
    {
      name: 'YAML keys without a "---" line above them',
      code: 'name: s\ndescription: d.\n---\nBody.\n',
      errors: [
        {
          messageId: 'noFrontmatter',
          data: { hint: ' (the file starts with YAML keys but no "---" line above them)', target: 'agentskills' },
          message: `no frontmatter (the file starts with YAML keys but no "---" line above them)${NEEDS}`,
        },
      ],
    },
    // Never closed.
    {
      name: 'never closed',
      code: '---\nname: s\ndescription: Never closed.\n',
      errors: [{ line: 1, column: 1, rejects: true, messageId: 'unterminated', data: { dropped: '' }, message: 'frontmatter opened with "---" is never closed; add a "---" line after the last key' }],
    },
    // Root causes named instead of the errors they cause.
    {
      name: 'git merge-conflict markers',
      code: fm('<<<<<<< HEAD\ndescription: a\n=======\ndescription: b\n>>>>>>> main'),
      errors: [
        {
          line: 3,
          column: 1,
          rejects: true,
          messageId: 'mergeMarkers',
          data: { line: '"<<<<<<< HEAD"', dropped: '' },
          message:
            'git merge-conflict markers in the frontmatter ("<<<<<<< HEAD"); the YAML cannot be read. Resolve the conflict: keep one side and delete the <<<<<<<, ======= and >>>>>>> lines',
        },
      ],
    },
    {
      name: 'no closing "---": YAML reads on into the body until a horizontal rule',
      code: fm('description: d\n\n# Heading\n\nText: with colon\n- a'),
      errors: [
        {
          line: 5,
          column: 1,
          rejects: true,
          messageId: 'noClose',
          data: { line: 5, text: '"# Heading"', close: ' to the "---" on line 9', dropped: '' },
          message: 'the frontmatter has no closing "---" before the body: YAML reads on into the Markdown from line 5 ("# Heading") to the "---" on line 9. Add a "---" line after the last key',
        },
      ],
    },
    // The YAML library's errors, in words.
    {
      name: 'a ": " inside a plain value',
      code: COLON,
      errors: [
        {
          line: 3,
          column: 14,
          endLine: 3,
          endColumn: 15,
          severity: 'error',
          rejects: true,
          messageId: 'blockAsKey',
          data: NO_MORE,
          message: 'YAML error: a plain value contains ": ", which YAML reads as a nested key; quote the value',
        },
      ],
      output: null,
    },
    {
      name: 'one cause, several library errors: the first, with the count of the others',
      code: fm('description: a: b\nx: c: d\ny: e: f'),
      errors: [
        {
          line: 3,
          column: 14,
          messageId: 'blockAsKey',
          data: { more: ' (2 more YAML errors after it, likely from the same cause)', dropped: '' },
          message: 'YAML error: a plain value contains ": ", which YAML reads as a nested key; quote the value (2 more YAML errors after it, likely from the same cause)',
        },
      ],
    },
    {
      name: 'one more error: singular',
      code: fm('description: a: b\nx: c: d'),
      errors: [{ messageId: 'blockAsKey', data: { more: ' (1 more YAML error after it, likely from the same cause)', dropped: '' } }],
    },
    {
      name: 'a line that is neither "key: value" nor indented',
      code: fm('description: d\nthis line is not yaml\nmore: x'),
      errors: [
        {
          line: 4,
          column: 1,
          endLine: 5,
          endColumn: 5,
          messageId: 'multilineKey',
          data: { at: ' ("this line is not yaml")', ...NO_MORE },
          message: 'YAML error: a line ("this line is not yaml") is neither "key: value" nor indented under a key; quote the value if it contains ": ", or indent the line',
        },
      ],
    },
    {
      // Moved from test/messages-17.test.ts: the library's token talk never reaches the message.
      name: 'a Markdown table in the frontmatter: words, not "Not a YAML token"',
      code: fm('description: x\n| File | URL |\n| --- | --- |'),
      errors: [
        {
          line: 4,
          column: 1,
          messageId: 'multilineKey',
          data: { at: '', more: ' (2 more YAML errors after it, likely from the same cause)', dropped: '' },
          message: 'YAML error: a line is neither "key: value" nor indented under a key; quote the value if it contains ": ", or indent the line (2 more YAML errors after it, likely from the same cause)',
        },
      ],
    },
    {
      name: 'a tab as indentation',
      code: fm('metadata:\n\tk: v\ndescription: d'),
      errors: [{ line: 4, column: 1, endColumn: 2, messageId: 'tabIndent', data: NO_MORE, message: 'YAML error: a tab indents a line; indent with spaces, not tabs' }],
    },
    {
      name: 'a plain value that starts with a reserved character',
      code: fm('description: @mention me'),
      errors: [
        { line: 3, column: 14, messageId: 'badScalarStart', data: { at: ' ("@")', ...NO_MORE }, message: 'YAML error: a plain value starts with a character YAML reserves ("@"); quote the value' },
      ],
    },
    {
      name: 'text that is not YAML at all',
      code: '---\n| File | URL |\nname: s\n---\nBody.\n',
      errors: [
        {
          line: 2,
          column: 3,
          endColumn: 15,
          messageId: 'notYaml',
          data: { at: ' ("File | URL |")', ...NO_MORE },
          message: 'YAML error: text that is not YAML ("File | URL |"); quote it as a value or move it below the closing "---"',
        },
      ],
    },
    {
      name: 'text after a quoted value',
      code: fm('description: "quoted" tail'),
      errors: [{ line: 3, column: 23, messageId: 'afterValue', data: { at: ' ("tail")', ...NO_MORE }, message: 'YAML error: unexpected text after a value ("tail"); quote the whole value' }],
    },
    {
      name: 'a flow sequence not closed',
      code: fm('description: [a, b'),
      errors: [
        { line: 4, column: 1, messageId: 'flowNotClosed', data: { open: '[', ...NO_MORE }, message: 'YAML error: a value opened with "[" is not closed on its line or badly indented; close it, or quote the value' },
      ],
    },
    { name: 'a flow mapping not closed', code: fm('description: {a: b'), errors: [{ messageId: 'flowNotClosed', data: { open: '{', ...NO_MORE } }] },
    {
      name: 'bad indentation: the library text, and the fix',
      code: fm('meta:\n    a: 1\n  b: 2'),
      errors: [
        {
          line: 5,
          column: 1,
          messageId: 'badIndent',
          data: { problem: 'All mapping items must start at the same column', note: '', ...NO_MORE },
          message: 'YAML error: All mapping items must start at the same column; fix the indentation',
        },
      ],
    },
    {
      name: 'any other library error: its text',
      code: fm('description: "bad \\q escape"'),
      errors: [{ line: 3, column: 19, messageId: 'yamlError', data: { problem: 'Invalid escape sequence \\q', note: '', ...NO_MORE }, message: 'YAML error: Invalid escape sequence \\q' }],
    },
    {
      name: 'a duplicate key',
      code: fm('name: t\ndescription: d.'),
      errors: [
        {
          line: 3,
          column: 1,
          endColumn: 2,
          rejects: true,
          messageId: 'duplicateKey',
          data: { problem: 'Map keys must be unique', note: '', dropped: '' },
          message: 'duplicate key: Map keys must be unique; remove or rename one of the keys',
        },
      ],
    },
    {
      name: 'an alias bomb',
      code: fm('description: d\na: &a [x,x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]'),
      errors: [
        {
          line: 2,
          column: 1,
          rejects: true,
          messageId: 'aliasLimit',
          data: { max: 100, dropped: '' },
          message: 'YAML aliases expand past 100 nodes (an alias bomb?); remove the anchors and aliases',
        },
      ],
    },
    {
      name: 'nesting too deep for the parser',
      code: fm(`description: d\nx: ${'['.repeat(3000)}${']'.repeat(3000)}`),
      errors: [
        {
          line: 4,
          rejects: true,
          messageId: 'parserLimit',
          data: { problem: 'Maximum call stack size exceeded', note: '', dropped: '' },
          message: 'YAML is too deeply nested to parse (Maximum call stack size exceeded); flatten it',
        },
      ],
    },
    {
      name: 'a root that is a sequence',
      code: '---\n- a\n- b\n---\nBody.\n',
      errors: [
        {
          line: 2,
          column: 1,
          rejects: true,
          messageId: 'nonMapping',
          data: { root: 'a sequence', dropped: '' },
          message: 'frontmatter is a sequence; expected a mapping of keys such as "name: …" and "description: …"',
        },
      ],
    },
    { name: 'a root that is a scalar', code: '---\njust text\n---\nBody.\n', errors: [{ messageId: 'nonMapping', data: { root: 'a scalar', dropped: '' } }] },
    {
      name: 'Codex: metadata that is not a mapping skips the skill',
      code: fm('description: d.\nmetadata: text'),
      targets: ['codex'],
      errors: [
        {
          line: 4,
          column: 11,
          endColumn: 15,
          rejects: true,
          messageId: 'metadataNotMap',
          data: { type: 'a string', target: 'codex' },
          message: '"metadata" is a string; codex reads it only as a mapping and skips the skill otherwise. Write "metadata:" with indented "key: value" lines',
        },
      ],
    },
    { name: 'Codex: metadata as a list', code: fm('description: d.\nmetadata: [a]'), targets: ['codex'], errors: [{ messageId: 'metadataNotMap', data: { type: 'a list', target: 'codex' } }] },
    // Claude Code: a broken frontmatter is dropped (not rejected), after one repairing retry.
    {
      name: 'Claude Code: a root that is not a mapping drops the frontmatter',
      code: '---\n- a\n- b\n---\nBody.\n',
      ...CC,
      errors: [
        {
          severity: 'error',
          rejects: false,
          messageId: 'nonMapping',
          data: { root: 'a sequence', dropped: DROPPED },
          message: `frontmatter is a sequence; expected a mapping of keys such as "name: …" and "description: …"${DROPPED}`,
        },
      ],
    },
    {
      name: "Claude Code: its retry fails too, the frontmatter is dropped",
      code: fm('description: d\n  bad: indent'),
      ...CC,
      errors: [
        {
          line: 3,
          column: 14,
          rejects: false,
          messageId: 'blockAsKey',
          data: { more: ' (1 more YAML error after it, likely from the same cause)', dropped: DROPPED },
          message: `YAML error: a plain value contains ": ", which YAML reads as a nested key; quote the value (1 more YAML error after it, likely from the same cause)${DROPPED}`,
        },
      ],
    },
    {
      name: "Claude Code: the library's text keeps the note that the retry failed too",
      code: fm('description: "bad \\q escape"'),
      ...CC,
      errors: [
        {
          line: 3,
          column: 19,
          rejects: false,
          messageId: 'yamlError',
          data: {
            problem: 'Invalid escape sequence \\q',
            note: " (Claude Code's retry, quoting values with YAML indicators and turning leading tabs into spaces, fails too)",
            more: '',
            dropped: DROPPED,
          },
          message: `YAML error: Invalid escape sequence \\q (Claude Code's retry, quoting values with YAML indicators and turning leading tabs into spaces, fails too)${DROPPED}`,
        },
      ],
    },
    {
      name: 'Claude Code: a ": " loads through its retry: a warning, and the fix quotes it as the retry does',
      code: COLON,
      ...CC,
      errors: [
        {
          line: 3,
          column: 14,
          endLine: 3,
          endColumn: 36,
          severity: 'warning',
          rejects: false,
          messageId: 'claudeRetryQuote',
          data: { key: 'description', quoted: '"Use when: (1) it rains"' },
          message:
            'YAML fails here; Claude Code loads it only through its retry, which quotes the value, and other runtimes reject it. Quote it: description: "Use when: (1) it rains" (--fix)',
        },
      ],
      output: COLON_QUOTED,
    },
    {
      name: 'Claude Code: a long value is cut in the message',
      code: fm(`description: d\nx: ${'['.repeat(3000)}${']'.repeat(3000)}`),
      ...CC,
      errors: [{ line: 4, column: 4, severity: 'warning', messageId: 'claudeRetryQuote', data: { key: 'x', quoted: `"${'['.repeat(58)}…` } }],
    },
    {
      name: 'Claude Code: a tab loads through its retry: the fix indents with spaces',
      code: fm('metadata:\n\tk: v\ndescription: d'),
      ...CC,
      errors: [
        {
          line: 4,
          column: 1,
          endColumn: 2,
          severity: 'warning',
          rejects: false,
          messageId: 'claudeRetryTabs',
          data: {},
          message: 'YAML fails on a tab used as indentation; Claude Code loads it only through its retry (tabs become spaces) and other runtimes reject it. Indent with spaces (--fix)',
        },
      ],
      output: fm('metadata:\n  k: v\ndescription: d'),
    },
    {
      name: 'Claude Code: a duplicate key keeps the later value (Bun.YAML): a warning',
      code: fm('name: t\ndescription: d.'),
      ...CC,
      errors: [
        {
          line: 3,
          column: 1,
          severity: 'warning',
          rejects: false,
          messageId: 'claudeDuplicateKey',
          data: {},
          message:
            'duplicate key; Claude Code (Bun.YAML) keeps the later value, strict YAML parsers reject the file. Remove or rename one of the keys',
        },
      ],
    },
    // Creo (and OpenCode, Codex): the lenient retry quotes values that contain colons.
    {
      name: 'Creo: a ": " loads through the lenient retry: a warning, and the fix quotes it',
      code: COLON,
      ...CREO,
      errors: [
        {
          line: 3,
          column: 14,
          endColumn: 36,
          severity: 'warning',
          rejects: false,
          messageId: 'lenientRetry',
          data: { key: 'description', quoted: '"Use when: (1) it rains"' },
          message:
            'YAML fails here (a ": " inside a plain value); this runtime loads it only through its lenient retry, which quotes values that contain colons, and every strict YAML parser rejects it. Quote the value: description: "Use when: (1) it rains" (--fix)',
        },
      ],
      output: COLON_QUOTED,
    },
    {
      name: 'Creo: no value with a colon to quote, the retry cannot help',
      code: fm('description: "bad \\q escape"'),
      ...CREO,
      errors: [
        {
          rejects: true,
          messageId: 'yamlError',
          data: { problem: 'Invalid escape sequence \\q', note: " (Creo's lenient retry quotes values that contain colons; there are none here)", ...NO_MORE },
          message: "YAML error: Invalid escape sequence \\q (Creo's lenient retry quotes values that contain colons; there are none here)",
        },
      ],
    },
    {
      name: 'Creo: the retry quotes a value with a colon and still fails',
      code: fm('description: "bad \\q escape"\nurl: http://x'),
      ...CREO,
      errors: [
        {
          rejects: true,
          messageId: 'yamlError',
          data: { problem: 'Invalid escape sequence \\q', note: " (Creo's lenient retry, quoting values that contain colons, fails too)", ...NO_MORE },
          message: "YAML error: Invalid escape sequence \\q (Creo's lenient retry, quoting values that contain colons, fails too)",
        },
      ],
    },
    // OpenCode (js-yaml 3): a key on a tab-indented line is a top-level key.
    {
      name: 'OpenCode: a tab-indented key is read as a top-level key: a warning, and the fix removes the tab',
      code: fm('description: d\nmetadata:\n\tauthor: x'),
      path: '.opencode/skills/s/SKILL.md',
      targets: ['opencode'],
      errors: [
        {
          line: 5,
          column: 1,
          endColumn: 2,
          severity: 'warning',
          rejects: false,
          messageId: 'opencodeTabKey',
          data: { key: '"author"' },
          message:
            'a tab used as indentation; OpenCode reads YAML with js-yaml 3, which does not count tabs as indentation, so "author" is read as a top-level key, and other runtimes reject the file. Remove the tabs (--fix; what OpenCode reads), or indent with spaces to nest the key',
        },
      ],
      output: fm('description: d\nmetadata:\nauthor: x'),
    },
    {
      name: 'OpenCode: two tab-indented keys',
      code: fm('description: d\nmetadata:\n\tauthor: x\n\tteam: y'),
      path: '.opencode/skills/s/SKILL.md',
      targets: ['opencode'],
      errors: [
        {
          severity: 'warning',
          messageId: 'opencodeTabKeys',
          data: { keys: '"author", "team"' },
          message:
            'a tab used as indentation; OpenCode reads YAML with js-yaml 3, which does not count tabs as indentation, so "author", "team" are read as top-level keys, and other runtimes reject the file. Remove the tabs (--fix; what OpenCode reads), or indent with spaces to nest the keys',
        },
      ],
      output: fm('description: d\nmetadata:\nauthor: x\nteam: y'),
    },
    {
      name: 'OpenCode: more than three keys: three named and a count',
      code: fm('description: d\nmetadata:\n\ta: x\n\tb: y\n\tc: z\n\td: w\n\te: v'),
      path: '.opencode/skills/s/SKILL.md',
      targets: ['opencode'],
      errors: [
        {
          messageId: 'opencodeTabManyKeys',
          data: { keys: '"a", "b", "c"', more: 2 },
          message:
            'a tab used as indentation; OpenCode reads YAML with js-yaml 3, which does not count tabs as indentation, so "a", "b", "c" and 2 more are read as top-level keys, and other runtimes reject the file. Remove the tabs (--fix; what OpenCode reads), or indent with spaces to nest the keys',
        },
      ],
    },
    {
      name: 'OpenClaw: a description re-quoted by its retry: a warning, and the fix quotes it',
      code: COLON,
      targets: ['openclaw'],
      errors: [
        {
          line: 3,
          column: 14,
          endColumn: 36,
          severity: 'warning',
          rejects: false,
          messageId: 'openclawRetry',
          data: {},
          message: 'YAML fails on this description; openclaw loads it only by re-quoting the line, and other runtimes reject it. Quote the value (--fix)',
        },
      ],
      output: COLON_QUOTED,
    },
    // Cuca's strict `key: value` reader.
    {
      name: 'Cuca: a byte-order mark before "---"',
      code: '\ufeff---\nname: s\ndescription: d\n---\nBody.\n',
      ...CUCA,
      errors: [
        {
          line: 1,
          column: 1,
          endColumn: 4,
          severity: 'error',
          rejects: true,
          messageId: 'strictBom',
          data: {},
          message: `the file starts with a byte-order mark, so the first line is not exactly "---". Remove the BOM (--fix); cuca's strict parser fails and the skill is not constructed (the error names this file)`,
        },
      ],
    },
    {
      name: 'Cuca: extra characters on the first line',
      code: '--- \nname: s\ndescription: d\n---\nBody.\n',
      ...CUCA,
      errors: [
        {
          line: 1,
          column: 1,
          endColumn: 5,
          rejects: true,
          messageId: 'strictFirstLine',
          data: { line: '"--- "' },
          message: `the first line is "--- ", not exactly "---". Remove the extra characters; cuca's strict parser fails and the skill is not constructed (the error names this file)`,
        },
      ],
    },
    {
      name: 'Cuca: a CRLF first line',
      code: '---\r\nname: s\r\ndescription: d\r\n---\r\nBody.\r\n',
      ...CUCA,
      errors: [
        {
          line: 1,
          column: 1,
          rejects: true,
          messageId: 'strictFirstLineCrlf',
          data: { line: '"---<U+000D>"' },
          message: `the first line is "---<U+000D>", not exactly "---" (a CRLF line ending). Convert the file to LF (--fix); cuca's strict parser fails and the skill is not constructed (the error names this file)`,
        },
      ],
    },
    {
      name: 'Cuca: a CRLF closing line',
      code: '---\nname: s\ndescription: d\n---\r\nBody.\n',
      ...CUCA,
      errors: [
        {
          line: 4,
          column: 1,
          endColumn: 4,
          messageId: 'strictCloseCrlf',
          data: {},
          message: `the closing line is "---" followed by a carriage return (CRLF), not exactly "---". Convert the file to LF (--fix); cuca's strict parser fails and the skill is not constructed (the error names this file)`,
        },
      ],
    },
    {
      name: 'Cuca: a closing line with spaces',
      code: '---\nname: s\ndescription: d\n ---\nBody.\n',
      ...CUCA,
      errors: [{ line: 4, column: 1, endColumn: 5, messageId: 'strictClose', data: { line: '" ---"' }, message: `the closing line " ---" is not exactly "---". Remove the extra spaces; cuca's strict parser fails and the skill is not constructed (the error names this file)` }],
    },
    {
      name: 'Cuca: an indented line',
      code: fm('metadata:\n  k: v'),
      ...CUCA,
      errors: [
        {
          line: 4,
          column: 1,
          endColumn: 7,
          messageId: 'strictIndented',
          data: { line: '"k: v"' },
          message: `indented line "k: v": nested YAML (mappings, lists, block scalars) is not supported. Write one "key: value" per line; cuca's strict parser fails and the skill is not constructed (the error names this file)`,
        },
      ],
    },
    {
      name: 'Cuca: a list item',
      code: fm('- a'),
      ...CUCA,
      errors: [{ line: 3, column: 1, messageId: 'strictListItem', data: { line: '"- a"' }, message: `list item "- a": lists are not supported. Write one "key: value" per line; cuca's strict parser fails and the skill is not constructed (the error names this file)` }],
    },
    {
      name: 'Cuca: a line without a colon',
      code: fm('just text'),
      ...CUCA,
      errors: [{ line: 3, column: 1, endColumn: 10, messageId: 'strictNotKeyValue', data: { line: '"just text"' }, message: `line "just text" is not a "key: value" line; cuca's strict parser fails and the skill is not constructed (the error names this file)` }],
    },
    {
      name: 'Cuca: a block scalar',
      code: fm('description: |'),
      ...CUCA,
      errors: [
        {
          line: 3,
          column: 14,
          messageId: 'strictBlockScalar',
          data: { key: 'description', value: '|' },
          message: `"description: |" is a YAML block scalar, which the strict parser does not read. Write the value on one line (double-quoted if needed); cuca's strict parser fails and the skill is not constructed (the error names this file)`,
        },
      ],
    },
    {
      name: 'Cuca: a double quote not closed',
      code: fm('description: "open'),
      ...CUCA,
      errors: [
        { line: 3, column: 14, endColumn: 19, messageId: 'strictUnclosedQuote', data: { key: 'description' }, message: `the double-quoted value of "description" is not closed on its line; cuca's strict parser fails and the skill is not constructed (the error names this file)` },
      ],
    },
    {
      name: 'Cuca: single quotes are kept as part of the value: a warning',
      code: fm("description: 'd'"),
      ...CUCA,
      errors: [
        {
          line: 3,
          column: 14,
          endColumn: 17,
          severity: 'warning',
          rejects: false,
          messageId: 'strictSingleQuote',
          data: { key: 'description', value: '"\'d\'"' },
          message: '"description" is single-quoted; cuca reads only double quotes, so the value keeps its quotes: "\'d\'". Use double quotes',
        },
      ],
    },
    {
      name: 'Cuca: a duplicate key keeps the later value: a warning',
      code: fm('description: a\ndescription: b'),
      ...CUCA,
      errors: [
        {
          line: 4,
          column: 1,
          endColumn: 12,
          severity: 'warning',
          rejects: false,
          messageId: 'strictDuplicateKey',
          data: { key: '"description"', line: 3, value: '"b"' },
          message: 'duplicate key "description" (first on line 3); cuca keeps the later value "b". Remove one of them',
        },
      ],
    },
  ],
});

describe('frontmatter: cases verify() cannot express', () => {
  const tree = tempTrees();
  it('fragment: a SKILL.md without frontmatter inside another skill is a part of it (info), seen on a real tree', async () => {
    const dir = tree({
      'skills/app/SKILL.md': '---\nname: app\ndescription: d.\n---\nBody.\n',
      'skills/app/templates/web/SKILL.md': '# Web variant\n\nText.\n',
    });
    const r = await lint({ cwd: dir, rules: [rule], targets: ['agentskills'] });
    const found = r.diagnostics.filter((d) => d.ruleId === 'frontmatter').map((d) => ({ file: d.file, line: d.line, severity: d.severity, rejects: !!d.rejects, messageId: d.messageId, message: d.message }));
    expect(found).toEqual([
      {
        file: 'skills/app/templates/web/SKILL.md',
        line: 1,
        severity: 'info',
        rejects: false,
        messageId: 'fragment',
        message:
          'no frontmatter: a fragment of the skill skills/app/SKILL.md (a part or build variant), not a skill of its own; a runtime scanning this folder would reject it. Rename it if it is not meant to load',
      },
    ]);
    expect(fs.existsSync(path.join(dir, 'skills/app/SKILL.md'))).toBe(true);
  });
});

// Parts are templates too, rendered into the data above.
describe('frontmatter: the parts of its messages', () => {
  const parts = [
    { messageId: 'hintDashes', data: {}, text: ' (the first line has extra characters around "---")' },
    { messageId: 'hintBlankLines', data: {}, text: ' (blank lines come before "---"; it must be the very first line)' },
    { messageId: 'hintKeys', data: {}, text: ' (the file starts with YAML keys but no "---" line above them)' },
    { messageId: 'dropped', data: { target: 'claude-code' }, text: DROPPED },
    { messageId: 'moreErrors', data: { count: 2, s: 's' }, text: ' (2 more YAML errors after it, likely from the same cause)' },
    { messageId: 'closeAt', data: { line: 9 }, text: ' to the "---" on line 9' },
    { messageId: 'claudeRetryFailed', data: {}, text: " (Claude Code's retry, quoting values with YAML indicators and turning leading tabs into spaces, fails too)" },
    { messageId: 'lenientRetryFailed', data: {}, text: " (Creo's lenient retry, quoting values that contain colons, fails too)" },
    { messageId: 'lenientRetryNone', data: {}, text: " (Creo's lenient retry quotes values that contain colons; there are none here)" },
  ];
  for (const { messageId, data, text } of parts) {
    it(messageId, () => expect(reportMessage(rule.meta, { messageId, data })).toBe(text));
  }
});
