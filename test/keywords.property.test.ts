// The keyword index (pair table, keywords only recorded when found, lists scanned once per text) against the
// obvious definition: the start of every line that contains a keyword, lowercase, as a substring.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keywordLinesOf } from '../src/packs.js';

const ALPHABET = ['a', 'b', 'k', 'e', 'y', '$', '(', '\n', ' ', 'É', 'é', '𝒜', 'K'];
const text = fc.array(fc.constantFrom(...ALPHABET), { maxLength: 80 }).map((a) => a.join(''));
const keyword = fc
  .array(fc.constantFrom('a', 'b', 'k', 'e', 'y', '$', '(', 'é', '𝒜'), { minLength: 2, maxLength: 4 })
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

describe('keyword index', () => {
  it('finds exactly the lines holding a keyword', () => {
    fc.assert(
      fc.property(text, fc.array(keyword, { minLength: 1, maxLength: 6 }), (t, kws) => {
        expect(keywordLinesOf(t, kws)).toEqual(naive(t, kws));
      }),
      { numRuns: 2000 },
    );
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
