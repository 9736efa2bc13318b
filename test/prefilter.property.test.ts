// The literal prefilter must never skip a line RE2 matches: for every pack pattern, on lines made from the packs'
// own examples, keywords and troublesome characters (ſ and K fold to s and k, İ lowercases to two characters,
// zero-width and case changes), an RE2 match implies the required literals are in the lowercased line.
import fc from 'fast-check';
import * as fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadPack, lowerKeepingOffsets } from '../src/analysis/packs.js';
import { packsDir } from '../src/node/packs.js';
import { compileRe2, disposeRe2, type Re2Regex } from '../src/analysis/re2.js';
import { requiredLiterals, satisfies } from '../src/analysis/regex/prefilter.js';
import { parseRustRegex } from '../src/analysis/regex/syntax.js';

const entries = fs
  .readdirSync(packsDir())
  .filter((f) => f.endsWith('.yaml'))
  .flatMap((f) => loadPack(f.slice(0, -5)).rules);
const patterns = entries.flatMap((e) => e.patterns.map((p) => ({ id: e.id, p })));
const fragments = [...new Set(entries.flatMap((e) => [...e.examples.match, ...e.examples.nomatch, ...e.keywords]))];
const ODD = ['ſ', 'K', 'İ', 'Krm', 'é', 'xrm', '_rm', 'ı', '\u200b', 'é', 'Σ', ' ', '\t', '-', '/', '"', "'", '$', '{', '}', '~', '.', 'x'];

const swapCase = (s: string, mask: number) => [...s].map((ch, i) => ((mask >> i % 30) & 1 ? ch.toUpperCase() : ch.toLowerCase())).join('');
const line = fc
  .tuple(
    fc.array(fc.oneof(fc.constantFrom(...fragments), fc.constantFrom(...ODD), fc.string({ maxLength: 4 })), { minLength: 1, maxLength: 6 }),
    fc.constantFrom(' ', ''),
    fc.integer({ min: 0, max: 2 ** 30 - 1 }),
    fc.boolean(),
  )
  .map(([parts, joiner, mask, swap]) => {
    const s = parts.join(joiner);
    return (swap ? swapCase(s, mask) : s).replace(/\n/g, ' ');
  });

describe('literal prefilter', () => {
  // Every pack pattern compiled at once, each DFA cache growing with the lines it sees: re2-wasm's fixed 16 MiB heap
  // can run out (how full depends on the random lines). An out-of-memory error frees every regex of this file, which
  // is compiled again at its next use, and the call runs again; nothing else is retried.
  const held = new Set<{ re: Re2Regex | null }>();
  const freeAll = () => {
    for (const h of held) {
      if (h.re) disposeRe2(h.re);
      h.re = null;
    }
  };
  const oom = (e: unknown) => /\bOOM\b|Cannot enlarge memory/.test(String((e as Error)?.message ?? e));
  const compile = (p: string): Re2Regex => {
    let r = compileRe2(p);
    if (!r.ok && oom(r.error)) {
      freeAll();
      r = compileRe2(p);
    }
    if (!r.ok) throw new Error(`${p}: ${r.error}`);
    return r.regex;
  };
  const run = <T>(f: () => T): T => {
    try {
      return f();
    } catch (e) {
      if (!oom(e)) throw e;
      freeAll();
      return f();
    }
  };
  const compiled = patterns.map(({ id, p }) => {
    const r = parseRustRegex(p);
    const c = { id, p, req: r.ok ? requiredLiterals(r.ast) : [], re: null as Re2Regex | null, get regex(): Re2Regex { return (this.re ??= compile(this.p)); } };
    held.add(c);
    return c;
  });
  const matchesLine = (c: (typeof compiled)[number], l: string): boolean => run(() => {
    const re = c.regex;
    re.lastIndex = 0;
    return re.test(l);
  });
  // re2-wasm's heap is fixed (16 MiB) and each regex's DFA cache grows with the lines it has seen: running every
  // pack pattern on thousands of random lines fills it. Recompiling now and then frees the caches (the product runs
  // a pattern only on the lines its prefilter passes).
  let runs = 0;
  const refresh = () => {
    if (++runs % 200 === 0) freeAll();
  };

  it('reads pack patterns as RE2 does: no class set operations, which Rust syntax has and RE2 takes literally', () => {
    // The prefilter parses RE2 patterns with the Rust-syntax parser; `[a&&b]`, `[a--b]`, `[a~~b]` would mean
    // different sets there. A pack pattern that needs them must be written another way (or this check extended).
    const classes = (p: string) => p.match(/\[(?:\\.|[^\]\\])*\]/g) ?? [];
    expect(patterns.filter(({ p }) => classes(p).some((c) => /&&|--|~~/.test(c))).map(({ id }) => id)).toEqual([]);
  });

  it('finds literals for most pack patterns (else it filters nothing)', () => {
    expect(compiled.filter((c) => c.req.length > 0).length).toBeGreaterThan(patterns.length * 0.8);
  });

  it('passes every pack example that matches', () => {
    for (const e of entries) {
      for (const ex of e.examples.match) {
        for (const c of compiled.filter((x) => x.id === e.id)) {
          for (const l of ex.split('\n')) if (matchesLine(c, l)) expect(satisfies(c.req, lowerKeepingOffsets(l), l), `${e.id}: ${l}`).toBe(true);
        }
      }
    }
  });

  // 3,000 generated lines through every pack pattern in RE2 (WebAssembly): 30-50 s on a quiet two-core machine, more
  // under load. The timeout guards against a hang; it measures nothing.
  it('never rejects a line RE2 matches', { timeout: 300_000 }, () => {
    let matched = 0;
    fc.assert(
      fc.property(line, (l) => {
        refresh();
        const lower = lowerKeepingOffsets(l);
        for (const c of compiled) {
          if (!matchesLine(c, l)) continue;
          matched++;
          expect(satisfies(c.req, lower, l), `${c.id} on ${JSON.stringify(l)}`).toBe(true);
        }
      }),
      { numRuns: 3000 },
    );
    // The generated lines do match: the property is not vacuous.
    expect(matched).toBeGreaterThan(500);
  });

  it('reads \\b as RE2 does (ASCII): a word must start there, and K before it is no word character', () => {
    const { ast } = parseRustRegex('\\brm[ \\t]+-rf') as { ok: true; ast: never };
    const req = requiredLiterals(ast);
    const re = { regex: compile('\\brm[ \\t]+-rf') };
    for (const [l, matches] of [
      ['terraform -rf', false],
      ['rm -rf /', true],
      ['x; rm -rf', true],
      ['\u212Arm -rf', true],
      ['érm -rf', true],
      ['_rm -rf', false],
    ] as const) {
      expect(re.regex.test(l), l).toBe(matches);
      expect(satisfies(req, lowerKeepingOffsets(l), l), l).toBe(matches);
    }
  });

  it('is sound for case-insensitive s and k, which RE2 also matches as ſ and K', () => {
    const { ast } = parseRustRegex('(?i)secret key') as { ok: true; ast: never };
    const req = requiredLiterals(ast);
    const re = { regex: compile('(?i)secret key') };
    for (const l of ['ſecret Key', 'SECRET KEY', 'secret key']) {
      expect(re.regex.test(l)).toBe(true);
      expect(satisfies(req, lowerKeepingOffsets(l))).toBe(true);
    }
    expect(satisfies(req, 'nothing here')).toBe(false);
  });

  it('takes literals of caseless scripts (CJK, kana, Hangul), so an English "ignore" line does not run the CJK patterns', () => {
    const cjk = compiled.filter((c) => /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7a3]/.test(c.p));
    expect(cjk.length).toBeGreaterThan(2);
    const withLiterals = cjk.filter((c) => c.req.some((clause) => clause.some((x) => /[^\x00-\x7f]/.test(x))));
    expect(withLiterals.length).toBeGreaterThan(2);
    for (const c of withLiterals) expect(satisfies(c.req, 'please ignore the previous instructions'), c.p).toBe(false);
    // Sound on lines made of those scripts' characters, the patterns' own pieces and case-changing ones.
    const pieces = [...new Set(withLiterals.flatMap((c) => c.req.flat()))];
    const cjkLine = fc.array(fc.oneof(fc.constantFrom(...pieces), fc.constantFrom('の', 'を', 'すべての', '的', '所有', ' ', 'İ', 'Σ', 'ſ', '\u200b', '의', '모든'), fc.string({ maxLength: 2 })), { maxLength: 12 }).map((a) => a.join(''));
    let matched = 0;
    fc.assert(
      fc.property(cjkLine, (l) => {
        refresh();
        for (const c of withLiterals) {
          if (!matchesLine(c, l)) continue;
          matched++;
          expect(satisfies(c.req, lowerKeepingOffsets(l), l), `${c.id} on ${JSON.stringify(l)}`).toBe(true);
        }
      }),
      { numRuns: 3000 },
    );
    expect(matched).toBeGreaterThan(50);
  });
});
