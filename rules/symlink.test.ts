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

  it('folderEntry and rootEntry: entries of a skill folder or a skills root are skipped by the runtime: warnings', async () => {
    const dir = tree({ 'skills/own/SKILL.md': SKILL('own'), 'vendor/pdf/SKILL.md': SKILL('pdf') });
    fs.symlinkSync('../../vendor', path.join(dir, 'skills/own/references'));
    fs.symlinkSync('../vendor/pdf', path.join(dir, 'skills/pdf'));
    expect(await findings(dir, { paths: ['skills'] })).toEqual([
      {
        file: 'skills/own/references',
        line: 1,
        severity: 'warning',
        rejects: false,
        messageId: 'folderEntry',
        message: 'entry of a skill folder is a symlink (→ "../../vendor"); the runtime skips it and skillcheck does not follow it. Copy the content into the tree instead of linking',
      },
      {
        file: 'skills/pdf',
        line: 1,
        severity: 'warning',
        rejects: false,
        messageId: 'rootEntry',
        message: 'entry of a skills root is a symlink (→ "../vendor/pdf"); the runtime skips it and skillcheck does not follow it. Copy the content into the tree instead of linking',
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
