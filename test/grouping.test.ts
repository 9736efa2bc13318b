// Repeated findings of one kind in one file are reported once, with the count and the first positions; the linear
// link scanner finds what the old regular expression found. Correctness only: timing lives in bench/scaling.bench.mjs.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GROUP_AFTER, GROUP_LISTED } from '../src/core/group.js';
import { inlineLinks } from '../src/analysis/links.js';
import { lint } from '../src/node/lint.js';
import { tempTrees } from './helpers.js';
import { formatJson } from '../src/report/json.js';
import { formatSarif } from '../src/report/sarif.js';
import { docsUrl } from '../src/core/rule.js';
import { ALL_RULES } from '../rules/index.js';

const tree = tempTrees();
const FM = '---\nname: s\ndescription: Grouping probe.\n---\n';

async function check(body: string, files: Record<string, string> = {}) {
  const dir = tree({ 'skills/s/SKILL.md': FM + body, ...files });
  return (await lint({ paths: ['.'], cwd: dir, gating: false })).diagnostics;
}

describe('grouped findings', () => {
  it('20,000 × U+202E on one line: one finding with the count and the first five positions', async () => {
    const d = (await check(`${'\u202e'.repeat(20_000)}\n`)).filter((x) => x.ruleId === 'hidden-unicode');
    expect(d).toHaveLength(1);
    expect([d[0]!.line, d[0]!.column, d[0]!.severity]).toEqual([5, 1, 'warning']);
    expect(d[0]!.message).toContain('[20,000 findings like this in this file, reported once; the first at 5:1, 5:2, 5:3, 5:4, 5:5, …]');
    expect(d[0]!.message.length).toBeLessThan(600);
  });

  it(`up to ${GROUP_AFTER} of a kind are reported one by one; one more groups them`, async () => {
    const line = (n: number) => Array.from({ length: n }, (_, i) => `- item ${i} \u202eabc\u202c end`).join('\n');
    const five = (await check(`${line(GROUP_AFTER)}\n`)).filter((x) => x.ruleId === 'hidden-unicode');
    expect(five.map((x) => `${x.line}:${x.column}`)).toEqual(Array.from({ length: GROUP_AFTER }, (_, i) => `${5 + i}:10`));
    expect(five.every((x) => !x.message.includes('reported once'))).toBe(true);
    const six = (await check(`${line(GROUP_AFTER + 1)}\n`)).filter((x) => x.ruleId === 'hidden-unicode');
    expect(six).toHaveLength(1);
    expect(six[0]!.message).toMatch(new RegExp(`\\[${GROUP_AFTER + 1} findings like this in this file, reported once; the first at 5:10, 6:10, 7:10, 8:10, 9:10, …\\]$`));
  });

  it('kinds are grouped separately: overrides (errors) and lone controls (warnings) keep their own severity', async () => {
    const overrides = Array.from({ length: 7 }, (_, i) => `x${i} \u202eadmin\u202c`).join('\n');
    const lone = Array.from({ length: 7 }, (_, i) => `y${i} \u200e`).join('\n');
    const d = (await check(`${overrides}\n${lone}\n`)).filter((x) => x.ruleId === 'hidden-unicode');
    expect(d.map((x) => `${x.severity} ${x.line}:${x.column} ${/\[(\d+) findings/.exec(x.message)?.[1]}`)).toEqual(['error 5:4 7', 'warning 12:4 7']);
  });

  it('broken links: one finding per kind with the count; exactly GROUP_LISTED positions listed', async () => {
    const body = Array.from({ length: 40 }, (_, i) => `See [doc ${i}](missing-${i}.md) and [up](../up-${i}.md).`).join('\n');
    const d = (await check(`${body}\n`)).filter((x) => x.ruleId === 'reference');
    expect(d.map((x) => `${x.line}:${x.column}`)).toEqual(['5:13', '5:36']);
    const [missing, outside] = d;
    expect(missing!.message).toMatch(/^link "missing-0\.md" does not exist .* \[40 findings like this in this file, reported once; the first at 5:13, 6:13, 7:13, 8:13, 9:13, …\]$/);
    expect(outside!.message).toMatch(/^link "\.\.\/up-0\.md" leaves the skill folder.* \[40 findings like this/);
    expect(missing!.message.match(/\d+:\d+/g)).toHaveLength(GROUP_LISTED);
  });

  it('findings in a references/ file are grouped per file, positions in that file', async () => {
    const d = (await check('Body.\n', { 'skills/s/references/r.md': `a\n${'\u200e x\n'.repeat(9)}` })).filter((x) => x.ruleId === 'hidden-unicode');
    expect(d.map((x) => `${x.file}:${x.line}:${x.column}`)).toEqual(['skills/s/references/r.md:2:1']);
    expect(d[0]!.message).toContain('[9 findings like this in this file, reported once; the first at 2:1, 3:1, 4:1, 5:1, 6:1, …]');
  });

  it('one cause in many files of a skill is one finding: the count, the files, the first places (message, JSON, SARIF)', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 12; i++) files[`skills/s/references/page-${String(i).padStart(2, '0')}.md`] = `Title ${i}\n\nSome text\u200e here.\n`;
    const dir = tree({ 'skills/s/SKILL.md': `${FM}Body.\n`, ...files });
    const result = await lint({ paths: ['.'], cwd: dir, gating: false });
    const d = result.diagnostics.filter((x) => x.ruleId === 'hidden-unicode');
    expect(d).toHaveLength(1);
    expect(`${d[0]!.file}:${d[0]!.line}:${d[0]!.column}`).toBe('skills/s/references/page-00.md:3:10');
    expect(d[0]!.message).toContain('[12 findings like this in 12 files of this skill, reported once; the first at skills/s/references/page-00.md:3:10, skills/s/references/page-01.md:3:10,');
    expect(d[0]!.occurrences).toBe(12);
    expect(d[0]!.related?.map((p) => p.file)).toEqual(Array.from({ length: GROUP_LISTED }, (_, i) => `skills/s/references/page-0${i}.md`));
    const json = JSON.parse(formatJson(result, { name: 'skillcheck', version: '0' })) as { diagnostics: { ruleId: string; occurrences?: number; related?: unknown[] }[] };
    const j = json.diagnostics.find((x) => x.ruleId === 'hidden-unicode')!;
    expect([j.occurrences, j.related?.length]).toEqual([12, GROUP_LISTED]);
    const sarif = JSON.parse(formatSarif(result, { tool: { name: 'skillcheck', version: '0.0.0' }, rules: ALL_RULES.map((r) => r.meta), helpUri: docsUrl })) as {
      runs: { results: { ruleId: string; relatedLocations?: { physicalLocation: { artifactLocation: { uri: string } } }[]; properties: { occurrences?: number } }[] }[];
    };
    const results = sarif.runs[0]!.results.filter((x) => x.ruleId === 'hidden-unicode');
    expect(results).toHaveLength(1);
    expect(results[0]!.properties.occurrences).toBe(12);
    // The first place is the result's own location; the next ones are related locations.
    expect(results[0]!.relatedLocations?.map((l) => l.physicalLocation.artifactLocation.uri)).toEqual(Array.from({ length: GROUP_LISTED - 1 }, (_, i) => `skills/s/references/page-0${i + 1}.md`));
  });

  it(`in up to ${GROUP_AFTER} places across files, each is its own finding`, async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 3; i++) files[`skills/s/references/p${i}.md`] = `Some text\u200e here.\n`;
    const d = (await check('Body.\n', files)).filter((x) => x.ruleId === 'hidden-unicode');
    expect(d.map((x) => x.file)).toEqual(['skills/s/references/p0.md', 'skills/s/references/p1.md', 'skills/s/references/p2.md']);
    expect(d.every((x) => x.occurrences === undefined && !x.message.includes('reported once'))).toBe(true);
  });

  it('a 56 KB references/a/a/… path is one finding', async () => {
    // A link: a bare path in prose is info, hidden by default.
    const d = (await check(`See [notes](references/${'a/'.repeat(28_000)}x.md)\n`)).filter((x) => x.ruleId === 'reference');
    expect(d).toHaveLength(1);
    expect(d[0]!.message).toMatch(/^link "references\/a\/a\/.*…" does not exist/);
  });
});

/** The expression the rule used before (quadratic on a line of `[`), as the reference for the scanner. */
const OLD_INLINE_LINK = /!?\[(?:[^\]\n]|\\\])*\]\([ \t]*(<[^>\n]*>|[^\s)]+)(?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'))?[ \t]*\)/g;

function oldLinks(text: string): { index: number; target: string }[] {
  const out: { index: number; target: string }[] = [];
  OLD_INLINE_LINK.lastIndex = 0;
  for (let m = OLD_INLINE_LINK.exec(text); m; m = OLD_INLINE_LINK.exec(text)) out.push({ index: m.index, target: m[1]! });
  return out;
}

describe('inlineLinks (linear scanner)', () => {
  it('finds links, images, angle targets and titles', () => {
    const t = 'a [x](y.md) ![i](<p q.png> "t") [n]: z [u](v \'w\' ) [bad] (no) [e](f';
    expect(inlineLinks(t).map((m) => [m.index, m.target, t.slice(m.targetStart, m.targetStart + m.target.length)])).toEqual([
      [2, 'y.md', 'y.md'],
      [12, '<p q.png>', '<p q.png>'],
      [39, 'v', 'v'],
    ]);
  });

  it('property: same matches as the old expression on text without backslashes', () => {
    // Backslash-escaped closers are where the two differ on purpose (`\]` never closes the text here).
    const alphabet = fc.constantFrom('[', ']', '(', ')', '!', '<', '>', '"', "'", ' ', '\t', '\n', 'a', 'b', '.', '/', '\u00a0');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 60 }), (chars) => {
        const text = chars.join('');
        expect(inlineLinks(text).map(({ index, target }) => ({ index, target }))).toEqual(oldLinks(text));
      }),
      { numRuns: 3000 },
    );
  });
});
