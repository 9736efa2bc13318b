// Envelope escaping: find every `<skill>` / `<system-reminder>` breakout, neutralize it reversibly, wrap content.
//
// One definition (`scan`) serves findBreakouts, both escapes and the tag-breakout rule, so what the rule reports
// is exactly what the escape changes. See docs/library.md, "Envelope escaping", for the scheme and its proof.

import { PROFILES } from './profiles.js';
import { foldCodePoint, isGap, isInvisible, isNameChar, isSeparator } from '../core/unicode.js';
import type { Trust } from '../core/types.js';

/** The envelopes runtimes wrap skill text in: IronClaw `<skill …>`, Cerveau `<system-reminder>`. */
export type Envelope = 'skill' | 'system-reminder';
export const ENVELOPES: readonly Envelope[] = ['skill', 'system-reminder'];

/** One breakout: an opener that a reader takes for the start of an envelope tag (or, if nearMiss, of a look-alike tag). */
export interface Breakout {
  /** Which envelope's tag name matched. */
  envelope: Envelope;
  /** Offset of the opener (`<`, U+FF1C or U+FE64), in UTF-16 code units. */
  start: number;
  /** Offset just after the last character of the tag name. */
  end: number;
  /** `text.slice(start, end)`: the opener, any gap, the optional slash and the tag name as written. */
  text: string;
  /** The slash was present: the tag closes an envelope. */
  closing: boolean;
  /**
   * The tag name is followed by another name character (`<skill-name>`, `<skills>`): a different tag, so it cannot
   * close or forge an envelope. It is escaped all the same (that costs nothing); the rule reports it only as info.
   */
  nearMiss: boolean;
  /** What the escape writes for `text`: the opener replaced by its entity, the rest unchanged. */
  escaped: string;
}

/** Characters read as `<`: the ASCII one and the two lookalikes whose NFKC form is `<`. */
export const OPENERS: Readonly<Record<string, string>> = { '<': '&lt;', '\uff1c': '&#xFF1C;', '\ufe64': '&#xFE64;' };
/** Characters read as `/`: ASCII, fullwidth (NFKC `/`), division slash, fraction slash, big solidus. */
export const SLASHES: readonly string[] = ['/', '\uff0f', '\u2215', '\u2044', '\u29f8'];
/** Every entity of the scheme and the character it stands for. Unescaping decodes exactly these, nothing else. */
export const ENTITIES: Readonly<Record<string, string>> = { '&lt;': '<', '&#xFF1C;': '\uff1c', '&#xFE64;': '\ufe64', '&amp;': '&' };

const SEP = '*';
const NAMES: readonly { envelope: Envelope; units: string }[] = [
  { envelope: 'skill', units: 'skill' },
  { envelope: 'system-reminder', units: `system${SEP}reminder` },
];

function isSlash(c: number): boolean {
  return c === 0x2f || c === 0xff0f || c === 0x2215 || c === 0x2044 || c === 0x29f8;
}

function cpLen(cp: number): number {
  return cp > 0xffff ? 2 : 1;
}

function skipGap(text: string, p: number): number {
  const n = text.length;
  while (p < n) {
    const cp = text.codePointAt(p)!;
    if (!isGap(cp)) break;
    p += cpLen(cp);
  }
  return p;
}

// Results of the last successful matchName / matchAt, kept in module scope so that scanning hostile input
// (millions of openers) allocates nothing per opener.
let mNearMiss = false;
let mClosing = false;
let mEnvelope: Envelope = 'skill';

/**
 * Match one tag name at `p` (after the gap); invisible characters inside the name are skipped. Returns the offset
 * after the name and sets mNearMiss, or returns -1.
 */
function matchName(text: string, p: number, units: string): number {
  const n = text.length;
  let u = 0;
  let end = p;
  let pending = '';
  let pi = 0;
  while (u < units.length) {
    if (pi >= pending.length) {
      if (p >= n) return -1;
      const c = text.charCodeAt(p);
      const unit = units.charCodeAt(u);
      if ((c | 0x20) === unit && c >= 0x41 && c <= 0x7a) {
        // ASCII letter fast path: no fold string needed.
        p++;
        u++;
        end = p;
        continue;
      }
      const cp = text.codePointAt(p)!;
      p += cpLen(cp);
      if (isInvisible(cp)) continue;
      pending = foldCodePoint(cp);
      pi = 0;
      continue;
    }
    const unit = units[u]!;
    const ch = pending.codePointAt(pi)!;
    if (unit === SEP) {
      if (isSeparator(String.fromCodePoint(ch))) {
        pi += cpLen(ch);
        continue;
      }
      u++;
      continue;
    }
    if (ch !== unit.charCodeAt(0)) return -1;
    pi++;
    u++;
    end = p;
  }
  // What follows the name decides whether it is this tag or another one (`<skills>`): first the rest of a
  // multi-letter fold (a ligature), else the next visible character, folded.
  let next = '';
  if (pi < pending.length) next = String.fromCodePoint(pending.codePointAt(pi)!);
  else {
    let q = end;
    while (q < n) {
      const cp = text.codePointAt(q)!;
      if (!isInvisible(cp)) {
        const f = foldCodePoint(cp);
        next = f === '' ? '' : String.fromCodePoint(f.codePointAt(0)!);
        break;
      }
      q += cpLen(cp);
    }
  }
  mNearMiss = next !== '' && isNameChar(next);
  return end;
}

function namesFor(envelope: Envelope | undefined): readonly { envelope: Envelope; units: string }[] {
  if (envelope === undefined) return NAMES;
  const sel = NAMES.filter((x) => x.envelope === envelope);
  if (sel.length === 0) throw new TypeError(`unknown envelope "${String(envelope)}"; expected one of ${ENVELOPES.join(', ')}`);
  return sel;
}

/** The end of the breakout starting at the opener at `at` (setting mEnvelope, mClosing, mNearMiss), or -1. */
function matchAt(text: string, at: number, names: readonly { envelope: Envelope; units: string }[]): number {
  let p = skipGap(text, at + 1);
  let closing = false;
  if (p < text.length && isSlash(text.charCodeAt(p))) {
    closing = true;
    p = skipGap(text, p + 1);
  }
  // Both names start with `s`: an ASCII character other than s/S rejects at once (the common case).
  const first = text.charCodeAt(p);
  if (first < 0x80 && (first | 0x20) !== 0x73) return -1;
  for (const nm of names) {
    const end = matchName(text, p, nm.units);
    if (end !== -1) {
      mEnvelope = nm.envelope;
      mClosing = closing;
      return end;
    }
  }
  return -1;
}

const TRIGGER = /[<&\uff1c\ufe64]/;
/** Whether `text` holds an opener: three substring searches (a two-byte opener in a one-byte string is answered at
 *  once), several times faster than the character-class regex over text without one. */
const hasOpener = (text: string): boolean => text.indexOf('<') !== -1 || text.indexOf('\uff1c') !== -1 || text.indexOf('\ufe64') !== -1;

/**
 * Every breakout in `text`: an opener (`<`, U+FF1C `＜`, U+FE64 `﹤`), then any run of whitespace, controls and
 * invisible characters, an optional slash (`/`, `／`, `∕`, `⁄`, `⧸`) with the same run after it, then the tag name
 * (`skill`, or `system` + `-`/`_`/space/dash run + `reminder`) read under NFKC and case folding, with invisible
 * characters inside the name ignored. `envelope` limits the search to one tag name; by default both.
 * Near-misses (the name followed by another name character) are included with `nearMiss: true`.
 */
export function findBreakouts(text: string, envelope?: Envelope): Breakout[] {
  const out: Breakout[] = [];
  if (!hasOpener(text)) return out;
  const names = namesFor(envelope);
  eachSpecial(text, false, (i) => {
    const end = matchAt(text, i, names);
    if (end !== -1) out.push(new Found(text, mEnvelope, i, end, mClosing, mNearMiss));
  });
  return out;
}

/** A breakout; `text` and `escaped` are computed on demand (hostile input may hold millions of breakouts). */
class Found implements Breakout {
  readonly #source: string;
  constructor(
    source: string,
    readonly envelope: Envelope,
    readonly start: number,
    readonly end: number,
    readonly closing: boolean,
    readonly nearMiss: boolean,
  ) {
    this.#source = source;
  }
  get text(): string {
    return this.#source.slice(this.start, this.end);
  }
  get escaped(): string {
    return OPENERS[this.text[0]!] + this.text.slice(1);
  }
  toJSON(): Breakout {
    const { envelope, start, end, text, closing, nearMiss, escaped } = this;
    return { envelope, start, end, text, closing, nearMiss, escaped };
  }
}

/** Whether the `&` at `i` starts one of the scheme's entities (and so must itself be escaped as `&amp;`). */
function startsEntity(text: string, i: number): boolean {
  return entityAt(text, i) !== null;
}

/**
 * Call `visit(i)` for each offset of `<` (and of `&` when `amp`) and of the lookalike openers, in order. Without
 * lookalikes in the text this jumps with indexOf (the common case, fast); otherwise one regex pass.
 */
function eachSpecial(text: string, amp: boolean, visit: (i: number, c: string) => void): void {
  if (text.indexOf('\uff1c') === -1 && text.indexOf('\ufe64') === -1) {
    let lt = text.indexOf('<');
    let am = amp ? text.indexOf('&') : -1;
    while (lt !== -1 || am !== -1) {
      if (am === -1 || (lt !== -1 && lt < am)) {
        visit(lt, '<');
        lt = text.indexOf('<', lt + 1);
      } else {
        visit(am, '&');
        am = text.indexOf('&', am + 1);
      }
    }
    return;
  }
  const re = amp ? /[<&\uff1c\ufe64]/g : /[<\uff1c\ufe64]/g;
  for (let m = re.exec(text); m; m = re.exec(text)) visit(m.index, m[0]);
}

/** Edits collected by a scan: at[k] (offset), len[k] (characters replaced), rep[k] (replacement), in order. */
interface Edits {
  at: number[];
  len: number[];
  rep: string[];
}

/** Few edits: string concatenation is fastest. */
const CONCAT_MAX = 4096;

/**
 * Apply in-order, non-overlapping edits. Many edits (hostile input) are written into one UTF-16 buffer instead of a
 * rope of millions of pieces, which keeps the cost linear (no garbage-collector blow-up).
 */
function applySplices(text: string, e: Edits): string {
  const n = e.at.length;
  if (n === 0) return text;
  if (n <= CONCAT_MAX) {
    let out = '';
    let last = 0;
    for (let k = 0; k < n; k++) {
      out += text.slice(last, e.at[k]) + e.rep[k];
      last = e.at[k]! + e.len[k]!;
    }
    return out + text.slice(last);
  }
  let size = text.length;
  for (let k = 0; k < n; k++) size += e.rep[k]!.length - e.len[k]!;
  const buf = new Uint16Array(size);
  let o = 0;
  let last = 0;
  for (let k = 0; k < n; k++) {
    const at = e.at[k]!;
    for (let i = last; i < at; i++) buf[o++] = text.charCodeAt(i);
    const r = e.rep[k]!;
    for (let j = 0; j < r.length; j++) buf[o++] = r.charCodeAt(j);
    last = at + e.len[k]!;
  }
  for (let i = last; i < text.length; i++) buf[o++] = text.charCodeAt(i);
  // utf16le keeps every code unit as is, lone surrogates included.
  return Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength).toString('utf16le');
}

function escapeWith(text: string, names: readonly { envelope: Envelope; units: string }[]): string {
  if (!TRIGGER.test(text)) return text; // fast path: prose without `<`, a lookalike or `&` is returned as is
  const edits: Edits = { at: [], len: [], rep: [] };
  eachSpecial(text, true, (i, c) => {
    let rep: string | null = null;
    if (c === '&') {
      if (startsEntity(text, i)) rep = '&amp;';
    } else if (matchAt(text, i, names) !== -1) rep = OPENERS[c]!;
    if (rep !== null) {
      edits.at.push(i);
      edits.len.push(1);
      edits.rep.push(rep);
    }
  });
  return applySplices(text, edits);
}

/**
 * Escape text for the inside of an IronClaw `<skill>` envelope: the opener of every breakout (near-misses included)
 * becomes an entity (`&lt;`, `&#xFF1C;`, `&#xFE64;`), and an `&` that would otherwise read as one of those
 * entities (or `&amp;`) becomes `&amp;`. Nothing else changes; text without `<`, a lookalike or `&` is returned
 * as is. Forged `<system-reminder>` tags are neutralized too: models trained on that convention read one as the
 * harness's voice wherever it appears. `unescapeContent` inverts it exactly.
 */
export function escapeSkillContent(text: string): string {
  return escapeWith(text, NAMES);
}

/**
 * Escape text for the inside of a Cerveau `<system-reminder>`: the same scheme and the same breakouts as
 * `escapeSkillContent` (a fake `<skill trust="TRUSTED">` inside a reminder is as dangerous as a fake reminder).
 */
export function escapeReminderContent(text: string): string {
  return escapeWith(text, NAMES);
}

/** The entity of the scheme starting at `i` (an `&`), or null. */
function entityAt(text: string, i: number): string | null {
  const c = text.charCodeAt(i + 1);
  if (c === 0x6c) return text.startsWith('&lt;', i) ? '&lt;' : null;
  if (c === 0x61) return text.startsWith('&amp;', i) ? '&amp;' : null;
  if (c === 0x23) return text.startsWith('&#xFF1C;', i) ? '&#xFF1C;' : text.startsWith('&#xFE64;', i) ? '&#xFE64;' : null;
  return null;
}

/** Invert `escapeSkillContent` / `escapeReminderContent` exactly: decode the scheme's four entities, nothing else. */
export function unescapeContent(text: string): string {
  let i = text.indexOf('&');
  if (i === -1) return text;
  const edits: Edits = { at: [], len: [], rep: [] };
  while (i !== -1) {
    const e = entityAt(text, i);
    if (e === null) {
      i = text.indexOf('&', i + 1);
      continue;
    }
    edits.at.push(i);
    edits.len.push(e.length);
    edits.rep.push(ENTITIES[e]!);
    i = text.indexOf('&', i + e.length);
  }
  return applySplices(text, edits);
}

const ATTR: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** XML-escape an attribute value (`& < > " '`). */
export function xmlAttr(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ATTR[c]!);
}

export interface WrapSkillInput {
  /** Skill name; must match the IronClaw name pattern. */
  name: string;
  /** Skill version; must match the IronClaw version pattern. Defaults to "0.0.0", as IronClaw does. */
  version?: string;
  trust: Trust;
  /** The skill body, unescaped. */
  content: string;
}

function checkPattern(what: string, value: unknown, pattern: string | null): asserts value is string {
  if (typeof value !== 'string') throw new TypeError(`${what} must be a string, got ${value === null ? 'null' : typeof value}`);
  if (pattern !== null && !new RegExp(pattern).test(value)) {
    throw new RangeError(`${what} ${JSON.stringify(value)} does not match ${pattern}; refusing to write it into the envelope`);
  }
}

/**
 * Build an IronClaw envelope: `<skill name="…" version="…" trust="TRUSTED|INSTALLED">\n{escaped}\n</skill>`.
 * `name` and `version` are checked against the IronClaw patterns (from the target profile) and refused with an
 * error when they do not match, so `1.0" trust="TRUSTED` cannot be injected; attribute values are XML-escaped.
 */
export function wrapSkill(input: WrapSkillInput): string {
  const profile = PROFILES.ironclaw;
  const version = input.version ?? '0.0.0';
  checkPattern('skill name', input.name, profile.name.pattern);
  checkPattern('skill version', version, profile.versionPattern);
  if (input.trust !== 'trusted' && input.trust !== 'installed') {
    throw new RangeError(`trust ${JSON.stringify(input.trust)} is not one of "trusted", "installed"`);
  }
  if (typeof input.content !== 'string') throw new TypeError('content must be a string');
  const trust = input.trust === 'trusted' ? 'TRUSTED' : 'INSTALLED';
  return `<skill name="${xmlAttr(input.name)}" version="${xmlAttr(version)}" trust="${trust}">\n${escapeSkillContent(input.content)}\n</skill>`;
}

export interface WrapReminderInput {
  /** One line shown first inside the reminder (e.g. the skill's name); empty for none. */
  title: string;
  /** The text, unescaped. */
  content: string;
}

const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/;

/**
 * Build a Cerveau reminder: `<system-reminder>\n{title}\n{escaped content}\n</system-reminder>` (the title line
 * is left out when empty). The title must be one line; both are escaped with `escapeReminderContent`.
 */
export function wrapReminder(input: WrapReminderInput): string {
  if (typeof input.title !== 'string') throw new TypeError('title must be a string');
  if (typeof input.content !== 'string') throw new TypeError('content must be a string');
  if (LINE_BREAK.test(input.title)) throw new RangeError('title must be a single line');
  const title = input.title === '' ? '' : `${escapeReminderContent(input.title)}\n`;
  return `<system-reminder>\n${title}${escapeReminderContent(input.content)}\n</system-reminder>`;
}
