// Decoded text of one file with line-ending normalization and offset → line/column mapping.

import { isUtf8 } from 'node:buffer';

export interface Position {
  line: number;
  column: number;
}

export interface SourceText {
  /** Decoded text as in the file (BOM and CR kept). Invalid bytes become U+FFFD. */
  text: string;
  /** BOM stripped, CRLF and lone CR turned into LF: what runtimes parse. */
  normalized: string;
  bom: boolean;
  crlfCount: number;
  loneCrCount: number;
  /** Offset (in `normalized`) of the first line that ended in CR, or -1. */
  firstCrLine: number;
  /** The first invalid UTF-8 sequences (at most 20) with their positions, empty when valid. */
  invalidUtf8: { byte: number; line: number; column: number }[];
  invalidUtf8Count: number;
  /** Offsets (in `normalized`) of NUL characters (at most 20). */
  nulOffsets: number[];
  nulCount: number;
  /** Start offset of each line in `normalized`. */
  lineStarts: number[];
  /** UTF-8 byte length of the raw file. */
  byteLength: number;
}

const MAX_LISTED = 20;

/** Byte offsets of invalid UTF-8 sequences, scanning once (WHATWG decoder semantics). */
export function findInvalidUtf8(buf: Uint8Array, max = MAX_LISTED): { offsets: number[]; count: number } {
  const offsets: number[] = [];
  let count = 0;
  let i = 0;
  const n = buf.length;
  while (i < n) {
    const b = buf[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need = 0;
    let lower = 0x80;
    let upper = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lower = 0xa0;
      if (b === 0xed) upper = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lower = 0x90;
      if (b === 0xf4) upper = 0x8f;
    } else {
      count++;
      if (offsets.length < max) offsets.push(i);
      i++;
      continue;
    }
    let j = 1;
    for (; j <= need; j++) {
      const c = buf[i + j];
      if (c === undefined || c < lower || c > upper) break;
      lower = 0x80;
      upper = 0xbf;
    }
    if (j <= need) {
      count++;
      if (offsets.length < max) offsets.push(i);
      i += j; // the decoder resumes at the offending byte
      continue;
    }
    i += need + 1;
  }
  return { offsets, count };
}

const decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
const utf16 = { 'utf-16le': new TextDecoder('utf-16le', { fatal: false, ignoreBOM: true }), 'utf-16be': new TextDecoder('utf-16be', { fatal: false, ignoreBOM: true }) };

/** Printable ASCII bytes in a row that UTF-16 text does not hold: an ASCII character of UTF-16 has a zero byte
 *  beside it, and 16 bytes in a row that are all printable ASCII would be 8 CJK characters in a row whose two bytes
 *  both fall in that range. UTF-8 text behind a byte-order mark (a file made to be read two ways) has such runs. */
const ASCII_RUN = 16;

/**
 * The encoding of bytes that are UTF-16 text by their own evidence, or null: a byte-order mark (FF FE
 * little-endian, FE FF big-endian), an even length, at least one code unit whose high byte is zero (a line break, a
 * space, any ASCII character), and no run of ASCII_RUN printable ASCII bytes. Anything else is read as UTF-8.
 */
export function utf16Of(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (bytes.length < 4 || bytes.length % 2 !== 0) return null;
  const le = bytes[0] === 0xff && bytes[1] === 0xfe;
  const be = bytes[0] === 0xfe && bytes[1] === 0xff;
  if (!le && !be) return null;
  let zeroHigh = false;
  let run = 0;
  for (let i = 2; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (!zeroHigh && b === 0 && i % 2 === (le ? 1 : 0)) zeroHigh = true;
    run = b >= 0x20 && b <= 0x7e ? run + 1 : 0;
    if (run >= ASCII_RUN) return null;
  }
  return zeroHigh ? (le ? 'utf-16le' : 'utf-16be') : null;
}

/**
 * Decode a file's bytes. `bom: false` for bytes that do not start the file (a later chunk of a streamed file): a
 * leading U+FEFF there is text, not a byte-order mark, and is kept. `encoding` reads them as UTF-16 instead of UTF-8
 * (utf16Of says when the bytes show it); their byte-order mark is then the BOM.
 */
export function decodeSource(bytes: Uint8Array, opts: { bom?: boolean; encoding?: 'utf-16le' | 'utf-16be' | null } = {}): SourceText {
  const text = opts.encoding ? utf16[opts.encoding].decode(bytes) : decoder.decode(bytes);
  const invalid = opts.encoding || isUtf8(bytes) ? { offsets: [], count: 0 } : findInvalidUtf8(bytes);
  const bom = opts.bom !== false && text.charCodeAt(0) === 0xfeff;
  const body = bom ? text.slice(1) : text;
  let crlfCount = 0;
  let loneCrCount = 0;
  let firstCrLine = -1;
  let normalized = body;
  if (body.includes('\r')) {
    const parts: string[] = [];
    let last = 0;
    let line = 1;
    for (let i = 0; i < body.length; i++) {
      const c = body.charCodeAt(i);
      if (c === 10) line++;
      else if (c === 13) {
        if (firstCrLine < 0) firstCrLine = line;
        parts.push(body.slice(last, i), '\n');
        if (body.charCodeAt(i + 1) === 10) {
          crlfCount++;
          i++;
        } else loneCrCount++;
        last = i + 1;
        line++;
      }
    }
    parts.push(body.slice(last));
    normalized = parts.join('');
  }
  const lineStarts = [0];
  const nulOffsets: number[] = [];
  let nulCount = 0;
  for (let i = normalized.indexOf('\n'); i !== -1; i = normalized.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  for (let i = normalized.indexOf('\0'); i !== -1; i = normalized.indexOf('\0', i + 1)) {
    nulCount++;
    if (nulOffsets.length < MAX_LISTED) nulOffsets.push(i);
  }
  return {
    text,
    normalized,
    bom,
    crlfCount,
    loneCrCount,
    firstCrLine,
    invalidUtf8: invalid.offsets.map((byte) => ({ byte, ...positionOfByte(bytes, byte) })),
    invalidUtf8Count: invalid.count,
    nulOffsets,
    nulCount,
    lineStarts,
    byteLength: bytes.length,
  };
}

/** 1-based line and column of an offset in `normalized`. Line-ending normalization keeps lines, so this is the original position. */
export function positionAt(src: { readonly lineStarts: readonly number[] }, offset: number): Position {
  const starts = src.lineStarts;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - starts[lo]! + 1 };
}

/** Position of a byte offset of the raw file (for invalid UTF-8). */
export function positionOfByte(bytes: Uint8Array, byteOffset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < byteOffset; i++) {
    const b = bytes[i];
    if (b === 10 || (b === 13 && bytes[i + 1] !== 10)) {
      line++;
      lineStart = i + 1;
    }
  }
  let prefix = decoder.decode(bytes.subarray(lineStart, byteOffset));
  if (line === 1 && prefix.charCodeAt(0) === 0xfeff) prefix = prefix.slice(1);
  return { line, column: prefix.length + 1 };
}

/** Map an offset in `normalized` to an offset in `text` (for fixes on the original file). */
export function originalOffset(src: SourceText, normOffset: number): number {
  const base = src.bom ? 1 : 0;
  if (src.crlfCount === 0) return normOffset + base;
  // Walk lines: each normalized line break may be two characters in the original.
  const pos = positionAt(src, normOffset);
  let crlfBefore = 0;
  let lineNo = 1;
  const t = src.text;
  for (let i = base; i < t.length && lineNo < pos.line; i++) {
    const c = t.charCodeAt(i);
    if (c === 13) {
      if (t.charCodeAt(i + 1) === 10) {
        crlfBefore++;
        i++;
      }
      lineNo++;
    } else if (c === 10) lineNo++;
  }
  return normOffset + base + crlfBefore;
}
