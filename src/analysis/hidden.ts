// Hidden-Unicode analysis (the hidden-unicode rule): finds characters that render as nothing (or reorder what renders) and decides, from
// context, whether they are benign (emoji ZWJ sequences, subdivision flags, ZWJ/ZWNJ in scripts that need them,
// bidi marks in right-to-left text) or hide something (tag-character text, variation-selector payloads, bidi
// overrides that reorder visible text, runs or swarms of zero-width characters).

import { codePointLabel, visible } from '../core/text.js';
import { codePointTester, firstInvisible, INVISIBLE_SOURCE, isInvisible, isWhitespace } from '../core/unicode.js';
import { fencedBlocks } from './fences.js';
import type { Confidence, Severity } from '../core/types.js';
import type { MessageData } from '../core/rule.js';

export type HiddenKind = 'tags' | 'flag-tags' | 'selectors' | 'letter-selectors' | 'emoji-selector' | 'bidi-override' | 'bidi-reorder' | 'bidi-control' | 'zero-width-run' | 'zero-width-fence' | 'zero-width-named' | 'zero-width-boundary' | 'zero-width-spread' | 'mojibake' | 'stray-control' | 'zero-width';

/** The message of a finding: a key of the hidden-unicode rule's meta.messages, where the wording is. */
export type HiddenMessageId =
  | 'tags'
  | 'tagsEmpty'
  | 'flagTag'
  | 'flagTags'
  | 'letterSelectors'
  | 'letterSelectorsDecoded'
  | 'selectors'
  | 'selectorsDecoded'
  | 'emojiSelector'
  | 'bidiOverride'
  | 'bidiReorder'
  | 'bidiControl'
  | 'zeroWidthRun'
  | 'zeroWidthSwarm'
  | 'zeroWidthFence'
  | 'strayControl'
  | 'zeroWidthNamed'
  | 'zeroWidthBoundary'
  | 'zeroWidthData'
  | 'zeroWidthSpread'
  | 'mojibake'
  | 'zeroWidth';

export interface HiddenFinding {
  /** What was found: findings of one kind are grouped when a file has many (rules/hidden-unicode.ts). */
  kind: HiddenKind;
  /** Offsets in the scanned text. */
  start: number;
  end: number;
  severity: Severity;
  confidence: Confidence;
  messageId: HiddenMessageId;
  /** The values of the message's placeholders (built when read). */
  data: MessageData;
}

/** Candidates: the characters that render as nothing (the one classifier, src/core/unicode.ts), except NUL, which the
 *  encoding rule reports. */
const CANDIDATE = new RegExp(`(?!\\0)${INVISIBLE_SOURCE}`, 'gu');
/** Visible text: a character that is neither whitespace nor invisible. */
const VISIBLE_CHAR = new RegExp(`(?!\\s)(?!${INVISIBLE_SOURCE})[^]`, 'u');

const isTag = (cp: number) => cp >= 0xe0000 && cp <= 0xe007f;
const isVS = (cp: number) => (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef);
const BIDI_OPEN = new Set([0x202a, 0x202b, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068]);
const BIDI_OVERRIDE = new Set([0x202d, 0x202e]);
const BIDI_CLOSE = new Set([0x202c, 0x2069]);
const BIDI_MARK = new Set([0x200e, 0x200f, 0x061c]);
/** The controls that open a left-to-right run without overriding: LRE and LRI. */
const LTR_OPEN = new Set([0x202a, 0x2066]);
/** What can give text a right-to-left level (Unicode Bidirectional Algorithm, UAX #9): the right-to-left controls
 *  (RLE, RLO, RLI), FSI (which takes the direction of what it holds), the right-to-left marks (RLM, ALM), and every
 *  character of the blocks whose default bidi class is R or AL (Hebrew to Arabic Extended, the Hebrew and Arabic
 *  presentation forms, the right-to-left historic and Adlam ranges of the supplementary planes). Whole blocks: more
 *  than the R and AL characters, never fewer. */
const RTL_ANY = /[\u202b\u202e\u2067\u2068\u200f\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;
const ZW_JOINERS = new Set([0x200c, 0x200d]);

/** Scripts whose words need ZWJ/ZWNJ (Persian, Arabic, Indic, South-East Asian ...). */
const JOINING_SCRIPT = /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Myanmar}\p{Script=Khmer}\p{Script=Lao}\p{Script=Thai}\p{Script=Tibetan}\p{Script=Mongolian}\p{Script=Hebrew}]/u;
/** Visible right-to-left text (U+061C ARABIC LETTER MARK is Arabic script too, but invisible: it is no RTL text). */
const RTL_TEXT = new RegExp(`(?!${INVISIBLE_SOURCE})[\\p{Script=Arabic}\\p{Script=Hebrew}\\p{Script=Syriac}\\p{Script=Thaana}\\p{Script=Nko}]`, 'u');
const EMOJI = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\u20e3\ufe0f]/u;
const EMOJI_START = /[\p{Extended_Pictographic}\p{Regional_Indicator}]/u;
/** A pictograph: what U+FE0F (emoji presentation) is written after. */
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
/** Mathematical alphanumeric symbols (U+1D400–U+1D7FF: 𝑨, 𝐱, 𝔽 …): text rendered from a formula. */
const MATH_ALNUM = /[\u{1D400}-\u{1D7FF}]/u;
const isLetterCp = codePointTester(/^\p{L}$/u);
/** Punctuation that ends a word where the visible text marks the boundary itself: `_` in identifiers (pages put a
 *  wrap hint after it) and the punctuation of scripts written without spaces (`。`, `，`). Not `.` or `/`: a
 *  zero-width character after them splits a domain or a path (`evil.<ZW>com`), which filters then miss. */
const isBoundaryPunct = codePointTester(/^(?:_|(?![\x00-\x7f])\p{P})$/u);
/** An ATX heading line (CommonMark: up to three spaces, one to six `#`, then a space or the end). */
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]|$)/;

/** A run of consecutive zero-width characters this long carries data (binary steganography). */
export const ZW_RUN_ERROR = 4;
/** This many unexplained invisible characters on one line are a deliberate salting of the text. */
export const ZW_LINE_ERROR = 8;
/** A run of variation selectors this long is a data carrier (one byte per selector). */
export const VS_RUN_ERROR = 4;
/** This many zero-width characters that are each quiet alone (at a word boundary in prose) in one text are a
 *  salting spread over lines: each line stays under ZW_LINE_ERROR, together they can carry data. */
export const ZW_SPREAD_WARNING = 8;

/** A letter of a script written without spaces between words. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

function cpAt(s: string, i: number): number {
  return s.codePointAt(i) ?? -1;
}

function cpBefore(s: string, i: number): { cp: number; at: number } {
  if (i <= 0) return { cp: -1, at: -1 };
  const c = s.charCodeAt(i - 1);
  if (c >= 0xdc00 && c <= 0xdfff && i >= 2) return { cp: s.codePointAt(i - 2)!, at: i - 2 };
  return { cp: c, at: i - 1 };
}

/** A C0 or C1 control other than NUL (whitespace controls are never candidates). */
function isStrayControl(cp: number): boolean {
  return (cp > 0 && cp < 0x20) || (cp >= 0x7f && cp <= 0x9f);
}

/** The zero-width characters that examples of "invisible characters" show: ZWSP, ZWNJ, ZWJ, word joiner, BOM. */
function isZeroWidth(cp: number): boolean {
  return (cp >= 0x200b && cp <= 0x200d) || cp === 0x2060 || cp === 0xfeff;
}

/** The characters an example may show by name: the zero-width ones and the bidi marks (LRM, RLM, ALM), which are
 *  invisible letters of one direction; unlike embeddings, overrides and isolates they open no run that reorders
 *  the text after them. */
function isNamable(cp: number): boolean {
  return isZeroWidth(cp) || BIDI_MARK.has(cp);
}

/** Whether the line says in words which character it holds ("zero-width space", "ZWSP", "U+200B", "LRM"). */
function namesCharacter(line: string, cps: readonly number[]): boolean {
  // A bidi mark is named by its own name: a line about zero-width characters does not name it.
  if (cps.some((cp) => BIDI_MARK.has(cp))) {
    if (/\b(?:LRM|RLM|ALM)\b|(?:left-to-right|right-to-left|arabic letter) mark/i.test(line)) return true;
  } else if (/zero[- ]?width|\bZW(?:SP|NJ|J|NBSP)\b|word[- ]joiner|invisible (?:character|char|space)/i.test(line)) return true;
  // The byte-order mark by its own name ("a BOM-only token", "strip the byte order mark").
  if (cps.every((cp) => cp === 0xfeff) && /\bBOM\b|byte[- ]order[- ]mark/i.test(line)) return true;
  const upper = line.toUpperCase();
  return cps.some((cp) => upper.includes(`U+${cp.toString(16).toUpperCase().padStart(4, '0')}`));
}

/** A character of a word, identifier or URL part: a visible letter, digit or mark (variation selectors and the
 *  combining grapheme joiner are marks, and invisible: they are not word characters). */
const isWordCp = codePointTester(new RegExp(`^(?!${INVISIBLE_SOURCE})[\\p{L}\\p{N}\\p{M}]$`, 'u'));

/** The zero-width characters that may be quiet alone: they split or join nothing at a word boundary and reorder
 *  nothing (ZWSP, ZWNJ, ZWJ, word joiner, BOM as ZWNBSP, soft hyphen). Controls, bidi marks, fillers and selectors
 *  are never quiet. */
function mayBeQuiet(cp: number): boolean {
  return isZeroWidth(cp) || cp === 0x00ad;
}

/**
 * Whether the character at `i` is a member of a regular expression's character class written in a literal and
 * holding nothing visible: invisible or white-space characters, escapes (`\s`, `\u200B`) and ranges between them
 * (`/[\s<ZWSP>-<ZWJ><BOM>]/g`, `re.compile("[<ZWSP><ZWNJ>]")`). A sanitizer names the characters it matches; the class
 * shows nothing and splits no token.
 */
export function invisibleClass(s: string, i: number): boolean {
  const open = s.lastIndexOf('[', i);
  const close = s.indexOf(']', i);
  if (open < 1 || close === -1 || i - open > 64 || close - i > 64) return false;
  if (!/[/"'`(]/.test(s[open - 1]!)) return false;
  let k = open + 1;
  if (s[k] === '^') k++;
  while (k < close) {
    if (s[k] === '\\') {
      const m = /^\\(?:[sStnrfv]|u\{[0-9a-fA-F]{1,6}\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2})/.exec(s.slice(k, k + 12));
      if (!m) return false;
      k += m[0].length;
      continue;
    }
    const cp = s.codePointAt(k)!;
    if (s[k] !== '-' && !isInvisible(cp) && !isWhitespace(cp)) return false;
    k += cp > 0xffff ? 2 : 1;
  }
  return true;
}

/** A call that removes, splits on or looks for the characters of its first argument (Python's str methods,
 *  JavaScript's String methods, re.sub's pattern). Not join, format or comparison: those put the character in. */
const REMOVES_OR_FINDS = /(?:\.(?:[lr]?strip|replace(?:All)?|split|rsplit|partition|rpartition|removeprefix|removesuffix|startswith|endswith|startsWith|endsWith|trim(?:Start|End)?|indexOf|lastIndexOf|includes|find|rfind|index|count)|\bre\.(?:sub|split|compile))\(\s*$/;

/**
 * Whether the zero-width character at `i` is part of a string literal made of nothing else, the first argument of a
 * call that removes or looks for it: a few distinct characters of mayBeQuiet's kind between two equal quotes
 * (`k.lstrip("<BOM>")`, `s.replace('<ZWSP>', '')`, `t.strip("<ZWSP><ZWNJ><ZWJ><BOM>")`). Such code names the
 * character it cleans out of its input; it hides no text and, with at most one of each character, carries no
 * message. A repeated one, a literal that holds anything else, or one compared or joined with (`name ==
 * "<ZWSP>"` reads as an empty string to a reviewer) is not this.
 */
export function invisibleConstant(s: string, i: number): boolean {
  if (invisibleClass(s, i)) return true;
  let a = i;
  while (a > 0 && i - a < 8 && mayBeQuiet(s.charCodeAt(a - 1))) a--;
  let b = i;
  while (b < s.length && b - a < 8 && mayBeQuiet(s.charCodeAt(b))) b++;
  const q = s[a - 1];
  if ((q !== '"' && q !== "'" && q !== '`') || s[b] !== q) return false;
  return new Set(s.slice(a, b)).size === b - a && REMOVES_OR_FINDS.test(s.slice(Math.max(0, a - 41), a - 1));
}

// One code unit of a text, or undefined past either end (no letter: /\p{Ll}/ would match the string "undefined").
const isLower = (c: string | undefined) => c !== undefined && /\p{Ll}/u.test(c);
const isUpper = (c: string | undefined) => /^\p{Lu}$/u.test(c ?? '');
const inToken = (c: string | undefined) => c === '\u200b' || /^[\p{L}\p{N}]$/u.test(c ?? '');

/** Whether the zero-width space at `i` sits between a lower-case and an upper-case letter of an identifier in which
 *  every such case change holds exactly one zero-width space and no zero-width space sits anywhere else: the
 *  placement is fixed by the visible letters (no choice, no data). Looks at most 256 characters each way. */
export function camelHinted(s: string, i: number): boolean {
  // The identifier around i: letters, digits and zero-width spaces, at most 256 characters each way (s[-1] and
  // s[length] are undefined, outside any token).
  let a = i;
  while (i - a < 256 && inToken(s[a - 1])) a--;
  let b = i;
  while (b - i < 256 && inToken(s[b + 1])) b++;
  // An identifier longer than the window is not judged.
  if (inToken(s[a - 1]) || inToken(s[b + 1])) return false;
  // Every zero-width space sits at a case change, and every case change holds one (the one at i included).
  for (let k = a; k <= b; k++) {
    const c = s[k]!;
    if (c === '\u200b') {
      if (!isLower(s[k - 1]) || !isUpper(s[k + 1])) return false;
    } else if (isLower(c) && isUpper(s[k + 1])) return false;
  }
  return true;
}

/** Windows-1252's characters for bytes 0x80–0x9F (the WHATWG Encoding Standard's index), back to their byte. */
const CP1252_BYTE = new Map<number, number>(
  [0x20ac, -1, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, -1, 0x017d, -1, -1, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, -1, 0x017e, 0x0178]
    .map((cp, k) => [cp, 0x80 + k] as [number, number])
    .filter(([cp]) => cp !== -1),
);
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Mojibake: the line [a, b) is UTF-8 text that was decoded as Latin-1 or Windows-1252 and saved again, so each
 * character of the text became two to four (`自` shows as `è\u0087ª`); the C1 controls and soft hyphens among them
 * are bytes of visible garbled text, not hidden data. Returns the text the line spells when read back as UTF-8, or
 * null when it is not that: a character with no single byte, bytes that are not UTF-8, or nothing but ASCII.
 */
export function mojibakeText(s: string, a: number, b: number): string | null {
  const bytes = new Uint8Array(b - a);
  let multi = false;
  for (let k = a; k < b; k++) {
    const c = s.charCodeAt(k);
    const byte = c <= 0xff ? c : CP1252_BYTE.get(c);
    if (byte === undefined) return null;
    if (byte >= 0x80) multi = true;
    bytes[k - a] = byte;
  }
  if (!multi) return null;
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return null;
  }
  // Read back, the text has no control left (a control byte is no character of UTF-8 text shown as Latin-1).
  return /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/.test(text) ? null : text;
}

function lineBounds(s: string, i: number): [number, number] {
  const a = s.lastIndexOf('\n', i - 1) + 1;
  let b = s.indexOf('\n', i);
  if (b === -1) b = s.length;
  return [a, b];
}

/** A short visible excerpt of the line [a, b) around [start, end). */
function excerpt(s: string, a: number, b: number, start: number, end: number, max = 100): string {
  let from = Math.max(a, start - 30);
  let to = Math.min(b, Math.max(end, start) + 40);
  let v = visible(s.slice(from, to));
  if (v.length > max) v = `${v.slice(0, max - 1)}…`;
  return JSON.stringify(`${from > a ? '…' : ''}${v}${to < b ? '…' : ''}`);
}

function labels(cps: number[]): string {
  const counts = new Map<number, number>();
  for (const c of cps) counts.set(c, (counts.get(c) ?? 0) + 1);
  return [...counts].map(([c, n]) => `${codePointLabel(c)}${n > 1 ? ` ×${n}` : ''}`).join(', ');
}

/**
 * The heading levels of a markdown text whose every heading ends with exactly one zero-width space: documentation
 * sites append one to each heading of a level (an anchor's text) when a page is saved. Its places follow from the
 * headings, so it carries nothing. Headings inside fenced code blocks are not headings.
 */
export function anchoredHeadingLevels(s: string): Set<number> {
  const fences = fencedBlocks(s);
  const all = new Map<number, number>();
  const anchored = new Map<number, number>();
  let f = 0;
  for (let a = 0; a < s.length; ) {
    let b = s.indexOf('\n', a);
    if (b === -1) b = s.length;
    while (f < fences.length && fences[f]!.end <= a) f++;
    const m = HEADING.exec(s.slice(a, Math.min(b, a + 10)));
    if (m && !(f < fences.length && fences[f]!.start <= a)) {
      const level = m[1]!.length;
      all.set(level, (all.get(level) ?? 0) + 1);
      const line = s.slice(a, b);
      if (line.indexOf('\u200b') === line.length - 1) anchored.set(level, (anchored.get(level) ?? 0) + 1);
    }
    a = b + 1;
  }
  return new Set([...anchored].filter(([level, n]) => all.get(level) === n).map(([level]) => level));
}

/** Punctuation after which typesetting inserts a line-break opportunity (a zero-width space): the ellipsis, where an
 *  elided token or listing may wrap (`Olc3…<ZW>YIBF`), and the em and en dashes, which join words without spaces. */
const BREAK_MARKS = new Set([0x2026, 0x2014, 0x2013]);

/**
 * The break marks (BREAK_MARKS) of a text each of whose occurrences is followed by exactly one zero-width space and
 * then a character that is not invisible: documentation sites write a break opportunity after every ellipsis or
 * dash of a page, so its places follow from the visible text and carry nothing. One occurrence of the mark without
 * it, with two, or with another invisible character after it keeps every one counted. Each mark is judged alone.
 */
export function breakHintedMarks(s: string): Set<number> {
  const seen = new Map<number, boolean>();
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!BREAK_MARKS.has(c)) continue;
    const hinted = s.charCodeAt(i + 1) === 0x200b && !(i + 2 < s.length && isInvisible(s.codePointAt(i + 2)!));
    seen.set(c, (seen.get(c) ?? true) && hinted);
  }
  return new Set([...seen].filter(([, all]) => all).map(([c]) => c));
}

/**
 * Whether the invisible character at `i` (ZWSP or an invisible operator U+2061–U+2064, alone) separates the terms of
 * a formula rendered as text on a line that holds mathematical alphanumeric symbols (`𝑨<ZW>h<ZW>(t)`, `h′<ZW>(t)`):
 * MathML writes invisible times and function application there. Each side is a one-letter variable, a mathematical
 * symbol, a prime or a bracket; a letter of a longer word (`ig<ZW>nore`) is not.
 */
export function mathSeparator(s: string, i: number, line: string): boolean {
  const cp = s.codePointAt(i)!;
  if (cp !== 0x200b && !(cp >= 0x2061 && cp <= 0x2064)) return false;
  if (!MATH_ALNUM.test(line)) return false;
  const term = (c: number, beyond: number) => MATH_ALNUM.test(String.fromCodePoint(c)) || (isLetterCp(c) && !isLetterCp(beyond));
  const p = cpBefore(s, i);
  if (p.cp < 0) return false;
  const pp = cpBefore(s, p.at).cp;
  const n = i + 1;
  const nc = cpAt(s, n);
  if (nc < 0) return false;
  const nn = cpAt(s, n + (nc > 0xffff ? 2 : 1));
  const left = term(p.cp, pp) || p.cp === 0x2032 || p.cp === 0x29 || p.cp === 0x5d;
  const right = term(nc, nn) || nc === 0x28 || nc === 0x5b;
  return left && right;
}

/**
 * Whether the zero-width space at `i` is the whole text of a Markdown link whose destination has a fragment
 * (`[<ZW>](#anchor)`, `[<ZW>](https://docs.example/page#anchor "Direct link to …")`): a heading's permalink as
 * documentation sites render it. The brackets and the destination are visible, so they show where it is, and the
 * character is the same throughout (other invisible characters are not taken).
 */
export function anchorLinkText(s: string, i: number): boolean {
  if (s[i - 1] !== '[' || s[i + 1] !== ']' || s[i + 2] !== '(') return false;
  const close = s.indexOf(')', i + 3);
  if (close === -1 || close - i > 600) return false;
  const dest = s.slice(i + 3, close);
  return !dest.includes('\n') && /^<?[^\s<>]*#[^\s<>]*>?(?:[ \t]+"[^"]*")?$/.test(dest);
}

/** A MathML operator element whose whole content is one invisible operator or separator (`<mo>&#x2062;</mo>`:
 *  invisible times, function application, separator, plus, or the zero-width space LaTeXML writes there). */
const MO_INVISIBLE = /<mo(?:\s[^<>]*)?>([\u200b\u2061-\u2064])<\/mo>/g;
/** How far before the character the opening `<mo …>` tag is looked for. */
const MO_TAG_MAX = 300;

/**
 * Whether the invisible character at `i` (`len` code units) is the whole content of a MathML operator element, in a
 * text whose every such element holds the same character. The markup around each one is visible text that says where
 * it is, and one character throughout leaves no choice to carry data in; it joins no run (each has its own element)
 * and splits no word. Several different characters in such elements (a bit per choice) are counted as usual.
 * `moChars` is the set of characters found whole in operator elements of the text (mathOperatorChars).
 */
export function mathOperator(s: string, i: number, len: number, moChars: () => ReadonlySet<string>): boolean {
  if (s[i - 1] !== '>' || !s.startsWith('</mo>', i + len)) return false;
  const cp = s.charCodeAt(i);
  if (cp !== 0x200b && !(cp >= 0x2061 && cp <= 0x2064)) return false;
  const before = s.slice(Math.max(0, i - MO_TAG_MAX), i);
  const open = before.lastIndexOf('<');
  if (open === -1 || !/^<mo(?:\s[^<>]*)?>$/.test(before.slice(open))) return false;
  return moChars().size === 1;
}

/** The invisible characters that are the whole content of a MathML operator element somewhere in `s`. */
export function mathOperatorChars(s: string): Set<string> {
  const found = new Set<string>();
  for (const m of s.matchAll(MO_INVISIBLE)) found.add(m[1]!);
  return found;
}

/** Decode variation selectors used as bytes (U+FE00–FE0F → 0–15, U+E0100–E01EF → 16–255). */
export function decodeVariationSelectors(cps: number[]): string | null {
  const bytes = cps.map((c) => (c <= 0xfe0f ? c - 0xfe00 : c - 0xe0100 + 16));
  const text = new TextDecoder('utf-8', { fatal: false }).decode(new Uint8Array(bytes));
  const printable = [...text].filter((ch) => /[\p{L}\p{N}\p{P}\p{S} ]/u.test(ch)).length;
  return printable >= Math.max(2, text.length * 0.8) ? text : null;
}

/** Decode tag characters to the ASCII they shadow (U+E0020–E007E → " "–"~"). */
export function decodeTags(cps: number[]): string {
  return cps.map((c) => (c >= 0xe0020 && c <= 0xe007e ? String.fromCharCode(c - 0xe0000) : '')).join('');
}

/** The subdivision flags in the emoji set platforms draw (England, Scotland, Wales). */
const RGI_SUBDIVISIONS = new Set(['gbeng', 'gbsct', 'gbwls']);

/** Is this the tag sequence of a subdivision flag: U+1F3F4, tag letters/digits, U+E007F? */
function isFlagSequence(s: string, runStart: number, cps: number[]): boolean {
  if (cps[cps.length - 1] !== 0xe007f || cps.length < 3 || cps.length > 8) return false;
  if (!cps.slice(0, -1).every((c) => (c >= 0xe0061 && c <= 0xe007a) || (c >= 0xe0030 && c <= 0xe0039))) return false;
  return cpBefore(s, runStart).cp === 0x1f3f4;
}

/** A finding whose message data is built when read: a file with 20,000 of one kind builds the few that are shown. */
class LazyFinding implements HiddenFinding {
  #data: MessageData | undefined;
  constructor(
    readonly kind: HiddenKind,
    readonly start: number,
    readonly end: number,
    readonly severity: Severity,
    readonly confidence: Confidence,
    readonly messageId: HiddenMessageId,
    private readonly make: () => MessageData,
  ) {}
  get data(): MessageData {
    return (this.#data ??= this.make());
  }
}

function lazy(f: Omit<HiddenFinding, 'data'>, make: () => MessageData): HiddenFinding {
  return new LazyFinding(f.kind, f.start, f.end, f.severity, f.confidence, f.messageId, make);
}

/** "an" or the count, for "{{count}} invisible character{{s}}". */
function an(n: number, article = 'an'): { count: string | number; s: string } {
  return n === 1 ? { count: article, s: '' } : { count: n, s: 's' };
}

export interface HiddenOptions {
  /** The text is Markdown or plain prose (a skill file, a references/ page, a frontmatter string), not code: a
   *  zero-width character at a word boundary outside code spans and blocks is quiet there (info). In code every
   *  one counts, since it changes what runs or what a reviewer copies. */
  prose?: boolean;
  /** The text is data (a JSON, YAML, CSV or TSV file of the package): values copied from documents and pages. A
   *  zero-width character at a token boundary there (not between two word characters of one token) is quiet, and
   *  many of them are no salting: nothing reads a data file as text to be told something but code, which is judged
   *  itself. Inside a token (a key, a URL, a command, a word) it still counts. */
  data?: boolean;
}

/** Analyse one text; offsets in the findings are offsets in `s`. */
export function findHidden(s: string, options: HiddenOptions = {}): HiddenFinding[] {
  const prose = options.prose === true;
  const data = options.data === true && !prose;
  const out: HiddenFinding[] = [];
  // The first candidate, found without the Unicode-property regex (most texts have none): the scan below starts there.
  const first = firstInvisible(s, 0, false);
  if (first === -1) return out;
  CANDIDATE.lastIndex = first;
  // Unexplained zero-width characters, grouped per line.
  let lineZw: { start: number; end: number; cps: number[]; maxRun: number; fence: boolean; escSeq: boolean; quiet: boolean; named: boolean } | null = null;
  // The current line [lineStart, lineEnd), found once per line that has candidates; facts about it computed lazily
  // once. Every per-character lookup below is O(1) amortized, so a line of 20,000 controls stays linear.
  let lineStart = 0;
  let lineEnd = -1;
  let rtl: boolean | null = null;
  const rtlLine = () => (rtl ??= RTL_TEXT.test(s.slice(lineStart, lineEnd)));
  // A line with nothing right-to-left at all (no RTL letter, control or mark: RTL_ANY): every level the bidi algorithm gives
  // it is even, and even levels are displayed in logical order (UAX #9, rule L2), so no left-to-right embedding or
  // isolate there changes what is shown.
  let ltr: boolean | null = null;
  const ltrOnlyLine = () => (ltr ??= !RTL_ANY.test(s.slice(lineStart, lineEnd)));
  // Next bidi closer and next visible character at or after a position: searched forward only, results reused
  // while still ahead of the position asked about (positions only grow).
  let closeAt = -1;
  const nextClose = (from: number): number => {
    if (closeAt >= from) return closeAt;
    closeAt = Infinity;
    for (let k = from; k < s.length; k++) {
      if (BIDI_CLOSE.has(s.charCodeAt(k))) {
        closeAt = k;
        break;
      }
    }
    return closeAt;
  };
  // Visible: neither whitespace nor invisible (the one classifier); a global copy of VISIBLE_CHAR for the scan.
  const VISIBLE = new RegExp(VISIBLE_CHAR.source, 'gu');
  let visibleAt = -1;
  const nextVisible = (from: number): number => {
    if (visibleAt >= from) return visibleAt;
    VISIBLE.lastIndex = from;
    const v = VISIBLE.exec(s);
    visibleAt = v ? v.index : Infinity;
    return visibleAt;
  };
  // Where a zero-width character sits in prose. Before it, on its line: the last whitespace, the last word
  // character and the parity of backticks, kept by a pointer that only moves forward (candidates come in order).
  // After it: the next whitespace, word character and backtick, cached forward as above. Linear in the text.
  let scanAt = 0;
  let lastWs = -1;
  let lastWord = -1;
  let ticks = 0;
  const advanceTo = (i: number) => {
    if (scanAt < lineStart) [scanAt, lastWs, lastWord, ticks] = [lineStart, lineStart - 1, -1, 0];
    for (; scanAt < i; scanAt++) {
      const c = s.charCodeAt(scanAt);
      if (c === 0x60) ticks++;
      else if (c === 0x20 || c === 0x09) lastWs = scanAt;
      else if ((c & 0xfc00) === 0xdc00) continue;
      else {
        const cp = c >= 0xd800 ? cpAt(s, scanAt) : c;
        if (isWordCp(cp)) lastWord = scanAt;
        else if (isWhitespace(cp)) lastWs = scanAt;
      }
    }
  };
  let wsAt = -1;
  let wordAt = -1;
  let tickAt = -1;
  const nextWs = (from: number): number => {
    if (wsAt >= from) return wsAt;
    for (wsAt = from; wsAt < lineEnd && !isWhitespace(cpAt(s, wsAt)); wsAt++);
    return wsAt;
  };
  const nextWord = (from: number): number => {
    if (wordAt >= from) return wordAt;
    for (wordAt = from; wordAt < lineEnd && !isWordCp(cpAt(s, wordAt)); wordAt++);
    return wordAt;
  };
  const nextTick = (from: number): number => {
    // The next backtick anywhere (kept whole, so that lines without one do not search the rest of the text again).
    if (tickAt < from) {
      tickAt = s.indexOf('`', from);
      if (tickAt === -1) tickAt = Infinity;
    }
    return Math.min(tickAt, lineEnd);
  };
  // Fenced code blocks, found once, only if a character may be quiet; `fenceIdx` walks them in order.
  let fences: { start: number; end: number }[] | null = null;
  let fenceIdx = 0;
  const inFence = (i: number): boolean => {
    fences ??= fencedBlocks(s);
    while (fenceIdx < fences.length && fences[fenceIdx]!.end <= i) fenceIdx++;
    return fenceIdx < fences.length && fences[fenceIdx]!.start <= i;
  };
  /** Whether the zero-width character [i, i + len) sits in a token between word characters: it splits a word, a URL,
   *  an identifier or a path. Right after boundary punctuation (`experimental_<ZW>name`, `。<ZW>关`) it sits where
   *  the visible text already ends a word, as pages mark where a long name may wrap: no split. */
  const splitsToken = (i: number, len: number): boolean => {
    advanceTo(i);
    return lastWord > lastWs && nextWord(i + len) < nextWs(i + len) && !isBoundaryPunct(cpBefore(s, i).cp);
  };
  /** Whether the zero-width character [i, i + len) hides nothing: prose, outside code, at a word boundary (no word
   *  character before it and after it in one whitespace-delimited token: `word<ZW>,` and `<ZW>**bold**` split
   *  nothing; `ig<ZW>nore`, `evil<ZW>.com` and `a<ZW>/b` do). */
  const quietAt = (i: number, len: number): boolean => {
    // Right after an ellipsis, in code too: the token is already shown elided (`Olc3…<ZW>YIBF`), so what a reader
    // copies from there runs as nothing real; quiet alone, counted with the others (ZW_SPREAD_WARNING).
    if (s.charCodeAt(i - 1) === 0x2026) return true;
    const after = i + len;
    if (splitsToken(i, len)) return false;
    // An indented line (4 columns) may be an indented code block; an odd number of backticks before it with one
    // after it on the line is an inline code span.
    if (s.charCodeAt(lineStart) === 0x09 || s.startsWith('    ', lineStart)) return false;
    // A heading's code span names a thing (`Removed \`experimental_<ZW>name\``), it is no command to copy.
    if (ticks % 2 === 1 && nextTick(after) < lineEnd && !HEADING.test(s.slice(lineStart, Math.min(lineEnd, lineStart + 10)))) return false;
    return !inFence(i);
  };
  /** Whether the zero-width character [i, i + len) of a data file sits at a token boundary: no word character both
   *  before it and after it within one whitespace-delimited token (`"text<ZW>",` splits nothing; `"ke<ZW>y"` does). */
  const dataBoundaryAt = (i: number, len: number): boolean => {
    const before = cpBefore(s, i).cp;
    // A zero-width space beside a letter of a script written without spaces (Han, kana, Thai, Lao, Khmer, Myanmar)
    // is that script's word-break mark (Unicode UAX #14: ZW), as office programs write into the text they export.
    if (s.codePointAt(i) === 0x200b && (UNSPACED.test(String.fromCodePoint(Math.max(before, 0))) || UNSPACED.test(String.fromCodePoint(cpAt(s, i + len))))) return true;
    return !splitsToken(i, len);
  };
  // Lines whose zero-width characters are all quiet, held back until the whole text is read: enough of them in one
  // text are a spread salting and are reported as such.
  const quietLines: { start: number; end: number; a: number; b: number; cps: number[] }[] = [];
  let quietCount = 0;
  let runLen = 0;
  let runEnd = -1;
  const flushLine = () => {
    if (!lineZw) return;
    const { start, end, cps, maxRun, fence, escSeq, quiet, named } = lineZw;
    const [a, b] = [lineStart, lineEnd];
    const n = cps.length;
    const what = () => ({ ...an(n), chars: labels(cps), excerpt: excerpt(s, a, b, start, end) });
    // Mojibake: the controls are bytes of visible (garbled) text; no run of them reaches ZW_RUN_ERROR (a UTF-8
    // character has at most three continuation bytes, after a visible lead byte).
    const moji = cps.every((cp) => (cp >= 0x80 && cp <= 0x9f) || cp === 0x00ad) ? mojibakeText(s, a, b) : null;
    if (moji !== null) {
      out.push(lazy({ kind: 'mojibake', start, end, severity: 'info', confidence: 'medium', messageId: 'mojibake' }, () => ({ ...what(), decoded: JSON.stringify(visible(moji.length > 80 ? `${moji.slice(0, 79)}…` : moji)) })));
    } else if ((maxRun >= ZW_RUN_ERROR || n >= ZW_LINE_ERROR) && !(named && new Set(cps).size === n)) {
      // n >= ZW_RUN_ERROR here: always "N invisible characters".
      if (maxRun >= ZW_RUN_ERROR) out.push(lazy({ kind: 'zero-width-run', start, end, severity: 'error', confidence: 'high', messageId: 'zeroWidthRun' }, () => ({ ...what(), run: maxRun })));
      else out.push(lazy({ kind: 'zero-width-run', start, end, severity: 'error', confidence: 'high', messageId: 'zeroWidthSwarm' }, what));
    } else if (fence) {
      out.push(lazy({ kind: 'zero-width-fence', start, end, severity: 'info', confidence: 'low', messageId: 'zeroWidthFence' }, what));
    } else if (!escSeq && cps.every(isStrayControl)) {
      out.push(lazy({ kind: 'stray-control', start, end, severity: 'info', confidence: 'low', messageId: 'strayControl' }, what));
    } else if (cps.every(isNamable) && namesCharacter(s.slice(a, b), cps)) {
      out.push(lazy({ kind: 'zero-width-named', start, end, severity: 'info', confidence: 'low', messageId: 'zeroWidthNamed' }, () => ({ ...what(), code: cps[0]!.toString(16).toUpperCase().padStart(4, '0') })));
    } else if (quiet) {
      quietLines.push({ start, end, a, b, cps });
      quietCount += n;
    } else {
      out.push(lazy({ kind: 'zero-width', start, end, severity: 'warning', confidence: 'medium', messageId: 'zeroWidth' }, what));
    }
    lineZw = null;
  };

  // Flag-shaped tag runs that are not drawn flags, and lone selectors after ASCII letters, per line.
  let lineFlags: { start: number; end: number; text: string; n: number } | null = null;
  let lineVs: { start: number; end: number; cps: number[] } | null = null;
  // U+FE0F out of place next to emoji: one after a letter on a line of emoji, or doubled after a pictograph (a split
  // or twice-converted emoji). Held back: few in one text carry nothing (info); ZW_SPREAD_WARNING or more could carry
  // bits by where they sit, and each is reported as it would be otherwise.
  const emojiVs: { start: number; end: number; a: number; b: number; n: number; otherwise: HiddenFinding }[] = [];
  const flushCarriers = () => {
    if (lineFlags) {
      const { start, end, text, n } = lineFlags;
      if (n >= 2) out.push(lazy({ kind: 'flag-tags', start, end, severity: 'error', confidence: 'high', messageId: 'flagTags' }, () => ({ count: n, text: JSON.stringify(visible(text.slice(0, 200))) })));
      else out.push(lazy({ kind: 'flag-tags', start, end, severity: 'warning', confidence: 'medium', messageId: 'flagTag' }, () => ({ letters: JSON.stringify(visible(text)) })));
      lineFlags = null;
    }
    if (lineVs) {
      const { start, end, cps } = lineVs;
      const many = cps.length >= VS_RUN_ERROR;
      const decoded = many ? decodeVariationSelectors(cps) : null;
      const [a, b] = [lineStart, lineEnd];
      const f = { kind: 'letter-selectors', start, end, severity: many ? 'error' : 'warning', confidence: many ? 'high' : 'medium' } as const;
      // decoded is null for one selector (many is false): "N variation selectors" there.
      if (decoded) out.push(lazy({ ...f, messageId: 'letterSelectorsDecoded' }, () => ({ count: cps.length, decoded: JSON.stringify(visible(decoded.slice(0, 200))), excerpt: excerpt(s, a, b, start, end) })));
      else {
        const finding = lazy({ ...f, messageId: 'letterSelectors' }, () => ({ ...an(cps.length, 'a'), excerpt: excerpt(s, a, b, start, end) }));
        // The emoji selector alone after a letter, on a line of emoji: a leftover of one of them.
        if (cps.length === 1 && cps[0] === 0xfe0f && PICTOGRAPH.test(s.slice(a, b))) emojiVs.push({ start, end, a, b, n: 1, otherwise: finding });
        else out.push(finding);
      }
      lineVs = null;
    }
  };
  // Heading levels whose every heading ends with one zero-width space (computed at the first such space).
  let anchored: Set<number> | null = null;
  // Invisible characters found whole in MathML operator elements (computed at the first such element).
  let moChars: Set<string> | null = null;
  // Ellipses and dashes each of whose occurrences has one zero-width space after it (computed at the first such space).
  let hintedMarks: Set<number> | null = null;
  // Closers already paired with an opener that was reported or judged benign.
  const paired = new Set<number>();
  let m: RegExpExecArray | null;
  while ((m = CANDIDATE.exec(s))) {
    const i = m.index;
    if (paired.has(i)) continue;
    const cp = cpAt(s, i);
    const len = m[0].length;
    if (i >= lineEnd) {
      flushLine();
      flushCarriers();
      [lineStart, lineEnd] = lineBounds(s, i);
      rtl = null;
      ltr = null;
    }
    // Tag characters: a run, decoded.
    if (isTag(cp)) {
      const cps: number[] = [];
      let j = i;
      while (j < s.length && isTag(cpAt(s, j))) {
        cps.push(cpAt(s, j));
        j += 2;
      }
      CANDIDATE.lastIndex = j;
      if (isFlagSequence(s, i, cps)) {
        // Only three subdivision flags are drawn anywhere (England, Scotland, Wales); other flag-shaped tag runs
        // are collected per line, since several in a row spell hidden text one short run at a time.
        const letters = decodeTags(cps.slice(0, -1));
        if (RGI_SUBDIVISIONS.has(letters)) continue;
        const flagStart = cpBefore(s, i).at;
        if (!lineFlags) lineFlags = { start: flagStart, end: j, text: '', n: 0 };
        lineFlags.end = j;
        lineFlags.text += letters;
        lineFlags.n++;
        continue;
      }
      const hidden = decodeTags(cps);
      const n = cps.length;
      const plural = n === 1 ? '' : 's';
      if (hidden) out.push(lazy({ kind: 'tags', start: i, end: j, severity: 'error', confidence: 'high', messageId: 'tags' }, () => ({ count: n, s: plural, text: JSON.stringify(visible(hidden.length > 200 ? `${hidden.slice(0, 199)}…` : hidden)) })));
      else out.push(lazy({ kind: 'tags', start: i, end: j, severity: 'error', confidence: 'high', messageId: 'tagsEmpty' }, () => ({ count: n, s: plural })));
      continue;
    }
    // Variation selectors: one after a base character is normal; a run is a data carrier.
    if (isVS(cp)) {
      const cps: number[] = [];
      let j = i;
      while (j < s.length && isVS(cpAt(s, j))) {
        const c = cpAt(s, j);
        cps.push(c);
        j += c > 0xffff ? 2 : 1;
      }
      CANDIDATE.lastIndex = j;
      if (cps.length === 1) {
        // One selector after a plain ASCII letter or digit has no typographic use (text/emoji presentation is for
        // symbols, standardized variants for CJK and math); one after each letter carries a byte per letter.
        const prev = cpBefore(s, i).cp;
        const keycap = cpAt(s, j) === 0x20e3;
        if (prev >= 0 && prev < 0x80 && /[A-Za-z0-9]/.test(String.fromCharCode(prev)) && !keycap) {
          if (!lineVs) lineVs = { start: i, end: j, cps: [] };
          lineVs.end = j;
          lineVs.cps.push(cps[0]!);
        }
        continue;
      }
      const from = Math.max(lineStart, i - 20);
      const decoded = cps.length >= VS_RUN_ERROR ? decodeVariationSelectors(cps) : null;
      const f = { kind: 'selectors', start: i, end: j, severity: cps.length >= VS_RUN_ERROR ? 'error' : 'warning', confidence: cps.length >= VS_RUN_ERROR ? 'high' : 'medium' } as const;
      const data = () => ({ count: cps.length, before: JSON.stringify(visible(s.slice(from, i))) });
      if (decoded) out.push(lazy({ ...f, messageId: 'selectorsDecoded' }, () => ({ ...data(), decoded: JSON.stringify(visible(decoded.slice(0, 200))) })));
      else {
        const finding = lazy({ ...f, messageId: 'selectors' }, data);
        // The emoji selector twice after a pictograph (`🏷<FE0F><FE0F>`): one selector repeated, no byte values.
        const prev = cpBefore(s, i).cp;
        if (cps.length === 2 && cps[0] === 0xfe0f && cps[1] === 0xfe0f && prev >= 0 && PICTOGRAPH.test(String.fromCodePoint(prev))) emojiVs.push({ start: i, end: j, a: lineStart, b: lineEnd, n: 2, otherwise: finding });
        else out.push(finding);
      }
      continue;
    }
    // Bidi controls.
    if (BIDI_OPEN.has(cp)) {
      const [a, b] = [lineStart, lineEnd];
      const close = Math.min(nextClose(i + 1), b);
      if (close < b) paired.add(close);
      // Visible text between the control and its closer (or the line's end).
      const reorders = nextVisible(i + 1) < close;
      if (BIDI_OVERRIDE.has(cp) && reorders) {
        out.push(lazy({ kind: 'bidi-override', start: i, end: Math.min(close + 1, b), severity: 'error', confidence: 'high', messageId: 'bidiOverride' }, () => ({ char: codePointLabel(cp), excerpt: excerpt(s, a, b, i, close) })));
      } else if (reorders && !rtlLine() && !(LTR_OPEN.has(cp) && ltrOnlyLine())) {
        out.push(lazy({ kind: 'bidi-reorder', start: i, end: Math.min(close + 1, b), severity: 'error', confidence: 'medium', messageId: 'bidiReorder' }, () => ({ char: codePointLabel(cp), excerpt: excerpt(s, a, b, i, close) })));
      } else if (!rtlLine()) {
        out.push(lazy({ kind: 'bidi-control', start: i, end: i + len, severity: 'warning', confidence: 'medium', messageId: 'bidiControl' }, () => ({ char: codePointLabel(cp), excerpt: excerpt(s, a, b, i, i + len) })));
      }
      continue;
    }
    if (BIDI_CLOSE.has(cp) || BIDI_MARK.has(cp)) {
      if (rtlLine()) continue;
    }
    // ZWJ/ZWNJ in context.
    if (ZW_JOINERS.has(cp)) {
      const prev = cpBefore(s, i);
      const next = cpAt(s, i + 1);
      const prevCh = prev.cp >= 0 ? String.fromCodePoint(prev.cp) : '';
      const nextCh = next >= 0 ? String.fromCodePoint(next) : '';
      if (cp === 0x200d && EMOJI.test(prevCh) && EMOJI_START.test(nextCh)) continue;
      if (JOINING_SCRIPT.test(prevCh) || (/\p{M}/u.test(prevCh) && JOINING_SCRIPT.test(s.slice(Math.max(0, i - 4), i))) || JOINING_SCRIPT.test(nextCh)) continue;
    }
    // The soft hyphen is a hyphenation hint inside words; alone it hides nothing.
    if (cp === 0x00ad) {
      // At the start of the text there is no character before it (cp -1): then it is not inside a word.
      const before = cpBefore(s, i).cp;
      if (before >= 0 && /\p{L}/u.test(String.fromCodePoint(before)) && /\p{L}/u.test(s[i + 1] ?? '')) continue;
    }
    // A zero-width space at every case change of one identifier in prose (`fulfillment<ZW>Order<ZW>Line<ZW>Items`,
    // as documentation generators write long names to let them wrap) is a line-break hint: its places follow from the
    // visible text, so it carries nothing, and it splits no word.
    if (cp === 0x200b && prose && camelHinted(s, i)) continue;
    // A zero-width space ending a heading, where every heading of its level ends with one (anchored levels).
    if (cp === 0x200b && prose && i + len === lineEnd) {
      const m = HEADING.exec(s.slice(lineStart, Math.min(lineEnd, lineStart + 10)));
      if (m && (anchored ??= anchoredHeadingLevels(s)).has(m[1]!.length)) continue;
    }
    // A zero-width space after an ellipsis or dash, where every such mark of the text has exactly one (the break
    // opportunity a documentation site writes after each). In prose texts, code spans and blocks included: the mark
    // already shows the token is elided or joined, so nothing copied from there runs as is.
    if (cp === 0x200b && prose && BREAK_MARKS.has(s.charCodeAt(i - 1)) && (hintedMarks ??= breakHintedMarks(s)).has(s.charCodeAt(i - 1))) continue;
    // The whole text of a Markdown link to an anchor (`## Title [<ZW>](…#title "Direct link to Title")`, as saved
    // documentation pages keep each heading's permalink): the visible markup says where each one is.
    if (cp === 0x200b && prose && anchorLinkText(s, i)) continue;
    // The whole content of a MathML operator element, one character throughout the text (mathOperator).
    if (mathOperator(s, i, len, () => (moChars ??= mathOperatorChars(s)))) continue;
    // Unexplained: count per line, track runs.
    if (runEnd === i) runLen++;
    else runLen = 1;
    runEnd = i + len;
    const around = `${s[i - 1] ?? ''}${s[i + len] ?? ''}`;
    const fence = /[`~]/.test(around);
    if (!lineZw) lineZw = { start: i, end: i + len, cps: [], maxRun: 0, fence: true, escSeq: false, quiet: true, named: true };
    // A separator of a rendered formula is quiet in code too (the formulas of scraped papers sit in code blocks).
    // Every one a character the code names in a literal it strips or matches with (a sanitizer's class): quiet, even
    // five in a row, since distinct characters, one of each, carry no message.
    const constant = mayBeQuiet(cp) && invisibleConstant(s, i);
    lineZw.named &&= constant;
    lineZw.quiet &&= (prose && mayBeQuiet(cp) && quietAt(i, len)) || (data && mayBeQuiet(cp) && dataBoundaryAt(i, len)) || constant || mathSeparator(s, i, s.slice(lineStart, lineEnd));
    // ESC then "[" or "]" starts a terminal control (CSI, OSC) that can hide or redraw text when the file is printed.
    if (cp === 0x1b && (s[i + 1] === '[' || s[i + 1] === ']')) lineZw.escSeq = true;
    lineZw.cps.push(cp);
    lineZw.end = i + len;
    lineZw.maxRun = Math.max(lineZw.maxRun, runLen);
    lineZw.fence &&= fence;
  }
  flushLine();
  flushCarriers();
  if (emojiVs.length >= ZW_SPREAD_WARNING) out.push(...emojiVs.map((e) => e.otherwise));
  else {
    for (const { start, end, a, b, n } of emojiVs) out.push(lazy({ kind: 'emoji-selector', start, end, severity: 'info', confidence: 'low', messageId: 'emojiSelector' }, () => ({ ...an(n), excerpt: excerpt(s, a, b, start, end) })));
  }
  // Quiet alone, not together: past ZW_SPREAD_WARNING in one text each line is a warning that says how many.
  const spread = !data && quietCount >= ZW_SPREAD_WARNING;
  for (const { start, end, a, b, cps } of quietLines) {
    const what = () => ({ ...an(cps.length), chars: labels(cps), excerpt: excerpt(s, a, b, start, end) });
    if (data) out.push(lazy({ kind: 'zero-width-boundary', start, end, severity: 'info', confidence: 'low', messageId: 'zeroWidthData' }, what));
    else if (spread) out.push(lazy({ kind: 'zero-width-spread', start, end, severity: 'warning', confidence: 'medium', messageId: 'zeroWidthSpread' }, () => ({ ...what(), total: quietCount, lines: quietLines.length })));
    else out.push(lazy({ kind: 'zero-width-boundary', start, end, severity: 'info', confidence: 'low', messageId: 'zeroWidthBoundary' }, what));
  }
  return out.sort((a, b) => a.start - b.start);
}

// ---------------------------------------------------------------------------------------------------------------
// Hidden markdown carriers: text a rendered page does not show, which the model still reads as written. CommonMark
// (spec 0.31) passes HTML comments and raw HTML through and GitHub-flavoured renderers drop the comment and honour
// `style="display:none"`; a link reference definition (`[label]: destination "title"`) renders as nothing, which
// is why `[//]: # (text)` is the usual markdown comment.

export type CarrierKind = 'html-comment' | 'hidden-html' | 'link-comment';

export interface Carrier {
  kind: CarrierKind;
  /** Offsets in the text: the whole construct. */
  start: number;
  end: number;
}

/** An opening tag whose inline style or attribute hides it. */
const HIDDEN_OPEN = /<([a-z][a-z0-9]*)\b(?=[^<>]*?(?:\bstyle\s*=\s*["'][^"'<>]*?(?:display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?![.0-9]*[1-9])|opacity\s*:\s*0(?![.0-9]*[1-9])|(?:max-)?height\s*:\s*0(?![.0-9]*[1-9])[^"']*overflow\s*:\s*hidden)|\shidden(?:\s*=\s*["']?(?:hidden|true)?["']?)?(?=[\s/>])))[^<>]*>/gi;
/** A link reference definition used as a comment: destination `#` or `<>`, the text in its title. */
const LINK_COMMENT = /^[ \t]{0,3}\[[^\]\n]{1,100}\]:[ \t]*(?:#|<>)[ \t]+(?:\([^\n]*\)|"[^\n]*"|'[^\n]*')[ \t]*$/gm;

/** Bounded: a carrier is looked for in at most this many characters of one text. */
const CARRIER_SCAN = 1 << 20;

/** The hidden carriers of a markdown text, outside fenced code blocks, in order. Linear in the text. */
export function hiddenCarriers(text: string, code: readonly (readonly [number, number])[] = []): Carrier[] {
  const s = text.length > CARRIER_SCAN ? text.slice(0, CARRIER_SCAN) : text;
  const out: Carrier[] = [];
  const inCode = (off: number) => code.some(([a, b]) => off >= a && off < b);
  for (let i = s.indexOf('<!--'); i !== -1; ) {
    const close = s.indexOf('-->', i + 4);
    const end = close === -1 ? s.length : close + 3;
    if (!inCode(i)) out.push({ kind: 'html-comment', start: i, end });
    i = s.indexOf('<!--', end);
  }
  if (s.includes('<')) {
    HIDDEN_OPEN.lastIndex = 0;
    for (let m = HIDDEN_OPEN.exec(s); m; m = HIDDEN_OPEN.exec(s)) {
      const tag = m[1]!.toLowerCase();
      // The first closing tag of the same name (nested ones of that name end it early: an approximation); each
      // search is bounded, so many unclosed tags stay linear.
      const from = m.index + m[0].length;
      const window = s.slice(from, from + 20000);
      const c = new RegExp(`</${tag}\\s*>`, 'i').exec(window);
      const end = c ? from + c.index + c[0].length : Math.min(s.length, from + 4000);
      if (!inCode(m.index)) out.push({ kind: 'hidden-html', start: m.index, end });
      HIDDEN_OPEN.lastIndex = Math.max(HIDDEN_OPEN.lastIndex, end);
    }
  }
  if (s.includes(']:')) {
    LINK_COMMENT.lastIndex = 0;
    for (let m = LINK_COMMENT.exec(s); m; m = LINK_COMMENT.exec(s)) if (!inCode(m.index)) out.push({ kind: 'link-comment', start: m.index, end: m.index + m[0].length });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** The carrier holding `offset`, if any. */
export function carrierAt(carriers: readonly Carrier[], offset: number): Carrier | undefined {
  return carriers.find((c) => offset >= c.start && offset < c.end);
}
