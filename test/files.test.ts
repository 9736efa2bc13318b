// Every file skillcheck reads or writes besides skills (config, baseline, --tools-file, --openclaw-config, --output,
// --write-baseline) goes through the one bounded O_NOFOLLOW reader and the one atomic writer: no symlink is followed,
// and no file content is echoed in an error beyond the offending character.

import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonErrorMessage, readBounded, readSmallFile } from '../src/node/read.js';
import { writeFileAtomic } from '../src/node/write.js';
import { runCli, tempTrees } from './helpers.js';

const tree = tempTrees();
const SECRET = 'MYSECRET=hunter2-do-not-print';
const SKILLS = { 'skills/ok/SKILL.md': '---\nname: ok\ndescription: Fine.\n---\nBody.\n' };

/** A tree with the skills and, outside it, a file holding a secret. */
function withSecret(): { dir: string; secret: string } {
  const outside = tree({ 'environ': `${SECRET}\0PATH=/usr/bin\0` });
  return { dir: tree(SKILLS), secret: path.join(outside, 'environ') };
}

function expectClean(r: { code: number; stdout: string; stderr: string }): void {
  expect(r.code).toBe(2);
  expect(r.stderr + r.stdout).not.toContain('hunter2');
  expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
}

describe('config, baseline and tool lists are never read through a symlink', () => {
  it('a .skillcheckrc.json linked to another file (/proc/self/environ in the wild) is refused by name, not read', async () => {
    const { dir, secret } = withSecret();
    fs.symlinkSync(secret, path.join(dir, '.skillcheckrc.json'));
    const r = await runCli(['.'], dir);
    expectClean(r);
    expect(r.stderr).toContain('.skillcheckrc.json: cannot read: it is a symlink');
  });

  it('--config naming a symlink is refused the same way', async () => {
    const { dir, secret } = withSecret();
    fs.symlinkSync(secret, path.join(dir, 'cfg.json'));
    const r = await runCli(['.', '--config', 'cfg.json'], dir);
    expectClean(r);
    expect(r.stderr).toContain('cfg.json: cannot read: it is a symlink');
  });

  it('a config that is not JSON names the offending character only', async () => {
    const dir = tree({ ...SKILLS, '.skillcheckrc.json': `${SECRET}\n` });
    const r = await runCli(['.'], dir);
    expectClean(r);
    expect(r.stderr).toContain('.skillcheckrc.json:1:1: invalid JSON: unexpected character "M"');
  });

  it('a baseline linked elsewhere is refused, with a clean exit 2', async () => {
    const { dir, secret } = withSecret();
    fs.symlinkSync(secret, path.join(dir, 'baseline.json'));
    const r = await runCli(['.', '--baseline', 'baseline.json'], dir);
    expectClean(r);
    expect(r.stderr).toContain('baseline.json: cannot read: it is a symlink');
  });

  it('a baseline that is not JSON does not quote it', async () => {
    const dir = tree({ ...SKILLS, 'baseline.json': `${SECRET}\n` });
    const r = await runCli(['.', '--baseline', 'baseline.json'], dir);
    expectClean(r);
    expect(r.stderr).toContain('baseline.json: not JSON: unexpected character "M"');
  });

  it('--tools-file and --openclaw-config linked elsewhere are refused', async () => {
    const { dir, secret } = withSecret();
    fs.symlinkSync(secret, path.join(dir, 'tools.json'));
    const tools = await runCli(['policy', '--tools-file', 'tools.json'], dir);
    expectClean(tools);
    expect(tools.stderr).toContain('--tools-file tools.json: cannot read: it is a symlink');
    const notJson = tree({ ...SKILLS, 'tools.json': `${SECRET}\n` });
    const bad = await runCli(['policy', '--tools-file', 'tools.json'], notJson);
    expectClean(bad);
    expect(bad.stderr).toContain('not JSON (unexpected character "M")');
    fs.symlinkSync(secret, path.join(dir, 'openclaw.json'));
    const oc = await runCli(['.', '--openclaw-config', 'openclaw.json'], dir);
    expectClean(oc);
    expect(oc.stderr).toContain('--openclaw-config openclaw.json: cannot read: it is a symlink');
  });
});

describe('--output and --write-baseline never write through a symlink', () => {
  it('--output into a folder that is a symlink is refused (exit 2) and nothing is written there', async () => {
    const elsewhere = tree({});
    const dir = tree(SKILLS);
    fs.symlinkSync(elsewhere, path.join(dir, 'out'));
    const r = await runCli(['.', '--output', 'out/report.txt'], dir);
    expectClean(r);
    expect(r.stderr).toMatch(/--output out\/report\.txt: the folder .*out is a symlink/);
    expect(fs.readdirSync(elsewhere)).toEqual([]);
  });

  it('--output into a real folder still works', async () => {
    const dir = tree(SKILLS);
    fs.mkdirSync(path.join(dir, 'out'));
    const r = await runCli(['.', '--output', 'out/report.txt'], dir);
    expect(r.code).toBe(0);
    expect(fs.readdirSync(path.join(dir, 'out'))).toEqual(['report.txt']);
  });

  it('--write-baseline onto a symlink is a clean exit 2, the link target untouched', async () => {
    const outside = tree({ 'keep.json': 'keep\n' });
    const dir = tree(SKILLS);
    fs.symlinkSync(path.join(outside, 'keep.json'), path.join(dir, 'baseline.json'));
    const r = await runCli(['.', '--write-baseline', 'baseline.json'], dir);
    expectClean(r);
    expect(r.stderr).toContain('skillcheck: --write-baseline baseline.json: not a regular file (a symlink)');
    expect(fs.readFileSync(path.join(outside, 'keep.json'), 'utf8')).toBe('keep\n');
  });

  it('--write-baseline into a symlinked folder is refused', async () => {
    const elsewhere = tree({});
    const dir = tree(SKILLS);
    fs.symlinkSync(elsewhere, path.join(dir, 'b'));
    const r = await runCli(['.', '--write-baseline', 'b/baseline.json'], dir);
    expectClean(r);
    expect(fs.readdirSync(elsewhere)).toEqual([]);
  });
});

describe('the one reader and the one writer', () => {
  it('reads a file whose fstat size is 0 (procfs) completely, still bounded', () => {
    if (!fs.existsSync('/proc/self/status')) return;
    const r = readBounded('/proc/self/status', 1 << 20);
    expect(r.kind).toBe('ok');
    if (r.kind === 'ok') expect(r.bytes.toString('utf8')).toMatch(/^Name:/);
    expect(readBounded('/proc/self/status', 10)).toMatchObject({ kind: 'too-large', limit: 10 });
  });

  it('readSmallFile: missing, folder, too large', () => {
    const dir = tree({ 'big.json': 'x'.repeat(100) });
    expect(() => readSmallFile(path.join(dir, 'nope.json'), 10, 'nope.json')).toThrow('nope.json: cannot read: no such file');
    expect(() => readSmallFile(dir, 10, 'dir')).toThrow('dir: not a regular file (a directory)');
    expect(() => readSmallFile(path.join(dir, 'big.json'), 10, 'big.json')).toThrow('big.json: 100 bytes, over the 10-byte limit');
  });

  it('jsonErrorMessage keeps the token, drops the excerpt, escapes control characters', () => {
    const err = (t: string) => {
      try {
        JSON.parse(t);
      } catch (e) {
        return jsonErrorMessage(e);
      }
      return '';
    };
    expect(err(SECRET)).toBe('unexpected character "M"');
    expect(err('{"a": \u001b[31m}')).toBe('unexpected character "\\u001b"');
    expect(err('undefined')).toBe('not valid JSON');
    expect(err('{"a": 1')).toMatch(/^Expected ',' or '}' after property value in JSON at position 7/);
  });

  it('property: jsonErrorMessage never quotes the text beyond one character, and has no control characters', () => {
    // "KEY=123…": V8's own wording never contains "=", so finding the secret in the message means it was quoted.
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.stringMatching(/^[A-Z]{2,8}=[0-9]{2,12}$/), fc.string({ maxLength: 20 }), (before, secret, after) => {
        let msg: string | null = null;
        try {
          JSON.parse(`${before}${secret}${after}`);
        } catch (e) {
          msg = jsonErrorMessage(e);
        }
        if (msg === null) return;
        expect(msg).not.toContain(secret);
        expect(msg).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
      }),
      { numRuns: 1000 },
    );
  });

  it('writeFileAtomic: a new file, then a replacement keeping the mode, no temporary left', () => {
    const dir = tree({});
    const f = path.join(dir, 'a.txt');
    writeFileAtomic(f, 'one\n');
    fs.chmodSync(f, 0o600);
    writeFileAtomic(f, 'two\n');
    expect(fs.readFileSync(f, 'utf8')).toBe('two\n');
    expect(fs.statSync(f).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir)).toEqual(['a.txt']);
    expect(() => writeFileAtomic(f, 'three\n', { expect: { bytes: Buffer.from('one\n') } })).toThrow('changed since it was checked');
    expect(fs.readFileSync(f, 'utf8')).toBe('two\n');
  });
});
