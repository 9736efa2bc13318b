// Per-target frontmatter readers: Cuca's strict `key: value` parser and Creo's lenient YAML retry.
// Both start from the generic parse (src/core/parse.ts) and return a ParsedDocument as that runtime reads the file.

import { isMap, isScalar, isSeq } from 'yaml';
import { parseSkillDocument, parseYaml, type FlatEntry, type Frontmatter, type ParsedDocument, type YamlProblem } from '../core/parse.js';
import { originalOffset, positionAt, type SourceText } from '../core/source.js';
import { quote } from '../core/text.js';
import type { TextEdit } from '../core/types.js';
import type { FrontmatterParser } from './profiles.js';

/** The document as a target's parser reads it. `generic` is the YAML parse every target starts from. */
export function parseForTarget(parser: FrontmatterParser, src: SourceText, generic: ParsedDocument): ParsedDocument {
  if (parser === 'strict-kv') return parseStrictKv(src, generic);
  if (parser === 'yaml-lenient') return lenientRetry(src, generic);
  if (parser === 'openclaw') return runtimeYaml(parser, openclawParse(src, generic));
  if (parser === 'skills-ref') return runtimeYaml(parser, skillsRefSplit(src, generic));
  if (parser === 'codex') return runtimeYaml(parser, lenientRetry(src, trimmedCloseSplit(src, openIndentSplit(src, generic))));
  if (parser === 'yaml-lenient-first-dashes') return runtimeYaml(parser, claudeCodeRetry(src, claudeCodeSplit(src, generic)));
  if (parser === 'opencode') return runtimeYaml(parser, jsYaml3Tabs(src, generic) ?? lenientRetry(src, generic));
  return generic;
}

/** Where a runtime's YAML reader departs from the `yaml` library's reading of the same block (each measured by the
 *  conformance generator, scripts/conformance-fuzz.mjs, and found in the reader's code). */
interface YamlDetails {
  /** A character outside YAML's printable set (js-yaml's PATTERN_NON_PRINTABLE; Codex: "control characters are not
   *  allowed") fails the parse: the runtime skips the skill. */
  printableOnly: boolean;
  /** A byte-order mark inside the block (a line that starts with U+FEFF) fails the parse (Codex: "more than one
   *  document"; js-yaml rejects it). */
  strayBom: boolean;
  /** A NUL in the block makes the runtime drop the frontmatter (Claude Code: the skill loads with its fallbacks). */
  nulDropsFrontmatter: boolean;
  /** `<<:` merge keys are applied (YAML 1.1; Bun.YAML, js-yaml 3). */
  mergeKeys: boolean;
  /** A local tag such as `!custom` fails the parse (js-yaml: "unknown tag"). */
  unknownTagFails: boolean;
  /** A bare date (`2024-01-15`) as name or description: a Date object (js-yaml's timestamp type). */
  datesAsDates: boolean;
  /** A number as name or description is kept as written (`1.5e3`, not 1500: Codex reads the scalar's text). */
  numbersAsWritten: boolean;
  /** A null written out (`~`, `null`) as name or description is its text (OpenClaw's coerceYamlFrontmatterValue). */
  nullsAsWritten?: boolean;
  /** A flow mapping (`{a: b}`) as name or description is its text as written (Codex, OpenClaw; measured: a flow
   *  list is not, Codex skips it and OpenClaw shows its JSON text). */
  flowMapAsWritten?: boolean;
}

const YAML_DETAILS: Partial<Record<FrontmatterParser, YamlDetails>> = {
  // Claude Code 2.1.332: Bun.YAML.parse.
  'yaml-lenient-first-dashes': { printableOnly: false, strayBom: false, nulDropsFrontmatter: true, mergeKeys: true, unknownTagFails: false, datesAsDates: false, numbersAsWritten: false },
  // Codex 0.171.0: a Rust YAML reader into a typed struct.
  codex: { printableOnly: true, strayBom: true, nulDropsFrontmatter: false, mergeKeys: false, unknownTagFails: false, datesAsDates: false, numbersAsWritten: true, flowMapAsWritten: true },
  // OpenCode 1.18.33: gray-matter's js-yaml 3 safeLoad.
  opencode: { printableOnly: true, strayBom: true, nulDropsFrontmatter: false, mergeKeys: true, unknownTagFails: true, datesAsDates: true, numbersAsWritten: false },
  // OpenClaw 2026.9.6: the `yaml` library, values coerced to their text (measured: `description: ~` loads as "~").
  openclaw: { printableOnly: false, strayBom: false, nulDropsFrontmatter: false, mergeKeys: false, unknownTagFails: false, datesAsDates: false, numbersAsWritten: false, nullsAsWritten: true, flowMapAsWritten: true },
  // skills-ref 0.1.5: js-yaml 4 load (dist/parser.js).
  'skills-ref': { printableOnly: true, strayBom: true, nulDropsFrontmatter: false, mergeKeys: true, unknownTagFails: true, datesAsDates: true, numbersAsWritten: false },
};

const RUNTIME_OF: Partial<Record<FrontmatterParser, string>> = { openclaw: 'openclaw', 'yaml-lenient-first-dashes': 'claude-code', codex: 'codex', opencode: 'opencode', 'skills-ref': 'agentskills' };

/** js-yaml's non-printable characters (loader.js PATTERN_NON_PRINTABLE, surrogates aside). */
const NON_PRINTABLE = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uFFFE\uFFFF]/;
/** js-yaml's timestamp (type/timestamp.js): a date, or a date and time. */
const YAML_DATE = /^(\d{4})-(\d\d?)-(\d\d?)(?:(?:[Tt]|[ \t]+)(\d\d?):(\d\d):(\d\d)(?:\.\d*)?(?:[ \t]*(Z|[-+]\d\d?(?::?\d\d)?))?)?$/;

/** A control character as U+XXXX. */
const codePoint = (c: string): string => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** The runtime's own reading of a parsed block (YAML_DETAILS). */
function runtimeYaml(parser: FrontmatterParser, doc: ParsedDocument): ParsedDocument {
  const d = YAML_DETAILS[parser];
  const fm = doc.frontmatter;
  if (!d || !fm || doc.unterminated || fm.flat) return doc;
  const target = RUNTIME_OF[parser] ?? parser;
  const fail = (at: number, messageId: string, data: Readonly<Record<string, string | number>>): ParsedDocument => ({
    ...doc,
    frontmatter: { ...fm, data: null, problems: [...fm.problems, problem('RUNTIME_YAML', fm.offset + at, fm.offset + at + 1, messageId, { target, ...data })] },
  });
  if (d.nulDropsFrontmatter) {
    const at = fm.raw.indexOf('\0');
    if (at >= 0) return fail(at, 'nulDropped', {});
  }
  if (d.printableOnly) {
    const m = NON_PRINTABLE.exec(fm.raw);
    if (m) return fail(m.index, 'nonPrintable', { char: codePoint(m[0]) });
  }
  if (d.strayBom) {
    const m = /(^|\n)\ufeff/.exec(fm.raw);
    if (m) return fail(m.index + m[1]!.length, 'strayBom', {});
  }
  if (fm.data === null || !fm.doc) return doc;
  const root = fm.doc.contents;
  if (d.unknownTagFails && isMap(root)) {
    let tagAt = -1;
    let tag = '';
    // Iterative: a deeply nested block must not exhaust the stack.
    const stack: unknown[] = [root];
    while (stack.length > 0 && tagAt < 0) {
      const n = stack.pop();
      if (n === null || typeof n !== 'object') continue;
      const node = n as { tag?: string; range?: [number, number]; items?: unknown[]; key?: unknown; value?: unknown };
      if (typeof node.tag === 'string' && !node.tag.startsWith('tag:yaml.org,2002:')) {
        tagAt = node.range?.[0] ?? 0;
        tag = node.tag;
        break;
      }
      if (Array.isArray(node.items)) stack.push(...node.items);
      if ('key' in node) stack.push(node.key);
      if ('value' in node) stack.push(node.value);
    }
    if (tagAt >= 0) return fail(Math.max(0, fm.mapOffset ? fm.mapOffset(tagAt) : tagAt), 'unknownTag', { tag: quote(tag) });
  }
  let data = fm.data;
  if (d.mergeKeys && Object.prototype.hasOwnProperty.call(data, '<<')) {
    const m = data['<<'];
    const sources = (Array.isArray(m) ? m : [m]).filter((x): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x));
    const merged: Record<string, unknown> = {};
    for (const src of [...sources].reverse()) Object.assign(merged, src);
    const { '<<': _, ...own } = data;
    data = { ...merged, ...own };
  }
  if ((d.datesAsDates || d.numbersAsWritten || d.nullsAsWritten || d.flowMapAsWritten) && isMap(root)) {
    for (const key of ['name', 'description']) {
      const pair = root.items.find((p) => isScalar(p.key) && p.key.value === key);
      const v = pair?.value;
      if (d.flowMapAsWritten && !fm.mapOffset && isMap(v) && v.flow && v.range) data = { ...data, [key]: fm.raw.slice(v.range[0], v.range[1]) };
      if (!isScalar(v) || v.type !== 'PLAIN' || v.tag !== undefined) continue;
      const text = v.source ?? (v.range ? fm.raw.slice(v.range[0], v.range[1]).trim() : String(v.value));
      if (d.numbersAsWritten && typeof v.value === 'number') data = { ...data, [key]: text };
      if (d.nullsAsWritten && v.value === null && text !== '') data = { ...data, [key]: text };
      if (d.datesAsDates && typeof v.value === 'string' && YAML_DATE.test(text)) {
        const t = YAML_DATE.exec(text)!;
        const ms = Date.UTC(Number(t[1]), Number(t[2]) - 1, Number(t[3]), Number(t[4] ?? 0), Number(t[5] ?? 0), Number(t[6] ?? 0));
        data = { ...data, [key]: new Date(ms) };
      }
    }
  }
  return data === fm.data ? doc : { ...doc, frontmatter: { ...fm, data } };
}

/** Codex 0.171.0 (measured: a first line of ` ---`, indented by one space, opens the frontmatter): the opener,
 *  like the closer (trimmedCloseSplit), is a line that is `---` once trimmed. */
function openIndentSplit(src: SourceText, generic: ParsedDocument): ParsedDocument {
  if (generic.frontmatter) return generic;
  const norm = src.normalized;
  const nl = norm.indexOf('\n');
  if (nl < 0 || norm.slice(0, nl).trim() !== '---' || !/^[ \t]/.test(norm)) return generic;
  const shifted = parseSkillDocument({ ...src, normalized: `---${norm.slice(nl)}` } as SourceText);
  if (!shifted.frontmatter) return generic;
  const delta = nl - 3;
  const fmx = shifted.frontmatter;
  return {
    ...shifted,
    frontmatter: { ...fmx, offset: fmx.offset + delta, problems: fmx.problems.map((p) => ({ ...p, start: p.start + delta, end: p.end + delta })) },
    bodyOffset: shifted.bodyOffset + delta,
  };
}

/** Claude Code's frontmatter pattern (`K0` in its bundle): the block ends at the first `---` after the opener line,
 *  anywhere (inside a line, inside a value, indented), and the body starts after it and the rest of its whitespace. */
const FIRST_DASHES = /^---\s*\n([\s\S]*?)---\s*\n?/;

/** The wording of every problem below is a template of the frontmatter rule (rules/frontmatter.ts meta.messages): a
 *  problem names its message id and data (core/parse.ts YamlProblem). */
const CLAUDE_DUPLICATE = { messageId: 'claudeDuplicateKey' };

/** A problem a target's parser found, worded by the frontmatter rule's message `messageId` with `data`. */
function problem(code: string, start: number, end: number, messageId: string, data: Readonly<Record<string, string | number>> = {}): YamlProblem {
  return { code, start, end, message: messageId, messageId, data };
}

/**
 * Claude Code 2.1.332 (`qd`, `DDr`, `_u` in its bundle). `qd`: a BOM is dropped; when no later `---` exists, or K0
 * does not match, there is no frontmatter (the whole file is the body); otherwise the block is K0's group, which
 * ends at the first `---` anywhere. `DDr`: `Bun.YAML.parse` (duplicate keys: the later wins); when it throws,
 * the block is retried once with `_u`'s quoting and leading tabs turned into two spaces each.
 */
function claudeCodeSplit(src: SourceText, generic: ParsedDocument): ParsedDocument {
  const norm = src.normalized;
  // Claude Code breaks lines only at LF: a file of lone CRs has no frontmatter and is a single line.
  const asRead = src.loneCrCount > 0 ? (src.bom ? src.text.slice(1) : src.text) : norm;
  const m = asRead.indexOf('---', 3) < 0 ? null : FIRST_DASHES.exec(asRead);
  if (!m) return { frontmatter: null, unterminated: false, body: norm, bodyOffset: 0, ...(asRead !== norm && src.crlfCount === 0 ? { lfOnlyBody: asRead } : {}) };
  const n = FIRST_DASHES.exec(norm);
  if (!n) return generic;
  const raw = n[1]!;
  const offset = norm.indexOf('\n') + 1;
  if (generic.frontmatter && !generic.unterminated && generic.frontmatter.offset === offset && generic.frontmatter.raw === raw && generic.frontmatter.problems.length === 0) return generic;
  const y = parseYaml(raw, offset, { lastKeyWins: CLAUDE_DUPLICATE });
  return {
    frontmatter: { raw, offset, closeLine: norm.slice(0, offset + raw.length).split('\n').length, ...y },
    unterminated: false,
    body: norm.slice(n[0].length),
    bodyOffset: n[0].length,
  };
}

/** `Su` in Claude Code's bundle: a plain value holding one of these is quoted by the retry. */
const CLAUDE_QUOTE = /[{}[\]*&#!|>%@`]|: /;

/** `_u` (values) and `DDr` (leading tabs): the edits Claude Code's retry makes to a block that failed to parse. */
export function claudeRetryEdits(raw: string, endsInCr: (line: number) => boolean = () => false): WrapEdit[] {
  const edits: WrapEdit[] = [];
  let off = 0;
  let i = 0;
  for (const line of raw.split('\n')) {
    const lineStart = off;
    off += line.length + 1;
    // `_u` splits on LF and matches `(\S.*)$`: `.` stops at a CR, so a CRLF line is never quoted.
    const m = endsInCr(i++) ? null : /^([a-zA-Z_-]+):(\s+)(\S.*)$/.exec(line);
    if (m) {
      const v = m[3]!;
      const quoted = (v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'"));
      let list = false;
      if (!quoted && v.startsWith('[') && v.endsWith(']')) {
        const y = parseYaml(v, 0);
        list = y.problems.length === 0 && isSeq(y.doc?.contents);
      }
      if (!quoted && !list && CLAUDE_QUOTE.test(v)) {
        const start = lineStart + m[1]!.length + 1 + m[2]!.length;
        edits.push({ key: m[1]!, start, end: start + v.length, quoted: `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`, breaks: true });
      }
      continue;
    }
    const tabs = /^\t+/.exec(line);
    if (tabs) edits.push({ key: '', start: lineStart, end: lineStart + tabs[0].length, quoted: '  '.repeat(tabs[0].length), breaks: true, tabs: true });
  }
  return edits;
}

/** A line indented with tabs only that holds a plain `key:` (the tabs are group 1). */
const TAB_KEY_LINE = /^(\t+)([A-Za-z_][A-Za-z0-9_.-]*)[ \t]*:(?:[ \t]|$)/;

/**
 * OpenCode 1.18.33 parses with gray-matter's js-yaml 3 (`safeLoad`), which counts only spaces as indentation
 * (loader.js `skipSeparationSpace`: `lineIndent` counts 0x20 after a line break; tabs are then skipped as white
 * space). A key on a line indented with tabs only is therefore read at indentation 0: a top-level key
 * (`metadata:\n\tauthor: x` is `{metadata: null, author: "x"}`). Modelled exactly that far: when every YAML problem
 * is a tab used as indentation, the block's first line is not tab-indented, and the block parses with those tabs
 * removed, that parse is OpenCode's. Anything else (a tab-indented list item or block-scalar line) is left to the
 * colon retry and its error. Checked against js-yaml 3.15 on 200,000 random blocks (docs/conformance.md):
 * where this applies, the data equals js-yaml's in every case, and it never loads a block js-yaml rejects.
 */
function jsYaml3Tabs(src: SourceText, generic: ParsedDocument): ParsedDocument | null {
  const fm = generic.frontmatter;
  if (!fm || generic.unterminated || fm.problems.length === 0 || !fm.problems.every((p) => p.code === 'TAB_AS_INDENT')) return null;
  const lines = fm.raw.split('\n');
  const first = lines.find((l) => l.trim() !== '' && !l.trim().startsWith('#'));
  if (first === undefined || /^[ \t]*\t/.test(first)) return null;
  const retry: WrapEdit[] = [];
  let off = 0;
  for (const line of lines) {
    const m = TAB_KEY_LINE.exec(line);
    if (m) retry.push({ key: m[2]!, start: off, end: off + m[1]!.length, quoted: '', breaks: true, tabs: true });
    off += line.length + 1;
  }
  if (retry.length === 0) return null;
  const { text, map } = applyWrap(fm.raw, retry);
  const y = parseYaml(text, fm.offset);
  if (y.problems.some((p) => p.rejects !== false) || y.data === null) return null;
  const keys = [...new Set(retry.map((e) => e.key))];
  const listed = keys.slice(0, 3).map((k) => quote(k)).join(', ');
  // The fix removes the tabs: the file then reads everywhere as OpenCode reads it now (a fix never changes what
  // loads); nesting the key instead is the author's call.
  const problem = retryProblem(
    src,
    fm,
    retry[0]!,
    keys.length === 1
      ? { messageId: 'opencodeTabKey', data: { key: listed } }
      : keys.length > 3
        ? { messageId: 'opencodeTabManyKeys', data: { keys: listed, more: keys.length - 3 } }
        : { messageId: 'opencodeTabKeys', data: { keys: listed } },
    'remove the tabs used as indentation',
    retry,
  );
  return retried(generic, fm, y, [problem, ...y.problems.map((p) => ({ ...p, start: fm.offset + map(p.start - fm.offset), end: fm.offset + map(p.end - fm.offset) }))], map);
}

/** Claude Code: a block that fails to parse is retried once (claudeRetryEdits); if that fails too, the loader drops
 *  the frontmatter and the skill loads with its fallbacks (the profile's `frontmatterFailure: 'fallback'`). */
function claudeCodeRetry(src: SourceText, doc: ParsedDocument): ParsedDocument {
  const fm = doc.frontmatter;
  if (!fm || doc.unterminated || !fm.problems.some((p) => p.rejects !== false)) return doc;
  const cr = crFlags(src);
  const first = src.normalized.slice(0, fm.offset).split('\n').length - 1;
  const edits = claudeRetryEdits(fm.raw, (i) => cr[first + i] === true);
  const failedBoth = (): ParsedDocument => ({ ...doc, frontmatter: { ...fm, problems: fm.problems.map((p) => (p.rejects === false ? p : { ...p, note: 'claudeRetryFailed' })) } });
  if (edits.length === 0) return failedBoth();
  const { text, map } = applyWrap(fm.raw, edits);
  const y = parseYaml(text, fm.offset, { lastKeyWins: CLAUDE_DUPLICATE });
  if (y.problems.some((p) => p.rejects !== false) || y.data === null) return failedBoth();
  const e = edits[0]!;
  const problems: YamlProblem[] = [
    retryProblem(
      src,
      fm,
      e,
      e.tabs ? { messageId: 'claudeRetryTabs' } : { messageId: 'claudeRetryQuote', data: { key: e.key, quoted: e.quoted.length > 60 ? `${e.quoted.slice(0, 59)}…` : e.quoted } },
      e.tabs ? 'indent with spaces' : 'quote the values',
      edits,
    ),
    ...y.problems.map((p) => ({ ...p, start: fm.offset + map(p.start - fm.offset), end: fm.offset + map(p.end - fm.offset) })),
  ];
  return retried(doc, fm, y, problems, map);
}

/** A retry's edit of the frontmatter block as a fix on the original file text. */
function wrapFix(src: SourceText, fm: Frontmatter, e: WrapEdit): TextEdit {
  return { start: originalOffset(src, fm.offset + e.start), end: originalOffset(src, fm.offset + e.end), text: e.quoted };
}

/** The warning a runtime's repairing retry leaves at `e`: the YAML fails there, the runtime loads it only by
 *  rewriting it (Creo, Claude Code, OpenClaw), and the fix writes what the retry would. */
function retryProblem(
  src: SourceText,
  fm: Frontmatter,
  e: WrapEdit,
  { messageId, data }: { messageId: string; data?: Readonly<Record<string, string | number>> },
  description: string,
  fixEdits: readonly WrapEdit[],
): YamlProblem {
  return {
    ...problem('LENIENT_WRAP', fm.offset + e.start, fm.offset + e.end, messageId, data),
    severity: 'warning',
    rejects: false,
    fix: { description, edits: fixEdits.map((x) => wrapFix(src, fm, x)) },
  };
}

/** The document with its frontmatter as the retry parsed it. */
function retried(doc: ParsedDocument, fm: Frontmatter, y: ReturnType<typeof parseYaml>, problems: YamlProblem[], map: (n: number) => number): ParsedDocument {
  return { ...doc, frontmatter: { ...fm, doc: y.doc, data: y.data, nonMappingRoot: y.nonMappingRoot, problems, mapOffset: map } };
}

const BLOCK_SCALAR = /^[|>][-+0-9]*$/;

/** Per normalized line: whether the original line ended in CR (CRLF), assuming no lone CR. */
function crFlags(src: SourceText): boolean[] {
  const flags: boolean[] = [];
  if (src.crlfCount === 0 && src.loneCrCount === 0) return flags;
  const t = src.bom ? src.text.slice(1) : src.text;
  let line = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c === 13) {
      flags[line] = true;
      line++;
      if (t.charCodeAt(i + 1) === 10) i++;
    } else if (c === 10) line++;
  }
  return flags;
}

/**
 * Cuca's SkillsPlugin parser: the first line is exactly `---`, then `key: value` lines (values unquoted or
 * double-quoted), then a line exactly `---`. Anything else fails construction of the skill, naming the file.
 * Choices where the runtime's behaviour is not documented: blank lines are skipped; a
 * later duplicate key overrides the earlier one; a single-quoted value keeps its quotes.
 */
export function parseStrictKv(src: SourceText, generic: ParsedDocument): ParsedDocument {
  const norm = src.normalized;
  const lines = norm.split('\n');
  const cr = crFlags(src);
  const problems: YamlProblem[] = [];
  const fail = (start: number, end: number, messageId: string, data: Readonly<Record<string, string | number>> = {}) => problems.push(problem('STRICT_FORMAT', start, end, messageId, data));
  const first = lines[0] ?? '';
  const base: Frontmatter = { raw: '', offset: 0, closeLine: null, doc: null, data: null, problems, nonMappingRoot: null, flat: [] };
  // When construction fails the body is moot; keep the generic split so body rules do not report an empty body.
  const result = (fm: Frontmatter | null, body = generic.body, bodyOffset = generic.bodyOffset): ParsedDocument => ({ frontmatter: fm, unterminated: false, body, bodyOffset });

  if (src.bom && first === '---') {
    fail(0, 3, 'strictBom');
    return result({ ...base });
  }
  if (first !== '---' || cr[0]) {
    if (first.trim() === '---') {
      fail(0, first.length, cr[0] ? 'strictFirstLineCrlf' : 'strictFirstLine', { line: quote(cr[0] ? `${first}\r` : first) });
      return result({ ...base });
    }
    // No opener at all: the frontmatter rule reports a missing frontmatter.
    return result(null, norm, 0);
  }
  const data: Record<string, unknown> = {};
  const flat: FlatEntry[] = [];
  // The runtime stops at the first line it cannot read: report that one, not every line after it.
  const failed = (): ParsedDocument => result({ ...base, raw: norm.slice(first.length + 1), offset: first.length + 1, flat });
  let offset = first.length + 1;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const start = offset;
    offset += line.length + 1;
    if (line === '---' && !cr[i]) {
      const bodyOffset = Math.min(offset, norm.length);
      const fm: Frontmatter = {
        raw: norm.slice(first.length + 1, start),
        offset: first.length + 1,
        closeLine: i + 1,
        doc: null,
        data: problems.some((p) => (p.severity ?? 'error') === 'error') ? null : data,
        problems,
        nonMappingRoot: null,
        flat,
      };
      return result(fm, norm.slice(bodyOffset), bodyOffset);
    }
    if (line === '---' && cr[i]) {
      fail(start, start + line.length, 'strictCloseCrlf');
      return failed();
    }
    if (line.trim() === '---') {
      fail(start, start + line.length, 'strictClose', { line: quote(line) });
      return failed();
    }
    if (line.trim() === '') continue;
    if (/^[ \t]/.test(line)) {
      fail(start, start + line.length, 'strictIndented', { line: quote(line.trim()) });
      return failed();
    }
    if (line.startsWith('- ') || line === '-') {
      fail(start, start + line.length, 'strictListItem', { line: quote(line) });
      return failed();
    }
    const colon = line.indexOf(':');
    if (colon <= 0) {
      fail(start, start + line.length, 'strictNotKeyValue', { line: quote(line) });
      return failed();
    }
    const key = line.slice(0, colon).trim();
    const rawValue = line.slice(colon + 1);
    const lead = rawValue.length - rawValue.trimStart().length;
    let value = rawValue.trim();
    const vStart = start + colon + 1 + lead;
    const vEnd = vStart + value.length;
    if (BLOCK_SCALAR.test(value)) {
      fail(vStart, vEnd, 'strictBlockScalar', { key, value });
      return failed();
    }
    if (value.startsWith('"')) {
      if (value.length < 2 || !value.endsWith('"')) {
        fail(vStart, vEnd, 'strictUnclosedQuote', { key });
        return failed();
      }
      value = value.slice(1, -1);
    } else if (value.length >= 2 && value.startsWith("'") && value.endsWith("'")) {
      problems.push({ ...problem('STRICT_SINGLE_QUOTE', vStart, vEnd, 'strictSingleQuote', { key, value: quote(value) }), severity: 'warning', rejects: false });
    }
    if (cr[i]) value += '\r';
    if (Object.prototype.hasOwnProperty.call(data, key)) {
      const prev = flat.find((e) => e.key === key)!;
      problems.push({
        ...problem('STRICT_DUPLICATE_KEY', start, start + key.length, 'strictDuplicateKey', { key: quote(key), line: positionAt(src, prev.keyStart).line, value: quote(value) }),
        severity: 'warning',
        rejects: false,
      });
    }
    data[key] = value;
    flat.push({ key, keyStart: start, keyEnd: start + key.length, start: vStart, end: vEnd });
  }
  // No closing line: the generic "never closed" finding says it (and the body is not read).
  return { frontmatter: { ...base, raw: norm.slice(first.length + 1), offset: first.length + 1, flat }, unterminated: true, body: '', bodyOffset: norm.length };
}

interface WrapEdit {
  key: string;
  /** Value range in the frontmatter raw text. */
  start: number;
  end: number;
  quoted: string;
  /** The value holds ": " or ends with ":" (what breaks YAML), not merely a colon (a URL). */
  breaks: boolean;
  /** Claude Code's retry: leading tabs replaced by spaces, not a value quoted. */
  tabs?: boolean;
}

/** Creo's lenient wrap: every plain `key: value` whose value contains a colon gets double quotes. */
export function lenientWrapEdits(raw: string): WrapEdit[] {
  const edits: WrapEdit[] = [];
  let off = 0;
  for (const line of raw.split('\n')) {
    const lineStart = off;
    off += line.length + 1;
    const m = /^([ \t]*(?:- )?)([A-Za-z0-9_][A-Za-z0-9_.-]*):[ \t]+/.exec(line);
    if (!m) continue;
    const vStart = m[0].length;
    const value = line.slice(vStart).trimEnd();
    if (!value.includes(':')) continue;
    const c = value[0];
    if (c === '"' || c === "'" || c === '[' || c === '{' || c === '|' || c === '>' || c === '&' || c === '*' || c === '!') continue;
    edits.push({
      key: m[2]!,
      start: lineStart + vStart,
      end: lineStart + vStart + value.length,
      quoted: `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`,
      breaks: value.includes(': ') || value.endsWith(':'),
    });
  }
  return edits;
}

function applyWrap(raw: string, edits: readonly WrapEdit[]): { text: string; map: (o: number) => number } {
  let out = '';
  let pos = 0;
  // [offset in wrapped text where an edit's replacement ends, cumulative shift after it]
  const marks: { wrappedStart: number; wrappedEnd: number; origStart: number; origEnd: number }[] = [];
  for (const e of edits) {
    out += raw.slice(pos, e.start);
    const ws = out.length;
    out += e.quoted;
    marks.push({ wrappedStart: ws, wrappedEnd: out.length, origStart: e.start, origEnd: e.end });
    pos = e.end;
  }
  out += raw.slice(pos);
  const map = (o: number): number => {
    let shift = 0;
    for (const m of marks) {
      if (o < m.wrappedStart) break;
      if (o < m.wrappedEnd) return Math.min(m.origEnd, m.origStart + Math.max(0, o - m.wrappedStart - 1));
      shift = m.wrappedEnd - m.origEnd;
    }
    return o - shift;
  };
  return { text: out, map };
}

const UNREPAIRABLE = new Set(['ALIAS_LIMIT', 'PARSER_LIMIT', 'DUPLICATE_KEY']);

/** Creo: YAML that fails is retried once with colon-holding values quoted. */
export function lenientRetry(src: SourceText, generic: ParsedDocument): ParsedDocument {
  const fm = generic.frontmatter;
  if (!fm || generic.unterminated || fm.problems.length === 0 || fm.problems.some((p) => UNREPAIRABLE.has(p.code))) return generic;
  const edits = lenientWrapEdits(fm.raw);
  const failedBoth = (): ParsedDocument => ({
    ...generic,
    frontmatter: {
      ...fm,
      problems: fm.problems.map((p) => ({ ...p, note: edits.length > 0 ? 'lenientRetryFailed' : 'lenientRetryNone' })),
    },
  });
  if (edits.length === 0) return failedBoth();
  const { text, map } = applyWrap(fm.raw, edits);
  const y = parseYaml(text, fm.offset);
  if (y.problems.length > 0 || y.data === null) return failedBoth();
  const shown = edits.filter((e) => e.breaks);
  const problems: YamlProblem[] = (shown.length > 0 ? shown : [edits[0]!]).map((e) =>
    retryProblem(
      src,
      fm,
      e,
      { messageId: 'lenientRetry', data: { key: e.key, quoted: e.quoted.length > 70 ? `${e.quoted.slice(0, 69)}…` : e.quoted } },
      'quote the value',
      shown.length > 0 ? [e] : edits,
    ),
  );
  return retried(generic, fm, y, problems, map);
}

/**
 * OpenClaw 2026.9.6 (packages/markdown-core/src/frontmatter.ts, `parseYamlFrontmatter`): YAML that fails is
 * retried with the `description` line at the error JSON-quoted (`normalizeFreeformFieldAtError`, up to three
 * times); if it still fails, `parseSkillFrontmatter` throws on the first issue and the skill is not loaded (its
 * `key: value` line fallback never reaches the skill loader).
 * A `metadata` string is its JSON manifest (`resolveOpenClawManifestBlock`): parsed here for the gating rule.
 */
function openclawParse(src: SourceText, generic: ParsedDocument): ParsedDocument {
  const fm = generic.frontmatter;
  if (!fm || generic.unterminated) return generic;
  const withManifest = (doc: ParsedDocument): ParsedDocument => {
    const m = doc.frontmatter?.data?.metadata;
    if (typeof m !== 'string') return doc;
    try {
      const parsed = JSON.parse(m) as unknown;
      if (!parsed || typeof parsed !== 'object') return doc;
      return { ...doc, frontmatter: { ...doc.frontmatter!, data: { ...doc.frontmatter!.data, metadata: parsed } } };
    } catch {
      return doc;
    }
  };
  if (fm.problems.length === 0) return withManifest(generic);
  if (fm.problems.some((p) => UNREPAIRABLE.has(p.code) && p.code !== 'DUPLICATE_KEY')) return generic;
  const lines = fm.raw.split('\n');
  let y = { problems: fm.problems } as ReturnType<typeof parseYaml>;
  const edits: WrapEdit[] = [];
  for (let i = 0; i < 3 && y.problems.length > 0; i++) {
    // OpenClaw's block has no final newline (its closing pattern starts at that "\n"): an error at the end is on
    // the last line, found as OpenClaw does (`lastIndexOf("\n", pos) + 1`).
    const text = lines.join('\n').replace(/\n$/, '');
    const pos = Math.min(Math.max(0, y.problems[0]!.start - fm.offset), text.length);
    const lineNo = text.slice(0, text.lastIndexOf('\n', pos) + 1).split('\n').length - 1;
    const m = /^description:\s*(.*)$/.exec(lines[lineNo] ?? '');
    const v = m?.[1]?.trim();
    if (!v || /^[|>](?:[1-9][+-]?|[+-][1-9]?)?$/.test(v)) break;
    const q = v.at(0);
    const inner = (q === '"' || q === "'") && v.at(-1) === q ? v.slice(1, -1) : v;
    const lineStart = lines.slice(0, lineNo).reduce((a, l) => a + l.length + 1, 0);
    const orig = fm.raw.split('\n')[lineNo]!;
    const vOff = orig.indexOf(v, 'description:'.length);
    lines[lineNo] = `description: ${JSON.stringify(inner)}`;
    if (vOff >= 0 && !edits.some((x) => x.start === lineStart + vOff)) edits.push({ key: 'description', start: lineStart + vOff, end: lineStart + vOff + v.length, quoted: JSON.stringify(inner), breaks: true });
    y = parseYaml(lines.join('\n'), fm.offset);
  }
  if (y.problems.length === 0 && y.data !== null && edits.length > 0) {
    const { map } = applyWrap(fm.raw, edits);
    const requoted = retryProblem(src, fm, edits[0]!, { messageId: 'openclawRetry' }, 'quote the description', edits);
    return withManifest(retried(generic, fm, y, [requoted], map));
  }
  // Still failing: parseSkillFrontmatter throws on the first issue and the loader skips the skill.
  return generic;
}

/**
 * skills-ref 0.1.5 (dist/parser.js `parseFrontmatter`): `content.split("---", 3)`, so the block ends at the first
 * `---` anywhere after the opener (an indented one, one inside a value), like Claude Code's K0.
 */
function skillsRefSplit(src: SourceText, generic: ParsedDocument): ParsedDocument {
  const norm = src.normalized;
  const nl = norm.indexOf('\n');
  // `content.startsWith("---")`: the rest of the first line (`--- # comment`) is part of the YAML.
  if (!norm.startsWith('---') || nl < 0) return generic;
  const end = norm.indexOf('---', 3);
  if (end < 0) return generic;
  const offset = /^---[ \t]*$/.test(norm.slice(0, nl)) ? nl + 1 : 3;
  const fm = generic.frontmatter;
  if (fm && !generic.unterminated && fm.offset === offset && fm.offset + fm.raw.length === end) return generic;
  const raw = norm.slice(offset, Math.max(offset, end));
  const lineEnd = norm.indexOf('\n', end);
  const bodyOffset = lineEnd < 0 ? norm.length : lineEnd + 1;
  return {
    frontmatter: { raw, offset, closeLine: norm.slice(0, end).split('\n').length, ...parseYaml(raw, offset) },
    unterminated: false,
    body: norm.slice(bodyOffset),
    bodyOffset,
  };
}

/** Codex 0.171.0 (measured: edge e-indented-close loads): a line that is `---` once trimmed closes the block. */
function trimmedCloseSplit(src: SourceText, generic: ParsedDocument): ParsedDocument {
  if (!generic.unterminated || !generic.frontmatter) return generic;
  const norm = src.normalized;
  const offset = generic.frontmatter.offset;
  let start = offset;
  while (start < norm.length) {
    const e = norm.indexOf('\n', start);
    const end = e < 0 ? norm.length : e;
    if (norm.slice(start, end).trim() === '---') {
      const raw = norm.slice(offset, start);
      const bodyOffset = Math.min(end + 1, norm.length);
      return {
        frontmatter: { raw, offset, closeLine: norm.slice(0, start).split('\n').length, ...parseYaml(raw, offset) },
        unterminated: false,
        body: norm.slice(bodyOffset),
        bodyOffset,
      };
    }
    start = end + 1;
  }
  return generic;
}
