// Resource bounds: huge files are measured, not read; the walk depth is bounded; alias bombs stop early.
// Fixtures are created at test time in os.tmpdir(). No timed assertions: the bounds make each run finish.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_DEPTH } from '../src/node/discover.js';
import { MAX_STREAM_BYTES } from '../src/node/stream.js';
import { runJson, short, tempTrees } from './helpers.js';

const SKILL = (name: string) => `---\nname: ${name}\ndescription: Test fixture.\n---\nBody.\n`;
const tree = tempTrees();
describe('a 5 GB sparse SKILL.md', () => {
  const FIVE_GB = 5 * 1024 ** 3;

  function sparse(rel: string): string {
    const dir = tree({ [rel]: '---\nname: huge\n---\n' });
    fs.truncateSync(path.join(dir, rel), FIVE_GB);
    return dir;
  }

  it('is file-too-large with its real size under ironclaw, and is not parsed', async () => {
    const dir = sparse('skills/huge/SKILL.md');
    const { code, report } = await runJson(['--target', 'ironclaw', '.'], dir);
    expect(report.diagnostics.map(short)).toEqual(['skills/huge/SKILL.md:1:1 error file-too-large']);
    expect(report.diagnostics[0]!.message).toContain('5,368,709,120 bytes');
    expect(report.diagnostics[0]!.message).toContain('65,536');
    expect(report.skills).toEqual([{ name: null, file: 'skills/huge/SKILL.md', target: 'ironclaw', trust: 'trusted', loads: false }]);
    expect(report.summary.files).toBe(0);
    expect(code).toBe(1);
  });

  it('under agentskills (no runtime limit) is scanned up to the streaming bound, and the unscanned rest is an error', async () => {
    const dir = sparse('.github/skills/huge/SKILL.md');
    const { code, report } = await runJson(['.'], dir);
    expect(report.diagnostics.map(short)).toEqual(['.github/skills/huge/SKILL.md:1:1 error file-too-large']);
    expect(report.diagnostics[0]!.message).toContain('5,368,709,120 bytes');
    expect(report.diagnostics[0]!.message).toContain(`the last ${(FIVE_GB - MAX_STREAM_BYTES).toLocaleString('en-US')} bytes were not checked`);
    expect(code).toBe(1);
  });
});

describe('the read bound and --max-bytes', () => {
  const body = (n: number) => `---\nname: big\ndescription: Test fixture.\n---\n${'x'.repeat(n)}\n`;
  const header = body(0).length - 1;

  // The default read bound is the largest target byte limit: OpenClaw's 256,000 bytes.
  it('a file just over 256,000 bytes gets only the security rules under agentskills, and every rule with a raised --max-bytes', async () => {
    const dir = tree({ '.github/skills/big/SKILL.md': body(256001 - header - 1) });
    expect(fs.statSync(path.join(dir, '.github/skills/big/SKILL.md')).size).toBe(256001);
    const low = await runJson(['.'], dir);
    expect(low.report.diagnostics.map(short)).toEqual(['.github/skills/big/SKILL.md:1:1 warning file-too-large']);
    const high = await runJson(['--max-bytes', '300000', '.'], dir);
    expect(high.report.diagnostics.map(short)).toEqual([]);
    expect(high.report.summary.files).toBe(1);
    // Under ironclaw the runtime's own limit applies whatever the read bound.
    const ic = await runJson(['--max-bytes', '300000', '--target', 'ironclaw', '.'], dir);
    expect(ic.report.diagnostics.map(short)).toEqual(['.github/skills/big/SKILL.md:1:1 error file-too-large']);
  });

  it('a file over 64 KiB is read in full: the clients read it, and it gets its name and description', async () => {
    const dir = tree({ '.github/skills/big/SKILL.md': body(70000) });
    const { report } = await runJson(['.'], dir);
    expect(report.diagnostics.map(short)).toEqual([]);
    expect(report.skills[0]).toMatchObject({ name: 'big', loads: true });
  });

  it('--max-bytes below a target limit does not lower the bound', async () => {
    const dir = tree({ 'skills/big/SKILL.md': body(65536 - header - 1) });
    expect(fs.statSync(path.join(dir, 'skills/big/SKILL.md')).size).toBe(65536);
    const { report } = await runJson(['--max-bytes', '10', '--target', 'ironclaw', '.'], dir);
    // Read and parsed in full: the body is over IronClaw's default token budget, so that is the only finding.
    expect(report.diagnostics.map(short)).toEqual(['skills/big/SKILL.md:5:1 error token-budget']);
    expect(report.summary.files).toBe(1);
  });
});

describe('walk depth', () => {
  it(`finds a skill ${DEFAULT_MAX_DEPTH} folders down and reports (read-error) the folder past the bound`, async () => {
    const deep = Array.from({ length: DEFAULT_MAX_DEPTH }, (_, i) => `d${i + 1}`);
    const atBound = `${deep.join('/')}/SKILL.md`;
    const past = `${deep.join('/')}/past/SKILL.md`;
    const dir = tree({ [atBound]: SKILL(`d${DEFAULT_MAX_DEPTH}`), [past]: SKILL('past') });
    const { code, report } = await runJson(['--target', 'ironclaw', '.'], dir);
    expect(report.skills.map((s) => s.file)).toEqual([atBound]);
    expect(report.diagnostics.map(short)).toEqual([`${deep.join('/')}/past:1:1 warning read-error`]);
    expect(report.diagnostics[0]!.ruleId).toBe('read-error');
    expect(report.diagnostics[0]!.message).toContain(`${DEFAULT_MAX_DEPTH + 1} levels deep`);
    expect(code).toBe(0);
  });
});

describe('YAML alias bombs', () => {
  it('a nine-level billion-laughs document is a frontmatter error, not an expansion', async () => {
    const lines = ['a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
    for (let i = 1; i < 9; i++) lines.push(`a${i}: &a${i} [${Array.from({ length: 10 }, () => `*a${i - 1}`).join(', ')}]`);
    const dir = tree({ 'skills/bomb/SKILL.md': `---\nname: bomb\ndescription: Test fixture.\n${lines.join('\n')}\n---\nBody.\n` });
    const { code, report } = await runJson(['--target', 'ironclaw', '.'], dir);
    expect(report.diagnostics.map(short)).toEqual(['skills/bomb/SKILL.md:2:1 error frontmatter']);
    expect(report.diagnostics[0]!.message).toContain('alias');
    expect(report.skills[0]!.loads).toBe(false);
    expect(code).toBe(1);
  });

  it('deeply nested flow collections are a "too deeply nested" frontmatter error, not a crash', async () => {
    const deep = `${'['.repeat(20000)}${']'.repeat(20000)}`;
    const dir = tree({ 'skills/deep/SKILL.md': `---\nname: deep\ndescription: Test fixture.\nx: ${deep}\n---\nBody.\n` });
    const { code, report } = await runJson(['--target', 'ironclaw', '.'], dir);
    const fm = report.diagnostics.filter((d) => d.ruleId === 'frontmatter');
    expect(fm.length).toBe(1);
    expect(fm[0]!.message).toContain('too deeply nested');
    expect(report.diagnostics.filter((d) => d.ruleId === 'internal-error')).toEqual([]);
    expect(code).toBe(1);
  });

  it('a few aliases below the cap are fine', async () => {
    const dir = tree({ 'skills/ok/SKILL.md': '---\nname: ok\ndescription: &d Test fixture.\nmetadata:\n  summary: *d\n---\nBody.\n' });
    const { report } = await runJson(['--target', 'ironclaw', '.'], dir);
    expect(report.diagnostics.map(short)).toEqual([]);
  });
});
