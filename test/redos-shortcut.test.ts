// The ReDoS analysis shortcut (no compound unbounded repetition → no exponential ambiguity) must agree with the
// full product-automaton analysis on every pattern.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findAmbiguity, hasCompoundLoop } from '../src/analysis/regex/redos.js';
import { parseRustRegex } from '../src/analysis/regex/syntax.js';

const atom = fc.constantFrom('a', 'b', '\\s', '\\w', '\\d', '.', '[ab]', '[^a]', '\\b', '^', '$', '(?i)x', 'é');
const quant = fc.constantFrom('', '', '*', '+', '?', '{2}', '{1,3}', '{2,}', '+?', '*?');
function pattern(depth: number): fc.Arbitrary<string> {
  const piece: fc.Arbitrary<string> =
    depth === 0
      ? fc.tuple(atom, quant).map(([a, q]) => a + q)
      : fc.oneof(
          fc.tuple(atom, quant).map(([a, q]) => a + q),
          fc.tuple(pattern(depth - 1), quant, fc.constantFrom('(', '(?:')).map(([p, q, g]) => `${g}${p})${q}`),
          fc.tuple(pattern(depth - 1), pattern(depth - 1), quant).map(([x, y, q]) => `(?:${x}|${y})${q}`),
        );
  return fc.array(piece, { minLength: 1, maxLength: 4 }).map((ps) => ps.join(''));
}

describe('findAmbiguity shortcut', () => {
  it('agrees with the full analysis whenever it applies', () => {
    let applied = 0;
    fc.assert(
      fc.property(pattern(2), (p) => {
        const r = parseRustRegex(p);
        if (!r.ok) return;
        if (hasCompoundLoop(r.ast)) return;
        applied++;
        expect(findAmbiguity(r.ast, { shortcut: false })).toBeNull();
      }),
      { numRuns: 1500 },
    );
    expect(applied).toBeGreaterThan(100);
  });

  it('does not apply to the classic exponential patterns', () => {
    for (const p of ['(a+)+$', '(a|aa)+', '(\\w+\\s?)*$', '(?:a|a)*', '(a*)*b']) {
      const r = parseRustRegex(p);
      expect(r.ok && hasCompoundLoop(r.ast)).toBe(true);
      expect(r.ok && findAmbiguity(r.ast)).not.toBeNull();
    }
  });
});
