// Streaming a skill file over the read bound: the file is read in bounded, overlapping chunks so that the security
// rules still see every byte of it (memory stays bounded by the chunk size, time stays linear in the file size).
//
// Chunk k owns the bytes [a_k, a_{k+1}) (a_{k+1} ≈ a_k + chunkBytes, moved to a UTF-8 character boundary and never
// between CR and LF). The text a rule sees is that range widened by the overlap O on each side, and each widened
// end is moved to a line boundary when one lies within another O bytes. A finding is kept only by the chunk that
// owns its start. So every match whose lines (the lines it starts and ends on) total at most O bytes is seen with
// the same full lines as in a whole-file scan, and exactly once: it starts in one owned range, and its lines reach
// at most O bytes either side of its start. Longer matches, or matches on lines longer than O bytes, may be cut at
// a chunk edge. Context from before the chunk (an open code fence, the frontmatter past the first chunk) is not
// carried over: a later chunk is all body.

import * as fs from 'node:fs';
import { describeKind } from './discover.js';
import { decodeSource, type SourceText } from '../core/source.js';

/** Bytes each side of a chunk's own range that its text also holds (see the module comment for the guarantee). */
export const STREAM_OVERLAP = 8192;
import { MAX_STREAM_BYTES } from '../core/limits.js';
export { MAX_STREAM_BYTES };

export interface Chunk {
  /** 0 for the chunk at the start of the file (it holds the frontmatter, if any). */
  index: number;
  source: SourceText;
  /** The owned range, as offsets in `source.normalized`. */
  ownStart: number;
  ownEnd: number;
  /** 1-based line and column (UTF-16, BOM not counted) in the whole file of the chunk text's first character. */
  line: number;
  column: number;
}

export type StreamResult =
  | { kind: 'ok'; size: number; scanned: number }
  | { kind: 'not-regular'; what: string }
  | { kind: 'symlink' }
  | { kind: 'error'; code: string; message: string };

const O_NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;
const O_NONBLOCK = fs.constants.O_NONBLOCK ?? 0;

function readAt(fd: number, buf: Buffer, pos: number): number {
  let got = 0;
  while (got < buf.length) {
    const n = fs.readSync(fd, buf, got, buf.length - got, pos + got);
    if (n === 0) break;
    got += n;
  }
  return got;
}

const isCont = (b: number | undefined) => b !== undefined && b >= 0x80 && b <= 0xbf;

/**
 * A cut position at or after `at` (within `buf`, whose first byte is at file offset `base`): not inside a UTF-8
 * sequence (at most 3 continuation bytes skipped) and not between CR and LF.
 */
function cutAfter(buf: Buffer, base: number, at: number, end: number): number {
  let p = at;
  for (let i = 0; i < 3 && p < end && isCont(buf[p - base]); i++) p++;
  if (p > base && p < end && buf[p - base - 1] === 0x0d && buf[p - base] === 0x0a) p++;
  return p;
}

/** Like cutAfter, moving backwards. */
function cutBefore(buf: Buffer, base: number, at: number): number {
  let p = at;
  for (let i = 0; i < 3 && p > base && isCont(buf[p - base]); i++) p--;
  if (p > base && buf[p - base - 1] === 0x0d && buf[p - base] === 0x0a) p--;
  return p;
}

/** Line and UTF-16 column at a byte position, advanced through the file once (positions only grow). */
class Cursor {
  private readonly decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
  private readonly buf = Buffer.allocUnsafe(65536);
  pos = 0;
  line = 1;
  /** UTF-16 units since the last line break. */
  col = 0;
  private pendingCr = false;
  private first = true;

  constructor(private readonly fd: number) {}

  advance(to: number): void {
    while (this.pos < to) {
      const want = Math.min(this.buf.length, to - this.pos);
      const got = readAt(this.fd, this.buf.subarray(0, want), this.pos);
      if (got === 0) break;
      this.pos += got;
      let s = this.decoder.decode(this.buf.subarray(0, got), { stream: true });
      if (this.first && s.length > 0) {
        this.first = false;
        if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
      }
      for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        if (this.pendingCr) {
          this.pendingCr = false;
          if (c === 10) continue; // CRLF: the CR already broke the line
        }
        if (c === 10) {
          this.line++;
          this.col = 0;
        } else if (c === 13) {
          this.line++;
          this.col = 0;
          this.pendingCr = true;
        } else this.col++;
      }
    }
  }
}

/**
 * Read `absPath` (without following a symlink, regular files only) in chunks of about `chunkBytes` bytes plus the
 * overlap each side, calling `visit` for each, up to `maxBytes` bytes of the file.
 */
export function streamChunks(
  absPath: string,
  opts: { chunkBytes: number; overlap?: number; maxBytes?: number },
  visit: (chunk: Chunk) => void,
): StreamResult {
  const O = opts.overlap ?? STREAM_OVERLAP;
  const C = Math.max(opts.chunkBytes, 2 * O);
  let fd: number;
  try {
    fd = fs.openSync(absPath, fs.constants.O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? 'EUNKNOWN';
    if (code === 'ELOOP') return { kind: 'symlink' };
    return { kind: 'error', code, message: (e as Error).message };
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) return { kind: 'not-regular', what: describeKind(st) };
    // The file may grow while it is read: never past its size at open, nor past maxBytes.
    const size = Math.min(st.size, opts.maxBytes ?? MAX_STREAM_BYTES);
    const buf = Buffer.allocUnsafe(C + 4 * O + 8);
    const cursor = new Cursor(fd);
    let a = 0;
    for (let index = 0; a < size; index++) {
      // The window read: the owned range, the overlap and the room to reach a line boundary, each side.
      const base = Math.max(0, a - 2 * O);
      const got = readAt(fd, buf.subarray(0, Math.min(buf.length, size - base)), base);
      const end = base + got;
      if (end <= a) break;
      const b = a + C >= end ? end : cutAfter(buf, base, a + C, end);
      // Start: the line start at or before a - O, if it is within O more bytes; else a character boundary.
      let s = Math.max(0, a - O);
      if (s > 0) {
        const nl = buf.lastIndexOf(0x0a, s - 1 - base);
        s = nl !== -1 && base + nl + 1 >= Math.max(0, a - 2 * O) ? base + nl + 1 : cutBefore(buf, base, s);
      }
      // End: the line end at or after b + O, if it is within O more bytes; else a character boundary.
      let e = Math.min(end, b + O);
      if (e < end) {
        const nl = buf.indexOf(0x0a, e - base);
        e = nl !== -1 && base + nl < Math.min(end, b + 2 * O) ? base + nl : cutAfter(buf, base, e, end);
      }
      cursor.advance(s);
      const bytes = buf.subarray(s - base, e - base);
      // Only the file's first bytes can hold a byte-order mark: a U+FEFF that starts a later chunk is text.
      const mark = { bom: s === 0 };
      const source = decodeSource(bytes, mark);
      // Owned offsets in the normalized text: the normalized lengths of the parts before and within.
      const before = s === a ? 0 : decodeSource(buf.subarray(s - base, a - base), mark).normalized.length;
      const own = decodeSource(buf.subarray(s - base, b - base), mark).normalized.length;
      visit({
        index,
        source,
        ownStart: before,
        ownEnd: b >= size ? source.normalized.length + 1 : own,
        line: cursor.line,
        column: cursor.col + 1,
      });
      a = b;
    }
    return { kind: 'ok', size: st.size, scanned: size };
  } catch (e) {
    return { kind: 'error', code: (e as NodeJS.ErrnoException).code ?? 'EUNKNOWN', message: (e as Error).message };
  } finally {
    fs.closeSync(fd);
  }
}
