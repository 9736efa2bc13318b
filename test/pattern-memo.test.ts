// analyzePattern and analyzeRedos remember their answers (skills of one repository repeat their
// activation patterns). What a memo must not change: the answer for a limit, what a caller can do to it, and the
// answer after eviction.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzePattern } from '../src/analysis/regex/pattern.js';
import { analyzeRedos } from '../src/analysis/regex/redos.js';

const plain = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

describe('activation pattern memo', () => {
  it('keys on the size limit too: the same pattern is too large under one limit and fine under another', () => {
    const p = '^(?:deploy|release)\\s+\\w{1,40}$';
    const big = analyzePattern(p, 10_000_000);
    const small = analyzePattern(p, 10);
    expect([big.verdict, small.verdict]).toEqual(['ok', 'too-large']);
    expect(analyzePattern(p, 10_000_000)).toBe(big);
    expect(analyzePattern(p, 10).verdict).toBe('too-large');
  });

  it('hands out frozen answers: a caller cannot change what the next skill is told', () => {
    const a = analyzePattern('^ship\\s+it$', 1_000_000);
    expect(() => {
      (a as { verdict: string }).verdict = 'invalid';
    }).toThrow(TypeError);
    expect(() => (a.warnings as unknown[]).push({})).toThrow(TypeError);
    const r = analyzeRedos(a.ast!);
    expect(() => {
      (r as { ambiguity: string }).ambiguity = 'eda';
    }).toThrow(TypeError);
    expect(analyzePattern('^ship\\s+it$', 1_000_000).verdict).toBe('ok');
  });

  it('answers as before after the memo evicted the pattern, for any pattern (fast-check)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-c()|*+?\\sw^$.[\]{}0-9,]{0,24}$/), (p) => {
        const first = plain(analyzePattern(p, 50_000));
        // More distinct patterns than the memo keeps: `p` is evicted and analysed again.
        for (let i = 0; i < 600; i++) analyzePattern(`^filler${i}$`, 50_000);
        const again = analyzePattern(p, 50_000);
        expect(plain(again)).toEqual(first);
        if (again.ast) expect(plain(analyzeRedos(again.ast))).toEqual(plain(analyzeRedos(analyzePattern(p, 50_000).ast!)));
      }),
      { numRuns: 40 },
    );
  });
});
