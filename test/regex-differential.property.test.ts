// Differential property: for patterns both engines accept (generated from a small grammar whose syntax and
// meaning are the same in Rust regex and JavaScript), skillcheck's RE2 path (Rust parse → RE2 translation) and
// JavaScript RegExp agree on random inputs. FC_RUNS raises the number of runs (default 150).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzePattern, compileForMatch } from '../src/analysis/regex/pattern.js';

const RUNS = Number(process.env.FC_RUNS ?? 100);

const pattern: fc.Arbitrary<string> = fc.letrec((tie) => ({
  atom: fc.oneof(
    { maxDepth: 2, withCrossShrink: true },
    fc.constantFrom('a', 'b', ' ', '[ab]', '[^a]', '[a-b ]', '.', '\\b', '\\B', '^', '$', '\\n'),
    tie('group'),
  ),
  group: fc.tuple(fc.constantFrom('(', '(?:'), tie('alt')).map(([open, body]) => `${open}${body})`),
  quantified: fc
    .tuple(tie('atom'), fc.constantFrom('', '', '*', '+', '?', '*?', '{2}', '{1,3}', '{0,2}', '{2,}'))
    .map(([a, q]) => (q !== '' && /^[\^$]$|^\\[bB]$/.test(a as string) ? a : `${a}${q}`)) as fc.Arbitrary<string>,
  concat: fc.array(tie('quantified'), { minLength: 1, maxLength: 3 }).map((xs) => (xs as string[]).join('')),
  alt: fc.array(tie('concat'), { minLength: 1, maxLength: 2 }).map((xs) => (xs as string[]).join('|')),
})).alt as fc.Arbitrary<string>;

const input = fc.stringMatching(/^[ab \n]{0,12}$/);

describe('RE2 (via the Rust-syntax translation) agrees with JavaScript RegExp', () => {
  it('on generated patterns and inputs, with and without (?i)', () => {
    fc.assert(
      fc.property(pattern, fc.boolean(), fc.array(input, { minLength: 1, maxLength: 8 }), (p, ci, inputs) => {
        const rust = ci ? `(?i)${p}` : p;
        const a = analyzePattern(rust, 64 * 1024);
        expect(a.error, rust).toBeNull();
        fc.pre(a.verdict === 'ok'); // a generated pattern can exceed the size limit: nothing to compare
        const re2 = compileForMatch(a);
        if (!('test' in re2)) throw new Error(re2.error);
        const js = new RegExp(p, ci ? 'iu' : 'u');
        try {
          for (const s of inputs) {
            const upper = ci ? s.toUpperCase() : s;
            for (const m of [s, upper]) expect(re2.test(m), `pattern ${JSON.stringify(rust)} on ${JSON.stringify(m)}`).toBe(js.test(m));
          }
        } finally {
          re2.dispose();
        }
      }),
      { numRuns: RUNS },
    );
  }, Math.max(60_000, RUNS * 300));
});
