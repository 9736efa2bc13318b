// Pattern rules as data: matches the RE2 patterns of the packs of rules/packs/ over a skill's text by scope (body,
// code, frontmatter, tool-command, references, the package's files) and reports each match at its exact position.
// The pack's shape and source (packs/schema.ts), invisible-character cleaning (packs/clean.ts), the keyword index
// (packs/keywords.ts), placeholder values (packs/placeholder.ts) and messages (packs/messages.ts) are modules of
// their own; this one matches and runs, and re-exports them for the rules.
// Patterns are line-local; a keyword pre-filter picks the lines to run RE2 on, and each pattern's required literals
// (src/analysis/regex/prefilter.ts) skip the lines it cannot match, so RE2 (~80 ms to load, up to ~35 ms to compile a
// pattern with long bounded gaps) loads and compiles only what some line could match, and a 64 KiB file costs a
// few short RE2 calls instead of one per match.

import { isMap, isScalar, isSeq, type Node as YamlNode } from 'yaml';
import { compileRe2, disposeRe2, onHeapFull, outOfMemory, type Re2Regex } from './re2.js';
import { tableCells } from './tables.js';
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
import { printedHereDocs } from './heredoc.js';
import { toOriginal } from './packs/clean.js';
import { indexKeywords, keywordLines, keywordsFor, lowerLineOf, newPrepared, prepare, prepareSource, triggerFree, type Prepared } from './packs/keywords.js';
import { render, WHERE, withPackMessages } from './packs/messages.js';
import { looksLikePlaceholder } from './packs/placeholder.js';
import { CONTEXTS, loadPack, type Context, type Pack, type PackEntry, type Scope } from './packs/schema.js';

export * from './packs/schema.js';
export * from './packs/clean.js';
export * from './packs/placeholder.js';
export * from './packs/keywords.js';
export * from './packs/messages.js';
import type { Confidence, Severity } from '../core/types.js';

// ---------------------------------------------------------------------------------------------------------------
// Matching

interface Compiled {
  /** Per pattern: compiled at the first line that passes its literal prefilter. */
  regexes: (Re2Regex | null)[];
  /** Per pattern: the literals a line must contain to match (src/analysis/regex/prefilter.ts); [] when none are known. */
  required: Requirement[];
  /** Per pattern: characters its compiled regex has matched over since it was compiled. */
  scanned: number[];
}
const compiled = new WeakMap<PackEntry, Compiled>();

function getCompiled(e: PackEntry): Compiled {
  let c = compiled.get(e);
  if (!c) {
    c = {
      regexes: e.patterns.map(() => null),
      scanned: e.patterns.map(() => 0),
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

type Re2Match = NonNullable<ReturnType<Re2Regex['exec']>>;

/** The pack entries holding compiled regexes (re2-wasm's heap is fixed at 16 MiB and never collected). */
const holding = new Set<Compiled>();

/** Free every compiled pack regex: each is compiled again at its next use. The heap is then free for the one at hand
 *  (also for a caller that compiles patterns of its own, such as the pack tests). */
export function releaseAll(): void {
  scannedSinceRelease = 0;
  for (const c of holding) {
    for (let i = 0; i < c.regexes.length; i++) {
      const re = c.regexes[i];
      if (re) disposeRe2(re);
      c.regexes[i] = null;
      c.scanned[i] = 0;
    }
  }
  holding.clear();
}

/** Past SCAN_BUDGET: free the regexes that have read the most (their caches are the large ones) until those left
 *  have read half the budget. Compiling all pack patterns again costs over a second, so the rest are kept. */
function relieve(): void {
  const live: { c: Compiled; i: number; n: number }[] = [];
  for (const c of holding) for (let i = 0; i < c.regexes.length; i++) if (c.regexes[i]) live.push({ c, i, n: c.scanned[i]! });
  live.sort((a, b) => b.n - a.n);
  let left = live.reduce((t, x) => t + x.n, 0);
  for (const { c, i, n } of live) {
    if (left <= SCAN_BUDGET / 2) break;
    disposeRe2(c.regexes[i]!);
    c.regexes[i] = null;
    c.scanned[i] = 0;
    left -= n;
  }
  scannedSinceRelease = left;
}
onHeapFull(releaseAll);

function regexOf(e: PackEntry, c: Compiled, i: number): Re2Regex {
  let re = c.regexes[i];
  if (!re) {
    // The heap full of other patterns' programs and match caches: compileRe2 frees them all (releaseAll, given to
    // onHeapFull above) and compiles again.
    const r = compileRe2(e.patterns[i]!, 'g');
    if (!r.ok) throw new Error(`pattern ${e.id} does not compile: ${r.error}`);
    c.regexes[i] = re = r.regex;
    holding.add(c);
  }
  return re;
}

/**
 * Characters the live compiled regexes together match over before the busiest are freed (each is compiled again at
 * its next use: relieve). RE2 keeps the DFA states a match visits in a cache that grows with the text it reads (up
 * to several MiB a regex), and re2-wasm's heap is fixed at 16 MiB: a few dozen regexes run over a large package (a
 * one-line API description of 900 KB) exhausted it, and re2-wasm then aborts inside an allocation, after which its
 * heap cannot be trusted. Freed at this budget, the caches stay small whatever ran before, so what a text yields
 * does not depend on the texts checked before it.
 */
const SCAN_BUDGET = 4 << 20;
/** The sum of `scanned` over the live compiled regexes, kept as it changes (execAll adds, relieve and releaseAll
 *  take away) so that the budget check costs nothing per match. */
let scannedSinceRelease = 0;

/** Every match of pattern `i` in `line`; a match cache that outgrows the heap frees the other patterns and runs again. */
function execAll(e: PackEntry, c: Compiled, i: number, line: string): Re2Match[] {
  if (scannedSinceRelease > SCAN_BUDGET) relieve();
  scannedSinceRelease += line.length;
  c.scanned[i] = (c.regexes[i] ? c.scanned[i]! : 0) + line.length;
  const run = (): Re2Match[] => {
    const re = regexOf(e, c, i);
    const found: Re2Match[] = [];
    re.lastIndex = 0;
    for (let m = re.exec(line); m; m = re.exec(line)) {
      if ((m[0] ?? '') === '') re.lastIndex++;
      else found.push(m);
    }
    return found;
  };
  try {
    return run();
  } catch (err) {
    if (!outOfMemory(String((err as Error)?.message ?? err))) throw err;
    releaseAll();
    return run();
  }
}

export interface RawMatch {
  entry: PackEntry;
  /** Offsets in the scanned text. */
  start: number;
  end: number;
  text: string;
}

/**
 * A line longer than PIECE_LENGTH (a minified JSON file, a data URI) is matched in pieces that overlap by
 * PIECE_LENGTH - PIECE_STEP characters: re2-wasm's heap is fixed (16 MiB), and one pattern run over a line of a
 * megabyte can exhaust it, so what was found would depend on what ran before. In pieces the cost and the result are
 * the same whatever ran before. A match is kept from the piece it starts in before the overlap; one longer than the
 * overlap that crosses a piece's end is cut there (pack patterns are bounded well below it).
 */
const PIECE_LENGTH = 1 << 16;
const PIECE_STEP = PIECE_LENGTH - (1 << 12);

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
    // A Markdown table row: a match that runs across the bar between two cells joins text of two cells. The row is
    // split only when a match is found (most keyword lines have none).
    let cells: [number, number][] | null | undefined;
    const acrossCells = (a: number, b: number) => (cells ??= window === 1 ? tableCells(line) : null) !== null && cells!.some(([, ce]) => ce > a && ce < b - 1);
    if (entry.requires && !entry.requires.every((r) => lowerLine.includes(r))) continue;
    if (entry.excludes && entry.excludes.some((r) => lowerLine.includes(r))) continue;
    for (let i = 0; i < entry.patterns.length; i++) {
      // A line without the literals a pattern needs cannot match it: RE2 is not run, nor loaded, nor compiled.
      if (!satisfies(c.required[i]!, lowerLine, line)) continue;
      for (let off = 0; ; off += PIECE_STEP) {
        const last = off + PIECE_LENGTH >= line.length;
        for (const m of execAll(entry, c, i, off === 0 && last ? line : line.slice(off, off + PIECE_LENGTH))) {
          // A match that starts in the overlap is the next piece's, which holds it whole.
          if (!last && m.index >= PIECE_STEP) continue;
          const s = m[0]!;
          if (acrossCells(off + m.index, off + m.index + s.length)) continue;
          if (entry.filters?.includes('placeholder') && looksLikePlaceholder(s, line)) continue;
          const start = toOriginal(p.clean, ls + off + m.index);
          const end = toOriginal(p.clean, ls + off + m.index + s.length);
          const key = `${start}:${end}`;
          if (seen.has(key)) continue;
          seen.add(key);
          out.push({ entry, start, end, text: p.original.slice(start, end) });
        }
        if (last) break;
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
    // Here-documents a shell script only prints: text shown, not commands run. A pack about text a reader follows
    // (`printedText`) still matches them. In Markdown every line is text the model reads: nothing is skipped there.
    const printed = f.kind === 'shell' && !pack.printedText ? printedHereDocs(text) : [];
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
        if (printed.length > 0 && inRanges(printed, m.start)) continue;
        if (entry.context && markdown && !inContextBlock(text, (code ??= codeRanges(text)), m.start, entry.context)) continue;
        if (taken.some(([a, b]) => m.start < b && a < m.end)) continue;
        // A raw match across a JSON string's escaped line break ("Delete a project\n\nOptions: … Skip confirmation")
        // joins lines that the string's value keeps apart: the decoded value is matched below instead.
        if (json && /\\[nr]/.test(text.slice(m.start, m.end)) && stringAt(json.strings, m.start)?.escaped) continue;
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
