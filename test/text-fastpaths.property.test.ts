// The text-scanning fast paths of issue 20 (one scanning pass, cheap exact paths for ASCII text) against the slow
// code they replace: each old implementation is kept here as the oracle, and arbitrary strings (astral characters,
// lone surrogates, ZWJ, CR, NUL, lookalike letters, combining marks, fences, list markers) must give the same result.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lookalikeOf } from '../src/analysis/confusables.js';
import { foldLookalikes } from '../rules/injection-phrase.js';

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
