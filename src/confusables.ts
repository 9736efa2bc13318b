// Letters from other scripts that read as Latin ones, for naming lookalike characters in messages.
// A deliberately small table (Cyrillic and Greek lowercase and uppercase homoglyphs of ASCII letters).

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

function scriptOf(ch: string): string {
  if (/\p{Script=Cyrillic}/u.test(ch)) return 'Cyrillic';
  if (/\p{Script=Greek}/u.test(ch)) return 'Greek';
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
    const to = TABLE[ch];
    if (to) out.push({ char: ch, codePoint: `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`, script: scriptOf(ch), looksLike: to, index });
    index += ch.length;
  }
  return out;
}

/** What a string reads as when its lookalikes are replaced by the letters they imitate. */
export function skeleton(s: string): string {
  let out = '';
  for (const ch of s) out += TABLE[ch] ?? ch;
  return out;
}
