// reference: RuleTester cases (other files of the skill folder given in memory with `folder`). Three ids need a
// real tree, because they depend on what is on disk around the skill: `outsidePresent` (a ../ target that exists in
// the checked tree), `symlink` (verify()'s in-memory folder holds no symlinks), and the fragment note (a file with
// no frontmatter below another skill). They are checked below through lint(). test/security.test.ts and
// test/grouping.test.ts check the same through the CLI and with the other rules.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../src/node/lint.js';
import { RuleTester } from '../src/testing.js';
import { tempTrees } from '../test/helpers.js';
import rule from './reference.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ path: 'skills/x/SKILL.md', targets: ['agentskills'] });
const body = (text: string) => `---\nname: x\ndescription: Helper.\n---\n${text}\n`;
const API = { 'references/api.md': '# API\n' };
const W = { severity: 'warning' as const, rejects: false };

tester.run(rule, {
  valid: [
    { name: 'links and paths to files that exist; URLs and fragments', code: body('See [x](references/api.md#top), references/api.md, `references/api.md` and https://example.com.\n\n[def]: references/api.md'), folder: API },
    { name: 'inside code it is an example', code: body('```\n[a](references/none.md)\n```\nAnd `[b](../up.md)`.') },
    { name: 'templates and placeholders are not file names', code: body('Write references/module-<n>.md or [t](references/{topic}.md) or [s](/plugin:cmd).') },
    { name: 'a bare path is low confidence: not in the default persona', code: body('See references/gone.md.') },
    { name: 'a footnote is not a link definition', code: body('Text[^1].\n\n[^1]: ../elsewhere.md') },
  ],
  invalid: [
    {
      name: 'missing: a link to a file the folder does not have',
      code: body('See [the guide](references/guide.md).'),
      errors: [
        {
          line: 5,
          column: 17,
          endLine: 5,
          endColumn: 36,
          ...W,
          messageId: 'missing',
          data: { what: 'link', target: '"references/guide.md"', fragment: '', more: '' },
          message: 'link "references/guide.md" does not exist in the skill folder; the agent will fail to open it. Add the file or fix the path',
        },
      ],
      output: null,
    },
    {
      name: 'outside and absolute: a link definition and inline links',
      code: body('See [abs](/etc/hosts) and [home](~/x.md).\n\n[notes]: ../shared/notes.md'),
      errors: [
        {
          line: 5,
          column: 11,
          ...W,
          messageId: 'absolute',
          data: { what: 'link', target: '"/etc/hosts"' },
          message: 'link "/etc/hosts" is an absolute path, outside the skill folder; an installed skill cannot rely on it. Copy the file into the skill (for example references/) and link it relatively',
        },
        { line: 5, column: 34, ...W, messageId: 'absolute', data: { what: 'link', target: '"~/x.md"' } },
        {
          line: 7,
          column: 10,
          endColumn: 28,
          ...W,
          messageId: 'outside',
          data: { what: 'link', target: '"../shared/notes.md"', fragment: '' },
          message: 'link "../shared/notes.md" leaves the skill folder; runtimes install the folder alone, so the target will be missing. Move the file into the skill folder and link it relatively',
        },
      ],
    },
    {
      name: 'plural and letterCase: the path that exists is named; a repeated missing file is reported once, with the count',
      code: body('See [a](reference/api.md), [b](references/API.md), references/gone.md, and [c](references/gone.md) again references/gone.md.'),
      folder: API,
      persona: 'auditor',
      errors: [
        {
          line: 5,
          column: 9,
          endColumn: 25,
          ...W,
          messageId: 'plural',
          data: { what: 'link', target: '"reference/api.md"', plural: '"references/api.md"', folder: 'references', fragment: '', more: '' },
          message: 'link "reference/api.md" does not exist; "references/api.md" does (the folder is references/). Fix the path',
        },
        {
          line: 5,
          column: 32,
          endColumn: 49,
          ...W,
          messageId: 'letterCase',
          data: { what: 'link', target: '"references/API.md"', actual: '"references/api.md"', fragment: '', more: '' },
          message: 'link "references/API.md" does not exist; "references/api.md" differs only in letter case, which breaks on case-sensitive file systems. Fix the spelling',
        },
        {
          line: 5,
          column: 80,
          endColumn: 98,
          ...W,
          messageId: 'missing',
          data: { what: 'link', target: '"references/gone.md"', fragment: '', more: ' (named 2 more times in this file)' },
          message: 'link "references/gone.md" does not exist in the skill folder; the agent will fail to open it. Add the file or fix the path (named 2 more times in this file)',
        },
      ],
    },
    {
      name: 'named: bare references/ and scripts/ paths are info (auditor persona); once more is singular',
      code: body('See references/gone.md and scripts/run.sh, then scripts/run.sh.'),
      persona: 'auditor',
      errors: [
        {
          line: 5,
          column: 5,
          endColumn: 23,
          severity: 'info',
          messageId: 'named',
          data: { target: '"references/gone.md"', fragment: '', more: '' },
          message: '"references/gone.md" is named (not linked) but is not in the skill folder; if the skill means its own file, the agent will fail to open it. Add the file, fix the path, or link it',
        },
        { line: 5, column: 28, severity: 'info', messageId: 'named', data: { target: '"scripts/run.sh"', fragment: '', more: ' (named 1 more time in this file)' } },
      ],
    },
    {
      name: 'a bare path in a plural slip is info too',
      code: body('Run scripts/run.sh.'),
      folder: { 'script/run.sh': 'echo\n' },
      persona: 'auditor',
      errors: [{ line: 5, column: 5, severity: 'info', messageId: 'plural', data: { what: 'reference', target: '"scripts/run.sh"', plural: '"script/run.sh"', folder: 'script', fragment: '', more: '' } }],
    },
    {
      name: 'more than five of one kind are reported once, with the count and the first positions',
      code: body(Array.from({ length: 6 }, (_, i) => `See [d](m${i}.md).`).join('\n')),
      errors: [
        {
          line: 5,
          column: 9,
          messageId: 'missing',
          message:
            'link "m0.md" does not exist in the skill folder; the agent will fail to open it. Add the file or fix the path [6 findings like this in this file, reported once; the first at 5:9, 6:9, 7:9, 8:9, 9:9, …]',
        },
      ],
    },
  ],
});

const tree = tempTrees();
async function findings(dir: string, persona: 'default' | 'auditor' = 'default') {
  const r = await lint({ cwd: dir, rules: [rule], targets: ['agentskills'], persona });
  return r.diagnostics.map((d) => ({ file: d.file, line: d.line, column: d.column, severity: d.severity, messageId: d.messageId, message: d.message }));
}

describe('reference on a real tree (lint)', () => {
  it('outsidePresent: a ../ target that exists in the checked tree is info (auditor persona)', async () => {
    const dir = tree({ 'skills/x/SKILL.md': body('See [shared](../shared/notes.md).'), 'skills/shared/notes.md': '# Notes\n' });
    expect(await findings(dir)).toEqual([]);
    expect(await findings(dir, 'auditor')).toEqual([
      {
        file: 'skills/x/SKILL.md',
        line: 5,
        column: 14,
        severity: 'info',
        messageId: 'outsidePresent',
        message: 'link "../shared/notes.md" leaves the skill folder for "skills/shared/notes.md" (it exists here); installers that copy the folder alone (Claude Code, Codex, OpenCode, IronClaw) leave it behind. Copy it in if the skill ships alone',
      },
    ]);
  });

  it('symlink: a link through a symlink in the skill folder, which is never followed', async () => {
    const dir = tree({ 'skills/x/SKILL.md': body('See [the doc](docs/guide.md) and [ok](references/api.md).'), 'skills/x/references/api.md': '# A\n', 'elsewhere/guide.md': 'outside\n' });
    fs.symlinkSync('../../elsewhere', path.join(dir, 'skills/x/docs'));
    expect(await findings(dir)).toEqual([
      {
        file: 'skills/x/SKILL.md',
        line: 5,
        column: 15,
        severity: 'warning',
        messageId: 'symlink',
        message: 'link "docs/guide.md" goes through the symlink "docs" (→ "../../elsewhere"); runtimes skip symlinks, so the agent cannot open it. Replace the link with the real file',
      },
    ]);
  });

  it('a fragment of another skill (no frontmatter): what is missing is info, and the message says why', async () => {
    const dir = tree({ 'skills/x/SKILL.md': body('Composed from parts.'), 'skills/x/parts/p/SKILL.md': 'See [api](references/api.md) and [up](../../up.md).\n' });
    expect(await findings(dir, 'auditor')).toEqual([
      {
        file: 'skills/x/parts/p/SKILL.md',
        line: 1,
        column: 11,
        severity: 'info',
        messageId: 'missing',
        message:
          'link "references/api.md" does not exist in the skill folder; the agent will fail to open it. Add the file or fix the path (this file is a fragment of skills/x/SKILL.md; links may resolve only in the composed skill)',
      },
      {
        file: 'skills/x/parts/p/SKILL.md',
        line: 1,
        column: 39,
        severity: 'info',
        messageId: 'outside',
        message:
          'link "../../up.md" leaves the skill folder; runtimes install the folder alone, so the target will be missing. Move the file into the skill folder and link it relatively (this file is a fragment of skills/x/SKILL.md; links may resolve only in the composed skill)',
      },
    ]);
  });
});
