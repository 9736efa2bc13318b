// src/core/unicode.ts against oracles built from the Unicode property regexes it documents: every ASCII code point,
// a sample across the BMP and astral planes, and the first-invisible scan with and without NUL and its cache.

import { describe, expect, it } from 'vitest';
import {
  INVISIBLE_SOURCE,
  SHOWN_AS_CODE_POINT_SOURCE,
  codePointBefore,
  codePointTester,
  firstInvisible,
  foldCodePoint,
  invisibleRegex,
  isGap,
  isInvisible,
  isNameChar,
  isSeparator,
  isWhitespace,
} from '../src/core/unicode.js';

const WS = /^\p{White_Space}$/u;
const INV = new RegExp(`^${INVISIBLE_SOURCE}$`, 'u');
/** ASCII, the C1 block, and every 29th code point of the BMP and the tag/variation/private blocks. */
const SAMPLE = [
  ...Array.from({ length: 0x100 }, (_, i) => i),
  ...Array.from({ length: Math.floor(0x10000 / 29) }, (_, i) => i * 29).filter((c) => c < 0xd800 || c > 0xdfff),
  0x180b, 0x180e, 0x200b, 0x200d, 0x2028, 0x2060, 0x3000, 0x3164, 0xfe0f, 0xfeff, 0xffa0,
  0x1d173, 0xe0001, 0xe0041, 0xe007f, 0xe0100, 0xf0000, 0x1f600, 0x10ffff,
];

describe('code point classes', () => {
  it('isWhitespace, isInvisible and isGap follow the documented properties', () => {
    for (const cp of SAMPLE) {
      const ch = String.fromCodePoint(cp);
      const ws = WS.test(ch);
      const inv = INV.test(ch);
      expect([cp, isWhitespace(cp)]).toEqual([cp, ws]);
      expect([cp, isInvisible(cp)]).toEqual([cp, inv]);
      expect([cp, isGap(cp)]).toEqual([cp, ws || inv]);
      // Twice: the second answer comes from the cache.
      expect([cp, isInvisible(cp), isWhitespace(cp)]).toEqual([cp, inv, ws]);
    }
  });

  it('codePointTester remembers BMP answers and tests astral ones', () => {
    let calls = 0;
    const re = /^\p{Lu}$/u;
    const counting = { test: (s: string) => (calls++, re.test(s)) } as unknown as RegExp;
    const t = codePointTester(counting);
    expect([t(0x41), t(0x41), t(0x61), t(0x61)]).toEqual([true, true, false, false]);
    expect(calls).toBe(2);
    expect([t(0x1d400), t(0x1d400), t(0x1f600)]).toEqual([true, true, false]);
    expect(calls).toBe(5);
  });

  it('codePointBefore reads a surrogate pair whole, a lone half as itself', () => {
    const s = 'a😀b\udc00c\ud800';
    expect(codePointBefore(s, 1)).toBe(0x61);
    expect(codePointBefore(s, 3)).toBe(0x1f600);
    expect(codePointBefore(s, 2)).toBe(0xd83d);
    expect(codePointBefore(s, 5)).toBe(0xdc00);
    expect(codePointBefore('\udc00', 1)).toBe(0xdc00);
    expect(codePointBefore(s, 7)).toBe(0xd800);
  });

  it('foldCodePoint: ASCII upper to lower, NFKC and case folding beyond', () => {
    for (let cp = 0; cp < 0x80; cp++) expect(foldCodePoint(cp)).toBe(String.fromCharCode(cp).toLowerCase());
    expect([0x17f, 0x212a, 0x131, 0xff33, 0xfb06].map(foldCodePoint)).toEqual(['s', 'k', 'i', 's', 'st']);
    expect(foldCodePoint(0xff33)).toBe('s');
  });

  it('isNameChar and isSeparator', () => {
    const NAME = /^[\p{L}\p{N}\p{M}\p{Pc}\p{Pd}.:\u00b7]$/u;
    for (const cp of SAMPLE) {
      const ch = String.fromCodePoint(cp);
      expect([cp, isNameChar(ch)]).toEqual([cp, NAME.test(ch)]);
      expect([cp, isSeparator(ch)]).toEqual([cp, WS.test(ch) || /^[\p{Pd}\u2212]$/u.test(ch) || ch === '_']);
    }
  });
});

describe('firstInvisible', () => {
  const oracle = (s: string, from: number, nul: boolean): number => {
    const re = invisibleRegex('g');
    re.lastIndex = from;
    for (let m = re.exec(s); m; m = re.exec(s)) if (nul || m[0] !== '\0') return m.index;
    return -1;
  };
  const parts = ['a', ' ', '\t', '\n', '\0', '\u200b', '\u00a0', 'é', '😀', '\u{e0041}', '\x7f', '\x01', '\u2028', '\ud800', '\udc00', 'ﬆ'];

  it('agrees with the regex from every offset, with and without NUL, short and cached long texts', () => {
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    for (let k = 0; k < 300; k++) {
      const len = k % 3 === 0 ? 300 + rnd(200) : rnd(20);
      let s = '';
      for (let i = 0; i < len; i++) s += rnd(4) === 0 ? parts[rnd(parts.length)] : 'x';
      for (const order of [[true, false], [false, true]]) {
        const copy = (' ' + s).slice(1);
        for (const nul of order) expect([s.length, nul, firstInvisible(copy, 0, nul)]).toEqual([s.length, nul, oracle(s, 0, nul)]);
      }
      for (const from of [1, 2, Math.floor(s.length / 2)]) {
        if (from <= s.length) for (const nul of [true, false]) expect(firstInvisible(s, from, nul)).toBe(oracle(s, from, nul));
      }
    }
  });

  it('a long text with NUL first, then other invisibles, answers both ways from the cache', () => {
    const s = `${'x'.repeat(300)}\0${'y'.repeat(10)}\u200b`;
    expect(firstInvisible(s)).toBe(300);
    expect(firstInvisible(s, 0, false)).toBe(311);
    const t = `${'x'.repeat(300)}\u200b${'y'.repeat(10)}\0`;
    expect(firstInvisible(t, 0, false)).toBe(300);
    expect(firstInvisible(t)).toBe(300);
    const u = `${'x'.repeat(300)}\0`;
    expect(firstInvisible(u, 0, false)).toBe(-1);
    expect(firstInvisible(u)).toBe(300);
    const v = `${'x'.repeat(290)}\u200b${'x'.repeat(10)}\0`;
    expect(firstInvisible(v, 0, false)).toBe(290);
    expect(firstInvisible(v)).toBe(290);
    const w = `${'x'.repeat(300)}`;
    expect([firstInvisible(w, 0, false), firstInvisible(w)]).toEqual([-1, -1]);
    // More texts than the cache holds, then the first again: still right.
    const many = Array.from({ length: 12 }, (_, i) => `${'x'.repeat(300 + i)}\u200b`);
    for (const m of many) firstInvisible(m);
    expect(firstInvisible(many[0]!)).toBe(300);
    expect(firstInvisible(many[0]!, 0, false)).toBe(300);
  });

  it('a start inside a surrogate pair moves back to the pair', () => {
    const s = `a\u{e0041}b`;
    expect(firstInvisible(s, 2)).toBe(1);
    expect(firstInvisible('a😀\u200b', 2)).toBe(3);
  });
});

describe('sources', () => {
  it('SHOWN_AS_CODE_POINT_SOURCE: invisible, whitespace but the space, private use', () => {
    const re = new RegExp(`^${SHOWN_AS_CODE_POINT_SOURCE}$`, 'u');
    expect(['\u200b', '\t', '\n', '\u00a0', '\ue000', '\0'].every((c) => re.test(c))).toBe(true);
    expect([' ', 'a', 'é'].some((c) => re.test(c))).toBe(false);
    expect(invisibleRegex().flags).toBe('u');
    expect(invisibleRegex('g').flags).toBe('gu');
  });
});
