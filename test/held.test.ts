// Folders held open for one skill's check (src/node/read.ts HeldDirs): every read gives what a read walking down
// from the root gives, a folder swapped while held is never read through (the held handle is the folder discovery
// saw; a symlink put in its place is not followed), identities are compared on every use, and the number of open
// folders stays bounded whatever the tree holds.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HeldDirs, idOf, MAX_HELD_DIRS, openTreeDir, readInTree, type TreePath } from '../src/node/read.js';
import { lint } from '../src/node/lint.js';
import { tempTrees } from './helpers.js';

const tree = tempTrees();
const SKILL = (name: string) => `---\nname: ${name}\ndescription: Test fixture.\n---\nBody.\n`;
const show = (r: ReturnType<typeof readInTree>) => (r.kind === 'ok' ? `ok ${Buffer.from(r.bytes).toString()}` : r.kind === 'error' ? `error ${r.code}` : r.kind);
const hasProc = fs.existsSync('/proc/self/fd');
const openFds = () => fs.readdirSync('/proc/self/fd').length;
/** Open fds that refer to something under `dir` (worker threads open pipes and event fds of their own). */
const fdsUnder = (dir: string) =>
  fs.readdirSync('/proc/self/fd').filter((f) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${f}`).startsWith(dir);
    } catch {
      return false;
    }
  }).length;

function treeOf(dir: string, dirs: string[]): TreePath {
  const ids = [dir];
  for (let i = 0; i < dirs.length; i++) ids.push(path.join(dir, ...dirs.slice(0, i + 1)));
  return { root: dir, dirs, dirIds: ids.map((d) => idOf(fs.lstatSync(d))) };
}

describe('HeldDirs', () => {
  it('reads what readInTree reads, file by file: text, symlinks, missing files, paths outside', () => {
    const dir = tree({ 'skills/pkg/SKILL.md': SKILL('pkg'), 'skills/pkg/a.sh': 'echo a\n', 'skills/pkg/s/b.sh': 'echo b\n', 'skills/pkg/s/t/c.sh': 'echo c\n', 'other/c.sh': 'echo c\n' });
    fs.symlinkSync(path.join(dir, 'other/c.sh'), path.join(dir, 'skills/pkg/link.sh'));
    fs.symlinkSync(path.join(dir, 'other'), path.join(dir, 'skills/pkg/linkdir'));
    const t = treeOf(dir, ['skills', 'pkg']);
    const folder = path.join(dir, 'skills/pkg');
    const names = ['a.sh', 's/b.sh', 's/t/c.sh', 'link.sh', 'linkdir/c.sh', 'none.sh', 's/none/x.sh', '../../other/c.sh', 's/b.sh', 'a.sh'];
    const held = new HeldDirs();
    held.begin();
    let got: string[];
    try {
      got = names.map((n) => show(readInTree(t, path.join(folder, n), 100, undefined, held)));
    } finally {
      held.end(t);
    }
    expect(got).toEqual(names.map((n) => show(readInTree(t, path.join(folder, n), 100))));
    expect(got.slice(0, 3)).toEqual(['ok echo a\n', 'ok echo b\n', 'ok echo c\n']);
    expect(got.slice(3, 5).every((x) => !x.startsWith('ok'))).toBe(true);
  });

  it('a folder swapped for a symlink while held is not read through; after end() the swap is reported', () => {
    const outside = tree({ 'a.sh': 'echo OUTSIDE\n' });
    const dir = tree({ 'skills/pkg/SKILL.md': SKILL('pkg'), 'skills/pkg/a.sh': 'echo inside\n' });
    const t = treeOf(dir, ['skills', 'pkg']);
    const folder = path.join(dir, 'skills/pkg');
    const held = new HeldDirs();
    held.begin();
    try {
      expect(show(readInTree(t, path.join(folder, 'a.sh'), 100, undefined, held))).toBe('ok echo inside\n');
      fs.renameSync(folder, `${folder}.moved`);
      fs.symlinkSync(outside, folder);
      // The held handle is the folder discovery saw (now moved): never the symlink's target.
      expect(show(readInTree(t, path.join(folder, 'a.sh'), 100, undefined, held))).toBe('ok echo inside\n');
    } finally {
      held.end(t);
    }
    expect(show(readInTree(t, path.join(folder, 'a.sh'), 100, undefined, held))).toBe('changed');
    held.begin();
    try {
      const r = openTreeDir(t, [], held);
      expect(r.kind === 'changed' && r.symlink).toBe(true);
    } finally {
      held.end(t);
    }
  });

  it('the folders above a skill, held for the next skill, are the ones discovery saw: a swap is not followed', () => {
    const outside = tree({ 'b/a.sh': 'echo OUTSIDE\n' });
    const dir = tree({ 'skills/a/a.sh': 'echo a\n', 'skills/b/a.sh': 'echo b\n' });
    const ta = treeOf(dir, ['skills', 'a']);
    const tb = treeOf(dir, ['skills', 'b']);
    const held = new HeldDirs(true);
    try {
      held.begin();
      expect(show(readInTree(ta, path.join(dir, 'skills/a/a.sh'), 100, undefined, held))).toBe('ok echo a\n');
      held.end(ta);
      fs.renameSync(path.join(dir, 'skills'), path.join(dir, 'skills.moved'));
      fs.symlinkSync(outside, path.join(dir, 'skills'));
      held.begin();
      expect(show(readInTree(tb, path.join(dir, 'skills/b/a.sh'), 100, undefined, held))).toBe('ok echo b\n');
      held.end(tb);
    } finally {
      held.close();
    }
    // Walked afresh, the swap is seen.
    expect(show(readInTree(tb, path.join(dir, 'skills/b/a.sh'), 100))).toBe('changed');
  });

  it('compares a held folder with the identity each caller expects', () => {
    const dir = tree({ 'skills/pkg/a.sh': 'echo a\n' });
    const t = treeOf(dir, ['skills', 'pkg']);
    const other: TreePath = { ...t, dirIds: [t.dirIds[0]!, t.dirIds[1]!, { dev: t.dirIds[2]!.dev, ino: t.dirIds[2]!.ino + 1 }] };
    const held = new HeldDirs();
    held.begin();
    try {
      expect(show(readInTree(t, path.join(dir, 'skills/pkg/a.sh'), 100, undefined, held))).toBe('ok echo a\n');
      expect(show(readInTree(other, path.join(dir, 'skills/pkg/a.sh'), 100, undefined, held))).toBe('changed');
      expect(show(readInTree(t, path.join(dir, 'skills/pkg/a.sh'), 100, undefined, held))).toBe('ok echo a\n');
    } finally {
      held.end();
    }
  });

  it.runIf(hasProc)(`holds at most ${MAX_HELD_DIRS} folders, never closes one that is lent, and closes all at the end`, () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < MAX_HELD_DIRS * 2; i++) files[`skills/pkg/d${i}/f.txt`] = `f${i}\n`;
    const dir = tree(files);
    const t = treeOf(dir, ['skills', 'pkg']);
    const before = openFds();
    const held = new HeldDirs(true);
    held.begin();
    let lent: ReturnType<typeof openTreeDir> | null = null;
    try {
      lent = openTreeDir(t, ['d0'], held);
      expect(lent.kind).toBe('dir');
      for (let i = 0; i < MAX_HELD_DIRS * 2; i++) {
        expect(show(readInTree(t, path.join(dir, `skills/pkg/d${i}/f.txt`), 100, undefined, held))).toBe(`ok f${i}\n`);
        expect(openFds() - before).toBeLessThanOrEqual(MAX_HELD_DIRS);
      }
      // d0 was lent all along: still open, still the folder it was.
      if (lent.kind === 'dir') expect(fs.readdirSync(lent.dir.self())).toEqual(['f.txt']);
    } finally {
      held.end(t);
    }
    // keepAbove: the root and the folders down to the skill stay for the next skill; d0 until it is given back.
    expect(openFds() - before).toBe(4);
    if (lent?.kind === 'dir') lent.dir.close();
    expect(openFds() - before).toBe(3);
    held.close();
    expect(openFds()).toBe(before);
  });

  it.runIf(hasProc)('lint() leaves no folder open, with one thread and with workers', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 6; i++) {
      files[`a/skills/s${i}/SKILL.md`] = SKILL(`s${i}`);
      files[`a/skills/s${i}/references/r.md`] = 'See the guide.\n';
    }
    const dir = tree(files);
    const real = fs.realpathSync(dir);
    const one = await lint({ paths: ['.'], cwd: dir, gating: false });
    expect(fdsUnder(real)).toBe(0);
    const two = await lint({ paths: ['.'], cwd: dir, gating: false, keepInputs: false, jobs: 2, parallelMin: 1 });
    expect(fdsUnder(real)).toBe(0);
    expect(two.diagnostics).toEqual(one.diagnostics);
    expect(one.files).toBe(6);
  });
});
