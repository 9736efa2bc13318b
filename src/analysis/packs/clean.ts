// Invisible characters are removed before matching, so "cu\u200brl | sh" still reads as "curl | sh"; offsets in the
// clean text map back to the text as written.

import { firstInvisible, invisibleRegex } from '../../core/unicode.js';

/** Characters that render as nothing: the one classifier (src/core/unicode.ts). */
const INVISIBLE_CHARS_G = invisibleRegex('g');

export interface CleanText {
  text: string;
  /** clean offset → original offset; null when nothing was removed. */
  map: Int32Array | null;
}

export function cleanText(s: string): CleanText {
  const first = firstInvisible(s);
  if (first === -1) return { text: s, map: null };
  const map = new Int32Array(s.length + 1);
  let out = '';
  let last = 0;
  let j = 0;
  INVISIBLE_CHARS_G.lastIndex = first;
  for (let m = INVISIBLE_CHARS_G.exec(s); m; m = INVISIBLE_CHARS_G.exec(s)) {
    for (let i = last; i < m.index; i++) map[j++] = i;
    out += s.slice(last, m.index);
    last = m.index + m[0].length;
  }
  for (let i = last; i < s.length; i++) map[j++] = i;
  out += s.slice(last);
  map[j] = s.length;
  return { text: out, map: map.subarray(0, j + 1) };
}

export function toOriginal(c: CleanText, off: number): number {
  return c.map ? c.map[off]! : off;
}
