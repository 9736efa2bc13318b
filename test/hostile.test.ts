// Hostile file systems: FIFOs and devices (never opened), permission denied, files and folders that vanish or
// change during the run, names with newlines and invalid UTF-8, 100,000 entries in one folder. Each case gives
// a diagnostic and the run goes on. Fixtures are made at test time (git cannot hold most of them).

import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint, loadDefaultRules } from '../src/node/lint.js';
import { readBounded } from '../src/node/read.js';
import { escapeRawName } from '../src/node/fsnames.js';
import { runCli, runJson, short, tempTrees } from './helpers.js';

const OK = (name: string) => `---\nname: ${name}\ndescription: A fine skill.\n---\nBody.\n`;
const tree = tempTrees();

function mkfifo(p: string): void {
  execFileSync('mkfifo', [p]);
}

/** Every line of a text report is a finding (`path:line:col  …`), a blank separator, or the summary. */
function expectWellFormedText(stdout: string, findings: number): void {
  const lines = stdout.split('\n');
  expect(lines.at(-1)).toBe('');
  const body = lines.slice(0, -1);
  const summary = body.at(-1)!;
  expect(summary).toMatch(/^\d+ errors?, \d+ warnings?, \d+ infos? in \d+ skills?/);
  const rows = body.slice(0, -1).filter((l) => l !== '');
  expect(rows).toHaveLength(findings);
  for (const r of rows) expect(r).toMatch(/^\S.*:\d+:\d+ {2}(error|warning|info) /);
}

describe('FIFOs and devices are never opened', () => {
  it('a FIFO named SKILL.md is a read-error; a FIFO beside a skill is ignored; the run goes on', async () => {
    const dir = tree({ 'skills/ok/SKILL.md': OK('ok'), 'skills/fifo/.keep': '' });
    mkfifo(path.join(dir, 'skills/fifo/SKILL.md'));
    mkfifo(path.join(dir, 'skills/ok/reference.md'));
    fs.mkdirSync(path.join(dir, 'skills/ok/references'));
    mkfifo(path.join(dir, 'skills/ok/references/guide.md'));
    const { report } = await runJson(['.'], dir);
    expect(report.diagnostics.map((d) => `${short(d)} ${d.message}`)).toEqual([
      'skills/fifo/SKILL.md:1:1 error read-error path is a FIFO; it was not opened',
    ]);
    expect(report.skills.map((s) => s.file)).toEqual(['skills/ok/SKILL.md']);
  });

  it('a character device named SKILL.md, and devices given as paths, are read-errors', async () => {
    const dir = tree({ 'skills/ok/SKILL.md': OK('ok'), 'skills/dev/.keep': '' });
    let mknod = true;
    try {
      execFileSync('mknod', [path.join(dir, 'skills/dev/SKILL.md'), 'c', '1', '5'], { stdio: 'ignore' });
    } catch {
      mknod = false; // no CAP_MKNOD here: the /dev paths below still cover devices
    }
    const { report } = await runJson(['.', '/dev/zero', '/dev/null'], dir);
    const got = report.diagnostics.map((d) => `${d.file} ${d.ruleId} ${d.message}`);
    expect(got).toContain(`${path.relative(dir, '/dev/zero')} read-error path is a character device; it was not opened`);
    expect(got).toContain(`${path.relative(dir, '/dev/null')} read-error path is a character device; it was not opened`);
    if (mknod) expect(got).toContain('skills/dev/SKILL.md read-error path is a character device; it was not opened');
    expect(report.skills.map((s) => s.file)).toEqual(['skills/ok/SKILL.md']);
  });

  it('readBounded: a FIFO and a folder are not-regular, without blocking', () => {
    const dir = tree({ 'f/x.md': 'x' });
    mkfifo(path.join(dir, 'pipe'));
    expect(readBounded(path.join(dir, 'pipe'), 100)).toEqual({ kind: 'not-regular', what: 'a FIFO' });
    expect(readBounded(path.join(dir, 'f'), 100)).toEqual({ kind: 'not-regular', what: 'a directory' });
    expect(readBounded('/dev/zero', 100)).toEqual({ kind: 'not-regular', what: 'a character device' });
  });

  it('readBounded: real fs errors (ENOTDIR, ENOENT, ELOOP) are results, not exceptions', () => {
    const dir = tree({ 'file.md': 'x' });
    fs.symlinkSync('loop', path.join(dir, 'loop'));
    expect(readBounded(path.join(dir, 'file.md', 'child'), 100)).toMatchObject({ kind: 'error', code: 'ENOTDIR' });
    expect(readBounded(path.join(dir, 'gone.md'), 100)).toMatchObject({ kind: 'error', code: 'ENOENT' });
    expect(readBounded(path.join(dir, 'loop'), 100)).toEqual({ kind: 'symlink' });
  });
});

describe('permission denied (EACCES)', () => {
  // chmod 000 does not deny root: as root, the check runs with the effective uid of "nobody" (65534), which the
  // kernel really refuses. Each test file runs in its own forked process (vitest pool "forks"), so the switch
  // affects nothing else, and it is undone in `finally`.
  it('an unreadable skill folder and an unreadable SKILL.md are read-errors; readable skills are still checked', async () => {
    const dir = tree({ 'skills/ok/SKILL.md': OK('ok'), 'skills/locked/SKILL.md': OK('locked'), 'skills/closed/SKILL.md': OK('closed') });
    for (const d of ['', 'skills', 'skills/ok', 'skills/locked', 'skills/closed']) fs.chmodSync(path.join(dir, d), 0o755);
    fs.chmodSync(path.join(dir, 'skills/ok/SKILL.md'), 0o644);
    fs.chmodSync(path.join(dir, 'skills/locked'), 0o000);
    fs.chmodSync(path.join(dir, 'skills/closed/SKILL.md'), 0o000);
    const rules = await loadDefaultRules();
    const asRoot = process.getuid?.() === 0;
    if (asRoot) process.seteuid!(65534);
    let result;
    try {
      result = await lint({ paths: ['.'], cwd: dir, rules, gating: false });
    } finally {
      if (asRoot) process.seteuid!(0);
    }
    fs.chmodSync(path.join(dir, 'skills/locked'), 0o755);
    const got = result.diagnostics.map((d) => `${d.file} ${d.ruleId} ${d.message}`);
    expect(got).toEqual([
      expect.stringMatching(/^skills\/closed\/SKILL\.md read-error cannot read the file \(EACCES\)/),
      'skills/locked read-error cannot read folder (permission denied); skills below it were not checked',
    ]);
    expect(result.skills.map((s) => s.file)).toEqual(['skills/closed/SKILL.md', 'skills/ok/SKILL.md']);
  });
});

describe('files and folders that vanish or change during the run', () => {
  it('each gives a diagnostic for its own path and the run goes on', async () => {
    const big = `---\nname: grows\ndescription: d\n---\n${'x'.repeat(300_000)}\n`; // over the read bound (256,000)
    const dir = tree({
      'skills/a-gone/SKILL.md': OK('a-gone'),
      'skills/b-fifo/SKILL.md': OK('b-fifo'),
      'skills/c-link/SKILL.md': OK('c-link'),
      'skills/d-grows/SKILL.md': OK('d-grows'),
      'skills/m-hook/SKILL.md': OK('m-hook'),
      'skills/z-folder-gone/SKILL.md': OK('z-folder-gone'),
    });
    const s = (p: string) => path.join(dir, 'skills', p);
    let fired = false;
    const result = await lint({
      paths: ['.'],
      cwd: dir,
      gating: false,
      discoverHooks: {
        // When the walk reaches m-hook, a…d are already listed and z is not yet.
        beforeReaddir(abs) {
          if (abs !== s('m-hook')) return;
          fired = true;
          fs.rmSync(s('a-gone/SKILL.md'));
          fs.rmSync(s('b-fifo/SKILL.md'));
          mkfifo(s('b-fifo/SKILL.md'));
          fs.rmSync(s('c-link/SKILL.md'));
          fs.symlinkSync('/etc/passwd', s('c-link/SKILL.md'));
          fs.writeFileSync(s('d-grows/SKILL.md'), big);
          fs.rmSync(s('z-folder-gone'), { recursive: true });
        },
      },
    });
    expect(fired).toBe(true);
    const got = result.diagnostics.map((d) => `${d.file} ${d.ruleId}`);
    expect(got).toEqual([
      'skills/a-gone/SKILL.md read-error',
      'skills/b-fifo/SKILL.md read-error',
      'skills/c-link/SKILL.md symlink',
      'skills/d-grows/SKILL.md file-too-large',
      'skills/z-folder-gone read-error',
    ]);
    expect(result.diagnostics[0]!.message).toMatch(/ENOENT/);
    expect(result.diagnostics[1]!.message).toMatch(/FIFO/);
    expect(result.diagnostics[4]!.message).toMatch(/ENOENT/);
    // m-hook itself is checked normally.
    expect(result.skills.map((k) => k.file)).toContain('skills/m-hook/SKILL.md');
  });
});

describe('names with newlines and invalid UTF-8', () => {
  it('a newline in a folder name keeps one finding per line in text and valid JSON', async () => {
    const dir = tree({ 'skills/a\nb/SKILL.md': '---\nname: other\ndescription: d\n---\nBody.\n' });
    const text = await runCli(['.'], dir);
    expect(text.stdout).toContain('skills/a<U+000A>b/SKILL.md:2:7');
    expectWellFormedText(text.stdout, 1);
    const { report } = await runJson(['.'], dir);
    expect(report.diagnostics.map(short)).toEqual(['skills/a\nb/SKILL.md:2:7 error name']);
  });

  it('escapeRawName: valid runs kept, invalid bytes as \\xNN, backslashes doubled', () => {
    expect(escapeRawName(Buffer.from([0x61, 0xff, 0x62]))).toBe('a\\xFFb');
    expect(escapeRawName(Buffer.from('é\\', 'utf8'))).toBe('é\\\\');
    expect(escapeRawName(Buffer.from([0xe2, 0x82]))).toBe('\\xE2\\x82');
    expect(escapeRawName(Buffer.from([0xed, 0xa0, 0x80]))).toBe('\\xED\\xA0\\x80'); // a UTF-16 surrogate is invalid UTF-8
  });

  it('a folder or side file named with invalid UTF-8 is reported with an escaped path; the rest is checked', async () => {
    const dir = tree({ 'skills/ok/SKILL.md': OK('ok'), 'other/readme.txt': 'x' });
    const root = Buffer.from(`${dir}/`);
    fs.mkdirSync(Buffer.concat([root, Buffer.from('skills/bad'), Buffer.from([0xff])]));
    fs.writeFileSync(Buffer.concat([root, Buffer.from('skills/bad'), Buffer.from([0xff]), Buffer.from('/SKILL.md')]), OK('bad'));
    fs.writeFileSync(Buffer.concat([root, Buffer.from('skills/ok/'), Buffer.from([0xfe, 0x41]), Buffer.from('.md')]), 'x');
    // Outside any skill folder or root: not reported (it is neither a skill nor beside one).
    fs.writeFileSync(Buffer.concat([root, Buffer.from('other/'), Buffer.from([0xc0]), Buffer.from('.txt')]), 'x');
    const { report } = await runJson(['.'], dir);
    expect(report.diagnostics.map((d) => `${short(d)} ${d.message.split(' (')[0]}`)).toEqual([
      'skills/bad\\xFF:1:1 error read-error folder name is not valid UTF-8',
      'skills/ok/\\xFEA.md:1:1 warning read-error file name is not valid UTF-8',
    ]);
    expect(report.skills.map((s) => s.file)).toEqual(['skills/ok/SKILL.md']);
    const text = await runCli(['.'], dir);
    expectWellFormedText(text.stdout, 2);
  });

  it('a valid name that holds U+FFFD itself is an ordinary skill', async () => {
    const dir = tree({ 'skills/x\uFFFDy/SKILL.md': OK('x\uFFFDy') });
    const { report } = await runJson(['--target', 'ironclaw', '.'], dir);
    expect(report.skills.map((s) => s.file)).toEqual(['skills/x\uFFFDy/SKILL.md']);
    expect(report.diagnostics.every((d) => d.ruleId !== 'read-error')).toBe(true);
  });
});

describe('100,000 entries in one folder', () => {
  it('a skill folder with 100,000 side files is walked and checked', async () => {
    const dir = tree({ 'skills/wide/SKILL.md': OK('wide') });
    const wide = path.join(dir, 'skills/wide');
    for (let i = 0; i < 100_000; i++) fs.closeSync(fs.openSync(path.join(wide, `f${i}.txt`), 'w'));
    const { report } = await runJson(['.'], dir);
    // The package listing stops at its bound (every text file is read): what it did not list is named.
    expect(report.diagnostics.map((d) => `${d.file}:${d.line} ${d.severity} ${d.ruleId}`)).toEqual(['skills/wide/SKILL.md:1 warning not-scanned']);
    expect(report.diagnostics[0]!.message).toContain('the folder listing stopped at 10,000 entries');
    expect(report.skills.map((s) => s.file)).toEqual(['skills/wide/SKILL.md']);
    // Creating 100,000 files is most of this test's time (the check itself takes ~2.5 s); on a loaded machine it
    // passed the default 60 s guard.
  }, 300_000);
});

