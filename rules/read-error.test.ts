// Read errors are file system states: verify() (and so the RuleTester) reads nothing and never meets one. The
// RuleTester states what is not a finding; the message ids are asserted below on real trees through lint(). Not
// reproduced here: a file or folder that changes between discovery and reading (ids fileChanged, folderChanged,
// notRegular: a race, test/swap.test.ts and test/hostile.test.ts), an I/O error other than permissions (ioError)
// and the walk's entry bound (entryLimit, which needs more than a test should create).

import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_DEPTH } from '../src/node/discover.js';
import { lint } from '../src/node/lint.js';
import { RuleTester } from '../src/testing.js';
import { tempTrees } from '../test/helpers.js';
import rule from './read-error.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ path: 'skills/s/SKILL.md' });
const SKILL = (name: string) => `---\nname: ${name}\ndescription: Test fixture.\n---\nBody.\n`;

tester.run(rule, {
  valid: [
    { name: 'a skill file given as text was read', code: SKILL('s') },
    { name: 'bytes that are not UTF-8 are the encoding rule\'s finding, not a read error', code: new Uint8Array([0x2d, 0x2d, 0x2d, 0x0a, 0xff, 0x0a]) },
  ],
});

const tree = tempTrees();
async function findings(dir: string, paths = ['.']) {
  const r = await lint({ cwd: dir, paths, rules: [rule] });
  return r.diagnostics.filter((d) => d.ruleId === 'read-error').map((d) => ({ file: d.file, line: d.line, severity: d.severity, rejects: !!d.rejects, messageId: d.messageId, message: d.message }));
}

describe('read-error on a real tree', () => {
  it('notRegularPath: a FIFO named SKILL.md is never opened', async () => {
    const dir = tree({ 'skills/fifo/.keep': '' });
    execFileSync('mkfifo', [path.join(dir, 'skills/fifo/SKILL.md')]);
    expect(await findings(dir)).toEqual([
      { file: 'skills/fifo/SKILL.md', line: 1, severity: 'error', rejects: false, messageId: 'notRegularPath', message: 'path is a FIFO; it was not opened' },
    ]);
  });

  it('folderName and fileName: names that are not UTF-8, shown escaped', async () => {
    const dir = tree({ 'skills/ok/SKILL.md': SKILL('ok') });
    const root = Buffer.from(`${dir}/`);
    fs.mkdirSync(Buffer.concat([root, Buffer.from('skills/bad'), Buffer.from([0xff])]));
    fs.writeFileSync(Buffer.concat([root, Buffer.from('skills/ok/'), Buffer.from([0xfe, 0x41]), Buffer.from('.md')]), 'x');
    expect(await findings(dir)).toEqual([
      {
        file: 'skills/bad\\xFF',
        line: 1,
        severity: 'error',
        rejects: false,
        messageId: 'folderName',
        message: 'folder name is not valid UTF-8 (invalid bytes shown as \\xNN); it was not opened, so skills below it were not checked. Rename it to valid UTF-8',
      },
      {
        file: 'skills/ok/\\xFEA.md',
        line: 1,
        severity: 'warning',
        rejects: false,
        messageId: 'fileName',
        message: 'file name is not valid UTF-8 (invalid bytes shown as \\xNN); it was not opened. Rename it to valid UTF-8',
      },
    ]);
  });

  it('depthLimit: a folder past the walk depth is named', async () => {
    const deep = Array.from({ length: DEFAULT_MAX_DEPTH }, (_, i) => `d${i + 1}`).join('/');
    const dir = tree({ [`${deep}/past/SKILL.md`]: SKILL('past') });
    expect(await findings(dir)).toEqual([
      {
        file: `${deep}/past`,
        line: 1,
        severity: 'warning',
        rejects: false,
        messageId: 'depthLimit',
        message: `folder is ${DEFAULT_MAX_DEPTH + 1} levels deep, past the walk's depth bound; skills below it were not checked`,
      },
    ]);
  });

  it('cannotRead and folderDenied: an unreadable SKILL.md and an unreadable skill folder', async () => {
    const dir = tree({ 'skills/locked/SKILL.md': SKILL('locked'), 'skills/closed/SKILL.md': SKILL('closed') });
    for (const d of ['', 'skills', 'skills/locked', 'skills/closed']) fs.chmodSync(path.join(dir, d), 0o755);
    fs.chmodSync(path.join(dir, 'skills/locked'), 0o000);
    fs.chmodSync(path.join(dir, 'skills/closed/SKILL.md'), 0o000);
    // Permissions do not stop root: read as nobody.
    const asRoot = process.getuid?.() === 0;
    if (asRoot) process.seteuid!(65534);
    let got;
    try {
      got = await findings(dir);
    } finally {
      if (asRoot) process.seteuid!(0);
      fs.chmodSync(path.join(dir, 'skills/locked'), 0o755);
    }
    expect(got).toEqual([
      {
        file: 'skills/closed/SKILL.md',
        line: 1,
        severity: 'error',
        rejects: true,
        messageId: 'cannotRead',
        // The rest is the system's own words (path included).
        message: expect.toSatisfy((m: string) => m.startsWith('cannot read the file (EACCES): ') && m.endsWith('. Check its permissions')),
      },
      { file: 'skills/locked', line: 1, severity: 'error', rejects: false, messageId: 'folderDenied', message: 'cannot read folder (permission denied); skills below it were not checked' },
    ]);
  });
});
