// Pattern rules as data: validates the YAML packs of rules/packs/ (read by src/node/packs.ts), matches their RE2 patterns over a skill's text by
// scope (body, code, frontmatter, tool-command, references) and reports each match at its exact position.
// Patterns are line-local; a keyword pre-filter picks the lines to run RE2 on, and each pattern's required literals
// (src/analysis/regex/prefilter.ts) skip the lines it cannot match, so RE2 (~80 ms to load, up to ~35 ms to compile a
// pattern with long bounded gaps) loads and compiles only what some line could match, and a 64 KiB file costs a
// few short RE2 calls instead of one per match.

import { isMap, isScalar, isSeq, type Node as YamlNode } from 'yaml';
import { compileRe2, type Re2Regex } from './re2.js';
import { requiredLiterals, satisfies, type Requirement } from './regex/prefilter.js';
import { parseRustRegex } from './regex/syntax.js';
import { describeChain, distinctPayloads, flattenPayloads, PAYLOAD_TRIGGERS, payloadsOf } from './decode.js';
import { keywordScanner, scanKeywords, type KeywordScanner } from './keywordscan.js';
import { formatJsonPath, stringAt, type JsonScan, type JsonString } from './jsonscan.js';
import { mcpServers, mcpTexts, segmentAt, type McpLang } from './mcp.js';
import type { Rule, RuleMeta, SkillContext } from '../core/rule.js';
import type { PackageFile } from '../core/contracts.js';
import { quote, visible } from '../core/text.js';
import { firstInvisible, invisibleRegex } from '../core/unicode.js';
import { fencedBlocks } from './fences.js';
import type { Confidence, Severity } from '../core/types.js';

/** Where an entry runs: parts of the skill file, its references/ files, and the package's other files by kind
 *  (src/node/skillfiles.ts FileKind: markdown, shell, python, javascript, powershell, json, other). */
export const SCOPES = ['body', 'code', 'frontmatter', 'tool-command', 'references', 'markdown', 'shell', 'python', 'javascript', 'powershell', 'json', 'other'] as const;
export type Scope = (typeof SCOPES)[number];
/** Languages an entry's patterns are written for (`context`): in markdown they count only in fenced blocks of that
 *  language (or untagged ones); prose never matches. */
export const CONTEXTS = ['shell', 'python', 'javascript', 'powershell'] as const;
export type Context = (typeof CONTEXTS)[number];
/** Code filters a pack entry may name: checks a pattern cannot express. */
export const FILTERS = ['placeholder'] as const;
export type FilterName = (typeof FILTERS)[number];

/** One pattern rule of a pack. */
export interface PackEntry {
  id: string;
  description: string;
  /** Message template: {match} is the quoted (or masked) match, {where} where it was found. */
  message: string;
  severity: Severity;
  confidence: Confidence;
  scope: Scope[];
  /** Language the patterns are written for: in markdown (skill body, references/, markdown files) a match counts
   *  only inside a fenced code block tagged with one of them or untagged. Files are governed by `scope`. */
  context?: Context[];
  /** Severity by scope, overriding `severity` (e.g. an error in a tool command, a warning in prose). */
  scopeSeverity?: Partial<Record<Scope, Severity>>;
  /** Lowercase literals; a line is matched only when it contains one (case-insensitive). */
  keywords: string[];
  /** Lowercase literals the line must also contain, all of them (a cheaper test than RE2). */
  requires?: string[];
  /** RE2 patterns; a match of any one is a finding. */
  patterns: string[];
  /** Never print the match in full (credentials). */
  mask?: boolean;
  /** Lines a match may span (1 or 2); the second line is joined with "\n". */
  window?: number;
  filters?: FilterName[];
  examples: { match: string[]; nomatch: string[] };
}

export interface Pack {
  /** The rule id every finding of this pack carries. */
  rule: string;
  description: string;
  rules: PackEntry[];
}

export function packError(file: string, msg: string): never {
  throw new Error(`rule pack ${file}: ${msg}`);
}

/** What the pack schema (schemas/rule-pack.schema.json, checked by src/node/packs.ts) cannot say: entry ids are
 *  unique within the pack. */
export function checkPackSemantics(p: Pack, file: string): Pack {
  const ids = new Set<string>();
  for (const e of p.rules) {
    if (ids.has(e.id)) packError(file, `duplicate id ${e.id}`);
    ids.add(e.id);
    // The message becomes a meta.messages template (packMessages), where "{{" opens a placeholder.
    if (e.message.includes('{{') || e.message.includes('}}')) packError(file, `message of ${e.id} holds "{{" or "}}"; only {match} and {where} are filled in`);
  }
  return p;
}

/** Where packs come from: the package's rules/packs/ folder, read by the node layer (src/node/packs.ts), which
 *  registers itself here; analysis code never touches the file system. */
export interface PackSource {
  /** The pack feeding `ruleId`, validated against the pack schema (src/node/packs.ts validatePack). */
  load(ruleId: string): Pack;
  /** The rule ids of every pack the source holds. */
  ids(): string[];
}

let source: PackSource | null = null;

/** Set where loadPack reads packs (src/node/packs.ts does, when loaded). */
export function usePackSource(s: PackSource): void {
  source = s;
  everyKeyword = null;
}

function packSource(): PackSource {
  if (!source) throw new Error('no pack source: import src/node/packs.js (the engine does) before running pack rules');
  return source;
}

/** The pack that feeds `ruleId` (rules/packs/<ruleId>.yaml). */
export function loadPack(ruleId: string): Pack {
  return packSource().load(ruleId);
}

// ---------------------------------------------------------------------------------------------------------------
// Invisible characters are removed before matching, so "cu\u200brl | sh" still reads as "curl | sh".

/** Characters that render as nothing: the one classifier (src/core/unicode.ts). */
const INVISIBLE_CHARS_G = invisibleRegex('g');

interface CleanText {
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

function toOriginal(c: CleanText, off: number): number {
  return c.map ? c.map[off]! : off;
}

// ---------------------------------------------------------------------------------------------------------------
// Matching

interface Compiled {
  /** Per pattern: compiled at the first line that passes its literal prefilter. */
  regexes: (Re2Regex | null)[];
  /** Per pattern: the literals a line must contain to match (src/analysis/regex/prefilter.ts); [] when none are known. */
  required: Requirement[];
}
const compiled = new WeakMap<PackEntry, Compiled>();

function getCompiled(e: PackEntry): Compiled {
  let c = compiled.get(e);
  if (!c) {
    c = {
      regexes: e.patterns.map(() => null),
      // Pack patterns are RE2 syntax; the Rust-syntax parser reads the literals of those it understands, and a
      // pattern it does not parse gets no prefilter (RE2 runs on every keyword line, as before).
      required: e.patterns.map((p) => {
        const r = parseRustRegex(p);
        return r.ok ? requiredLiterals(r.ast) : [];
      }),
    };
    compiled.set(e, c);
  }
  return c;
}

function regexOf(e: PackEntry, c: Compiled, i: number): Re2Regex {
  let re = c.regexes[i];
  if (!re) {
    const r = compileRe2(e.patterns[i]!, 'g');
    if (!r.ok) throw new Error(`pattern ${e.id} does not compile: ${r.error}`);
    c.regexes[i] = re = r.regex;
  }
  return re;
}

const PLACEHOLDER = /x{4,}|X{4,}|\*{3,}|\.{3}|…|<[^>]*>|\{\{|\$\{|example|EXAMPLE|sample|dummy|DUMMY|placeholder|PLACEHOLDER|your|YOUR|redacted|REDACTED|fake|FAKE|test|TEST|0{8,}|1234567|abcdefg/;

/** Words on the same line that mark a value as an illustration. */
const EXAMPLE_CONTEXT = /\b(?:example|e\.g\.|for instance|sample|placeholder|dummy|fake|redacted|format|looks like)\b/i;

/**
 * A credential-looking match that is really an example value ("ghp_xxxx…", "AKIA…EXAMPLE", "AIzaSyA1B2C3D4…"),
 * judged from the value and, when given, the line it is on ("Example: AIza…").
 */
export function looksLikePlaceholder(s: string, line = ''): boolean {
  if (PLACEHOLDER.test(s)) return true;
  // "Example:" or "format" on the line marks an illustration, unless the value itself is as random as a real
  // token: real keys get pasted into docs next to exactly those words.
  if (EXAMPLE_CONTEXT.test(line) && !looksGenerated(s)) return true;
  // Counting sequences (A1B2C3…, 123456, abcdef) are typed by hand, not generated.
  const digits = s.replace(/[^0-9]/g, '');
  const letters = s.replace(/[^A-Za-z]/g, '').toUpperCase();
  if (/12345|23456|34567|45678|56789/.test(digits) && /ABCDE|BCDEF|CDEFG|DEFGH/.test(letters)) return true;
  // Low variety: a real token of 20+ characters uses many distinct characters.
  const body = s.replace(/^[A-Za-z]+[_-]/, '');
  return new Set(body).size < Math.min(10, Math.ceil(body.length / 3));
}

/** Shannon entropy in bits per character. */
function entropy(s: string): number {
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}

/** A value that reads as machine-generated: long, mixed letters and digits, high entropy, no counting runs. */
function looksGenerated(s: string): boolean {
  const body = s.replace(/^[A-Za-z]+[_-](?:[A-Za-z0-9]+[_-])?/, '').replace(/\s+/g, '');
  if (body.length < 20) return false;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/].filter((r) => r.test(body)).length;
  return classes >= 2 && entropy(body) >= 4;
}

export interface RawMatch {
  entry: PackEntry;
  /** Offsets in the scanned text. */
  start: number;
  end: number;
  text: string;
}

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

function newPrepared(original: string): Prepared {
  const clean = cleanText(original);
  // U+0130 is the one code unit String#toLowerCase lengthens (test/keywordscan.property.test.ts checks).
  return { original, clean, lower: null, hits: new Map(), scanned: [], triggers: null, fullLower: clean.text.indexOf('\u0130') === -1 };
}

/** Lowercase a line of a prepared text as lowerKeepingOffsets does the whole text: lines end at a newline, where
 *  String#toLowerCase's one contextual rule (final sigma) looks no further, so the line lowercases alone the same. */
function lowerLineOf(p: Prepared, line: string): string {
  return p.fullLower ? line.toLowerCase() : line.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}

/** Whether findPayloads (src/analysis/decode.ts) would find no trigger in `p.original`, as the keyword scan saw:
 *  known only when nothing was removed and `lower` is exactly the text lowercased (findPayloads' own test). */
function triggerFree(p: Prepared): boolean {
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
function prepareSource(src: { normalized: string }): Prepared {
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
function indexKeywords(p: Prepared, keywords: readonly string[]): void {
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

let everyKeyword: string[] | null = null;

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
  if (!everyKeyword) {
    const set = new Set<string>();
    const packs = packSource();
    for (const id of packs.ids()) for (const e of packs.load(id).rules) for (const k of e.keywords) set.add(k);
    for (const list of alsoScanned) for (const k of list) set.add(k);
    everyKeyword = [...set];
  }
  return everyKeyword;
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
function keywordsFor(pack: Pack): string[] {
  let list = packKeywords.get(pack);
  if (!list) {
    list = [...new Set([...allPackKeywords(), ...pack.rules.flatMap((e) => e.keywords)])];
    packKeywords.set(pack, list);
  }
  return list;
}

const NO_LINES: readonly number[] = Object.freeze([]);

/** Start offsets (in the clean text) of the lines holding one of `keywords`, ascending, without repeats. */
function keywordLines(p: Prepared, keywords: readonly string[]): readonly number[] {
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

/** Every match of `entry` in a prepared text (line-local, invisible characters ignored), in order. */
export function matchPrepared(entry: PackEntry, p: Prepared): RawMatch[] {
  const lines = keywordLines(p, entry.keywords);
  if (lines.length === 0) return [];
  const c = getCompiled(entry);
  const t = p.clean.text;
  const out: RawMatch[] = [];
  const window = entry.window ?? 1;
  const seen = new Set<string>();
  for (const ls of lines) {
    let le = t.indexOf('\n', ls);
    if (le === -1) le = t.length;
    for (let w = 1; w < window && le < t.length; w++) {
      const n = t.indexOf('\n', le + 1);
      le = n === -1 ? t.length : n;
    }
    const line = t.slice(ls, le);
    const lowerLine = lowerLineOf(p, line);
    if (entry.requires && !entry.requires.every((r) => lowerLine.includes(r))) continue;
    for (let i = 0; i < entry.patterns.length; i++) {
      // A line without the literals a pattern needs cannot match it: RE2 is not run, nor loaded, nor compiled.
      if (!satisfies(c.required[i]!, lowerLine, line)) continue;
      const re = regexOf(entry, c, i);
      re.lastIndex = 0;
      for (let m = re.exec(line); m; m = re.exec(line)) {
        const s = m[0] ?? '';
        if (s === '') {
          re.lastIndex++;
          continue;
        }
        if (entry.filters?.includes('placeholder') && looksLikePlaceholder(s, line)) continue;
        const start = toOriginal(p.clean, ls + m.index);
        const end = toOriginal(p.clean, ls + m.index + s.length);
        const key = `${start}:${end}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ entry, start, end, text: p.original.slice(start, end) });
      }
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Every match of `entry` in `text` (line-local, invisible characters ignored), in order. */
export function matchEntry(entry: PackEntry, text: string): RawMatch[] {
  return matchPrepared(entry, prepare(text));
}

// ---------------------------------------------------------------------------------------------------------------
// Scopes of a skill file

/** Fenced code blocks of a markdown text: [start, end) offsets, fences included (the one scanner, src/analysis/fences.ts).
 *  The last few texts' ranges: several rules (packs, remote-exec, exfiltration, catalogue, reference) ask for the
 *  same file's, one after the other. Keyed by the text itself (a string compare, cheap next to a scan). */
const rangeCache: { text: string; from: number; to: number; ranges: [number, number][] }[] = [];

export function codeRanges(text: string, from = 0, to = text.length): [number, number][] {
  const hit = rangeCache.find((c) => c.from === from && c.to === to && c.text === text);
  if (hit) return hit.ranges;
  const ranges = fencedBlocks(text, from, to).map((b): [number, number] => [b.start, b.end]);
  rangeCache.unshift({ text, from, to, ranges });
  if (rangeCache.length > 6) rangeCache.pop();
  return ranges;
}

/** Whether `off` lies in one of `ranges` (sorted, disjoint [start, end) pairs, as codeRanges returns). */
export function inRanges(ranges: readonly [number, number][], off: number): boolean {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [s, e] = ranges[mid]!;
    if (off < s) hi = mid - 1;
    else if (off >= e) lo = mid + 1;
    else return true;
  }
  return false;
}

export interface ToolCommand {
  index: number;
  name: string | null;
  command: string;
  /** Offsets of the value in the normalized text, when located. */
  start: number;
  end: number;
}

/** Cerveau tool commands: frontmatter `tools[].command` strings. */
export function toolCommands(ctx: SkillContext): ToolCommand[] {
  const tools = ctx.data?.tools;
  if (!Array.isArray(tools)) return [];
  const out: ToolCommand[] = [];
  tools.forEach((t, index) => {
    if (!t || typeof t !== 'object' || typeof (t as Record<string, unknown>).command !== 'string') return;
    const tool = t as Record<string, unknown>;
    const loc = ctx.locate(['tools', index, 'command']);
    out.push({ index, name: typeof tool.name === 'string' ? tool.name : null, command: tool.command as string, start: loc?.start ?? -1, end: loc?.end ?? -1 });
  });
  return out;
}

/** The scope of an offset in the skill file. */
export interface ScopeMap {
  scopeAt(off: number): Scope;
  tools: ToolCommand[];
  code: [number, number][];
}

export function scopeMap(ctx: SkillContext): ScopeMap {
  const doc = ctx.skill.doc;
  const norm = ctx.skill.source?.normalized ?? '';
  const fm = doc?.frontmatter ?? null;
  const fmEnd = fm ? (doc!.unterminated ? norm.length : doc!.bodyOffset) : 0;
  const code = codeRanges(norm, doc ? doc.bodyOffset : 0, norm.length);
  const tools = toolCommands(ctx);
  const toolRanges = tools.filter((t) => t.start >= 0).map((t): [number, number] => [t.start, t.end]).sort((a, b) => a[0] - b[0]);
  return {
    tools,
    code,
    scopeAt(off) {
      if (off < fmEnd) return inRanges(toolRanges, off) ? 'tool-command' : 'frontmatter';
      return inRanges(code, off) ? 'code' : 'body';
    },
  };
}

type DecodedString = { value: string; start: number; end: number; path: (string | number)[] };
const decodedCache = new WeakMap<object, DecodedString[]>();

/**
 * Frontmatter string scalars whose value differs from their source text (escapes, folding), with node offsets.
 * Computed once per parsed frontmatter: every pack rule and hidden-unicode ask for them.
 */
export function decodedStrings(ctx: SkillContext): DecodedString[] {
  const fm = ctx.fm;
  if (!fm?.doc) return [];
  let hit = decodedCache.get(fm);
  if (!hit) decodedCache.set(fm, (hit = decodeStrings(ctx)));
  return hit;
}

function decodeStrings(ctx: SkillContext): DecodedString[] {
  const fm = ctx.fm;
  const norm = ctx.skill.source?.normalized ?? '';
  if (!fm?.doc) return [];
  const out: { value: string; start: number; end: number; path: (string | number)[] }[] = [];
  let visited = 0;
  const walk = (n: unknown, p: (string | number)[]) => {
    if (++visited > 10000) return;
    if (isScalar(n)) {
      const r = (n as YamlNode).range;
      if (typeof n.value === 'string' && r) {
        const start = fm.offset + r[0];
        const end = fm.offset + r[1];
        const src = norm.slice(start, end);
        if (!src.includes(n.value)) out.push({ value: n.value, start, end, path: p });
      }
    } else if (isMap(n)) {
      for (const it of n.items) {
        walk(it.key, p);
        walk(it.value, [...p, isScalar(it.key) ? String(it.key.value) : '?']);
      }
    } else if (isSeq(n)) n.items.forEach((it, i) => walk(it, [...p, i]));
  };
  walk(fm.doc.contents, []);
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Reporting

const WHERE: Record<Scope, string> = {
  body: 'in the body',
  code: 'in a code block',
  frontmatter: 'in the frontmatter',
  'tool-command': 'in a Cerveau tool command',
  references: 'in a references/ file',
  markdown: 'in a markdown file',
  shell: 'in a shell script',
  python: 'in a Python file',
  javascript: 'in a JavaScript file',
  powershell: 'in a PowerShell script',
  json: 'in a JSON file',
  other: 'in a file of the skill',
};

/** Show a credential without printing it: kind prefix kept, the rest masked. */
export function maskSecret(s: string): string {
  const firstLine = s.split('\n')[0]!;
  if (firstLine.startsWith('-----')) return firstLine;
  const prefix = /^[A-Za-z]+[_-](?:[A-Za-z]+[_-])?/.exec(firstLine)?.[0] ?? firstLine.slice(0, 4);
  const keep = Math.min(prefix.length, Math.max(0, firstLine.length - 8));
  return `${firstLine.slice(0, keep)}${'*'.repeat(Math.min(8, firstLine.length - keep))}… (${firstLine.length} characters)`;
}

/**
 * The message id of an entry's findings is the entry's id, and its template the entry's `message` with the pack's
 * `{match}` / `{where}` written as `{{match}}` / `{{where}}` (checkPackSemantics keeps other "{{" out of pack
 * messages). Every finding a pack reports carries that id, with `data: { match, where }`.
 */
export function packTemplate(entry: PackEntry): string {
  return entry.message.replace(/\{(match|where)\}/g, '{{$1}}');
}

/** The meta.messages of a pack: entry id → template. */
export function packMessages(pack: Pack): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of pack.rules) out[e.id] = packTemplate(e);
  return out;
}

/**
 * `meta` with `messages` read from the pack rules/packs/<meta.id>.yaml at first use (the pack is loaded lazily,
 * through the registered pack source), merged with `own`: the messages the rule reports from code. An own id that
 * is also an entry id is a rule bug and throws.
 */
export function withPackMessages<M extends RuleMeta>(meta: M, own: Readonly<Record<string, string>> = {}): M {
  let messages: Readonly<Record<string, string>> | null = null;
  Object.defineProperty(meta, 'messages', {
    enumerable: true,
    configurable: true,
    get(): Readonly<Record<string, string>> {
      if (!messages) {
        const fromPack = packMessages(loadPack(meta.id));
        for (const id of Object.keys(own)) if (Object.prototype.hasOwnProperty.call(fromPack, id)) throw new Error(`rule ${meta.id}: message id ${id} is also an entry of its pack`);
        messages = Object.freeze({ ...fromPack, ...own });
      }
      return messages;
    },
  });
  return meta;
}

/** What a pack finding carries: the entry's message id and the values of its template. */
function render(entry: PackEntry, text: string, where: string): { messageId: string; data: { match: string; where: string } } {
  const shown = entry.mask ? JSON.stringify(visible(maskSecret(text))) : quote(text.replace(/\n[\s\S]*$/, ''), 120);
  return { messageId: entry.id, data: { match: shown, where } };
}

const decodedPrepared = new WeakMap<DecodedString, Prepared>();

/** A decoded frontmatter string prepared once, its keywords indexed with the whole list in one pass (each entry's
 *  list is part of it, so no entry scans the string again). */
function preparedDecoded(d: DecodedString, allKeywords: readonly string[]): Prepared {
  let p = decodedPrepared.get(d);
  if (!p) {
    p = newPrepared(d.value);
    decodedPrepared.set(d, p);
  }
  indexKeywords(p, allKeywords);
  return p;
}

/**
 * Run every entry of `pack` over the skill: the skill file (scoped), decoded frontmatter strings and the package's
 * other files (references/ and every text file by kind, JSON string values with their path). Overlapping matches of
 * one entry are reported once.
 */
export function runPack(ctx: SkillContext, pack: Pack): void {
  const allKeywords = keywordsFor(pack);
  const src = ctx.skill.source;
  if (src) runPackOnSkillFile(ctx, pack, src, allKeywords);
  if (pack.rules.some((e) => e.scope.some((x) => FILE_SCOPES.has(x)))) runPackOnFiles(ctx, pack, allKeywords);
}

/** Scopes that name files other than the skill file. */
const FILE_SCOPES: ReadonlySet<Scope> = new Set<Scope>(['references', 'markdown', 'shell', 'python', 'javascript', 'powershell', 'json', 'other']);

const FENCE_LANGS: Record<string, Context> = {
  sh: 'shell', bash: 'shell', shell: 'shell', zsh: 'shell', ksh: 'shell', console: 'shell', terminal: 'shell', 'shell-session': 'shell', shellsession: 'shell', fish: 'shell',
  py: 'python', python: 'python', python3: 'python', py3: 'python', ipython: 'python',
  js: 'javascript', javascript: 'javascript', node: 'javascript', mjs: 'javascript', ts: 'javascript', typescript: 'javascript', jsx: 'javascript', tsx: 'javascript',
  ps: 'powershell', ps1: 'powershell', powershell: 'powershell', pwsh: 'powershell',
};

/** The language of the fenced block whose fence line starts at `start`: a context, 'any' when untagged, null for
 *  another language (json, yaml, text…). */
function fenceLanguage(text: string, start: number): Context | 'any' | null {
  let le = text.indexOf('\n', start);
  if (le === -1) le = text.length;
  const m = /^[ \t>]*(?:`{3,}|~{3,})[ \t]*\{?[ \t]*\.?([A-Za-z0-9_+-]*)/.exec(text.slice(start, le));
  const lang = (m?.[1] ?? '').toLowerCase();
  if (lang === '') return 'any';
  return FENCE_LANGS[lang] ?? null;
}

/** Whether a match at `off` of a markdown text lies in a fenced block of one of `context`'s languages. */
function inContextBlock(text: string, code: readonly [number, number][], off: number, context: readonly Context[]): boolean {
  let lo = 0;
  let hi = code.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [a, b] = code[mid]!;
    if (off < a) hi = mid - 1;
    else if (off >= b) lo = mid + 1;
    else {
      const lang = fenceLanguage(text, a);
      return lang === 'any' || (lang !== null && context.includes(lang));
    }
  }
  return false;
}

function runPackOnSkillFile(ctx: SkillContext, pack: Pack, src: NonNullable<SkillContext['skill']['source']>, allKeywords: readonly string[]): void {
  const norm = src.normalized;
  let scopes: ScopeMap | null = null;
  const prepared = prepareSource(src);
  indexKeywords(prepared, allKeywords);
  let decoded: ReturnType<typeof decodedStrings> | null = null;
  // One finding per stretch of text: a later entry matching text an earlier entry reported adds nothing.
  const taken: [number, number][] = [];
  for (const entry of pack.rules) {
    const reported: [number, number][] = [];
    const sev = (s: Scope) => entry.scopeSeverity?.[s] ?? entry.severity;
    for (const m of matchPrepared(entry, prepared)) {
      scopes ??= scopeMap(ctx);
      const scope = scopes.scopeAt(m.start);
      if (!entry.scope.includes(scope)) continue;
      if (entry.context && !(scope === 'tool-command' ? entry.context.includes('shell') : scope === 'code' && inContextBlock(norm, scopes.code, m.start, entry.context))) continue;
      if (taken.some(([a, b]) => m.start < b && a < m.end)) continue;
      taken.push([m.start, m.end]);
      let where = WHERE[scope];
      if (scope === 'tool-command') {
        const tool = scopes.tools.find((t) => m.start >= t.start && m.start < t.end);
        if (tool) where = `in the command of Cerveau tool ${quote(tool.name ?? `#${tool.index + 1}`)}`;
      }
      reported.push([m.start, m.end]);
      ctx.report({ offset: m.start, endOffset: m.end, severity: sev(scope), confidence: entry.confidence, ...render(entry, m.text, where) });
    }
    // Escaped or folded frontmatter strings ("cu\x72l", "\u200b"): match the decoded value, report at the node.
    if (entry.scope.includes('frontmatter') || entry.scope.includes('tool-command')) {
      decoded ??= decodedStrings(ctx);
      for (const d of decoded) {
        if (reported.some(([s]) => s >= d.start && s < d.end)) continue;
        const isTool = d.path[0] === 'tools' && d.path[2] === 'command';
        const scope: Scope = isTool ? 'tool-command' : 'frontmatter';
        if (!entry.scope.includes(scope)) continue;
        if (entry.context && !(isTool && entry.context.includes('shell'))) continue;
        const first = matchPrepared(entry, preparedDecoded(d, allKeywords))[0];
        if (!first) continue;
        const where = `${WHERE[scope]} (${quote(d.path.join('.'))}, after YAML unescaping)`;
        ctx.report({ offset: d.start, endOffset: d.end, severity: sev(scope), confidence: entry.confidence, ...render(entry, first.text, where) });
      }
    }
  }
  // Decoded payloads (echo … | base64 -d | bash, exec(b64decode(…))): every entry in scope runs over the decoded
  // text, reported at the encoded literal with the decode chain.
  for (const { payload, outer, chain, suffix } of distinctPayloads(flattenPayloads(payloadsOf(src, triggerFree(prepared))), src)) {
    if (payload.text === null) continue;
    scopes ??= scopeMap(ctx);
    const scope = scopes.scopeAt(outer.start);
    for (const entry of pack.rules) {
      if (!entry.scope.includes(scope)) continue;
      const first = matchEntry(entry, payload.text)[0];
      if (!first) continue;
      ctx.report({ offset: outer.start, endOffset: outer.end, severity: entry.scopeSeverity?.[scope] ?? entry.severity, confidence: entry.confidence, ...render(entry, first.text, `${WHERE[scope]}, in a payload decoded by ${describeChain(chain)}`), suffix });
    }
  }
}

/** The scope a package file is in for `entry`: its kind, or `references` for a file under references/; null when
 *  the entry does not run there. */
function fileScope(entry: PackEntry, f: PackageFile): Scope | null {
  if (entry.scope.includes(f.kind)) return f.kind;
  if (f.reference && entry.scope.includes('references')) return 'references';
  return null;
}

function runPackOnFiles(ctx: SkillContext, pack: Pack, allKeywords: readonly string[]): void {
  const folder = ctx.skill.folder;
  if (!folder) return;
  for (const f of folder.files().files) {
    const entries = pack.rules.map((e) => [e, fileScope(e, f)] as const).filter((x): x is readonly [PackEntry, Scope] => x[1] !== null);
    if (entries.length === 0 && f.kind !== 'json') continue;
    const text = f.source.normalized;
    const p = prepareSource(f.source);
    indexKeywords(p, allKeywords);
    const markdown = f.kind === 'markdown';
    let code: [number, number][] | null = null;
    const json = f.kind === 'json' ? f.json() : null;
    const taken: [number, number][] = [];
    // The file's decoded payloads: found once per file, not once per entry.
    const decoded = entries.length > 0 ? distinctPayloads(flattenPayloads(payloadsOf(f.source, triggerFree(p))).filter((x) => x.payload.text !== null), f.source) : [];
    const where = (off: number) => {
      const str = json ? stringAt(json.strings, off) : null;
      return str ? `in ${quote(f.rel)} at ${formatJsonPath(str.path)}` : `in ${quote(f.rel)}`;
    };
    // An escaped JSON string's decoded value, prepared once for every entry (not once per entry).
    const preparedStrings = new Map<JsonString, Prepared>();
    const preparedString = (str: JsonString): Prepared => {
      let prepared = preparedStrings.get(str);
      if (!prepared) preparedStrings.set(str, (prepared = prepare(str.value)));
      return prepared;
    };
    for (const [entry, scope] of entries) {
      const severity = entry.scopeSeverity?.[scope] ?? entry.severity;
      // A script of another language than the entry's: its patterns mean something else there.
      if (entry.context && (CONTEXTS as readonly string[]).includes(f.kind) && !entry.context.includes(f.kind as Context)) continue;
      for (const m of matchPrepared(entry, p)) {
        if (entry.context && markdown && !inContextBlock(text, (code ??= codeRanges(text)), m.start, entry.context)) continue;
        if (taken.some(([a, b]) => m.start < b && a < m.end)) continue;
        taken.push([m.start, m.end]);
        ctx.report({ file: f.file, source: f.source, offset: m.start, endOffset: m.end, severity, confidence: entry.confidence, ...render(entry, m.text, where(m.start)) });
      }
      // Decoded payloads of the file: the entry over the decoded text, reported at the encoded literal.
      for (const { payload, outer, chain, suffix } of decoded) {
        const first = matchEntry(entry, payload.text!)[0];
        if (!first) continue;
        ctx.report({ file: f.file, source: f.source, offset: outer.start, endOffset: outer.end, severity, confidence: entry.confidence, ...render(entry, first.text, `${where(outer.start)}, in a payload decoded by ${describeChain(chain)}`), suffix });
      }
      // JSON strings written with escapes ("\u0063url … | sh"): match the decoded value, report at the string.
      for (const str of json?.strings ?? []) {
        // One finding per string and rule: skipped when any entry of this pack already reported inside the string
        // (a raw match of another entry, e.g. a key assignment over the same escaped private key block).
        if (!str.escaped || taken.some(([a, b]) => a < str.end && str.start < b)) continue;
        const first = matchPrepared(entry, preparedString(str))[0];
        if (!first) continue;
        taken.push([str.start, str.end]);
        ctx.report({ file: f.file, source: f.source, offset: str.start, endOffset: str.end, severity, confidence: entry.confidence, ...render(entry, first.text, `${where(str.start)} (after JSON unescaping)`) });
      }
    }
    if (json) runPackOnMcpServers(ctx, pack, f, json, taken, allKeywords);
  }
}

/** The pack scope of a rebuilt MCP text's language (perl and ruby have none of their own: `other`). */
const MCP_SCOPE: Record<McpLang, Scope> = { shell: 'shell', python: 'python', javascript: 'javascript', powershell: 'powershell', perl: 'other', ruby: 'other' };

/**
 * MCP servers of a JSON file (src/analysis/mcp.ts): the entries scoped to the language of each rebuilt text (the command
 * line as shell, a `sh -c` script as shell, `node -e` code as JavaScript…) run over it, reported at the JSON string
 * that carries the match, unless this pack already reported in that string.
 */
function runPackOnMcpServers(ctx: SkillContext, pack: Pack, f: PackageFile, json: JsonScan, taken: [number, number][], allKeywords: readonly string[]): void {
  for (const server of mcpServers(json)) {
    for (const t of mcpTexts(server)) {
      const scope = MCP_SCOPE[t.lang];
      let p: Prepared | null = null;
      for (const entry of pack.rules) {
        if (!entry.scope.includes(scope)) continue;
        if (entry.context && scope !== 'other' && !entry.context.includes(scope as Context)) continue;
        if (!p) {
          p = prepare(t.text);
          indexKeywords(p, allKeywords);
        }
        for (const m of matchPrepared(entry, p)) {
          const str = segmentAt(t, m.start);
          if (taken.some(([a, b]) => str.start < b && a < str.end)) continue;
          taken.push([str.start, str.end]);
          const where = `in ${quote(f.rel)} server ${quote(server.name)} (${t.label}, at ${formatJsonPath(str.path)})`;
          ctx.report({ file: f.file, source: f.source, offset: str.start, endOffset: str.end, severity: entry.scopeSeverity?.[scope] ?? entry.severity, confidence: entry.confidence, ...render(entry, m.text, where) });
          break;
        }
      }
    }
  }
}

/** Test helper: the ids of the entries of `pack` that match `text` anywhere (scope ignored). */
export function entriesMatching(pack: Pack, text: string): string[] {
  return pack.rules.filter((e) => matchEntry(e, text).length > 0).map((e) => e.id);
}

/**
 * A rule whose checks are the pack rules/packs/<meta.id>.yaml (loaded at first use). With `wrap`, the rule reports
 * through the context it returns (e.g. catalogueAware, src/analysis/catalogue.ts).
 */
export function packRule(meta: RuleMeta, wrap?: (ctx: SkillContext) => SkillContext): Rule {
  let pack: Pack | null = null;
  return {
    meta: withPackMessages(meta),
    checkSkill(ctx) {
      pack ??= loadPack(meta.id);
      runPack(wrap ? wrap(ctx) : ctx, pack);
    },
  };
}
