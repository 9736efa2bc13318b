// The keyword index (pair table, keywords only recorded when found, lists scanned once per text) against the
// obvious definition: the start of every line that contains a keyword, lowercase, as a substring.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keywordLinesOf } from '../src/analysis/packs.js';

const ALPHABET = ['a', 'b', 'k', 'e', 'y', '$', '(', '\n', ' ', 'É', 'é', '𝒜', 'K'];
const text = fc.array(fc.constantFrom(...ALPHABET), { maxLength: 80 }).map((a) => a.join(''));
const keyword = fc
  .array(fc.constantFrom('a', 'b', 'k', 'e', 'y', '$', '(', 'é', '𝒜'), { minLength: 2, maxLength: 6 })
  .map((a) => a.join(''));

function naive(t: string, keywords: readonly string[]): number[] {
  const lower = t.toLowerCase().length === t.length ? t.toLowerCase() : t.replace(/[A-Z]+/g, (m) => m.toLowerCase());
  const out: number[] = [];
  let start = 0;
  for (const line of lower.split('\n')) {
    if (keywords.some((k) => line.includes(k))) out.push(start);
    start += line.length + 1;
  }
  return out;
}

/** Keywords, and a text built from pieces of them (whole, cut, upper-cased) and noise, so many are found. */
const keywordsAndText = fc.array(keyword, { minLength: 1, maxLength: 6 }).chain((kws) =>
  fc.tuple(
    fc.constant(kws),
    fc
      .array(
        fc.oneof(
          fc.constantFrom(...kws),
          fc.constantFrom(...kws).map((k) => k.toUpperCase()),
          fc.constantFrom(...kws).chain((k) => fc.integer({ min: 1, max: k.length }).map((n) => k.slice(0, n))),
          fc.constantFrom(...ALPHABET),
        ),
        { maxLength: 30 },
      )
      .map((a) => a.join('')),
  ),
);

describe('keyword index', () => {
  it('finds exactly the lines holding a keyword', () => {
    fc.assert(
      fc.property(text, fc.array(keyword, { minLength: 1, maxLength: 6 }), (t, kws) => {
        expect(keywordLinesOf(t, kws)).toEqual(naive(t, kws));
      }),
      { numRuns: 2000 },
    );
  });

  it('finds exactly the lines holding a keyword, in texts made of the keywords', () => {
    let found = 0;
    fc.assert(
      fc.property(keywordsAndText, ([kws, t]) => {
        const want = naive(t, kws);
        found += want.length;
        expect(keywordLinesOf(t, kws)).toEqual(want);
      }),
      { numRuns: 2000 },
    );
    expect(found).toBeGreaterThan(1000);
  });

  it('gives the same lines when another keyword list was scanned first (overlapping or not)', () => {
    fc.assert(
      fc.property(text, fc.array(keyword, { minLength: 1, maxLength: 6 }), fc.array(keyword, { minLength: 1, maxLength: 6 }), (t, first, kws) => {
        // Texts recur across cases, so the prepared-text cache also carries lists scanned by earlier cases.
        expect(keywordLinesOf(t, kws, first)).toEqual(naive(t, kws));
      }),
      { numRuns: 2000 },
    );
  });
});
