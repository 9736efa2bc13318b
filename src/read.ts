// Stage 2, read: open without following symlinks, fstat, and read at most `limit + 1` bytes.

import * as fs from 'node:fs';
import { describeKind } from './discover.js';

export type ReadResult =
  | { kind: 'ok'; size: number; bytes: Buffer }
  | { kind: 'too-large'; size: number; limit: number }
  | { kind: 'not-regular'; what: string }
  | { kind: 'symlink' }
  | { kind: 'error'; code: string; message: string };

const O_NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;
const O_NONBLOCK = fs.constants.O_NONBLOCK ?? 0;

/**
 * Read a file for checking. A file larger than `limit` bytes is not read past `limit + 1`
 * bytes (and not at all when fstat already shows it is larger). FIFOs and devices are never read:
 * O_NONBLOCK keeps the open from blocking on a FIFO and fstat rejects it before any read.
 */
export function readBounded(absPath: string, limit: number): ReadResult {
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
    if (st.size > limit) return { kind: 'too-large', size: st.size, limit };
    // The size can change between fstat and read: never read more than limit + 1 bytes.
    const buf = Buffer.allocUnsafe(Math.min(st.size, limit) + 1);
    let got = 0;
    while (got < buf.length) {
      const n = fs.readSync(fd, buf, got, buf.length - got, null);
      if (n === 0) break;
      got += n;
    }
    if (got > limit) return { kind: 'too-large', size: Math.max(st.size, got), limit };
    return { kind: 'ok', size: got, bytes: buf.subarray(0, got) };
  } catch (e) {
    return { kind: 'error', code: (e as NodeJS.ErrnoException).code ?? 'EUNKNOWN', message: (e as Error).message };
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The first `n` bytes of a regular file (to tell text from binary), opened like readBounded: never through a
 * symlink, never a FIFO or device. null when it cannot be read.
 */
export function readHead(absPath: string, n: number): Buffer | null {
  let fd: number;
  try {
    fd = fs.openSync(absPath, fs.constants.O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    if (!fs.fstatSync(fd).isFile()) return null;
    const buf = Buffer.alloc(n);
    const got = fs.readSync(fd, buf, 0, n, 0);
    return buf.subarray(0, got);
  } catch {
    return null;
  } finally {
    fs.closeSync(fd);
  }
}
