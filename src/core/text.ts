// Small text helpers shared by rules and formatters: visible quoting, edit distance, byte length.

import { SHOWN_AS_CODE_POINT_SOURCE } from './unicode.js';

/** Characters shown as <U+XXXX> when quoting: every invisible character (src/core/unicode.ts), whitespace other than
 *  the space, private use. */
const INVISIBLE = new RegExp(SHOWN_AS_CODE_POINT_SOURCE, 'gu');

/** `n.toLocaleString('en-US')` for an integer ("12,345"), without Intl: the first toLocaleString of a process
 *  loads ICU's number formatting, ~70–150 ms, more than a one-skill check costs. Other numbers go to
 *  toLocaleString itself. */
export function thousands(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n));
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return n < 0 || Object.is(n, -0) ? `-${out}` : out;
}

export function codePointLabel(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Make invisible and control characters visible: "a\u200bb" → "a<U+200B>b". Tabs and newlines included. */
export function visible(s: string): string {
  return s.replace(INVISIBLE, (c) => `<${codePointLabel(c.codePointAt(0)!)}>`);
}

/** Quote a value for a message, invisible characters made visible, long values shortened. */
export function quote(s: string, max = 80): string {
  const v = visible(s);
  return JSON.stringify(v.length > max ? `${v.slice(0, max - 1)}…` : v);
}

export function utf8Length(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/** Levenshtein distance, bounded: returns limit + 1 as soon as the distance exceeds `limit`. */
export function editDistance(a: string, b: string, limit = 3): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > limit) return limit + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

/** The closest candidate within distance 2 (case-insensitive, `_`/`-` equivalent), or null. */
export function didYouMean(word: string, candidates: readonly string[]): string | null {
  const norm = (s: string) => s.toLowerCase().replace(/_/g, '-');
  let best: string | null = null;
  let bestD = 3;
  for (const c of candidates) {
    const d = editDistance(norm(word), norm(c), 2);
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best;
}

/** "1 error", "2 errors". */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Describe a YAML/JSON value's type for "expected X, got Y" messages. */
export function typeName(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a mapping';
  if (typeof v === 'string') return 'a string';
  if (typeof v === 'number') return 'a number';
  if (typeof v === 'boolean') return 'a boolean';
  return typeof v;
}
