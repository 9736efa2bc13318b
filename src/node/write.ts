// The one atomic writer: every file skillcheck writes (--fix, --output, --write-baseline, build data) goes through
// writeFileAtomic. The folder is opened without following a symlink (for a skill file: walked down from the root
// as discovery saw it), the old file is checked in that folder, the new content goes to a temporary file in the
// same folder (O_EXCL, O_NOFOLLOW), is synced, and renamed over the target, all relative to the open folder.

import * as fs from 'node:fs';
import * as path from 'node:path';
import type * as Crypto from 'node:crypto';
import { openDirBelow, openTreeDir, readInDir, sameId, treeFolder, type FileId, type OpenDir, type ReadResult, type TreePath } from './read.js';

/** node:crypto, loaded when first used rather than at start-up. */
const crypto = (): typeof Crypto => process.getBuiltinModule('node:crypto');

/** The file was not written; the message says why (safe to show: no file content). */
export class WriteRefused extends Error {}

export interface AtomicWriteOptions {
  /** How discovery reached the target's folder: the folder is verified component by component before writing. */
  tree?: TreePath;
  /** The target must exist and still be this file (identity and/or exact bytes), else nothing is written. */
  expect?: { id?: FileId; bytes?: Buffer };
  /** Mode of a new file (before the umask); an existing file keeps its mode. Default 0o644. */
  mode?: number;
}

const O_NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;
const O_NONBLOCK = fs.constants.O_NONBLOCK ?? 0;

function why(r: Exclude<ReadResult, { kind: 'ok' }>, shown: string): string {
  switch (r.kind) {
    case 'changed':
      return `${r.path === shown ? 'it' : r.path} changed since it was checked (now ${r.what}); not written`;
    case 'symlink':
      return 'is a symlink; never written through';
    case 'not-regular':
      return `not a regular file (${r.what}); not written`;
    case 'too-large':
      return 'changed since it was checked';
    case 'error':
      return r.code === 'ENOENT' ? 'no such folder' : `cannot open (${r.code})`;
  }
}

function openParent(target: string, tree: TreePath | undefined): OpenDir {
  const dirAbs = path.dirname(target);
  if (tree) {
    if (treeFolder(tree) !== dirAbs) throw new WriteRefused('not in the folder it was found in; not written');
    const r = openTreeDir(tree);
    if (r.kind !== 'dir') throw new WriteRefused(why(r, dirAbs));
    return r.dir;
  }
  const r = openDirBelow(null, '', dirAbs);
  if (r.kind === 'dir') return r.dir;
  if (r.kind === 'changed' && r.symlink) throw new WriteRefused(`the folder ${dirAbs} is a symlink; skillcheck does not write through symlinks. Name a file in a real folder`);
  if (r.kind === 'changed') throw new WriteRefused(`${dirAbs} is ${r.what}, not a folder`);
  throw new WriteRefused(r.kind === 'error' && r.code === 'ENOENT' ? `the folder ${dirAbs} does not exist` : why(r, dirAbs));
}

/**
 * Write `content` to `target` atomically. Refuses (WriteRefused) when the folder or the target is a symlink, the
 * target is not a regular file, or it is not what `opts.expect` says. An existing file keeps its mode.
 */
export function writeFileAtomic(target: string, content: string | Buffer, opts: AtomicWriteOptions = {}): void {
  const name = path.basename(target);
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const dir = openParent(target, opts.tree);
  try {
    let mode: number | null = null;
    let st: fs.Stats | null = null;
    let fd: number | null = null;
    try {
      fd = fs.openSync(dir.at(name), fs.constants.O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
      st = fs.fstatSync(fd);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ELOOP') throw new WriteRefused('not a regular file (a symlink); never written through');
      if (code !== 'ENOENT') throw new WriteRefused(`cannot open (${code ?? 'EUNKNOWN'})`);
    } finally {
      if (fd !== null) fs.closeSync(fd);
    }
    if (st) {
      if (!st.isFile()) throw new WriteRefused('not a regular file (symlink or special file): not written');
      mode = st.mode & 0o7777;
    }
    if (opts.expect) {
      if (!st) throw new WriteRefused('gone since it was checked; not written');
      if (opts.expect.id && !sameId({ dev: st.dev, ino: st.ino }, opts.expect.id)) throw new WriteRefused('replaced since it was checked; not written');
      if (opts.expect.bytes) {
        const now = readInDir(dir, name, opts.expect.bytes.length, opts.expect.id);
        if (now.kind !== 'ok' || Buffer.compare(now.bytes, opts.expect.bytes) !== 0) throw new WriteRefused('changed since it was checked');
      }
    }
    const tmpName = `.${name}.${crypto().randomBytes(6).toString('hex')}.tmp`;
    const tmp = dir.at(tmpName);
    const wfd = fs.openSync(tmp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | O_NOFOLLOW, mode ?? opts.mode ?? 0o644);
    try {
      let off = 0;
      while (off < bytes.length) off += fs.writeSync(wfd, bytes, off, bytes.length - off);
      if (mode !== null) fs.fchmodSync(wfd, mode);
      fs.fsyncSync(wfd);
      fs.closeSync(wfd);
      fs.renameSync(tmp, dir.at(name));
    } catch (e) {
      try {
        fs.closeSync(wfd);
      } catch {
        /* already closed */
      }
      fs.rmSync(tmp, { force: true });
      throw e;
    }
  } finally {
    dir.close();
  }
}
