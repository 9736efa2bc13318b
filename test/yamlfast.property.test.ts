// The frontmatter fast path (src/core/yamlfast.ts) must build exactly the Document the yaml library builds, or
// decline. Differential against parseDocument: the generator and mutations of scripts/yaml-fast-fuzz.mjs (which
// runs hundreds of thousands of inputs outside the unit suite), fast-check line soups, and fixed shapes.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument, Scalar } from 'yaml';
import { parseSkillDocument } from '../src/core/parse.js';
import { decodeSource } from '../src/core/source.js';
import { FAST_YAML_OPTIONS, parseSimpleYaml } from '../src/core/yamlfast.js';
// @ts-expect-error a plain .mjs script, no types
import { graphDiff } from '../scripts/yaml-compare.mjs';
// @ts-expect-error a plain .mjs script, no types
import { generate, mutate, prng } from '../scripts/yaml-fast-fuzz.mjs';

const diff = graphDiff as (a: unknown, b: unknown) => string | null;
const gen = generate as (r: () => number) => string;
const mut = mutate as (r: () => number, s: string) => string;
const rng = prng as (seed: number) => () => number;

/** null when the fast path declines or builds the library's document; else the difference. */
function check(text: string): string | null {
  const fast = parseSimpleYaml(text);
  if (!fast) return null;
  return diff(fast, parseDocument(text, FAST_YAML_OPTIONS)) ?? null;
}

describe('parseSimpleYaml against parseDocument', () => {
  it('the comparison sees a changed value, range, flag or class', () => {
    const a = parseDocument('a: 1\nb: [x]\n', FAST_YAML_OPTIONS);
    expect(diff(a, parseDocument('a: 1\nb: [x]\n', FAST_YAML_OPTIONS))).toBeNull();
    expect(diff(a, parseDocument('a: 2\nb: [x]\n', FAST_YAML_OPTIONS))).toMatch(/value/);
    expect(diff(a, parseDocument('a:  1\nb: [x]\n', FAST_YAML_OPTIONS))).toMatch(/range/);
    expect(diff(a, parseDocument('a: 1\n\nb: [x]\n', FAST_YAML_OPTIONS))).toMatch(/keys/); // spaceBefore
    expect(diff(a, parseDocument('a: 1\nb:\n  - x\n', FAST_YAML_OPTIONS))).not.toBeNull(); // flow
    expect(diff(a, parseDocument("a: '1'\nb: [x]\n", FAST_YAML_OPTIONS))).not.toBeNull();
    const b = parseDocument('a: 1\nb: [x]\n', FAST_YAML_OPTIONS);
    (b.contents as unknown as { items: { value: Scalar }[] }).items[0]!.value = Object.assign(Object.create(Object.prototype), a.get('a', true));
    expect(diff(a, b)).toMatch(/class/);
  });

  it('takes the fast path for the usual shapes, and builds what the library builds', () => {
    const shapes = [
      'name: pdf-tools\ndescription: Extract text from PDF files. Use when the user asks about PDFs.\nlicense: MIT\n',
      'name: x\ndescription: A long description\n  folded over two lines\n  and a third.\nallowed-tools: Read, Grep\n',
      'name: deploy-x-1\nversion: "1.2.3"\ndescription: Deploy.\nactivation:\n  keywords: [deploy, build, "é"]\n  patterns:\n    - "(?i)\\\\bdeploy\\\\b"\n  max_context_tokens: 2000\nmetadata:\n  author: a-b\n  homepage: https://example.com/x\nrequires:\n  bins: [git]\n',
      "name: x\ndescription: 'it''s'\ntags:\n- a\n- b\n\nuser-invocable: true\nn: 0x1F\nf: 1.50\ne:\nz: ~\n",
      'name: x\ndescription: "tab\\there \\u00e9 \\"q\\""\nlist: []\nk.v/w: -3\n',
      'a: x',
      'd: |\n  line one\n\n    indented # not a comment\nnext: >-\n  folded\n  text\n\n  para\nz: 1\n',
    ];
    for (const s of shapes) {
      expect(parseSimpleYaml(s), s).not.toBeNull();
      expect(check(s), s).toBeNull();
    }
  });

  it('leaves to the library what it does not cover', () => {
    const others = [
      '# comment\nname: x\n',
      'name: x # comment\n',
      'd: |+\n  kept\n',
      'd: |2\n   indicated\n',
      'd: >-\n  folded\n    more indented\n',
      'd: | # c\n  x\n',
      '- |\n  x\n',
      'a: &x 1\nb: *x\n',
      'a: !!str 1\n',
      'a: {b: 1}\n',
      'a: "multi\n  line"\n',
      'a: 1\na: 2\n',
      'a:\tx\n',
      'a: x\r\nb: y\n',
      'a:\n  b: 1\n c: 2\n',
      '- a\n- b\n',
      'plain scalar\n',
      '',
      'a: x\n   \n',
      '"a": 1\n',
      'a: [x, [y]]\n',
      'a: \\U0001F600\n'.replace('\\U', '"\\U') + '"',
    ];
    for (const s of others) expect(parseSimpleYaml(s), JSON.stringify(s)).toBeNull();
  });

  it('agrees on generated frontmatters and their mutations (the fuzz script, 2,000 seeds)', () => {
    let fast = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const r = rng(seed);
        const base = gen(r);
        for (const text of [base, mut(r, base), mut(r, base)]) {
          if (parseSimpleYaml(text)) fast++;
          const d = check(text);
          if (d) throw new Error(`${JSON.stringify(text)}: ${d}`);
        }
      }),
      { numRuns: 2000 },
    );
    expect(fast).toBeGreaterThan(1000); // the property compares documents, not only declines
  });

  it('agrees on soups of frontmatter-like lines (fast-check, shrinking)', () => {
    const key = fc.constantFrom('a', 'name', 'k-v', 'null', 'true', '12', 'x.y', 'a b', '-', 'é');
    const val = fc.constantFrom('', ' ', ' x', ' x y', ' 1', ' 1.50', ' ~', ' -3', ' "q"', " 'q'", ' "a\\"b"', ' [a, b]', ' []', ' [ a ,b ]', ' x #c', ' x: y', ' x:', ' -', ' - x', '  x  ', ' 0x1F', ' .inf', ' "\\u00e9"', ' ,x', ' @x');
    const line = fc.oneof(
      fc.tuple(fc.constantFrom('', '  ', '    ', ' '), key, val).map(([i, k, v]) => `${i}${k}:${v}`),
      fc.tuple(fc.constantFrom('', '  ', '    '), fc.constantFrom('- x', '- "y"', '- 1', '-  z', '-', '- - a', '- [a]')).map(([i, s]) => `${i}${s}`),
      fc.constantFrom('', '  more words', '   -flag text', '# c', '  '),
    );
    const text = fc.tuple(fc.array(line, { minLength: 1, maxLength: 10 }), fc.boolean()).map(([ls, nl]) => `${ls.join('\n')}${nl ? '\n' : ''}`);
    fc.assert(
      fc.property(text, (t) => {
        expect(check(t)).toBeNull();
      }),
      { numRuns: 3000 },
    );
  });

  it('parseSkillDocument gives the same frontmatter data and problems as before (the library path)', () => {
    const text = '---\nname: x\ndescription: y\nmetadata:\n  version: "1.0"\ntags: [a, b]\n---\n# Body\n';
    const doc = parseSkillDocument(decodeSource(new TextEncoder().encode(text)));
    expect(doc.frontmatter?.data).toEqual({ name: 'x', description: 'y', metadata: { version: '1.0' }, tags: ['a', 'b'] });
    expect(doc.frontmatter?.problems).toEqual([]);
    expect(parseSimpleYaml(doc.frontmatter!.raw)).not.toBeNull();
  });
});
