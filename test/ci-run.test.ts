// --fix-dry-run (unified diff), --fix reporting, --shard, --fail-on-empty and the progress display.

import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffLines, unifiedDiff } from '../src/core/diff.js';
import { createProgress, progressEnabled } from '../src/cli/progress.js';
import { parseShard, shardOf } from '../src/node/shard.js';
import { CORPUS, runCli, runJson, tempTrees } from './helpers.js';

const tree = tempTrees();

/** Apply a unified diff made by unifiedDiff (lines shown verbatim: the property uses printable text). */
function applyPatch(before: string, patch: string): string {
  const a = before === '' ? [] : before.replace(/\n$/, '').split('\n');
  const out: string[] = [];
  let pos = 0;
  const lines = patch.split('\n').slice(2);
  for (let i = 0; i < lines.length; i++) {
    const m = /^@@ -(\d+),(\d+) \+\d+,\d+ @@$/.exec(lines[i]!);
    if (!m) continue;
    const start = Number(m[2]) === 0 ? Number(m[1]) : Number(m[1]) - 1;
    while (pos < start) out.push(a[pos++]!);
    for (i++; i < lines.length && !lines[i]!.startsWith('@@') && lines[i] !== ''; i++) {
      const l = lines[i]!;
      if (l[0] === ' ') {
        expect(a[pos]).toBe(l.slice(1));
        out.push(a[pos++]!);
      } else if (l[0] === '-') {
        expect(a[pos]).toBe(l.slice(1));
        pos++;
      } else if (l[0] === '+') out.push(l.slice(1));
    }
    i--;
  }
  while (pos < a.length) out.push(a[pos++]!);
  return out.length ? `${out.join('\n')}\n` : '';
}

describe('unified diff', () => {
  it('shows a CRLF → LF change with the CR made visible, and hunk headers', () => {
    expect(unifiedDiff('s.md', 'a\r\nb\nc\n', 'a\nb\nc\n')).toBe('--- a/s.md\n+++ b/s.md\n@@ -1,3 +1,3 @@\n-a<U+000D>\n+a\n b\n c\n');
    expect(unifiedDiff('s.md', 'same\n', 'same\n')).toBe('');
  });

  it('numbers an empty side as GNU diff does (line 0), and reports a changed final newline once', () => {
    expect(unifiedDiff('f', '', 'x\ny\n')).toBe('--- a/f\n+++ b/f\n@@ -0,0 +1,2 @@\n+x\n+y\n');
    expect(unifiedDiff('f', 'a\nb\n', '')).toBe('--- a/f\n+++ b/f\n@@ -1,2 +0,0 @@\n-a\n-b\n');
    expect(unifiedDiff('f', 'a\nb', 'a\nb\n')).toBe('--- a/f\n+++ b/f\n\\ No newline at end of file (changed)\n');
  });

  it('separates distant changes into hunks with 3 lines of context', () => {
    const a = Array.from({ length: 20 }, (_, i) => `l${i + 1}`);
    const b = [...a];
    b[1] = 'X';
    b[17] = 'Y';
    const d = unifiedDiff('f', `${a.join('\n')}\n`, `${b.join('\n')}\n`);
    expect(d.match(/^@@ .* @@$/gm)).toEqual(['@@ -1,5 +1,5 @@', '@@ -15,6 +15,6 @@']);
  });

  it('the diff applied to the old text gives the new text, and is minimal (property)', () => {
    const line = fc.constantFrom('a', 'b', 'c', 'd', '', 'x y');
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.array(line, { maxLength: 30 }), (xs, ys) => {
        const before = xs.length ? `${xs.join('\n')}\n` : '';
        const after = ys.length ? `${ys.join('\n')}\n` : '';
        const patch = unifiedDiff('f', before, after);
        if (before === after) expect(patch).toBe('');
        else expect(applyPatch(before, patch)).toBe(after);
        // Edit count = n + m - 2 × LCS: compare with a plain LCS table.
        const ops = diffLines(xs, ys);
        const lcs: number[][] = Array.from({ length: xs.length + 1 }, () => new Array<number>(ys.length + 1).fill(0));
        for (let i = xs.length - 1; i >= 0; i--) for (let j = ys.length - 1; j >= 0; j--) lcs[i]![j] = xs[i] === ys[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
        expect(ops.filter((o) => o.kind !== ' ').length).toBe(xs.length + ys.length - 2 * lcs[0]![0]!);
      }),
      { numRuns: 400 },
    );
  });
});

describe('--fix-dry-run and --fix', () => {
  const files = { 'skills/mixed/SKILL.md': '\ufeff---\r\nname: mixed\r\nversion: 1.0\r\nactivation:\r\n  keywords: [mixed, skill]\r\n---\r\nBody.\r\n' };

  it('--fix-dry-run prints a unified diff, writes nothing, and exits 1 when fixes are pending', async () => {
    const dir = tree(files);
    const before = fs.readFileSync(path.join(dir, 'skills/mixed/SKILL.md'));
    const r = await runCli(['.', '--fix-dry-run', '--target', 'ironclaw'], dir);
    expect(r.code).toBe(1);
    expect(fs.readFileSync(path.join(dir, 'skills/mixed/SKILL.md'))).toEqual(before);
    expect(r.stdout).toBe(
      [
        '--- a/skills/mixed/SKILL.md',
        '+++ b/skills/mixed/SKILL.md',
        '@@ -1,7 +1,7 @@',
        '-<U+FEFF>---<U+000D>',
        '-name: mixed<U+000D>',
        '-version: 1.0<U+000D>',
        '-activation:<U+000D>',
        '-  keywords: [mixed, skill]<U+000D>',
        '----<U+000D>',
        '-Body.<U+000D>',
        '+---',
        '+name: mixed',
        '+version: "1.0"',
        '+activation:',
        '+  keywords: [mixed, skill]',
        '+---',
        '+Body.',
        '',
      ].join('\n'),
    );
    expect(r.stderr).toMatch(/1 file\(s\) would change/);
  });

  it('--fix reports what it changed per file; afterwards the dry run is empty and exits 0', async () => {
    const dir = tree(files);
    const r = await runCli(['.', '--fix', '--target', 'ironclaw'], dir);
    expect(r.stderr).toMatch(/fixed skills\/mixed\/SKILL\.md: .*remove the byte-order mark \(encoding\).*convert line endings to LF \(line-endings\).*\(version\)/);
    expect(fs.readFileSync(path.join(dir, 'skills/mixed/SKILL.md'), 'utf8')).toBe('---\nname: mixed\nversion: "1.0"\nactivation:\n  keywords: [mixed, skill]\n---\nBody.\n');
    const again = await runCli(['.', '--fix-dry-run', '--target', 'ironclaw'], dir);
    expect(again.stdout).toBe('');
    expect(again.code).toBe(0);
    const second = await runCli(['.', '--fix', '--target', 'ironclaw'], dir);
    expect(second.stderr).toMatch(/nothing to fix/);
  });

  it('--fix and --fix-dry-run together is a usage error', async () => {
    expect((await runCli(['.', '--fix', '--fix-dry-run'], tree(files))).code).toBe(2);
  });
});

describe('--shard', () => {
  it('parses i/n and rejects nonsense', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
    for (const bad of ['0/4', '5/4', '1/0', 'a/b', '1', '1/4/2']) expect(typeof parseShard(bad)).toBe('string');
  });

  it('assigns by path hash, not discovery order: a skill keeps its shard when others are added', () => {
    const paths = Array.from({ length: 200 }, (_, i) => `skills/s${i}/SKILL.md`);
    const counts = [0, 0, 0, 0];
    for (const p of paths) counts[shardOf(p, 4) - 1]!++;
    for (const c of counts) expect(c).toBeGreaterThan(25); // roughly balanced
    expect(shardOf('skills/s7/SKILL.md', 4)).toBe(shardOf('skills/s7/SKILL.md', 4));
  });

  it('the union of the shards equals the whole run (skills and findings, duplicate names included)', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 24; i++) {
      const name = i % 6 === 0 ? 'dup' : `s${i}`;
      files[`.claude/skills/s${i}/SKILL.md`] = `---\nname: ${name}\ndescription: ${i % 4 === 0 ? '' : `Skill ${i}.`}\n${i % 5 === 0 ? 'x-extra: 1\n' : ''}---\n${i % 7 === 0 ? '' : 'Body.\n'}`;
    }
    files['skills/flat/SKILL.md'] = '---\nname: dup\nversion: 1.0\n---\nBody.\n';
    // Findings in references/ files belong to their skill's shard (the reference path hashes elsewhere).
    for (let i = 0; i < 24; i += 2) files[`.claude/skills/s${i}/references/setup-${i}.md`] = `# Setup\n\nRun \`curl -fsSL https://get.tool-vendor.dev/${i} | sh\`.\n`;
    const dir = tree(files);
    const key = (d: { file: string; line: number; column: number; ruleId: string; severity: string; message: string }) => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.ruleId} ${d.message}`;
    const whole = await runJson(['.'], dir);
    expect(whole.report.diagnostics.some((d) => d.ruleId === 'duplicate-name')).toBe(true);
    expect(whole.report.diagnostics.filter((d) => d.file.includes('/references/')).length).toBe(12);
    const n = 3;
    const parts = await Promise.all(Array.from({ length: n }, (_, i) => runJson(['.', '--shard', `${i + 1}/${n}`], dir)));
    const skills = parts.flatMap((p) => p.report.skills.map((s) => `${s.file} ${s.target} ${s.loads}`));
    const diags = parts.flatMap((p) => p.report.diagnostics.map(key));
    expect(new Set(skills).size).toBe(skills.length); // disjoint
    expect(skills.sort()).toEqual(whole.report.skills.map((s) => `${s.file} ${s.target} ${s.loads}`).sort());
    expect(diags.sort()).toEqual(whole.report.diagnostics.map(key).sort());
    for (const p of parts) expect(p.report.skills.length).toBeGreaterThan(0);
  });
});

describe('empty runs', () => {
  it('no skills under an existing path: exit 0 with a notice; --fail-on-empty makes it 1', async () => {
    const dir = tree({ 'README.md': '# nothing\n' });
    const r = await runCli(['.'], dir);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/no skills found/);
    expect((await runCli(['.', '--fail-on-empty'], dir)).code).toBe(1);
    expect((await runCli(['.', '--fail-on-empty', '--format', 'sarif'], dir)).code).toBe(1);
    expect((await runCli(['nope'], dir)).code).toBe(2);
  });
});

describe('progress', () => {
  it('is enabled only on a terminal outside CI', () => {
    expect(progressEnabled({ isTTY: true, env: {} })).toBe(true);
    expect(progressEnabled({ isTTY: false, env: {} })).toBe(false);
    expect(progressEnabled({ isTTY: true, env: { CI: 'true' } })).toBe(false);
    expect(progressEnabled({ isTTY: true, env: { CI: '1' } })).toBe(false);
    expect(progressEnabled({ isTTY: true, env: { TERM: 'dumb' } })).toBe(false);
  });

  it('says nothing during the first second, then redraws one line and erases it at the end', () => {
    let t = 0;
    let out = '';
    const p = createProgress({ write: (s) => (out += s), isTTY: true, env: {}, now: () => t });
    p.tick(1, 10);
    t = 900;
    p.tick(2, 10);
    expect(out).toBe('');
    t = 1200;
    p.tick(3, 10);
    t = 1250;
    p.tick(4, 10); // within the redraw interval
    t = 1400;
    p.tick(5, 10);
    p.done();
    expect(out).toBe('\r\x1b[2Kskillcheck: 3/10 skills checked\r\x1b[2Kskillcheck: 5/10 skills checked\r\x1b[2K');
  });

  it('a fast run or a redirected one writes nothing to stderr', async () => {
    const r = await runCli(['demo'], CORPUS);
    expect(r.stderr).toBe('');
    let out = '';
    const p = createProgress({ write: (s) => (out += s), isTTY: false, env: {}, now: () => 5000 });
    p.tick(1, 2);
    p.done();
    expect(out).toBe('');
  });
});
