// A symlink is a file system state: verify() (and so the RuleTester) checks text in memory and never sees one. The
// RuleTester states what is not a finding; each message id is asserted below on a real tree through lint(), the
// way test/symlink.test.ts checks the CLI. The swapped-after-discovery case (id "swapped") needs a race: it stays
// in test/swap.test.ts; a linked folder on the path given that leads elsewhere (id "parent") in test/trust-path.test.ts.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../src/node/lint.js';
import { RuleTester } from '../src/testing.js';
import { tempTrees } from '../test/helpers.js';
import rule from './symlink.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ path: 'skills/s/SKILL.md' });
const SKILL = (name: string) => `---\nname: ${name}\ndescription: Test fixture.\n---\nBody.\n`;

tester.run(rule, {
  valid: [
    { name: 'a skill file given as text is a regular file', code: SKILL('s') },
    { name: 'a skill that talks about symlinks is not one', code: SKILL('s').replace('Body.', 'Never use `ln -s` here.') },
  ],
});

const tree = tempTrees();
/** The symlink findings of a lint() run over `dir`, as the fields a case asserts. */
async function findings(dir: string, opts: Parameters<typeof lint>[0] = {}) {
  const r = await lint({ cwd: dir, rules: [rule], ...opts });
  return r.diagnostics.filter((d) => d.ruleId === 'symlink').map((d) => ({ file: d.file, line: d.line, severity: d.severity, rejects: !!d.rejects, messageId: d.messageId, message: d.message }));
}

describe('symlink on a real tree', () => {
  it('skillFile: a symlinked SKILL.md is an error, the skill is rejected', async () => {
    const outside = tree({ 'secret.md': SKILL('secret') });
    const dir = tree({});
    fs.mkdirSync(path.join(dir, 'skills/linked'), { recursive: true });
    fs.symlinkSync(path.join(outside, 'secret.md'), path.join(dir, 'skills/linked/SKILL.md'));
    expect(await findings(dir)).toEqual([
      {
        file: 'skills/linked/SKILL.md',
        line: 1,
        severity: 'error',
        rejects: true,
        messageId: 'skillFile',
        message: `skill file is a symlink (→ ${JSON.stringify(path.join(outside, 'secret.md'))}); runtimes reject a symlinked SKILL.md and skillcheck does not follow it. Replace the link with the file itself`,
      },
    ]);
  });

  it('folderEntry and rootEntry: a link in a skill folder, and one in a skills root that leads to no folder: warnings', async () => {
    const dir = tree({ 'skills/own/SKILL.md': SKILL('own'), 'vendor/pdf/SKILL.md': SKILL('pdf') });
    fs.symlinkSync('../../vendor', path.join(dir, 'skills/own/references'));
    fs.symlinkSync('../vendor/gone', path.join(dir, 'skills/pdf'));
    expect(await findings(dir, { paths: ['skills'] })).toEqual([
      {
        file: 'skills/own/references',
        line: 1,
        severity: 'warning',
        rejects: false,
        messageId: 'folderEntry',
        message:
          'entry of a skill folder is a symlink (→ "../../vendor"); skillcheck does not follow it, so what it leads to was not checked (IronClaw skips it; a runtime that reads the skill\'s files through links reads it). Copy the content into the tree instead of linking',
      },
      {
        file: 'skills/pdf',
        line: 1,
        severity: 'warning',
        rejects: false,
        messageId: 'rootEntry',
        message:
          'entry of a skills root is a symlink (→ "../vendor/gone") that leads to no folder (it dangles, loops or names a file); no runtime finds a skill through it and skillcheck has nothing to check. Remove the link, or point it at the skill folder',
      },
    ]);
  });

  it('dirFollowed, dirSkipped, dirUnknown: a symlinked skill folder is checked where it lives; each runtime is named', async () => {
    const vendor = tree({ 'pdf/SKILL.md': SKILL('pdf') });
    const real = fs.realpathSync(path.join(vendor, 'pdf'));
    const dir = tree({ '.jern/skills/own/SKILL.md': SKILL('own'), 'installed_skills/own/SKILL.md': SKILL('own2') });
    fs.symlinkSync(path.join(vendor, 'pdf'), path.join(dir, 'installed_skills/pdf'));
    fs.symlinkSync(path.join(vendor, 'pdf'), path.join(dir, '.jern/skills/pdf'));
    const shown = path.relative(dir, path.join(real, 'SKILL.md')).split(path.sep).join('/');
    const to = JSON.stringify(path.join(vendor, 'pdf'));
    const note = `reached through symlink installed_skills/pdf → ${real}: trust installed (the link's location: installed; where it leads: outside every known skills root (installed))`;
    expect(await findings(dir, { paths: ['installed_skills'], targets: ['claude-code'] })).toEqual([
      {
        file: shown,
        line: 1,
        severity: 'warning',
        rejects: false,
        messageId: 'dirFollowed',
        message: `skill folder is reached through symlink "installed_skills/pdf" (→ ${to}); Claude Code loads it through the link (@anthropic-ai/claude-code@2.1.332: the skills folder loader keeps entries that are \`isDirectory() || isSymbolicLink()\` (bundled cli); measured by npm run conformance (edge e-symdir)). Its content was checked where it really lives; ${note}. Use a real folder to keep the skill and its trust in one place`,
      },
    ]);
    expect(await findings(dir, { paths: ['installed_skills'], targets: ['ironclaw'] })).toEqual([
      {
        file: shown,
        line: 1,
        // The runtime does not load it: an error (severity follows consequence).
        severity: 'error',
        rejects: true,
        messageId: 'dirSkipped',
        message: `skill folder is reached through symlink "installed_skills/pdf" (→ ${to}); IronClaw v1 loader skips a symlinked skill folder (IronClaw skills documentation: an entry of a skills root or skill folder that is a symlink is skipped), so the skill does not load there. Its content was checked where it really lives; replace the link with the folder itself`,
      },
    ]);
    const jernNote = `reached through symlink .jern/skills/pdf → ${real}: trust installed (the link's location: trusted; where it leads: outside every known skills root (installed))`;
    expect(await findings(dir, { paths: ['.jern/skills'], targets: ['jern'] })).toEqual([
      {
        file: shown,
        line: 1,
        severity: 'warning',
        rejects: false,
        messageId: 'dirUnknown',
        message: `skill folder is reached through symlink ".jern/skills/pdf" (→ ${to}); whether Jern loads a symlinked skill folder is not documented, so it was checked as if it did, where it really lives; ${jernNote}`,
      },
    ]);
  });

  it('loop and followedEmpty: a link back above its folder is not walked; a link to a folder with no skill is info', async () => {
    const empty = tree({ 'notes/readme.md': 'no skill' });
    const dir = tree({ 'installed_skills/own/SKILL.md': SKILL('own') });
    fs.symlinkSync('..', path.join(dir, 'installed_skills/up'));
    fs.symlinkSync(path.join(empty, 'notes'), path.join(dir, 'installed_skills/notes'));
    const real = fs.realpathSync(path.join(empty, 'notes'));
    expect(await findings(dir, { paths: ['installed_skills'] })).toEqual([
      {
        file: 'installed_skills/notes',
        line: 1,
        severity: 'info',
        rejects: false,
        messageId: 'followedEmpty',
        message: `folder in a skills root is a symlink (→ ${JSON.stringify(path.join(empty, 'notes'))}); it was walked where it really lives (${JSON.stringify(real)}) and holds no skill`,
      },
      {
        file: 'installed_skills/up',
        line: 1,
        severity: 'warning',
        rejects: false,
        messageId: 'loop',
        message:
          'folder in a skills root is a symlink (→ "..") that leads back to the folder it is in or above it, or to a folder already walked through another link; runtimes that follow links meet it again or loop. Not walked again: replace the link with the folder itself',
      },
    ]);
  });

  it('argument: a path given that is a symlink is an error, nothing behind it checked', async () => {
    const real = tree({ 'skills/a/SKILL.md': SKILL('a') });
    const dir = tree({});
    fs.symlinkSync(real, path.join(dir, 'link'));
    expect(await findings(dir, { paths: ['link'] })).toEqual([
      {
        file: 'link',
        line: 1,
        severity: 'error',
        rejects: false,
        messageId: 'argument',
        message: `path given on the command line is a symlink (→ ${JSON.stringify(real)}); skillcheck does not follow symlinks, so nothing behind it was checked. Pass the real path instead`,
      },
    ]);
  });

  it('rootCovered: a skills root linked to a checked folder of the same name is info', async () => {
    const dir = tree({ 'skills/a/SKILL.md': SKILL('a') });
    fs.mkdirSync(path.join(dir, '.agents'));
    fs.symlinkSync('../skills', path.join(dir, '.agents/skills'));
    expect(await findings(dir, { persona: 'auditor' })).toEqual([
      {
        file: '.agents/skills',
        line: 1,
        severity: 'info',
        rejects: false,
        messageId: 'rootCovered',
        message:
          'skills root is a symlink (→ "../skills") to a folder of the same name that was checked; skillcheck does not follow it, so its skills are checked once, where they really live (a runtime that follows it loads them from both places)',
      },
    ]);
  });

  it('parentCovered: a folder on the path given, linked to a checked folder of the same name, is info', async () => {
    const dir = tree({ 'skills/a/SKILL.md': SKILL('a') });
    fs.mkdirSync(path.join(dir, 'x'));
    fs.symlinkSync('../skills', path.join(dir, 'x/skills'));
    expect(await findings(dir, { paths: ['x/skills/a', 'skills'] })).toEqual([
      {
        file: 'x/skills',
        line: 1,
        severity: 'info',
        rejects: false,
        messageId: 'parentCovered',
        message:
          'folder "skills" on the path given is a symlink (→ "../skills") to a folder of the same name that was checked; skillcheck does not follow it, so its skills are checked once, where they really live (a runtime that follows it loads them from both places)',
      },
    ]);
  });

  it('root: a trust-bearing skills root linked elsewhere is an error', async () => {
    const vendor = tree({ 'pdf/SKILL.md': SKILL('pdf') });
    const dir = tree({ 'skills/a/SKILL.md': SKILL('a') });
    fs.mkdirSync(path.join(dir, '.claude'));
    fs.symlinkSync(vendor, path.join(dir, '.claude/skills'));
    expect(await findings(dir)).toEqual([
      {
        file: '.claude/skills',
        line: 1,
        severity: 'error',
        rejects: false,
        messageId: 'root',
        message: `trust-bearing folder "skills" is a symlink (→ ${JSON.stringify(vendor)}); skillcheck does not follow it, so the skills a runtime loads through it were not checked and their trust cannot be judged from their location. Replace the link with the folder itself, or check the real folder (and map its trust in the config file)`,
      },
    ]);
  });
});
