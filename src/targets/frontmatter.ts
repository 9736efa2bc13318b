// Per-target frontmatter readers: Cuca's strict `key: value` parser and Creo's lenient YAML retry.
// Both start from the generic parse (src/core/parse.ts) and return a ParsedDocument as that runtime reads the file.

import { parseYaml, type FlatEntry, type Frontmatter, type ParsedDocument, type YamlProblem } from '../core/parse.js';
import { originalOffset, positionAt, type SourceText } from '../core/source.js';
import { quote } from '../core/text.js';
import type { FrontmatterParser } from './profiles.js';

/** The document as a target's parser reads it. `generic` is the YAML parse every target starts from. */
export function parseForTarget(parser: FrontmatterParser, src: SourceText, generic: ParsedDocument): ParsedDocument {
  if (parser === 'strict-kv') return parseStrictKv(src, generic);
  if (parser === 'yaml-lenient') return lenientRetry(src, generic);
  if (parser === 'yaml-lenient-first-dashes') return lenientRetry(src, firstDashesSplit(src, generic));
  return generic;
}

/** Claude Code's frontmatter pattern (`K0` in its bundle): the block ends at the first `---` after the opener line,
 *  anywhere (inside a line, indented), and the body starts after it and the rest of its whitespace. */
const FIRST_DASHES = /^---\s*\n([\s\S]*?)---\s*\n?/;

/**
 * Claude Code 2.1.332 (`qd` in its bundle): when no later `---` exists there is no frontmatter at all (the whole
 * file is the body); otherwise the block ends at the first `---` anywhere. Only a file whose frontmatter has no
 * closing `---` line reads differently from the generic split (a `---` inside a value is not modelled).
 */
function firstDashesSplit(src: SourceText, generic: ParsedDocument): ParsedDocument {
  if (!generic.unterminated) return generic;
  const norm = src.normalized;
  const m = norm.indexOf('---', 3) < 0 ? null : FIRST_DASHES.exec(norm);
  if (!m) return { frontmatter: null, unterminated: false, body: norm, bodyOffset: 0 };
  const raw = m[1]!;
  const offset = norm.indexOf('\n') + 1;
  const y = parseYaml(raw, offset);
  return {
    frontmatter: { raw, offset, closeLine: norm.slice(0, offset + raw.length).split('\n').length, ...y },
    unterminated: false,
    body: norm.slice(m[0].length),
    bodyOffset: m[0].length,
  };
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
 * Choices where the runtime's behaviour is not documented (see the issue-3 note): blank lines are skipped; a
 * later duplicate key overrides the earlier one; a single-quoted value keeps its quotes.
 */
export function parseStrictKv(src: SourceText, generic: ParsedDocument): ParsedDocument {
  const norm = src.normalized;
  const lines = norm.split('\n');
  const cr = crFlags(src);
  const problems: YamlProblem[] = [];
  const fail = (start: number, end: number, message: string) =>
    problems.push({ code: 'STRICT_FORMAT', start, end, message: `${message}; cuca's strict parser fails and the skill is not constructed (the error names this file)` });
  const first = lines[0] ?? '';
  const base: Frontmatter = { raw: '', offset: 0, closeLine: null, doc: null, data: null, problems, nonMappingRoot: null, flat: [] };
  // When construction fails the body is moot; keep the generic split so body rules do not report an empty body.
  const result = (fm: Frontmatter | null, body = generic.body, bodyOffset = generic.bodyOffset): ParsedDocument => ({ frontmatter: fm, unterminated: false, body, bodyOffset });

  if (src.bom && first === '---') {
    fail(0, 3, 'the file starts with a byte-order mark, so the first line is not exactly "---". Remove the BOM (--fix)');
    return result({ ...base });
  }
  if (first !== '---' || cr[0]) {
    if (first.trim() === '---') {
      const shown = cr[0] ? `${first}\r` : first;
      fail(0, first.length, `the first line is ${quote(shown)}, not exactly "---"${cr[0] ? ' (a CRLF line ending). Convert the file to LF (--fix)' : '. Remove the extra characters'}`);
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
      fail(start, start + line.length, `the closing line is "---" followed by a carriage return (CRLF), not exactly "---". Convert the file to LF (--fix)`);
      return failed();
    }
    if (line.trim() === '---') {
      fail(start, start + line.length, `the closing line ${quote(line)} is not exactly "---". Remove the extra spaces`);
      return failed();
    }
    if (line.trim() === '') continue;
    if (/^[ \t]/.test(line)) {
      fail(start, start + line.length, `indented line ${quote(line.trim())}: nested YAML (mappings, lists, block scalars) is not supported. Write one "key: value" per line`);
      return failed();
    }
    if (line.startsWith('- ') || line === '-') {
      fail(start, start + line.length, `list item ${quote(line)}: lists are not supported. Write one "key: value" per line`);
      return failed();
    }
    const colon = line.indexOf(':');
    if (colon <= 0) {
      fail(start, start + line.length, `line ${quote(line)} is not a "key: value" line`);
      return failed();
    }
    const key = line.slice(0, colon).trim();
    const rawValue = line.slice(colon + 1);
    const lead = rawValue.length - rawValue.trimStart().length;
    let value = rawValue.trim();
    const vStart = start + colon + 1 + lead;
    const vEnd = vStart + value.length;
    if (BLOCK_SCALAR.test(value)) {
      fail(vStart, vEnd, `"${key}: ${value}" is a YAML block scalar, which the strict parser does not read. Write the value on one line (double-quoted if needed)`);
      return failed();
    }
    if (value.startsWith('"')) {
      if (value.length < 2 || !value.endsWith('"')) {
        fail(vStart, vEnd, `the double-quoted value of "${key}" is not closed on its line`);
        return failed();
      }
      value = value.slice(1, -1);
    } else if (value.length >= 2 && value.startsWith("'") && value.endsWith("'")) {
      problems.push({
        code: 'STRICT_SINGLE_QUOTE',
        start: vStart,
        end: vEnd,
        severity: 'warning',
        rejects: false,
        message: `"${key}" is single-quoted; cuca reads only double quotes, so the value keeps its quotes: ${quote(value)}. Use double quotes`,
      });
    }
    if (cr[i]) value += '\r';
    if (Object.prototype.hasOwnProperty.call(data, key)) {
      const prev = flat.find((e) => e.key === key)!;
      problems.push({
        code: 'STRICT_DUPLICATE_KEY',
        start: start,
        end: start + key.length,
        severity: 'warning',
        rejects: false,
        message: `duplicate key ${quote(key)} (first on line ${positionAt(src, prev.keyStart).line}); cuca keeps the later value ${quote(value)}. Remove one of them`,
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
      problems: fm.problems.map((p) => ({
        ...p,
        message: `${p.message}${edits.length > 0 ? " (Creo's lenient retry, quoting values that contain colons, fails too)" : " (Creo's lenient retry quotes values that contain colons; there are none here)"}`,
      })),
    },
  });
  if (edits.length === 0) return failedBoth();
  const { text, map } = applyWrap(fm.raw, edits);
  const y = parseYaml(text, fm.offset);
  if (y.problems.length > 0 || y.data === null) return failedBoth();
  const shown = edits.filter((e) => e.breaks);
  const toFix = (e: WrapEdit) => ({ start: originalOffset(src, fm.offset + e.start), end: originalOffset(src, fm.offset + e.end), text: e.quoted });
  const problems: YamlProblem[] = (shown.length > 0 ? shown : [edits[0]!]).map((e) => ({
    code: 'LENIENT_WRAP',
    start: fm.offset + e.start,
    end: fm.offset + e.end,
    severity: 'warning',
    rejects: false,
    message: `YAML fails here (a ": " inside a plain value); this runtime loads it only through its lenient retry, which quotes values that contain colons, and every strict YAML parser rejects it. Quote the value: ${e.key}: ${e.quoted.length > 70 ? `${e.quoted.slice(0, 69)}…` : e.quoted} (--fix)`,
    fix: { description: 'quote the value', edits: shown.length > 0 ? [toFix(e)] : edits.map(toFix) },
  }));
  return {
    ...generic,
    frontmatter: { ...fm, doc: y.doc, data: y.data, nonMappingRoot: y.nonMappingRoot, problems, mapOffset: map },
  };
}
