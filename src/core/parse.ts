// Stage 3, parse: split frontmatter from body and parse the YAML with positions and alias limits.

import { isMap, isPair, isScalar, isSeq, parseDocument, type Document, type Node as YamlNode, type Pair } from 'yaml';
import type { SourceText } from './source.js';
import { findDuplicateKeys } from './yamlkeys.js';
import { FAST_YAML_OPTIONS, parseSimpleYaml } from './yamlfast.js';

/** Alias expansions allowed when converting YAML to data: an alias bomb fails in milliseconds. */
export const MAX_ALIAS_COUNT = 100;

export interface YamlProblem {
  code: string;
  /** The YAML library's text; for a problem with a `messageId`, that id. */
  message: string;
  /**
   * A target parser's own problem (src/targets/frontmatter.ts): the frontmatter rule's message id and its data. The
   * wording is that rule's template (rules/frontmatter.ts meta.messages), so it is written and tested in one place.
   */
  messageId?: string;
  data?: Readonly<Record<string, string | number>>;
  /** A target's repairing retry failed on this problem too: the frontmatter rule's message id of the note that says so. */
  note?: string;
  /** Offsets in the normalized text. */
  start: number;
  end: number;
  /** A target-specific parser's verdict (default: error that rejects the skill). */
  severity?: 'error' | 'warning' | 'info';
  rejects?: boolean;
  /** Edits on the original text (see source.ts originalOffset). */
  fix?: { description: string; edits: { start: number; end: number; text: string }[] };
}

/** Key and value ranges (normalized offsets) of a flat `key: value` frontmatter read without YAML (Cuca). */
export interface FlatEntry {
  key: string;
  keyStart: number;
  keyEnd: number;
  start: number;
  end: number;
}

export interface Frontmatter {
  /** YAML text between the delimiters. */
  raw: string;
  /** Offset of `raw` in the normalized text. */
  offset: number;
  /** 1-based line of the closing delimiter, or null when unterminated. */
  closeLine: number | null;
  doc: Document.Parsed | null;
  /** The root mapping as plain data, when the YAML parsed and its root is a mapping. */
  data: Record<string, unknown> | null;
  problems: YamlProblem[];
  /** Kind of the root when it is not a mapping (e.g. "sequence", "scalar"), else null. */
  nonMappingRoot: string | null;
  /** Set by a parser that reads `key: value` lines without YAML: the located entries (later duplicates last). */
  flat?: FlatEntry[];
  /** Maps an offset in the parsed YAML text to an offset in `raw` (set when the YAML parsed was a repaired copy). */
  mapOffset?: (parsedOffset: number) => number;
}

export interface ParsedDocument {
  /** null when the file does not open with a `---` line. */
  frontmatter: Frontmatter | null;
  /** True when the file opens with `---` but no closing line follows. */
  unterminated: boolean;
  body: string;
  /** Offset of the body in the normalized text. */
  bodyOffset: number;
  /** The body as a runtime that breaks lines only at LF reads it (lone CR kept), when that differs from `body`. */
  lfOnlyBody?: string;
}

const DELIM = /^---[ \t]*$/;

function lineEnd(s: string, from: number): number {
  const i = s.indexOf('\n', from);
  return i === -1 ? s.length : i;
}

export function splitFrontmatter(norm: string): { fmStart: number; fmEnd: number; closeLine: number | null; bodyOffset: number } | null {
  const firstEnd = lineEnd(norm, 0);
  if (!DELIM.test(norm.slice(0, firstEnd))) return null;
  let line = 2;
  let start = firstEnd + 1;
  while (start <= norm.length && firstEnd < norm.length) {
    const end = lineEnd(norm, start);
    if (DELIM.test(norm.slice(start, end))) {
      return { fmStart: firstEnd + 1, fmEnd: start, closeLine: line, bodyOffset: Math.min(end + 1, norm.length) };
    }
    if (end >= norm.length) break;
    start = end + 1;
    line++;
  }
  return { fmStart: Math.min(firstEnd + 1, norm.length), fmEnd: norm.length, closeLine: null, bodyOffset: norm.length };
}

export interface YamlOptions {
  /** Duplicate keys are no error: the later value wins, reported as a warning with this message id of the
   *  frontmatter rule (Bun.YAML, which Claude Code parses with). */
  lastKeyWins?: { messageId: string };
}

export function parseYaml(raw: string, offset: number, opts: YamlOptions = {}): Pick<Frontmatter, 'doc' | 'data' | 'problems' | 'nonMappingRoot'> {
  const problems: YamlProblem[] = [];
  let doc: Document.Parsed;
  try {
    // logLevel 'silent': the library must never write to our stderr; its errors arrive in doc.errors.
    // uniqueKeys off: the library's check is quadratic; findDuplicateKeys (below) is linear.
    // Simple frontmatters skip the library's parser: parseSimpleYaml builds the same Document (yamlfast.ts).
    doc = parseSimpleYaml(raw) ?? parseDocument(raw, FAST_YAML_OPTIONS);
  } catch (e) {
    // Deep nesting can exhaust the parser's stack: report it, never crash.
    problems.push({ code: 'PARSER_LIMIT', message: (e as Error).message, start: offset, end: offset });
    return { doc: null, data: null, problems, nonMappingRoot: null };
  }
  for (const err of doc.errors) {
    // The parser catches its own stack overflow on deep nesting and reports it as an ordinary error: name it.
    const code = /call stack/i.test(err.message) ? 'PARSER_LIMIT' : err.code;
    problems.push({ code, message: err.message.split('\n')[0] ?? err.message, start: offset + err.pos[0], end: offset + err.pos[1] });
  }
  for (const dup of findDuplicateKeys(doc)) {
    problems.push(
      opts.lastKeyWins !== undefined
        ? { code: 'DUPLICATE_KEY', message: opts.lastKeyWins.messageId, messageId: opts.lastKeyWins.messageId, start: offset + dup.start, end: offset + dup.end, severity: 'warning', rejects: false }
        : { code: 'DUPLICATE_KEY', message: 'Map keys must be unique', start: offset + dup.start, end: offset + dup.end },
    );
  }
  if (problems.some((p) => p.rejects !== false)) return { doc, data: null, problems, nonMappingRoot: null };
  const root = doc.contents;
  if (root === null || (isScalar(root) && (root.value === null || root.value === undefined))) {
    return { doc, data: {}, problems, nonMappingRoot: null };
  }
  if (!isMap(root)) {
    return { doc, data: null, problems, nonMappingRoot: isSeq(root) ? 'a sequence' : 'a scalar' };
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (e) {
    const msg = (e as Error).message;
    const code = /alias/i.test(msg) ? 'ALIAS_LIMIT' : 'CONVERSION';
    problems.push({ code, message: msg, start: offset, end: offset + raw.length });
    return { doc, data: null, problems, nonMappingRoot: null };
  }
  return { doc, data: data as Record<string, unknown>, problems, nonMappingRoot: null };
}

export function parseSkillDocument(src: SourceText): ParsedDocument {
  const norm = src.normalized;
  const split = splitFrontmatter(norm);
  if (!split) return { frontmatter: null, unterminated: false, body: norm, bodyOffset: 0 };
  const raw = norm.slice(split.fmStart, split.fmEnd);
  if (split.closeLine === null) {
    return {
      frontmatter: { raw, offset: split.fmStart, closeLine: null, doc: null, data: null, problems: [], nonMappingRoot: null },
      unterminated: true,
      body: '',
      bodyOffset: norm.length,
    };
  }
  const y = parseYaml(raw, split.fmStart);
  return {
    frontmatter: { raw, offset: split.fmStart, closeLine: split.closeLine, ...y },
    unterminated: false,
    body: norm.slice(split.bodyOffset),
    bodyOffset: split.bodyOffset,
  };
}

/** A located frontmatter value: the YAML node and its offsets in the normalized text. */
export interface Located {
  node: YamlNode | null;
  key: YamlNode | null;
  start: number;
  end: number;
}

function nodeRange(n: YamlNode | null | undefined, base: number, map?: (o: number) => number): [number, number] | null {
  const r = n?.range;
  if (!r) return null;
  return map ? [base + map(r[0]), base + map(r[1])] : [base + r[0], base + r[1]];
}

/**
 * Find the node at a path of keys/indices in the frontmatter, e.g. ['activation', 'keywords', 3].
 * Returns its value range (or the key's range when asked for the key), or null when absent.
 */
export function locate(fm: Frontmatter | null, pathParts: readonly (string | number)[]): Located | null {
  if (fm?.flat) {
    if (pathParts.length !== 1) return null;
    const e = [...fm.flat].reverse().find((x) => x.key === String(pathParts[0]));
    return e ? { node: null, key: null, start: e.start, end: e.end } : null;
  }
  if (!fm?.doc) return null;
  let cur: unknown = fm.doc.contents;
  let key: YamlNode | null = null;
  for (const part of pathParts) {
    if (isMap(cur)) {
      const pair = cur.items.find((p: Pair) => isScalar(p.key) && String(p.key.value) === String(part));
      if (!pair) return null;
      key = pair.key as YamlNode;
      cur = pair.value;
    } else if (isSeq(cur) && typeof part === 'number') {
      cur = cur.items[part];
      key = null;
    } else return null;
  }
  const node = (cur ?? null) as YamlNode | null;
  const r = nodeRange(node, fm.offset, fm.mapOffset) ?? nodeRange(key, fm.offset, fm.mapOffset);
  if (!r) return null;
  return { node, key, start: r[0], end: r[1] };
}

/** Top-level keys with their key node range, in document order. */
export function topLevelKeys(fm: Frontmatter | null): { key: string; start: number; end: number }[] {
  if (fm?.flat) return fm.flat.map((e) => ({ key: e.key, start: e.keyStart, end: e.keyEnd }));
  const root = fm?.doc?.contents;
  if (!fm || !isMap(root)) return [];
  const out: { key: string; start: number; end: number }[] = [];
  for (const p of root.items) {
    if (!isPair(p) || !isScalar(p.key)) continue;
    const r = nodeRange(p.key as YamlNode, fm.offset, fm.mapOffset);
    if (r) out.push({ key: String(p.key.value), start: r[0], end: r[1] });
  }
  return out;
}
