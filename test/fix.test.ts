// --fix: line endings to LF, BOM stripped, numeric version quoted; atomic, mode kept, idempotent, never through a symlink.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, runJson, short, tempTrees } from './helpers.js';

const tree = tempTrees();
const read = (p: string) => fs.readFileSync(p);
const fixable = (rules: string[]) => rules.filter((r) => r === 'line-endings' || r === 'encoding' || r === 'version');

describe('--fix line endings and BOM', () => {
  it('converts CRLF and lone CR to LF and strips the BOM, atomically, keeping the mode', async () => {
    const dir = tree({ 'skills/mixed/SKILL.md': '\ufeff---\r\nname: mixed\r\ndescription: Mixed endings.\r---\nBody line one.\r\nTwo.\rThree.\n' });
    const file = path.join(dir, 'skills/mixed/SKILL.md');
    fs.chmodSync(file, 0o640);
    const before = fs.statSync(file);

    const before1 = await runJson(['.'], dir);
    expect(before1.report.diagnostics.map((d) => d.ruleId).sort()).toEqual(['encoding', 'line-endings']);

    const r = await runCli(['--fix', '.'], dir);
    expect(r.stderr).toContain('fixed skills/mixed/SKILL.md');
    expect(read(file).toString('utf8')).toBe('---\nname: mixed\ndescription: Mixed endings.\n---\nBody line one.\nTwo.\nThree.\n');
    const after = fs.statSync(file);
    expect(after.mode & 0o7777).toBe(0o640);
    // Written by rename of a new file: a new inode, and no temporary file left behind.
    expect(after.ino).not.toBe(before.ino);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['SKILL.md']);
    // The report printed after --fix is of the fixed tree.
    expect(r.stdout).not.toContain('line-endings');
    expect(r.code).toBe(0);
  });

  it('a second --fix changes nothing and the re-run finds nothing to fix', async () => {
    const dir = tree({ '.claude/skills/crlf/SKILL.md': '---\r\nname: crlf\r\ndescription: CRLF.\r\n---\r\nBody.\r\n' });
    const file = path.join(dir, '.claude/skills/crlf/SKILL.md');
    await runCli(['--fix', '.'], dir);
    const once = read(file);
    const ino = fs.statSync(file).ino;
    const second = await runCli(['--fix', '.'], dir);
    expect(second.stderr).not.toContain('fixed');
    expect(read(file).equals(once)).toBe(true);
    expect(fs.statSync(file).ino).toBe(ino);
    const { report } = await runJson(['.'], dir);
    expect(report.diagnostics.filter((d) => d.fix)).toEqual([]);
    expect(report.diagnostics.map(short)).toEqual([]);
  });

  it('only files under the paths given are fixed', async () => {
    const dir = tree({
      'a/skills/one/SKILL.md': '---\r\nname: one\r\n---\r\nBody.\r\n',
      'b/skills/two/SKILL.md': '---\r\nname: two\r\n---\r\nBody.\r\n',
    });
    const two = read(path.join(dir, 'b/skills/two/SKILL.md'));
    await runCli(['--fix', 'a'], dir);
    expect(read(path.join(dir, 'a/skills/one/SKILL.md')).includes(13)).toBe(false);
    expect(read(path.join(dir, 'b/skills/two/SKILL.md')).equals(two)).toBe(true);
  });

  it('a file with invalid UTF-8 is not rewritten (it would lose bytes)', async () => {
    const bytes = Buffer.concat([Buffer.from('---\r\nname: bad\r\n---\r\nBody '), Buffer.from([0xff, 0xfe]), Buffer.from('.\r\n')]);
    const dir = tree({ 'skills/bad/SKILL.md': bytes });
    const r = await runCli(['--fix', '.'], dir);
    expect(r.stderr).toContain('not fixed skills/bad/SKILL.md');
    expect(read(path.join(dir, 'skills/bad/SKILL.md')).equals(bytes)).toBe(true);
  });
});

describe('--fix never writes through a symlink', () => {
  it('a symlinked SKILL.md pointing outside the tree stays byte-identical', async () => {
    const outside = tree({ 'secret.md': '---\r\nname: secret\r\n---\r\nBody.\r\n' });
    const target = path.join(outside, 'secret.md');
    const original = read(target);
    const dir = tree({ 'skills/real/SKILL.md': '---\r\nname: real\r\n---\r\nBody.\r\n' });
    fs.mkdirSync(path.join(dir, 'skills/linked'));
    fs.symlinkSync(target, path.join(dir, 'skills/linked/SKILL.md'));
    const r = await runCli(['--fix', '--target', 'ironclaw', '.'], dir);
    expect(r.stderr).toContain('fixed skills/real/SKILL.md');
    expect(read(target).equals(original)).toBe(true);
    expect(fs.lstatSync(path.join(dir, 'skills/linked/SKILL.md')).isSymbolicLink()).toBe(true);
    expect(read(path.join(dir, 'skills/real/SKILL.md')).includes(13)).toBe(false);
  });

  it('a skill folder linked from a skills root is not fixed through the link', async () => {
    const vendor = tree({ 'pdf/SKILL.md': '---\r\nname: pdf\r\n---\r\nBody.\r\n' });
    const original = read(path.join(vendor, 'pdf/SKILL.md'));
    const dir = tree({ 'skills/own/SKILL.md': '---\nname: own\n---\nBody.\n' });
    fs.symlinkSync(path.join(vendor, 'pdf'), path.join(dir, 'skills/pdf'));
    await runCli(['--fix', '.'], dir);
    expect(read(path.join(vendor, 'pdf/SKILL.md')).equals(original)).toBe(true);
  });

  it('a symlinked path argument is not fixed through', async () => {
    const real = tree({ 'skills/a/SKILL.md': '---\r\nname: a\r\n---\r\nBody.\r\n' });
    const original = read(path.join(real, 'skills/a/SKILL.md'));
    const dir = tree({});
    fs.symlinkSync(path.join(real, 'skills/a/SKILL.md'), path.join(dir, 'SKILL.md'));
    await runCli(['--fix', 'SKILL.md'], dir);
    expect(read(path.join(real, 'skills/a/SKILL.md')).equals(original)).toBe(true);
  });
});

describe('--fix quotes a numeric version', () => {
  it('version: 1.0 becomes version: "1.0" and the finding is gone', async () => {
    const dir = tree({ 'skills/v/SKILL.md': '---\nname: v\nversion: 1.0\n---\nBody.\n' });
    const file = path.join(dir, 'skills/v/SKILL.md');
    const before = await runJson(['--target', 'ironclaw', '.'], dir);
    expect(before.report.diagnostics.map(short)).toContain('skills/v/SKILL.md:3:10 error version');
    const r = await runCli(['--fix', '--target', 'ironclaw', '.'], dir);
    expect(read(file).toString('utf8')).toBe('---\nname: v\nversion: "1.0"\n---\nBody.\n');
    expect(r.stdout).not.toContain('version');
    const after = await runJson(['--target', 'ironclaw', '.'], dir);
    expect(after.report.diagnostics.filter((d) => d.ruleId === 'version')).toEqual([]);
  });

  it('keeps trailing zeros as written (1.10 stays "1.10", not 1.1)', async () => {
    const dir = tree({ 'skills/v/SKILL.md': '---\nname: v\nversion: 1.10\n---\nBody.\n' });
    await runCli(['--fix', '--target', 'ironclaw', '.'], dir);
    expect(read(path.join(dir, 'skills/v/SKILL.md')).toString('utf8')).toContain('version: "1.10"\n');
  });

  it('together with a BOM and CRLF: every fix lands at the right offset', async () => {
    const dir = tree({ 'skills/v/SKILL.md': '\ufeff---\r\nname: v\r\ndescription: All three.\r\nversion: 2\r\n---\r\nBody.\r\n' });
    const file = path.join(dir, 'skills/v/SKILL.md');
    await runCli(['--fix', '--target', 'ironclaw', '.'], dir);
    expect(read(file).toString('utf8')).toBe('---\nname: v\ndescription: All three.\nversion: "2"\n---\nBody.\n');
    const { report } = await runJson(['--target', 'ironclaw', '.'], dir);
    expect(fixable(report.diagnostics.map((d) => d.ruleId))).toEqual([]);
  });

  it('a version that quoting cannot make valid is left alone', async () => {
    const text = '---\nname: v\nversion: 1.0 beta\n---\nBody.\n';
    const dir = tree({ 'skills/v/SKILL.md': text });
    const r = await runCli(['--fix', '--target', 'ironclaw', '.'], dir);
    expect(r.stderr).not.toContain('fixed');
    expect(read(path.join(dir, 'skills/v/SKILL.md')).toString('utf8')).toBe(text);
  });
});
