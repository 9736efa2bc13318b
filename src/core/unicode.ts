// Unicode character classes: THE invisible-character classifier (used by the pattern packs, hidden-unicode, the
// envelope escape and tag-breakout, and the text renderer; nothing else defines its own), gap, fold.

/**
 * Invisible characters, the one definition: controls that are not whitespace (NUL included), format characters
 * (Cf: zero-width, bidi controls, tag characters U+E0000–U+E007F) and every other default-ignorable code point
 * (variation selectors, combining grapheme joiner, Hangul fillers, Khmer inherent vowels U+17B4–U+17B5, Mongolian
 * free variation selectors U+180B–U+180F). A renderer shows none of them. As a regular-expression source for one
 * character (flag `u` required).
 */
export const INVISIBLE_SOURCE = '(?!\\p{White_Space})[\\p{Cf}\\p{Default_Ignorable_Code_Point}\\p{Cc}]';
/** What the text renderer shows as <U+XXXX>: the invisible characters, every whitespace but the space (tabs,
 *  newlines, no-break and other wide spaces, line separators) and private-use characters. */
export const SHOWN_AS_CODE_POINT_SOURCE = `(?:${INVISIBLE_SOURCE}|(?! )[\\p{White_Space}\\p{Co}])`;

const INVISIBLE_ONE = new RegExp(`^${INVISIBLE_SOURCE}$`, 'u');
/** Per BMP code unit: 0 not classified yet, 1 visible, 2 invisible (filled on first sight, from INVISIBLE_ONE). */
const bmpClass = new Uint8Array(65536);
/** Astral code points seen so far → invisible. */
const astralClass = new Map<number, boolean>();

/** A character other than printable ASCII and the whitespace controls TAB–CR (with and without NUL): the only
 *  candidates for invisibility, skipped to by a regex (compiled native code) rather than a loop over every character. */
const NOT_PLAIN = /[^\t-\r -~]/g;
const NOT_PLAIN_OR_NUL = /[^\0\t-\r -~]/g;

/**
 * Offset of the first invisible character of `s` at or after `from` (as `invisibleRegex('g')` with that lastIndex
 * finds it), or -1; `nul: false` skips NUL. The same classifier, without a Unicode-property regex over every
 * character: printable ASCII and whitespace controls are skipped by one plain character-class search, other code
 * units cost a table read (each classified once, by the regex, on first sight). Most texts hold none, and then this
 * is the whole scan.
 */
export function firstInvisible(s: string, from = 0, nul = true): number {
  if (from !== 0 || s.length < RECENT_MIN) return scanInvisible(s, from, nul);
  // From the start: the packs' cleanText and hidden-unicode ask about the same file one after the other.
  let e: Recent | undefined;
  for (const r of recent) {
    if (r.s === s) {
      e = r;
      break;
    }
  }
  if (!e) {
    e = { s, nul: -2, noNul: -2 };
    recent.unshift(e);
    if (recent.length > RECENT_MAX) recent.pop();
  }
  if (nul) {
    if (e.nul === -2) {
      // Known without NUL: the first NUL, if it comes first, else that answer (NUL is the only difference).
      if (e.noNul !== -2) {
        const z = s.indexOf('\0');
        e.nul = z === -1 ? e.noNul : e.noNul === -1 ? z : Math.min(z, e.noNul);
      } else e.nul = scanInvisible(s, 0, true);
    }
    return e.nul;
  }
  if (e.noNul === -2) {
    // Known with NUL: nothing invisible before it; a NUL there is skipped and the scan goes on after it.
    if (e.nul !== -2) e.noNul = e.nul === -1 || s.charCodeAt(e.nul) !== 0 ? e.nul : scanInvisible(s, e.nul + 1, false);
    else e.noNul = scanInvisible(s, 0, false);
  }
  return e.noNul;
}

interface Recent {
  s: string;
  /** First invisible character with NUL counted, and without; -2 when not asked yet. */
  nul: number;
  noNul: number;
}
/** The last texts scanned from their start (compared by identity first: the same string object). */
const recent: Recent[] = [];
const RECENT_MAX = 8;
/** Shorter texts are scanned again: cheaper than the lookup. */
const RECENT_MIN = 256;

function scanInvisible(s: string, from: number, nul: boolean): number {
  const n = s.length;
  // As a `u` regex does: a start inside a surrogate pair moves back to the pair.
  if (from > 0 && from < n && (s.charCodeAt(from) & 0xfc00) === 0xdc00 && (s.charCodeAt(from - 1) & 0xfc00) === 0xd800) from--;
  const other = nul ? NOT_PLAIN : NOT_PLAIN_OR_NUL;
  let i = from;
  for (;;) {
    other.lastIndex = i;
    if (!other.test(s)) return -1;
    i = other.lastIndex - 1;
    const c = s.charCodeAt(i);
    // Controls below TAB and between CR and space (NUL when `nul`), DEL.
    if (c <= 0x7f) return i;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        const cp = (c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000;
        let inv = astralClass.get(cp);
        if (inv === undefined) astralClass.set(cp, (inv = INVISIBLE_ONE.test(String.fromCodePoint(cp))));
        if (inv) return i;
        i += 2;
        continue;
      }
    }
    let k = bmpClass[c]!;
    if (k === 0) bmpClass[c] = k = INVISIBLE_ONE.test(String.fromCharCode(c)) ? 2 : 1;
    if (k === 2) return i;
    i++;
  }
}

/** A test of one code point by `re` (anchored, with the `u` flag), remembered per BMP code point (one byte each,
 *  filled on first sight); astral code points are tested each time. */
export function codePointTester(re: RegExp): (cp: number) => boolean {
  const bmpSeen = new Uint8Array(0x10000);
  return (cp) => {
    if (cp >= 0x10000) return re.test(String.fromCodePoint(cp));
    let k = bmpSeen[cp]!;
    if (k === 0) bmpSeen[cp] = k = re.test(String.fromCharCode(cp)) ? 1 : 2;
    return k === 1;
  };
}

/** The code point that ends just before offset `i` of `s` (a surrogate pair read whole, as codePointAt reads forward). */
export function codePointBefore(s: string, i: number): number {
  const c = s.charCodeAt(i - 1);
  if ((c & 0xfc00) === 0xdc00 && i >= 2) {
    const h = s.charCodeAt(i - 2);
    if ((h & 0xfc00) === 0xd800) return (h - 0xd800) * 0x400 + (c - 0xdc00) + 0x10000;
  }
  return c;
}

/** A new regular expression matching one invisible character (`flags` add to `u`, e.g. 'g'). */
export function invisibleRegex(flags = ''): RegExp {
  return new RegExp(INVISIBLE_SOURCE, `u${flags}`);
}

const INVISIBLE_RE = new RegExp(`^${INVISIBLE_SOURCE}$`, 'u');
const WHITESPACE_RE = /^\p{White_Space}$/u;
/** A character that continues an XML-like tag name (after folding): letters, digits, marks, `_`, dashes, `.`, `:`, `·`. */
const NAME_CHAR_RE = /^[\p{L}\p{N}\p{M}\p{Pc}\p{Pd}.:\u00b7]$/u;
const DASH_RE = /^[\p{Pd}\u2212]$/u;

const WS = 1;
const INVIS = 2;
const KNOWN = 4;
/** Classification cache for the BMP (one byte per code point, filled lazily). */
const bmp = new Uint8Array(0x10000);

function classify(cp: number): number {
  if (cp < 0x10000) {
    const c = bmp[cp]!;
    if (c & KNOWN) return c;
  }
  const ch = String.fromCodePoint(cp);
  const ws = WHITESPACE_RE.test(ch);
  const v = KNOWN | (ws ? WS : 0) | (!ws && INVISIBLE_RE.test(ch) ? INVIS : 0);
  if (cp < 0x10000) bmp[cp] = v;
  return v;
}

/** Unicode White_Space (space, tab, line breaks, NBSP, U+2000–U+200A, U+3000 …). */
export function isWhitespace(cp: number): boolean {
  if (cp < 0x80) return cp === 0x20 || (cp >= 0x09 && cp <= 0x0d);
  return (classify(cp) & WS) !== 0;
}

/** Invisible: a control that is not whitespace, a format character (Cf) or another default-ignorable code point. */
export function isInvisible(cp: number): boolean {
  if (cp < 0x80) return cp < 0x09 || (cp > 0x0d && cp < 0x20) || cp === 0x7f;
  return (classify(cp) & INVIS) !== 0;
}

/** What may sit between `<`, `/` and a tag name without a reader noticing: whitespace or an invisible character. */
export function isGap(cp: number): boolean {
  if (cp < 0x80) return cp <= 0x20 || cp === 0x7f;
  return (classify(cp) & (WS | INVIS)) !== 0;
}

const foldCache = new Map<number, string>();

/**
 * The letters a reader sees in one code point: its NFKC form, case-folded (upper then lower case mapping, which
 * maps U+017F LONG S to `s`, U+212A KELVIN SIGN to `k`, U+0131 DOTLESS I to `i`, and fullwidth, mathematical and
 * circled letters and ligatures such as U+FB06 `ﬆ` to ASCII). Per code point, so that offsets stay exact.
 */
export function foldCodePoint(cp: number): string {
  if (cp < 0x80) return cp >= 0x41 && cp <= 0x5a ? String.fromCharCode(cp + 32) : String.fromCharCode(cp);
  let f = foldCache.get(cp);
  if (f === undefined) {
    f = String.fromCodePoint(cp).normalize('NFKC').toUpperCase().toLowerCase();
    if (foldCache.size < 4096) foldCache.set(cp, f);
  }
  return f;
}

/** A (folded) character that continues a tag name, so `<skill-name>` and `<skills>` are other tags. */
export function isNameChar(ch: string): boolean {
  const c = ch.charCodeAt(0);
  if (c < 0x80) return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x5f || c === 0x2e || c === 0x3a;
  return NAME_CHAR_RE.test(ch);
}

/** A (folded) character accepted between `system` and `reminder`: `-`, `_`, whitespace, any dash or the minus sign. */
export function isSeparator(ch: string): boolean {
  const c = ch.charCodeAt(0);
  if (c < 0x80) return c === 0x2d || c === 0x5f || c === 0x20 || (c >= 0x09 && c <= 0x0d);
  return isWhitespace(ch.codePointAt(0)!) || DASH_RE.test(ch);
}
