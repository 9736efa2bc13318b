// Stage 2, read: every file skillcheck reads goes through here. Opened without following symlinks (O_NOFOLLOW),
// fstat'ed before any byte is read, and read at most `limit + 1` bytes.
//
// Skill files and their folders are opened by walking down from the walk root one folder at a time, each opened
// with O_NOFOLLOW relative to the folder opened before it (through /proc/self/fd where the system has it, the
// portable stand-in for openat), and each compared (dev, ino) with what discovery saw. A folder swapped for a
// symlink, or for another folder, after discovery is therefore reported and never read through.

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ReadResult, FileId, TreePath } from '../core/contracts.js';
export type { ReadResult, FileId, TreePath };

const O_NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;
const O_NONBLOCK = fs.constants.O_NONBLOCK ?? 0;
const O_DIRECTORY = fs.constants.O_DIRECTORY ?? 0;
const READ_FLAGS = fs.constants.O_RDONLY | O_NOFOLLOW | O_NONBLOCK;
const DIR_FLAGS = fs.constants.O_RDONLY | O_NOFOLLOW | O_DIRECTORY;

/** The kind tests of a file status (fs.Stats has them): public types do not name Node's, so users need no @types/node. */
export interface FileKindTests {
  isFIFO(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
  isSocket(): boolean;
  isDirectory(): boolean;
}

export function describeKind(st: FileKindTests): string {
  if (st.isFIFO()) return 'a FIFO';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isSocket()) return 'a socket';
  if (st.isDirectory()) return 'a directory';
  return 'not a regular file';
}

export function idOf(st: { dev: number; ino: number }): FileId {
  return { dev: st.dev, ino: st.ino };
}

export function sameId(a: FileId, b: FileId): boolean {
  return a.dev === b.dev && a.ino === b.ino;
}

/** The folder a TreePath leads to. */
export function treeFolder(t: TreePath): string {
  return path.join(t.root, ...t.dirs);
}

export { shownOnTheWay } from '../core/paths.js';

let cleanDir: string | null = null;

/**
 * path.join(dir, name) for one name from a listing, without join's normalizing pass over the whole path (a walk
 * joins every entry): the same string whenever the fast path is taken, that is on POSIX for a `dir` that is
 * absolute and already normal (no `//`, `.` or `..` segment, no trailing `/`) and a plain `name`.
 */
export function joinName(dir: string, name: string): string {
  if (process.platform === 'win32' || name === '' || name === '.' || name === '..' || name.includes('/')) return path.join(dir, name);
  if (dir !== cleanDir) {
    if (dir === '/') return `/${name}`;
    if (dir[0] !== '/' || dir.endsWith('/') || dir.includes('//') || dir.includes('/./') || dir.includes('/../') || dir.endsWith('/.') || dir.endsWith('/..')) return path.join(dir, name);
    cleanDir = dir;
  }
  return `${dir}/${name}`;
}

let procFd: boolean | undefined;

/** True when `/proc/self/fd/N/name` resolves `name` inside the folder open as fd N (Linux): openat for Node. */
function hasProcFd(): boolean {
  if (procFd !== undefined) return procFd;
  procFd = false;
  try {
    const fd = fs.openSync('/', DIR_FLAGS);
    try {
      procFd = sameId(idOf(fs.statSync(`/proc/self/fd/${fd}`)), idOf(fs.fstatSync(fd)));
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    procFd = false;
  }
  return procFd;
}

/** A folder held open: names below it are opened relative to it (never re-resolving the path above it). */
export interface OpenDir {
  fd: number;
  /** Absolute path as discovered (for messages; never used to open when /proc/self/fd exists). */
  abs: string;
  id: FileId;
  /** The path through which `name` (one component) below this folder is opened. */
  at(name: string): string;
  /** The path through which this folder itself is listed. */
  self(): string;
  close(): void;
}

function errnoOf(e: unknown): string {
  return (e as NodeJS.ErrnoException)?.code ?? 'EUNKNOWN';
}

/** An error's message with the /proc/self/fd path replaced by the real one. */
function messageOf(e: unknown, via: string, abs: string): string {
  const m = (e as Error)?.message ?? String(e);
  return via === abs ? m : m.split(via).join(abs);
}

function wrapDir(fd: number, abs: string): OpenDir {
  const proc = hasProcFd();
  let open = true;
  return {
    fd,
    abs,
    id: idOf(fs.fstatSync(fd)),
    at: (name) => (proc ? `/proc/self/fd/${fd}/${name}` : path.join(abs, name)),
    self: () => (proc ? `/proc/self/fd/${fd}` : abs),
    close() {
      if (open) fs.closeSync(fd);
      open = false;
    },
  };
}

/** What a path that is not the folder or file we expect now is, for the message. */
function changedAt(via: string, abs: string, expected: 'folder' | 'file'): Extract<ReadResult, { kind: 'changed' }> {
  let st: fs.Stats | null = null;
  try {
    st = fs.lstatSync(via);
  } catch {
    /* gone again: reported as changed anyway */
  }
  if (st?.isSymbolicLink()) {
    let linkTarget: string | null = null;
    try {
      linkTarget = fs.readlinkSync(via);
    } catch {
      /* unreadable link */
    }
    return { kind: 'changed', path: abs, symlink: true, linkTarget, what: 'a symlink' };
  }
  const what = !st ? 'gone' : st.isDirectory() ? `another ${expected === 'folder' ? 'folder' : 'folder, not a file'}` : st.isFile() ? (expected === 'file' ? 'another file' : 'a file') : describeKind(st);
  return { kind: 'changed', path: abs, symlink: false, linkTarget: null, what };
}

/**
 * Open a folder below `parent` (or, without a parent, `abs` itself) without following a symlink, and compare its
 * identity with `expect` when given. Throws nothing: a failure comes back as a ReadResult.
 */
export function openDirBelow(parent: OpenDir | null, name: string, abs: string, expect?: FileId): { kind: 'dir'; dir: OpenDir } | Exclude<ReadResult, { kind: 'ok' }> {
  const via = parent ? parent.at(name) : abs;
  if (process.platform === 'win32') return lstatDir(via, abs, expect);
  let fd: number;
  try {
    fd = fs.openSync(via, DIR_FLAGS);
  } catch (e) {
    const code = errnoOf(e);
    if (code === 'ENOTDIR' || code === 'ELOOP') return changedAt(via, abs, 'folder');
    return { kind: 'error', code, message: messageOf(e, via, abs) };
  }
  let dir: OpenDir;
  try {
    dir = wrapDir(fd, abs);
  } catch (e) {
    fs.closeSync(fd);
    return { kind: 'error', code: errnoOf(e), message: messageOf(e, via, abs) };
  }
  if (expect && !sameId(dir.id, expect)) {
    dir.close();
    return { kind: 'changed', path: abs, symlink: false, linkTarget: null, what: 'another folder' };
  }
  return { kind: 'dir', dir };
}

/** Windows cannot open a folder as a file: lstat stands in (a check, not a handle; paths are re-resolved). */
function lstatDir(via: string, abs: string, expect?: FileId): { kind: 'dir'; dir: OpenDir } | Exclude<ReadResult, { kind: 'ok' }> {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(via);
  } catch (e) {
    return { kind: 'error', code: errnoOf(e), message: messageOf(e, via, abs) };
  }
  if (!st.isDirectory()) return changedAt(via, abs, 'folder');
  if (expect && !sameId(idOf(st), expect)) return { kind: 'changed', path: abs, symlink: false, linkTarget: null, what: 'another folder' };
  return { kind: 'dir', dir: { fd: -1, abs, id: idOf(st), at: (n) => path.join(abs, n), self: () => abs, close() {} } };
}

/**
 * Open the folder `t` leads to, walking down from the root one folder at a time (each opened with O_NOFOLLOW
 * relative to the one before, and compared with the identity discovery saw), then `more` names below it without
 * identities. The caller closes the folder.
 */
export function openTreeDir(t: TreePath, more: readonly string[] = [], held?: HeldDirs): { kind: 'dir'; dir: OpenDir } | Exclude<ReadResult, { kind: 'ok' }> {
  if (held?.active) return held.open(t, more);
  let cur = openDirBelow(null, '', t.root, t.dirIds[0]);
  let abs = t.root;
  const names = [...t.dirs, ...more];
  for (let i = 0; i < names.length && cur.kind === 'dir'; i++) {
    const parent: OpenDir = cur.dir;
    abs = path.join(abs, names[i]!);
    cur = openDirBelow(parent, names[i]!, abs, t.dirIds[i + 1]);
    parent.close();
  }
  return cur;
}

/** Folders held open at most by one HeldDirs: fds stay bounded whatever the tree holds. */
export const MAX_HELD_DIRS = 64;

/**
 * Verified folder handles shared by every read of one skill (and, in a run on one thread, the folders above the
 * skill, shared by the next skill): each folder on the way is opened once, where openTreeDir alone opens the whole
 * way down again for every file, listing and read.
 *
 * The guarantees are openTreeDir's: a held handle was opened with O_NOFOLLOW relative to its (held or fresh)
 * parent, and compared with the identity discovery saw when it was opened; every later use compares it again with
 * the identity the caller's TreePath expects (no system call: the fd cannot come to refer to another folder), and
 * a mismatch falls back to a fresh open, which reports the change as before. A handle is never closed while it
 * is lent (`uses`), so a `/proc/self/fd/N` path is never resolved through a reused fd number. At most
 * MAX_HELD_DIRS are held; the least recently used unlent one is closed first, and past the bound a folder is
 * opened as without HeldDirs (closed by its borrower).
 *
 * Only between begin() and end() (one skill's check) are handles held; outside (a folder accessor used after the
 * run) opens go through unheld. end() closes all but the folders above the skill when `keepAbove` (the caller
 * then close()s at the end of its run).
 */
interface Held {
  dir: OpenDir;
  /** Borrowers that have not given it back: never closed while above 0. */
  uses: number;
  dropped: boolean;
}

export class HeldDirs {
  private readonly held = new Map<string, Held>();
  active = false;
  constructor(readonly keepAbove = false) {}

  begin(): void {
    this.active = true;
  }

  /** The skill is done: close what it opened (all but the folders above it, `t`'s root and dirs, with keepAbove). */
  end(t?: TreePath): void {
    this.active = false;
    const keep = new Set<string>();
    if (this.keepAbove && t) {
      let k = `${t.root}\0`;
      keep.add(k);
      for (const n of t.dirs) keep.add((k = `${k}/${n}`));
    }
    for (const [k, e] of this.held) {
      if (keep.has(k)) continue;
      this.held.delete(k);
      if (e.uses > 0) e.dropped = true;
      else e.dir.close();
    }
  }

  /** Close every held folder (a lent one when it is given back). */
  close(): void {
    this.active = false;
    for (const e of this.held.values()) {
      if (e.uses > 0) e.dropped = true;
      else e.dir.close();
    }
    this.held.clear();
  }

  /** openTreeDir(t, more) through held handles; the folder returned is lent: its close() gives it back. */
  open(t: TreePath, more: readonly string[]): { kind: 'dir'; dir: OpenDir } | Exclude<ReadResult, { kind: 'ok' }> {
    const names = more.length === 0 ? t.dirs : [...t.dirs, ...more];
    // Keyed by the walk (root, then names): a folder reached from another root is another walk.
    let key = `${t.root}\0`;
    let cur = this.step(null, '', t.root, key, t.dirIds[0]);
    for (let i = 0; i < names.length && cur.kind === 'dir'; i++) {
      const parent: OpenDir = cur.dir;
      key = `${key}/${names[i]!}`;
      cur = this.step(parent, names[i]!, null, key, t.dirIds[i + 1]);
      parent.close();
    }
    return cur;
  }

  /** One folder: the held handle when its identity is the expected one, else opened (and held when there is room). */
  private step(parent: OpenDir | null, name: string, absGiven: string | null, key: string, expect: FileId | undefined): ReturnType<typeof openDirBelow> {
    const e = this.held.get(key);
    if (e && (!expect || sameId(e.dir.id, expect))) {
      this.held.delete(key); // most recently used last
      this.held.set(key, e);
      return { kind: 'dir', dir: this.lend(e) };
    }
    if (e && e.uses === 0) {
      this.held.delete(key);
      e.dir.close();
    }
    // The path for messages, as openTreeDir builds it (only when a folder is opened, not when it is found held).
    const abs = absGiven ?? joinName(parent!.abs, name);
    const r = openDirBelow(parent, name, abs, expect);
    if (r.kind !== 'dir' || this.held.has(key) || !this.room()) return r;
    const fresh: Held = { dir: r.dir, uses: 0, dropped: false };
    this.held.set(key, fresh);
    return { kind: 'dir', dir: this.lend(fresh) };
  }

  /** Room for one more held folder: the least recently used unlent one is closed when the bound is reached. */
  private room(): boolean {
    if (this.held.size < MAX_HELD_DIRS) return true;
    for (const [k, e] of this.held) {
      if (e.uses > 0) continue;
      this.held.delete(k);
      e.dir.close();
      return true;
    }
    return false;
  }

  private lend(e: Held): OpenDir {
    e.uses++;
    let lent = true;
    return {
      fd: e.dir.fd,
      abs: e.dir.abs,
      id: e.dir.id,
      at: e.dir.at,
      self: e.dir.self,
      close: () => {
        if (!lent) return;
        lent = false;
        e.uses--;
        // Dropped by close() while lent: closed when the last borrower gives it back.
        if (e.uses === 0 && e.dropped) e.dir.close();
      },
    };
  }
}

/** Read an open file descriptor (`st`: its fstat): at most `limit + 1` bytes, growing past what fstat said (procfs says 0). */
function readFd(fd: number, st: fs.Stats, limit: number): ReadResult {
  if (!st.isFile()) return { kind: 'not-regular', what: describeKind(st) };
  if (st.size > limit) return { kind: 'too-large', size: st.size, limit };
  // The size can change between fstat and read: never read more than limit + 1 bytes.
  let buf = Buffer.allocUnsafe(Math.min(st.size, limit) + 1);
  let got = 0;
  for (;;) {
    if (got === buf.length) {
      if (buf.length > limit) break;
      const bigger = Buffer.allocUnsafe(Math.min(limit + 1, Math.max(buf.length * 2, 4096)));
      buf.copy(bigger, 0, 0, got);
      buf = bigger;
    }
    const n = fs.readSync(fd, buf, got, buf.length - got, null);
    if (n === 0) break;
    got += n;
  }
  if (got > limit) return { kind: 'too-large', size: Math.max(st.size, got), limit };
  return { kind: 'ok', size: got, bytes: buf.subarray(0, got) };
}

/** Open `via` (shown as `abs`) without following a symlink and read it bounded; compare its identity when given. */
function readVia(via: string, abs: string, limit: number, expect?: FileId): ReadResult {
  let fd: number;
  try {
    fd = fs.openSync(via, READ_FLAGS);
  } catch (e) {
    const code = errnoOf(e);
    if (code === 'ELOOP') return { kind: 'symlink' };
    return { kind: 'error', code, message: messageOf(e, via, abs) };
  }
  try {
    // One fstat for both the identity and the kind and size checks: the open fd cannot change what it refers to.
    const st = fs.fstatSync(fd);
    if (expect && !sameId(idOf(st), expect)) return changedAt(via, abs, 'file');
    return readFd(fd, st, limit);
  } catch (e) {
    return { kind: 'error', code: errnoOf(e), message: messageOf(e, via, abs) };
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Read a file for checking. A file larger than `limit` bytes is not read past `limit + 1` bytes (and not at all
 * when fstat already shows it is larger). FIFOs and devices are never read: O_NONBLOCK keeps the open from
 * blocking on a FIFO and fstat rejects it before any read. Only the last component is opened without following
 * a symlink: files found in a tree are read with readInTree.
 */
export function readBounded(absPath: string, limit: number): ReadResult {
  return readVia(absPath, absPath, limit);
}

/** Read a file in an open folder (one name), bounded, without following a symlink. */
export function readInDir(dir: OpenDir, name: string, limit: number, expect?: FileId): ReadResult {
  return readVia(dir.at(name), joinName(dir.abs, name), limit, expect);
}

/**
 * Read `absPath`, a file in the folder `t` leads to or below it, walking from the root (see openTreeDir). With
 * `expect`, the file must be the one discovery saw. Without a tree (a path given directly), as readBounded.
 */
export function readInTree(t: TreePath | undefined, absPath: string, limit: number, expect?: FileId, held?: HeldDirs): ReadResult {
  if (!t) return readBounded(absPath, limit);
  return readInTreeVia(t, null, absPath, limit, expect, held);
}

/**
 * readInTree for many files of one folder: the folder `t` leads to is walked down to and checked once, held open,
 * and each file is opened below it (its sub-folders one at a time, without following a symlink), as readInTree
 * would after walking again from the root. `read` gives what readInTree gives; call `close` when done.
 */
export function treeReader(t: TreePath): { read(absPath: string, limit: number, expect?: FileId): ReadResult; close(): void } {
  let top: ReturnType<typeof openTreeDir> | null = null;
  return {
    read(absPath, limit, expect) {
      top ??= openTreeDir(t);
      return readInTreeVia(t, top, absPath, limit, expect);
    },
    close() {
      if (top?.kind === 'dir') top.dir.close();
      top = null;
    },
  };
}

/**
 * readInTree for a file given by its path below the folder `t` leads to, as names (`['references', 'api.md']`):
 * without the round trip through an absolute path and path.relative. Each name must be one plain component.
 */
export function readInTreeRel(t: TreePath, parts: readonly string[], limit: number, expect?: FileId, held?: HeldDirs): ReadResult {
  if (parts.length === 0 || parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('/') || p.includes(path.sep))) {
    return { kind: 'error', code: 'EINVAL', message: `${path.join(treeFolder(t), ...parts)} is outside the folder it was found in` };
  }
  return readParts(t, null, parts, limit, expect, held);
}

function readInTreeVia(t: TreePath, top: ReturnType<typeof openTreeDir> | null, absPath: string, limit: number, expect?: FileId, held?: HeldDirs): ReadResult {
  const rel = path.relative(treeFolder(t), absPath);
  const parts = rel.split(path.sep);
  if (rel === '' || parts.includes('..') || path.isAbsolute(rel)) return { kind: 'error', code: 'EINVAL', message: `${absPath} is outside the folder it was found in` };
  return readParts(t, top, parts, limit, expect, held);
}

function readParts(t: TreePath, top: ReturnType<typeof openTreeDir> | null, parts: readonly string[], limit: number, expect?: FileId, held?: HeldDirs): ReadResult {
  if (top === null) {
    const opened = openTreeDir(t, parts.slice(0, -1), held);
    if (opened.kind !== 'dir') return opened;
    try {
      return readInDir(opened.dir, parts[parts.length - 1]!, limit, expect);
    } finally {
      opened.dir.close();
    }
  }
  // The held folder, then the names below it as openTreeDir walks its `more` (no identities to compare).
  if (top.kind !== 'dir') return top;
  let cur: ReturnType<typeof openDirBelow> = top;
  let abs = top.dir.abs;
  for (let i = 0; i < parts.length - 1 && cur.kind === 'dir'; i++) {
    const parent: OpenDir = cur.dir;
    abs = joinName(abs, parts[i]!);
    cur = openDirBelow(parent, parts[i]!, abs);
    if (parent !== top.dir) parent.close();
  }
  if (cur.kind !== 'dir') return cur;
  try {
    return readInDir(cur.dir, parts[parts.length - 1]!, limit, expect);
  } finally {
    if (cur.dir !== top.dir) cur.dir.close();
  }
}

/**
 * A JSON.parse error without the excerpt of the text that V8 puts in it ("Unexpected token 'M', "MYSECRET=..." is
 * not valid JSON"): the offending character (escaped) and the position where V8 gives one, never more of the text.
 */
export function jsonErrorMessage(e: unknown): string {
  const m = (e as Error)?.message ?? String(e);
  const tok = /^Unexpected token '([\s\S]{1,2}?)', [\s\S]*is not valid JSON$/.exec(m);
  if (tok) return `unexpected character ${JSON.stringify(tok[1])}`;
  if (/is not valid JSON$/.test(m)) return 'not valid JSON';
  // "Expected ',' or '}' after property value in JSON at position 7", "Unexpected end of JSON input": no excerpt.
  return m.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A file skillcheck was asked to read (config, baseline, tool list) could not be read; the message is safe to show. */
export class SmallFileError extends Error {}

/**
 * Read a small data file given by the user or found upward (config, baseline, --tools-file, --openclaw-config):
 * bounded, never through a symlink, FIFOs and devices refused. Messages name the file (`shown`) and the reason,
 * never its content. Returns the text (UTF-8, BOM kept).
 */
export function readSmallFile(absPath: string, limit: number, shown: string): string {
  const b = readSmallBytes(absPath, limit, shown);
  return Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('utf8');
}

/** readSmallFile's bytes, undecoded. */
export function readSmallBytes(absPath: string, limit: number, shown: string): Uint8Array {
  const r = readBounded(absPath, limit);
  switch (r.kind) {
    case 'ok':
      return r.bytes;
    case 'symlink':
      throw new SmallFileError(`${shown}: cannot read: it is a symlink, and skillcheck does not follow symlinks. Pass the real file instead`);
    case 'changed':
      throw new SmallFileError(`${shown}: cannot read: it changed while it was opened`);
    case 'not-regular':
      throw new SmallFileError(`${shown}: not a regular file (${r.what}); not read`);
    case 'too-large':
      throw new SmallFileError(`${shown}: ${r.size} bytes, over the ${limit}-byte limit; not read`);
    case 'error':
      throw new SmallFileError(`${shown}: cannot read: ${r.code === 'ENOENT' ? 'no such file' : r.code === 'EACCES' || r.code === 'EPERM' ? 'permission denied' : r.code}`);
  }
}

/**
 * The first `n` bytes of a regular file (to tell text from binary), opened like readBounded: never through a
 * symlink, never a FIFO or device. null when it cannot be read.
 */
export function readHead(absPath: string, n: number): Uint8Array | null {
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
