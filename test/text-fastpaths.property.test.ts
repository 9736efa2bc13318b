// The text-scanning fast paths (one scanning pass, cheap exact paths for ASCII text) against the slow
// code they replace: each old implementation is kept here as the oracle, and arbitrary strings (astral characters,
// lone surrogates, ZWJ, CR, NUL, lookalike letters, combining marks, fences, list markers) must give the same result.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findLookalikes, lookalikeOf } from '../src/analysis/confusables.js';
import { mixedWords } from '../rules/lookalike.js';
import { foldLookalikes } from '../rules/injection-phrase.js';
import { firstInvisible, invisibleRegex } from '../src/core/unicode.js';
import { collect, type Ref } from '../rules/reference.js';
import { backtickCounter, inlineLinks } from '../src/analysis/links.js';
import { codeRanges, inRanges } from '../src/analysis/packs.js';
import { fencedBlocks, type FencedBlock } from '../src/analysis/fences.js';
import { bodyCodeRanges } from '../src/analysis/bodycode.js';
import type { SkillInput } from '../src/core/rule.js';

/** Pieces the fast paths branch on, so that arbitrary strings hit every branch often. */
const PIECES: readonly string[] = [
  'a', 'e', 'o', 'i', 'I', 'Z', 'x', 'gnore', 'ignore', 'previous', ' ', '  ', '\t', '\n', '\r', '\r\n', '\0', '\x01', '\x7f',
  // Cyrillic and Greek lookalikes, genuine words, Armenian and Cherokee letters
  '\u0430', '\u0435', '\u043e', '\u0456', '\u0410', '\u03bf', '\u03b1', '\u0395', 'Ελληνικά', 'русский', '\u0561', '\u0585', '\u13aa', '\u13a0',
  // characters of those blocks that are no letters: numeral sign, question mark, tonos, thousands sign, enclosing
  // marks, an unassigned code point, Armenian punctuation
  '\u0375', '\u037e', '\u0384', '\u0387', '\u0482', '\u0488', '\u0378', '\u055a', '\u0589',
  // marks, other letters, invisible characters
  '\u0301', '\u0300', 'é', 'ñ', 'ß', '中', '\u00ad', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u202e', '\u061c', '\ufe0f',
  // astral: letters, a mark, emoji, tag characters; lone and reversed surrogates
  '\u{1d400}', '\u{10400}', '\u{1d167}', '\u{1f600}', '\u{1f468}\u200d\u{1f469}', '\u{e0041}', '\u{e007f}', '\ud800', '\udc00', '\udc00\ud800', '\ud835',
  // Markdown structure
  '```', '~~~', '````', '`', '> ', '- ', '1. ', '* ', '    ', '<', '</skill>', '\uff1c', '\ufe64', '[a](b)', 'references/x.md', '#',
  // other non-ASCII
  '—', '“', '”', '\u00a0', '\u2028', '\u3000', 'ÿ', '\u0100',
];

const piece = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...PIECES) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
);
/** Strings built mostly from the pieces above. */
const text = fc.array(piece, { maxLength: 60 }).map((a) => a.join(''));
const runs = { numRuns: 3000 };

describe('foldLookalikes: only the words around imitating letters', () => {
  /** The old implementation: every word of the text through the fold. */
  const IMITATING = /[\u0370-\u03ff\u0400-\u04ff\u0530-\u058f\u13a0-\u13ff]/;
  function oracle(t: string): string | null {
    if (!IMITATING.test(t)) return null;
    let changed = false;
    const out = t.replace(/[\p{L}\p{M}]+/gu, (w) => {
      if (!/[A-Za-z]/.test(w) || !IMITATING.test(w)) return w;
      let f = '';
      for (const ch of w) {
        const l = ch.length === 1 ? lookalikeOf(ch) : undefined;
        f += l !== undefined && l.length === 1 ? l : ch;
      }
      if (f !== w) changed = true;
      return f;
    });
    return changed ? out : null;
  }

  it('equals folding every word, on arbitrary strings', () => {
    fc.assert(fc.property(text, (t) => {
      expect(foldLookalikes(t)).toBe(oracle(t));
    }), runs);
  });
  it('equals folding every word, on the examples the fast path branches on', () => {
    for (const t of ['\u0456gnore', 'ign\u043ere', '\u{1d400}\u0430b', 'a\u0301\u0430', '\ud800\u0430a', 'a\u0430\udc00', '\u0482a\u0430', 'Ελληνικά and \u0430pple', '\u0430', 'x\u200d\u0430y']) {
      expect(foldLookalikes(t), JSON.stringify(t)).toBe(oracle(t));
    }
    expect(foldLookalikes('\u0456gnore previous')).toBe('ignore previous');
  });
});

describe('firstInvisible: a plain-character search, then the table', () => {
  const byRegex = (s: string, from: number, nul: boolean): number => {
    const re = nul ? invisibleRegex('g') : new RegExp(`(?!\\0)${invisibleRegex().source}`, 'gu');
    re.lastIndex = from;
    return re.exec(s)?.index ?? -1;
  };
  it('finds what the invisible-character regex finds, from any offset, with and without NUL', () => {
    fc.assert(
      fc.property(text, fc.nat(80), fc.boolean(), (s, from, nul) => {
        const at = Math.min(from, s.length);
        expect(firstInvisible(s, at, nul)).toBe(byRegex(s, at, nul));
      }),
      runs,
    );
  });
});

describe('firstInvisible: answers from the start remembered per text', () => {
  const byRegex = (s: string, nul: boolean): number => {
    const re = nul ? invisibleRegex('g') : new RegExp(`(?!\\0)${invisibleRegex().source}`, 'gu');
    return re.exec(s)?.index ?? -1;
  };
  // Long enough to be remembered; a pool of texts asked in any order, with and without NUL (NUL first, NUL only, none).
  const long = fc.tuple(text, fc.constantFrom('', '\0', '\0\u200b', '\u200b\0', '\u{e0041}'), text).map(([a, mid, b]) => `${a}${' '.repeat(300)}${mid}${b}`);
  it('every question about any of the last texts gets the scan\'s answer', () => {
    fc.assert(
      fc.property(fc.array(long, { minLength: 1, maxLength: 12 }), fc.array(fc.tuple(fc.nat(), fc.boolean()), { maxLength: 40 }), (pool, asks) => {
        for (const [k, nul] of asks) {
          // A copy now and then: equal text, another string object.
          const s = k % 5 === 0 ? [...pool[k % pool.length]!].join('') : pool[k % pool.length]!;
          expect(firstInvisible(s, 0, nul)).toBe(byRegex(s, nul));
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('reference: backticks counted by jumps, definitions and bare paths only where their text occurs', () => {
  /** The old counter: every character from the last position asked. */
  function oldCounter(t: string): (at: number) => number {
    let tickPos = 0;
    let ticks = 0;
    return (at) => {
      for (; tickPos < at; tickPos++) {
        const c = t.charCodeAt(tickPos);
        if (c === 10) ticks = 0;
        else if (c === 96) ticks++;
      }
      return ticks;
    };
  }
  it('backtickCounter answers as the character loop for any sequence of positions (mostly increasing)', () => {
    fc.assert(
      fc.property(text, fc.array(fc.nat(300), { maxLength: 30 }), (t, asks) => {
        const a = backtickCounter(t);
        const b = oldCounter(t);
        const sorted = [...asks].sort((x, y) => x - y);
        // Sorted asks, then a few out of order (answered with the last count), past the end too.
        for (const at of [...sorted, ...asks.slice(0, 5)]) expect(a(at)).toBe(b(at));
      }),
      runs,
    );
  });

  /** The old collect: the same regexes over every text. */
  const DEFINITION = /^[ ]{0,3}\[(?!\^)[^\]\n]+\]:[ \t]*(<[^>\n]*>|\S+)/gm;
  const REFERENCES_PATH = /(?<![\w./-])((?:\.\/)?(?:references|scripts|assets)\/[\w.-]+(?:\/[\w.-]+)*)/g;
  function oldCollect(t: string, base: number): Ref[] {
    const code = codeRanges(t);
    const out: Ref[] = [];
    const ticksBefore = oldCounter(t);
    const spans: [number, number][] = [];
    const add = (index: number, raw: string, at: number, inlineCode: boolean) => {
      if (inRanges(code, index)) return;
      if (inlineCode) return;
      out.push({ target: raw.replace(/^<|>$/g, ''), start: base + at, end: base + at + raw.length, kind: 'link' });
    };
    for (const m of inlineLinks(t)) {
      spans.push([base + m.index, base + m.targetStart + m.target.length]);
      add(m.index, m.target, m.targetStart, (ticksBefore(m.index) & 1) === 1);
    }
    DEFINITION.lastIndex = 0;
    for (let m = DEFINITION.exec(t); m; m = DEFINITION.exec(t)) {
      const lineStart = t.lastIndexOf('\n', m.index) + 1;
      const odd = ((t.slice(lineStart, m.index).match(/`/g) ?? []).length & 1) === 1;
      add(m.index, m[1]!, m.index + m[0].lastIndexOf(m[1]!), odd);
    }
    const links = [...spans, ...out.map((r) => [r.start, r.end] as [number, number])].sort((a, b) => a[0] - b[0]);
    const inLink = (off: number) => {
      let lo = 0;
      let hi = links.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (links[mid]![0] <= off) lo = mid + 1;
        else hi = mid - 1;
      }
      for (let k = hi; k >= 0 && k >= hi - 1; k--) if (off < links[k]![1]) return true;
      return false;
    };
    REFERENCES_PATH.lastIndex = 0;
    for (let m = REFERENCES_PATH.exec(t); m; m = REFERENCES_PATH.exec(t)) {
      if (inRanges(code, m.index)) continue;
      const p = m[1]!.replace(/[.]+$/, '');
      const next = t.charAt(m.index + m[1]!.length);
      if (next !== '' && '<{[*'.includes(next)) continue;
      if (inLink(base + m.index)) continue;
      out.push({ target: p, start: base + m.index, end: base + m.index + p.length, kind: 'path' });
    }
    return out;
  }
  const LINKY = ['[a](references/x.md)', '[b]: scripts/y.sh', '  [c]: <assets/z.png>', '`', '``', '[^1]: note', 'references/a.md', './scripts/run.sh', 'assets/', ']:', '](', '(', ')', '\n', '```\n', 'x/references/q', '[d](../up.md "t")', '![', '././references/r', '../references/s', 'a./scripts/t', '.references/u', 'references/references/v', 'xassets/w', '-scripts/x', './', '.', '/', 'scripts', 'references', 'assets/a.b/c-d_e.', 'references/<n>.md', 'references/{t}'];
  const linky = fc.array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...LINKY) }, { weight: 2, arbitrary: piece }), { maxLength: 40 }).map((a) => a.join(''));
  it('collect finds what the old collect found', () => {
    fc.assert(
      fc.property(fc.oneof(linky, text), fc.nat(1000), (t, base) => {
        expect(collect(t, base)).toEqual(oldCollect(t, base));
      }),
      runs,
    );
  });
});

describe('fencedBlocks: plain lines skipped on their first character', () => {
  const BLOCKQUOTE = /^(?: {0,3}> ?)+/;
  const LIST_ITEM = /^([-*+]|\d{1,9}[.)])( {1,4}(?! )|\t|$)/;
  const FENCE = /^(`{3,}|~{3,})(.*)$/;
  const CLOSING = /^(`{3,}|~{3,})[ \t]*$/;
  function indentOf(s: string): { width: number; chars: number } {
    let width = 0;
    let i = 0;
    for (; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c === 0x20) width++;
      else if (c === 0x09) width += 4 - (width % 4);
      else break;
    }
    return { width, chars: i };
  }
  /** The old scanner: every line through the regexes. */
  function oracle(t: string, from = 0, to = t.length, firstLine = 1): FencedBlock[] {
    const out: FencedBlock[] = [];
    let open: { start: number; line: number; ch: string; len: number; base: number } | null = null;
    let listCol: number | null = null;
    let pos = from;
    let line = firstLine;
    while (pos < to) {
      let le = t.indexOf('\n', pos);
      if (le === -1 || le > to) le = to;
      const raw = t.slice(pos, le);
      const quote = BLOCKQUOTE.exec(raw);
      const rest = quote ? raw.slice(quote[0].length) : raw;
      const ind = indentOf(rest);
      const body = rest.slice(ind.chars);
      if (open) {
        const c = CLOSING.exec(body);
        if (c && c[1]![0] === open.ch && c[1]!.length >= open.len && ind.width <= open.base + 3) {
          out.push({ start: open.start, end: le, openLine: open.line, closeLine: line });
          open = null;
        }
      } else {
        let base = 0;
        let candidate = body;
        let width = ind.width;
        const item = LIST_ITEM.exec(body);
        if (item) {
          listCol = ind.width + item[1]!.length + (item[2] === '\t' ? 4 - ((ind.width + item[1]!.length) % 4) : item[2]!.length || 1);
          candidate = body.slice(item[0].length);
          base = listCol;
          width = listCol;
        } else if (body !== '') {
          if (listCol !== null && ind.width >= listCol) base = listCol;
          else listCol = null;
        }
        const f = FENCE.exec(candidate);
        if (f && width - base <= 3 && !(f[1]![0] === '`' && f[2]!.includes('`'))) open = { start: pos, line, ch: f[1]![0]!, len: f[1]!.length, base };
      }
      if (le >= to) break;
      pos = le + 1;
      line++;
    }
    if (open) out.push({ start: open.start, end: to, openLine: open.line, closeLine: null });
    return out;
  }
  const MD = ['```', '```sh', '~~~', '````', '``', '~~', '`', '\n', '\n', '\n', '  ', '   ', '    ', '\t', '> ', '>', '- ', '* ', '+ ', '1. ', '12) ', '1.', 'text', 'a`b', ' x', '\r', '\u2028', '\u00a0```'];
  const mdPieces = fc.array(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...MD) }, { weight: 1, arbitrary: piece }), { maxLength: 50 }).map((a) => a.join(''));
  /** Whole lines: list items, plain text that ends a list, fences indented so that the list decides. */
  const LINES = ['- item', '1. step', 'text', 'Text after', '', '  ```', '    ```', '     ```', '\t```', '```', '~~~~', '   ~~~', '> ```', '>    ```', '  continued', 'ü text', '  - nested', '```js `x`'];
  const mdLines = fc.array(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...LINES) }, { weight: 1, arbitrary: mdPieces }), { maxLength: 25 }).map((a) => a.join('\n'));
  const md = fc.oneof(mdPieces, mdLines);
  it('finds the blocks the old scanner found, over any range', () => {
    fc.assert(
      fc.property(fc.oneof(md, text), fc.nat(200), fc.nat(200), fc.nat(5), (t, a, b, first) => {
        const from = Math.min(a, t.length);
        const to = Math.max(from, Math.min(t.length, from + b));
        expect(fencedBlocks(t, from, to, first + 1)).toEqual(oracle(t, from, to, first + 1));
        expect(fencedBlocks(t)).toEqual(oracle(t));
      }),
      runs,
    );
  });
  it('a range scans as its slice does (so the body shares the file\'s scan from the body offset)', () => {
    fc.assert(
      fc.property(fc.oneof(md, text), fc.nat(200), (t, a) => {
        const from = Math.min(a, t.length);
        const shifted = fencedBlocks(t.slice(from)).map((x) => ({ ...x, start: x.start + from, end: x.end + from }));
        expect(fencedBlocks(t, from)).toEqual(shifted);
        // What tag-breakout and reference use: the file's scan from the body offset, in body offsets.
        const skill = { source: { normalized: t }, doc: { body: t.slice(from), bodyOffset: from } } as unknown as Pick<SkillInput, 'source' | 'doc'>;
        expect(bodyCodeRanges(skill)).toEqual(codeRanges(t.slice(from)));
      }),
      runs,
    );
  });
});

describe('lookalike: mixedWords skips text without a letter of another script', () => {
  const LATIN = /\p{Script=Latin}/u;
  const OTHER_LETTER = /(?!\p{Script=Latin})\p{L}/u;
  function oracle(s: string): string[] {
    const out: string[] = [];
    for (const w of s.match(/[\p{L}\p{M}\p{N}_-]+/gu) ?? []) {
      if (!LATIN.test(w) || !OTHER_LETTER.test(w)) continue;
      if (findLookalikes(w).some((l) => l.script !== 'Latin')) out.push(w);
    }
    return out;
  }
  it('finds the words the old scan found', () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(mixedWords(s)).toEqual(oracle(s));
      }),
      runs,
    );
  });
});
