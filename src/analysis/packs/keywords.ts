// A text prepared once for every pack: invisible characters removed, lowercased for keywords, and one keyword pass
// (the Aho-Corasick automaton of keywordscan.ts) over it for the keywords of every pack at once, whose line hits each
// entry then looks up. The last few texts and every file's text are kept, so every pack, target and skill that shares
// a text shares the work.

import { PAYLOAD_TRIGGERS, payloadsOf } from '../decode.js';
import { keywordScanner, scanKeywords, type KeywordScanner } from '../keywordscan.js';
import { cleanText, type CleanText } from './clean.js';
import { packSource, type Pack, type PackSource } from './schema.js';

/** A text prepared once for every pack: invisible characters removed, lowercased for keywords, keyword hits. */
export interface Prepared {
  original: string;
  clean: CleanText;
  /** The clean text lowercased (offsets kept): only built for a scanner that cannot fold (see keywordscan.ts). */
  lower: string | null;
  /** keyword → start offsets (in the clean text) of the lines holding it; only keywords found have an entry. */
  hits: Map<string, number[]>;
  /** Keyword lists scanned for (a keyword of one of them without an entry in `hits` does not occur). */
  scanned: KeywordTable[];
  /** Whether `lower` holds a payload trigger (src/analysis/decode.ts); null before the first keyword scan. */
  triggers: boolean | null;
  /** The clean text lowercases as String#toLowerCase does, keeping its length (no U+0130), not A–Z only. */
  fullLower: boolean;
}

/** Lowercase that keeps offsets: String#toLowerCase when it keeps the length (it never shortens), else ASCII only. */
export function lowerKeepingOffsets(s: string): string {
  const l = s.toLowerCase();
  return l.length === s.length ? l : s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}

export function newPrepared(original: string): Prepared {
  const clean = cleanText(original);
  // U+0130 is the one code unit String#toLowerCase lengthens (test/keywordscan.property.test.ts checks).
  return { original, clean, lower: null, hits: new Map(), scanned: [], triggers: null, fullLower: clean.text.indexOf('\u0130') === -1 };
}

/** Lowercase a line of a prepared text as lowerKeepingOffsets does the whole text: lines end at a newline, where
 *  String#toLowerCase's one contextual rule (final sigma) looks no further, so the line lowercases alone the same. */
export function lowerLineOf(p: Prepared, line: string): string {
  return p.fullLower ? line.toLowerCase() : line.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}

/** Whether findPayloads (src/analysis/decode.ts) would find no trigger in `p.original`, as the keyword scan saw:
 *  known only when nothing was removed and `lower` is exactly the text lowercased (findPayloads' own test). */
export function triggerFree(p: Prepared): boolean {
  return p.triggers === false && p.clean.map === null && p.fullLower;
}

const preparedCache: Prepared[] = [];

/** Prepare `text` (the last few texts are cached, so every pack run on one skill shares the work). */
export function prepare(text: string): Prepared {
  const hit = preparedCache.find((p) => p.original === text);
  if (hit) return hit;
  const p = newPrepared(text);
  preparedCache.unshift(p);
  if (preparedCache.length > 4) preparedCache.pop();
  return p;
}

const preparedBySource = new WeakMap<object, Prepared>();

/** Prepare a file's text once per run: every pack, target and skill sharing the file reuses it. */
export function prepareSource(src: { normalized: string }): Prepared {
  let p = preparedBySource.get(src);
  if (!p) {
    p = newPrepared(src.normalized);
    preparedBySource.set(src, p);
  }
  return p;
}

/** A keyword list: its set, and its automaton (src/analysis/keywordscan.ts) built at the first scan that needs it
 *  (most entry lists are only ever checked against the all-pack list). */
interface KeywordTable {
  keywords: ReadonlySet<string>;
  /** Over the keywords in set order, then the payload triggers (src/analysis/decode.ts PAYLOAD_TRIGGERS). */
  scan: KeywordScanner | null;
  subsetOf: WeakMap<KeywordTable, boolean>;
  /** The last table found to hold every keyword of this one (the all-pack list, for an entry's list). */
  within: KeywordTable | null;
}

const keywordTables = new WeakMap<readonly string[], KeywordTable>();

function keywordTable(keywords: readonly string[]): KeywordTable {
  let t = keywordTables.get(keywords);
  if (!t) keywordTables.set(keywords, (t = { keywords: new Set(keywords), scan: null, subsetOf: new WeakMap(), within: null }));
  return t;
}

function scannerOf(t: KeywordTable): KeywordScanner {
  return (t.scan ??= keywordScanner([...t.keywords, ...PAYLOAD_TRIGGERS]));
}

function covered(p: Prepared, k: string): boolean {
  for (const t of p.scanned) if (t.keywords.has(k)) return true;
  return false;
}

/** Whether every keyword of `t` is a keyword of `by` (memoized: entry lists are checked against the all-pack list). */
function subsetOf(t: KeywordTable, by: KeywordTable): boolean {
  let r = t.subsetOf.get(by);
  if (r === undefined) {
    r = [...t.keywords].every((k) => by.keywords.has(k));
    t.subsetOf.set(by, r);
  }
  return r;
}

/**
 * Find the keywords of `keywords` not yet looked for, in one pass over the text (an Aho-Corasick automaton built
 * once per keyword list: one class look-up and one transition per character); only keywords found get an entry
 * (texts are many and mostly small). The same pass looks for the payload triggers (`p.triggers`).
 */
export function indexKeywords(p: Prepared, keywords: readonly string[]): void {
  const table = keywordTable(keywords);
  // Every entry asks, for every text: the usual answer (its list is part of the all-pack list scanned) costs no
  // look-up.
  const scanned = p.scanned;
  for (let i = 0; i < scanned.length; i++) if (scanned[i] === table || scanned[i] === table.within) return;
  for (const t of scanned) {
    if (subsetOf(table, t)) {
      table.within = t;
      return;
    }
  }
  let fresh: Set<string> | null = null;
  if (p.scanned.length > 0) {
    fresh = new Set();
    for (const k of table.keywords) if (!covered(p, k)) fresh.add(k);
    if (fresh.size === 0) return;
  }
  p.scanned.push(table);
  const sc = scannerOf(table);
  const list = sc.keywords;
  const n = table.keywords.size;
  let want: Uint8Array | null = null;
  if (fresh !== null) {
    want = new Uint8Array(list.length).fill(1);
    for (let i = 0; i < n; i++) if (!fresh.has(list[i]!)) want[i] = 0;
  }
  // The text as written, read through the scanner's lowercase tables: no lowercased copy of every text.
  const lines = sc.foldable ? scanKeywords(sc, p.clean.text, want, p.fullLower ? 'full' : 'ascii') : scanKeywords(sc, (p.lower ??= lowerKeepingOffsets(p.clean.text)), want);
  for (let i = 0; i < n; i++) {
    const l = lines[i];
    if (l !== undefined) p.hits.set(list[i]!, l);
  }
  let trigger = false;
  for (let i = n; i < list.length; i++) if (lines[i] !== undefined) trigger = true;
  p.triggers = trigger;
}

/** Per pack source: the keywords of every pack it holds (and the literals of scanLiteralsToo). */
const everyKeyword = new WeakMap<PackSource, string[]>();

/** Literal lists rules look up with literalLines, scanned in the same pass as the pack keywords. */
const alsoScanned: (readonly string[])[] = [];

/**
 * Have `literals` (lowercase) found by the same pass as the pack keywords, for literalLines. Call at module load:
 * a list registered after the first scan is still answered exactly, by a pass of its own.
 */
export function scanLiteralsToo(literals: readonly string[]): void {
  alsoScanned.push(literals);
}

/** The keywords of every pack in the packs folder (and the literals of scanLiteralsToo), so one pass over a text
 *  serves all pack rules. */
function allPackKeywords(): string[] {
  const packs = packSource();
  let list = everyKeyword.get(packs);
  if (!list) {
    const set = new Set<string>();
    for (const id of packs.ids()) for (const e of packs.load(id).rules) for (const k of e.keywords) set.add(k);
    for (const list of alsoScanned) for (const k of list) set.add(k);
    everyKeyword.set(packs, (list = [...set]));
  }
  return list;
}

/**
 * Start offsets of the lines of a file's text holding one of `literals` (lowercase; matched in the text lowercased,
 * as pack keywords are), ascending; null when invisible characters were removed before the scan (offsets and
 * contiguity would then differ from the text as written). A regex whose every match holds one of the literals in
 * ASCII letters, digits and punctuation cannot match on any other line.
 */
export function literalLines(src: { normalized: string }, literals: readonly string[]): readonly number[] | null {
  const p = prepareSource(src);
  if (p.clean.map !== null) return null;
  return keywordLines(p, literals);
}

const packKeywords = new WeakMap<Pack, string[]>();

/** Every pack's keywords plus this pack's own (a pack loaded from elsewhere, as in tests), without repeats. */
export function keywordsFor(pack: Pack): string[] {
  let list = packKeywords.get(pack);
  if (!list) {
    list = [...new Set([...allPackKeywords(), ...pack.rules.flatMap((e) => e.keywords)])];
    packKeywords.set(pack, list);
  }
  return list;
}

const NO_LINES: readonly number[] = Object.freeze([]);

/** Start offsets (in the clean text) of the lines holding one of `keywords`, ascending, without repeats. */
export function keywordLines(p: Prepared, keywords: readonly string[]): readonly number[] {
  indexKeywords(p, keywords);
  // Most entries find none or one of their keywords in a text: no allocation then.
  let only: number[] | null = null;
  let merged: number[] | null = null;
  for (const k of keywords) {
    const h = p.hits.get(k);
    if (h === undefined) continue;
    if (only === null) only = h;
    else (merged ??= only.slice()).push(...h);
  }
  if (merged === null) return only ?? NO_LINES;
  merged.sort((a, b) => a - b);
  let w = 1;
  for (let r = 1; r < merged.length; r++) if (merged[r] !== merged[w - 1]) merged[w++] = merged[r]!;
  merged.length = w;
  return merged;
}

/** Test seam: the line starts the keyword index finds for `keywords` in `text`, scanning after `before` (if any). */
export function keywordLinesOf(text: string, keywords: readonly string[], before?: readonly string[]): number[] {
  const p = prepare(text);
  if (before) indexKeywords(p, before);
  return [...keywordLines(p, keywords)];
}

/** Test seam: whether the keyword scan of `text` (with `keywords`) lets payloadsOf skip findPayloads. */
export function triggerFreeOf(text: string, keywords: readonly string[]): boolean {
  const p = prepare(text);
  indexKeywords(p, keywords);
  return triggerFree(p);
}
