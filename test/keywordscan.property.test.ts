// The Aho-Corasick keyword scan (src/analysis/keywordscan.ts) against the pair-table scan it replaced (kept here as
// the reference, as it was in src/analysis/packs.ts at 827bc9c) and the obvious definition, with the real pack
// keywords; and the payload-trigger hint the same pass gives payloadsOf.
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { keywordScanner, lowerUnitTable, scanKeywords } from '../src/analysis/keywordscan.js';
import { lowerKeepingOffsets } from '../src/analysis/packs.js';
import { findPayloads, PAYLOAD_TRIGGERS } from '../src/analysis/decode.js';
import { triggerFreeOf } from '../src/analysis/packs.js';
import { firstInvisible } from '../src/core/unicode.js';

const packDir = path.join(__dirname, '..', 'rules', 'packs');
const KEYWORDS: string[] = [
  ...new Set(
    fs
      .readdirSync(packDir)
      .filter((f) => f.endsWith('.yaml'))
      .flatMap((f) => (parse(fs.readFileSync(path.join(packDir, f), 'utf8')) as { rules: { keywords: string[] }[] }).rules.flatMap((r) => r.keywords)),
  ),
  // The pair-table scan indexed keywords by their first two characters, so it takes none shorter; one-character
  // keywords (a pack's '@') are checked against the plain oracle in the next test.
].filter((k) => k.length >= 2);

// The scan it replaced: candidates by their first two characters, long ones also by a hash of the first four.
function hash4(a: number, b: number, c: number, d: number): number {
  return ((((((a << 5) ^ b) << 5) ^ c) << 5) ^ d) & 0xffff;
}
function pairTableScan(lower: string, keywords: readonly string[]): Map<string, number[]> {
  const ascii = new Uint16Array(128 * 128);
  const other = new Map<number, number>();
  const short: string[][] = [];
  const long: string[][] = [];
  const quad = new Uint8Array(65536);
  for (const k of keywords) {
    const c0 = k.charCodeAt(0);
    const c1 = k.charCodeAt(1);
    const isAscii = c0 < 128 && c1 < 128;
    let slot = isAscii ? ascii[c0 * 128 + c1]! : (other.get(c0 * 65536 + c1) ?? 0);
    if (slot === 0) {
      short.push([]);
      long.push([]);
      slot = short.length;
      if (isAscii) ascii[c0 * 128 + c1] = slot;
      else other.set(c0 * 65536 + c1, slot);
    }
    if (k.length < 4) short[slot - 1]!.push(k);
    else {
      long[slot - 1]!.push(k);
      quad[hash4(c0, c1, k.charCodeAt(2), k.charCodeAt(3))] = 1;
    }
  }
  const hits = new Map<string, number[]>();
  const len = lower.length;
  let ls = 0;
  const record = (k: string) => {
    const arr = hits.get(k);
    if (arr === undefined) hits.set(k, [ls]);
    else if (arr[arr.length - 1] !== ls) arr.push(ls);
  };
  let c = len > 0 ? lower.charCodeAt(0) : 0;
  for (let i = 0; i < len - 1; i++) {
    const next = lower.charCodeAt(i + 1);
    if (c === 10) ls = i + 1;
    else {
      const slot = c < 128 && next < 128 ? ascii[c * 128 + next]! : (other.get(c * 65536 + next) ?? 0);
      if (slot !== 0) {
        for (const k of short[slot - 1]!) if (k.length === 2 || lower.startsWith(k, i)) record(k);
        const l4 = long[slot - 1]!;
        if (l4.length > 0 && i + 3 < len && quad[hash4(c, next, lower.charCodeAt(i + 2), lower.charCodeAt(i + 3))] === 1) {
          for (const k of l4) if (lower.startsWith(k, i)) record(k);
        }
      }
    }
    c = next;
  }
  return hits;
}

function automatonScan(lower: string, keywords: readonly string[]): Map<string, number[]> {
  const lines = scanKeywords(scanner(keywords), lower, null);
  const out = new Map<string, number[]>();
  lines.forEach((l, i) => {
    if (l !== undefined) out.set(keywords[i]!, l);
  });
  return out;
}

const scanners = new Map<readonly string[], ReturnType<typeof keywordScanner>>();
function scanner(keywords: readonly string[]) {
  let s = scanners.get(keywords);
  if (!s) scanners.set(keywords, (s = keywordScanner(keywords)));
  return s;
}

const sorted = (m: Map<string, number[]>) => [...m.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));

/** Texts from pieces of the keywords (whole, cut, upper-cased, run together) and noise, and arbitrary strings. */
const NOISE = [' ', '\n', '\r\n', '\t', '|', '"', "'", '\\', '$', '(', '-', '.', '/', 'İ', 'K', '\u200b', 'é', 'É', '𝒜', '𐐀', 'Σ', 'ΑΣ', 'ſ', 'И', 'x', 'a', 'e'];
function textOf(keywords: readonly string[]) {
  return fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 60 }),
    fc
      .array(
        fc.oneof(
          fc.constantFrom(...keywords),
          fc.constantFrom(...keywords).map((k) => k.toUpperCase()),
          fc.constantFrom(...keywords).chain((k) => fc.integer({ min: 1, max: k.length }).map((n) => k.slice(0, n))),
          fc.constantFrom(...keywords).chain((k) => fc.integer({ min: 0, max: k.length - 1 }).map((n) => k.slice(n))),
          fc.constantFrom(...NOISE),
        ),
        { maxLength: 40 },
      )
      .map((a) => a.join('')),
  );
}

describe('keyword automaton', () => {
  it('finds the same keywords on the same lines as the pair-table scan, with the real pack keywords', () => {
    expect(KEYWORDS.length).toBeGreaterThan(100);
    let found = 0;
    fc.assert(
      fc.property(textOf(KEYWORDS), (t) => {
        const lower = t.toLowerCase();
        const want = pairTableScan(lower, KEYWORDS);
        found += want.size;
        expect(sorted(automatonScan(lower, KEYWORDS))).toEqual(sorted(want));
      }),
      { numRuns: 3000 },
    );
    expect(found).toBeGreaterThan(3000);
  });

  it('finds exactly the lines holding each keyword (small alphabets: overlaps, prefixes, suffixes)', () => {
    const kw = fc.array(fc.constantFrom('a', 'b', 'ab', 'é', '𝒜', ' ', '\\'), { minLength: 1, maxLength: 4 }).map((a) => a.join(''));
    fc.assert(
      fc.property(
        fc.uniqueArray(kw, { minLength: 1, maxLength: 6 }),
        fc.array(fc.constantFrom('a', 'b', 'é', '𝒜', ' ', '\\', '\n', 'c'), { maxLength: 40 }).map((a) => a.join('')),
        (kws, t) => {
          const want = new Map<string, number[]>();
          for (const k of kws) {
            let start = 0;
            for (const line of t.split('\n')) {
              if (line.includes(k)) want.set(k, [...(want.get(k) ?? []), start]);
              start += line.length + 1;
            }
          }
          expect(sorted(automatonScan(t, kws))).toEqual(sorted(want));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('reads the text as written through its lowercase tables exactly as the text lowercased (lowerKeepingOffsets)', () => {
    // Folded: the real keywords. Not foldable (σ, a surrogate): the scanner lowercases the text itself.
    const lists = [KEYWORDS, ['σας', 'aσ', 'ab'], ['𐐨x', 'éé', 'xx']];
    for (const kws of lists) {
      fc.assert(
        fc.property(textOf(kws), (t) => {
          const lower = lowerKeepingOffsets(t);
          const fold = lower === t.toLowerCase() ? 'full' : 'ascii';
          expect(scanKeywords(scanner(kws), t, null, fold)).toEqual(scanKeywords(scanner(kws), lower, null));
        }),
        { numRuns: 1500 },
      );
    }
  });

  it('has U+0130 as the one code point String#toLowerCase lengthens (what "full" folding relies on)', () => {
    const longer: number[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      if (ch.toLowerCase().length !== ch.length) longer.push(cp);
    }
    expect(longer).toEqual([0x130]);
  });

  it('builds its lowercase table (by blocks) as each code unit lowercased alone', () => {
    const table = lowerUnitTable();
    const differ: number[] = [];
    for (let u = 0; u < 65536; u++) {
      const l = String.fromCharCode(u).toLowerCase();
      if (table[u] !== (l.length === 1 ? l.charCodeAt(0) : u)) differ.push(u);
    }
    expect(differ).toEqual([]);
    // Not the identity: the table does lowercase (A, Σ, Cyrillic Д, fullwidth Ａ), and keeps U+0130 as itself.
    expect([0x41, 0x3a3, 0x414, 0xff21, 0x130].map((u) => table[u]!.toString(16))).toEqual(['61', '3c3', '434', 'ff41', '130']);
  });

  it('records only the keywords asked for', () => {
    fc.assert(
      fc.property(textOf(KEYWORDS), fc.array(fc.boolean(), { minLength: KEYWORDS.length, maxLength: KEYWORDS.length }), (t, mask) => {
        const lower = t.toLowerCase();
        const all = scanKeywords(scanner(KEYWORDS), lower, null);
        const some = scanKeywords(scanner(KEYWORDS), lower, Uint8Array.from(mask, (b) => (b ? 1 : 0)));
        expect(KEYWORDS.map((_, i) => some[i])).toEqual(KEYWORDS.map((_, i) => (mask[i] ? all[i] : undefined)));
      }),
      { numRuns: 300 },
    );
  });
});

describe('payload trigger hint', () => {
  const pieces = [...PAYLOAD_TRIGGERS, ...KEYWORDS.slice(0, 40)];
  it('says "no trigger" only when findPayloads finds none, and whenever the plain test says so', () => {
    let free = 0;
    fc.assert(
      fc.property(textOf(pieces), (t) => {
        const lower = t.toLowerCase();
        const none = !PAYLOAD_TRIGGERS.some((k) => lower.includes(k));
        const hint = triggerFreeOf(t, KEYWORDS);
        if (hint) {
          free++;
          expect(none).toBe(true);
          expect(findPayloads(t)).toEqual([]);
        }
        // Unless invisible characters were removed or the text lowercases longer (İ), the hint is given.
        if (none && !t.includes('\u0130') && firstInvisible(t) === -1) expect(hint).toBe(true);
      }),
      { numRuns: 2000 },
    );
    expect(free).toBeGreaterThan(100);
  });
});

describe('remote-exec trigger literals', () => {
  it('hold every TRIGGER match: a line the regex matches is a line the keyword pass lists', async () => {
    const { TRIGGER, TRIGGER_LITERALS } = await import('../rules/remote-exec.js');
    const { literalLines } = await import('../src/analysis/packs.js');
    const words = ['curl', 'wget', 'fetch', 'iwr', 'irm', 'invoke-web', 'invoke-rest', 'npx', 'bunx', 'pnpx', 'deno', 'pip', 'npm', 'pnpm', 'yarn', 'uv ', 'poetry', 'aria2c', 'xh', 'http', 'https', 'x'];
    const variants = fc.constantFrom(...words).chain((w) => fc.integer({ min: 0, max: 2 ** 12 - 1 }).map((mask) => [...w].map((ch, i) => ((mask >> i) & 1 ? ch.toUpperCase() : ch)).join('')));
    const t = fc.array(fc.oneof(variants, fc.constantFrom(' ', '\n', '-', '_', 'K', 'İ', 'ſ', '\u200b', 'a', '2', '\t'), fc.string({ maxLength: 3 })), { maxLength: 30 }).map((a) => a.join(''));
    let matched = 0;
    fc.assert(
      fc.property(t, (text) => {
        const lines = literalLines({ normalized: text }, TRIGGER_LITERALS);
        if (lines === null) return;
        let start = 0;
        for (const line of text.split('\n')) {
          if (TRIGGER.test(line)) {
            matched++;
            expect(lines, JSON.stringify(line)).toContain(start);
          }
          start += line.length + 1;
        }
      }),
      { numRuns: 3000 },
    );
    expect(matched).toBeGreaterThan(1000);
  });
});
