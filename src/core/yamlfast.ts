// Frontmatter fast path: most frontmatters are block mappings of one-line scalars, nested block maps,
// block sequences of scalars and one-line flow sequences. For those this builds, without the yaml library's
// lexer/parser/composer, the very Document `parseDocument` builds: the same classes (Document, YAMLMap, YAMLSeq,
// Pair, Scalar), ranges, `source`, `type`, `format`, `flow`, `spaceBefore`, values resolved by the same schema
// tags, the same options and directives. For anything else (comments, block scalars, anchors, aliases, tags, flow
// maps, multi-line quoted scalars, duplicate keys, tabs, CR, control characters, uneven indentation, errors of any
// kind...) it returns null and the caller parses with the library. A differential fuzz holds the two equal:
// test/yamlfast.property.test.ts and scripts/yaml-fast-fuzz.mjs (scripts/yaml-compare.mjs compares the graphs).

import { Composer, Document, isScalar, Pair, Scalar, YAMLMap, YAMLSeq, type Node as YamlNode } from 'yaml';

/** The options parseYaml (parse.ts) gives parseDocument: the fast path builds documents only for these. */
export const FAST_YAML_OPTIONS = { uniqueKeys: false, prettyErrors: false, keepSourceTokens: false, logLevel: 'silent' } as const;

/** Characters the fast path leaves to the library: controls (tab and CR included), C1, BOM, U+2028/2029. */
const SPECIAL = /[\x00-\x09\x0b-\x1f\x7f-\x9f\ufeff\u2028\u2029]/;
/** Characters a value may not start with on the fast path (YAML indicators, quotes handled apart). */
const INDICATOR = new Set(['-', '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', "'", '"', '%', '@', '`']);
/** Larger inputs go to the library (keys over 1,024 characters are an error there; nothing here is that long). */
const MAX_FAST = 65_536;
const MAX_KEY = 256;
/** Double-quoted escapes of one character (resolve-flow-scalar.js `escapeCodes`, tab left out: no tabs here). */
const ESCAPES: Record<string, string> = {
  '0': '\0', a: '\x07', b: '\b', e: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v',
  N: '\u0085', _: '\u00a0', L: '\u2028', P: '\u2029', ' ': ' ', '"': '"', '/': '/', '\\': '\\',
};
const SCALAR_TAG = Symbol.for('yaml.scalar');

const FALLBACK: unique symbol = Symbol('fallback');

interface ScalarTagLike {
  default?: boolean | 'key';
  test?: RegExp;
  format?: string;
  collection?: string;
  resolve: (value: string, onError: (msg: string) => void, options: unknown) => unknown;
}

function isKeyChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45 || c === 46 || c === 47;
}

class FastParser {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  private readonly indents: number[] = [];
  private readonly schema: Document.Parsed['schema'];
  private readonly tags: ScalarTagLike[];
  private readonly strTag: ScalarTagLike;
  private readonly options: unknown;

  constructor(
    private readonly src: string,
    readonly doc: Document.Parsed,
  ) {
    this.schema = doc.schema;
    this.tags = (doc.schema.tags as unknown as ScalarTagLike[]).filter((t) => t.default === true && t.test !== undefined && !t.collection);
    this.strTag = (doc.schema as unknown as Record<symbol, ScalarTagLike>)[SCALAR_TAG]!;
    this.options = doc.options;
    let s = 0;
    while (s < src.length) {
      let e = src.indexOf('\n', s);
      if (e === -1) e = src.length;
      let i = s;
      while (i < e && src.charCodeAt(i) === 32) i++;
      // A line of spaces only: the library's blank-line handling with spaces is left to it.
      if (i === e && e > s) throw FALLBACK;
      this.starts.push(s);
      this.ends.push(e);
      this.indents.push(i - s);
      s = e + 1;
    }
  }

  private blank(i: number): boolean {
    return this.starts[i] === this.ends[i];
  }

  /** Start of the line after line i (the end of a node whose last line is i), or the end of the text. */
  private after(i: number): number {
    return Math.min(this.ends[i]! + 1, this.src.length);
  }

  /** compose-scalar.js: a tag's resolve may return the Scalar itself (null, booleans) or a value to wrap. */
  private scalar(res: unknown, range: [number, number, number], source: string, type: string, format?: string): Scalar {
    const s = isScalar(res) ? res : new Scalar(res);
    s.range = range;
    s.source = source;
    s.type = type as Scalar.Type;
    if (format) s.format = format;
    return s;
  }

  private plain(text: string, start: number, valueEnd: number, nodeEnd: number): Scalar {
    const tag = this.tags.find((t) => t.test!.test(text)) ?? this.strTag;
    let failed = false;
    const v = tag.resolve(text, () => (failed = true), this.options);
    if (failed) throw FALLBACK;
    return this.scalar(v, [start, valueEnd, nodeEnd], text, 'PLAIN', tag.format);
  }

  private quoted(text: string, start: number, valueEnd: number, nodeEnd: number, type: 'QUOTE_DOUBLE' | 'QUOTE_SINGLE'): Scalar {
    const v = this.strTag.resolve(text, () => {
      throw FALLBACK;
    }, this.options);
    return this.scalar(v, [start, valueEnd, nodeEnd], text, type);
  }

  parse(): Document.Parsed {
    const n = this.starts.length;
    if (n === 0 || this.blank(0) || this.indents[0] !== 0) throw FALLBACK;
    const { node, next } = this.map(0, 0);
    for (let i = next; i < n; i++) if (!this.blank(i)) throw FALLBACK;
    this.doc.contents = node as unknown as Document.Parsed['contents'];
    // The newline after a final empty value is outside the document's range in the library.
    const last = this.lastLeaf(node);
    this.doc.range = [0, node.range![2], last?.source === '' && last.type === 'PLAIN' ? node.range![2] : this.src.length];
    return this.doc;
  }

  /** The last scalar of a node (null for a flow sequence with no item). */
  private lastLeaf(node: YamlNode): Scalar | null {
    let cur: unknown = node;
    for (;;) {
      if (cur instanceof YAMLMap) cur = (cur.items[cur.items.length - 1] as Pair).value;
      else if (cur instanceof YAMLSeq) cur = cur.items[cur.items.length - 1];
      else return (cur as Scalar | undefined) ?? null;
    }
  }

  /** Skips blank lines from i: the first non-blank line (or n) and whether any were skipped. */
  private skipBlank(i: number): number {
    const n = this.starts.length;
    while (i < n && this.blank(i)) i++;
    return i;
  }

  /** The key of line i at `indent`: its text and end offset, or null when the line is no `key:` line. */
  private keyAt(i: number, indent: number): { text: string; end: number } | null {
    const s = this.starts[i]! + indent;
    const e = this.ends[i]!;
    const src = this.src;
    const c0 = src.charCodeAt(s);
    if (!isKeyChar(c0) || c0 === 45 || c0 === 46 || c0 === 47) return null;
    let k = s + 1;
    while (k < e && isKeyChar(src.charCodeAt(k))) k++;
    if (k >= e || src.charCodeAt(k) !== 58) return null;
    if (k + 1 < e && src.charCodeAt(k + 1) !== 32) return null;
    if (k - s > MAX_KEY) throw FALLBACK;
    return { text: src.slice(s, k), end: k };
  }

  private isSeqItem(i: number, indent: number): boolean {
    const s = this.starts[i]! + indent;
    return this.src.charCodeAt(s) === 45 && (s + 1 === this.ends[i] || this.src.charCodeAt(s + 1) === 32);
  }

  private map(first: number, indent: number): { node: YAMLMap; next: number } {
    const map = new YAMLMap(this.schema);
    const seen = new Set<unknown>();
    const n = this.starts.length;
    let i = first;
    let spaceBefore = false;
    let end = 0;
    for (;;) {
      const key = this.keyAt(i, indent);
      if (!key) throw FALLBACK;
      const ks = this.starts[i]! + indent;
      const keyNode = this.plain(key.text, ks, key.end, key.end);
      if (spaceBefore) keyNode.spaceBefore = true;
      if (seen.has(keyNode.value)) throw FALLBACK;
      seen.add(keyNode.value);
      let v = key.end + 1;
      const e = this.ends[i]!;
      while (v < e && this.src.charCodeAt(v) === 32) v++;
      let value: YamlNode;
      let next: number;
      if (v === e) {
        const j = this.skipBlank(i + 1);
        if (j < n && this.indents[j]! > indent) {
          if (j !== i + 1) throw FALLBACK;
          const ji = this.indents[j]!;
          if (this.isSeqItem(j, ji)) ({ node: value, next } = this.seq(j, ji));
          else if (this.keyAt(j, ji)) ({ node: value, next } = this.map(j, ji));
          else throw FALLBACK;
        } else if (j === i + 1 && j < n && this.indents[j] === indent && this.isSeqItem(j, indent)) {
          ({ node: value, next } = this.seq(j, indent));
        } else {
          // An empty value before a blank line: the library marks it spaceBefore; left to it.
          if (i + 1 < n && this.blank(i + 1)) throw FALLBACK;
          value = this.plain('', v, v, v);
          next = i + 1;
        }
      } else {
        ({ node: value, next } = this.inline(i, v, indent, true));
      }
      map.items.push(new Pair(keyNode, value));
      end = value.range![2];
      const j = this.skipBlank(next);
      if (j >= n || this.indents[j]! < indent) {
        map.range = [this.starts[first]! + indent, end, end];
        return { node: map, next };
      }
      if (this.indents[j] !== indent) throw FALLBACK;
      spaceBefore = j !== next;
      i = j;
    }
  }

  private seq(first: number, indent: number): { node: YAMLSeq; next: number } {
    const seq = new YAMLSeq(this.schema);
    const n = this.starts.length;
    let i = first;
    for (;;) {
      const d = this.starts[i]! + indent;
      const e = this.ends[i]!;
      let v = d + 1;
      while (v < e && this.src.charCodeAt(v) === 32) v++;
      if (v === e) throw FALLBACK;
      const { node, next } = this.inline(i, v, indent, false);
      seq.items.push(node);
      const j = this.skipBlank(next);
      if (j >= n || this.indents[j]! < indent || (this.indents[j] === indent && !this.isSeqItem(j, indent))) {
        seq.range = [this.starts[first]! + indent, node.range![2], node.range![2]];
        return { node: seq, next };
      }
      if (j !== next || this.indents[j] !== indent) throw FALLBACK;
      i = j;
    }
  }

  /** A value starting at offset v of line i (a map value after `key: ` or a sequence item after `- `). */
  private inline(i: number, v: number, parentIndent: number, inMap: boolean): { node: YamlNode; next: number } {
    const src = this.src;
    const e = this.ends[i]!;
    const c = src[v]!;
    if ((c === '|' || c === '>') && inMap) return this.block(i, v, parentIndent);
    if (c === '"' || c === "'") {
      const q = this.quotedEnd(v, e);
      let k = q.end;
      while (k < e && src.charCodeAt(k) === 32) k++;
      if (k !== e) throw FALLBACK;
      return { node: this.quoted(q.text, v, q.end, this.after(i), c === '"' ? 'QUOTE_DOUBLE' : 'QUOTE_SINGLE'), next: i + 1 };
    }
    if (c === '[') return { node: this.flowSeq(i, v), next: i + 1 };
    if (!this.plainStart(v, e)) throw FALLBACK;
    // A plain scalar, possibly folded over more-indented lines.
    let text = this.plainLine(v, e);
    let valueEnd = v + text.length;
    let last = i;
    const n = this.starts.length;
    for (let k = i + 1; k < n; k++) {
      if (this.blank(k)) {
        const j = this.skipBlank(k);
        if (j < n && this.indents[j]! > parentIndent) throw FALLBACK;
        break;
      }
      if (this.indents[k]! <= parentIndent) break;
      const s = this.starts[k]! + this.indents[k]!;
      if (!this.plainStart(s, this.ends[k]!)) throw FALLBACK;
      const part = this.plainLine(s, this.ends[k]!);
      text += ` ${part}`;
      valueEnd = s + part.length;
      last = k;
    }
    return { node: this.plain(text, v, valueEnd, this.after(last)), next: last + 1 };
  }

  /**
   * A block scalar `|`, `|-`, `>` or `>-` (no indentation indicator, no keep chomping, no comment) as a map value
   * at line i: its lines are those indented more than the map, all at least at the first one's indent (and, when
   * folded, none more: more-indented lines fold differently). Blank lines inside; none before the first line.
   */
  private block(i: number, v: number, parentIndent: number): { node: YamlNode; next: number } {
    const src = this.src;
    const folded = src[v] === '>';
    let h = v + 1;
    const strip = src[h] === '-';
    if (strip) h++;
    const e = this.ends[i]!;
    while (h < e && src.charCodeAt(h) === 32) h++;
    if (h !== e) throw FALLBACK;
    const n = this.starts.length;
    const first = i + 1;
    if (first >= n || this.blank(first) || this.indents[first]! <= parentIndent) throw FALLBACK;
    const bi = this.indents[first]!;
    let last = first;
    for (let k = first + 1; k < n; k++) {
      if (this.blank(k)) continue;
      if (this.indents[k]! <= parentIndent) break;
      if (this.indents[k]! < bi || (folded && this.indents[k]! > bi)) throw FALLBACK;
      last = k;
    }
    // The final line break must be in the text (clip keeps it; the library's handling of its absence is left to it).
    if (this.ends[last]! >= src.length) throw FALLBACK;
    let text = '';
    let pendingBlank = 0;
    for (let k = first; k <= last; k++) {
      if (this.blank(k)) {
        pendingBlank++;
        continue;
      }
      const line = src.slice(this.starts[k]! + bi, this.ends[k]!);
      if (k === first) text = line;
      else if (folded) text += pendingBlank > 0 ? '\n'.repeat(pendingBlank) + line : ` ${line}`;
      else text += '\n'.repeat(pendingBlank + 1) + line;
      pendingBlank = 0;
    }
    if (!strip) text += '\n';
    const end = this.ends[last]! + 1;
    const node = this.scalar(this.strTag.resolve(text, () => {
      throw FALLBACK;
    }, this.options), [v, end, end], text, folded ? 'BLOCK_FOLDED' : 'BLOCK_LITERAL');
    return { node, next: last + 1 };
  }

  /** Whether a plain scalar may start at s (line end e) on the fast path: no indicator, except `-` before a
   *  non-space (`-3`, `-flag`). */
  private plainStart(s: number, e: number): boolean {
    const c = this.src[s]!;
    if (c === '-') return s + 1 < e && this.src.charCodeAt(s + 1) !== 32;
    return !INDICATOR.has(c);
  }

  /** The text of a plain scalar's line from s to e, trailing spaces dropped; fallback on `: `, ` #`, a final `:`. */
  private plainLine(s: number, e: number): string {
    const src = this.src;
    while (e > s && src.charCodeAt(e - 1) === 32) e--;
    const t = src.slice(s, e);
    if (t.includes(': ') || t.includes(' #') || t.endsWith(':')) throw FALLBACK;
    return t;
  }

  /** A quoted scalar opening at s that closes before e: its value and the offset after the closing quote. */
  private quotedEnd(s: number, e: number): { text: string; end: number } {
    const src = this.src;
    const q = src[s];
    let out = '';
    let k = s + 1;
    if (q === "'") {
      for (;;) {
        const close = src.indexOf("'", k);
        if (close === -1 || close >= e) throw FALLBACK;
        out += src.slice(k, close);
        if (src[close + 1] === "'") {
          out += "'";
          k = close + 2;
        } else return { text: out, end: close + 1 };
      }
    }
    for (;;) {
      let m = k;
      while (m < e) {
        const ch = src.charCodeAt(m);
        if (ch === 34 || ch === 92) break;
        m++;
      }
      if (m >= e) throw FALLBACK;
      out += src.slice(k, m);
      if (src.charCodeAt(m) === 34) return { text: out, end: m + 1 };
      const x = src[m + 1];
      if (x === undefined || m + 1 >= e) throw FALLBACK;
      const one = ESCAPES[x];
      if (one !== undefined) {
        out += one;
        k = m + 2;
      } else if (x === 'x' || x === 'u') {
        const len = x === 'x' ? 2 : 4;
        const hex = src.slice(m + 2, m + 2 + len);
        if (hex.length !== len || m + 2 + len > e || !/^[0-9a-fA-F]+$/.test(hex)) throw FALLBACK;
        out += String.fromCodePoint(parseInt(hex, 16));
        k = m + 2 + len;
      } else throw FALLBACK;
    }
  }

  /** A flow sequence of scalars on one line, `[a, "b", 'c']`. */
  private flowSeq(i: number, v: number): YAMLSeq {
    const src = this.src;
    const e = this.ends[i]!;
    const seq = new YAMLSeq(this.schema);
    seq.flow = true;
    let k = v + 1;
    const skip = () => {
      while (k < e && src.charCodeAt(k) === 32) k++;
    };
    skip();
    if (src[k] !== ']') {
      for (;;) {
        skip();
        const s = k;
        const c = src[k];
        if (c === undefined || k >= e) throw FALLBACK;
        let item: Scalar;
        if (c === '"' || c === "'") {
          const q = this.quotedEnd(s, e);
          k = q.end;
          skip();
          item = this.quoted(q.text, s, q.end, k, c === '"' ? 'QUOTE_DOUBLE' : 'QUOTE_SINGLE');
        } else {
          if (INDICATOR.has(c)) throw FALLBACK;
          while (k < e) {
            const ch = src[k]!;
            if (ch === ',' || ch === ']') break;
            if (ch === ':' || ch === '#' || ch === '[' || ch === '{' || ch === '}' || ch === '"' || ch === "'") throw FALLBACK;
            k++;
          }
          let t = k;
          while (t > s && src.charCodeAt(t - 1) === 32) t--;
          item = this.plain(src.slice(s, t), s, t, k);
        }
        seq.items.push(item);
        if (src[k] === ',') {
          k++;
          skip();
          if (src[k] === ']') throw FALLBACK;
          continue;
        }
        if (src[k] === ']') break;
        throw FALLBACK;
      }
    }
    const close = k + 1;
    k = close;
    skip();
    if (k !== e) throw FALLBACK;
    seq.range = [v, close, this.after(i)];
    return seq;
  }
}

/**
 * The Document `parseDocument(raw, FAST_YAML_OPTIONS)` returns, built directly when `raw` is a simple frontmatter
 * (see the file comment), else null: the caller then calls parseDocument.
 */
export function parseSimpleYaml(raw: string): Document.Parsed | null {
  if (raw.length === 0 || raw.length > MAX_FAST || SPECIAL.test(raw)) return null;
  try {
    const composer = new Composer(FAST_YAML_OPTIONS);
    const doc = new Document(undefined, { _directives: (composer as unknown as { directives: unknown }).directives, ...FAST_YAML_OPTIONS } as never) as unknown as Document.Parsed;
    return new FastParser(raw, doc).parse();
  } catch (e) {
    if (e === FALLBACK) return null;
    throw e;
  }
}
