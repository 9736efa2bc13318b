// The skill folder as rules see it, over an I/O given to it (the disk: src/node/skillfiles.ts; memory: verify()):
// its entries and its text files, read bounded, decoded, each with a kind. Listed and read lazily, once per folder,
// so a skill that no rule asks about costs no I/O. Whatever a bound leaves unread is listed (`unscanned`) so a rule
// can say so: a user never reads "0 findings" for content not read.

import * as path from 'node:path';
import { jsonStrings, type JsonScan } from '../analysis/jsonscan.js';
import type { FileKind, FolderIo, FolderListing, PackageFile, PackageFiles, SkillFolder, Unscanned } from '../core/contracts.js';
import { MAX_PACKAGE_BYTES, MAX_PACKAGE_FILES, PACKAGE_FILE_BOUND } from '../core/limits.js';
import { isSkillFileName } from '../core/skillfile.js';
import { decodeSource, utf16Of } from '../core/source.js';
import { thousands } from '../core/text.js';

/** Bytes looked at to tell a binary file from a text file. */
export const SNIFF_BYTES = 8192;

const FILE_KINDS: readonly FileKind[] = ['markdown', 'shell', 'python', 'javascript', 'powershell', 'json', 'other'];

const KIND_BY_EXT: Record<string, FileKind> = {
  '.md': 'markdown', '.markdown': 'markdown', '.mdx': 'markdown', '.mdc': 'markdown',
  '.sh': 'shell', '.bash': 'shell', '.zsh': 'shell', '.ksh': 'shell', '.command': 'shell',
  '.py': 'python', '.pyw': 'python',
  '.js': 'javascript', '.mjs': 'javascript', '.cjs': 'javascript', '.jsx': 'javascript', '.ts': 'javascript', '.mts': 'javascript', '.cts': 'javascript', '.tsx': 'javascript',
  '.ps1': 'powershell', '.psm1': 'powershell', '.psd1': 'powershell',
  '.json': 'json', '.jsonc': 'json',
};
/** Extensions never read: their content is binary by format (a text file named so is still not what runs). */
const BINARY_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp', '.ico', '.bmp', '.tif', '.tiff', '.psd', '.pdf', '.zip', '.gz', '.tgz', '.bz2', '.xz', '.7z', '.rar', '.jar', '.whl', '.woff', '.woff2', '.ttf', '.otf', '.eot', '.mp3', '.mp4', '.m4a', '.wav', '.ogg', '.webm', '.mov', '.avi', '.so', '.dylib', '.dll', '.exe', '.o', '.a', '.class', '.pyc', '.wasm', '.sqlite', '.db', '.parquet', '.npy', '.pkl', '.onnx', '.pt', '.bin']);

/** The kind of a package file from its name and, for a file without a known extension, its `#!` line. */
export function fileKind(rel: string, head = ''): FileKind {
  const base = rel.slice(rel.lastIndexOf('/') + 1);
  const ext = path.extname(base).toLowerCase();
  const byExt = KIND_BY_EXT[ext];
  if (byExt) return byExt;
  const shebang = /^#![ \t]*(\S+)(?:[ \t]+(\S+))?/.exec(head);
  if (shebang) {
    const prog = path.basename(shebang[1] === '/usr/bin/env' || shebang[1] === '/bin/env' ? (shebang[2] ?? '') : shebang[1]!);
    if (/^(?:ba|z|k|da)?sh$/.test(prog)) return 'shell';
    if (/^python[0-9.]*$/.test(prog)) return 'python';
    if (/^(?:node|deno|bun)$/.test(prog)) return 'javascript';
    if (/^pwsh$/.test(prog)) return 'powershell';
  }
  return 'other';
}

/** The length of the UTF-8 sequence starting at `i` of `bytes` (RFC 3629: no overlong form, no surrogate, nothing
 *  past U+10FFFF), or 0 when the bytes there are not one. A sequence cut by `end` counts as whole. */
function utf8Length(bytes: Uint8Array, i: number, end: number): number {
  const b = bytes[i]!;
  const len = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
  if (len === 0) return 0;
  const c = bytes[i + 1];
  if (i + 1 < end) {
    // The second byte's range narrows for the lead bytes that would start an overlong form, a surrogate or too much.
    const lo = b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80;
    const hi = b === 0xed ? 0x9f : b === 0xf4 ? 0x8f : 0xbf;
    if (c! < lo || c! > hi) return 0;
  }
  for (let k = 2; k < len && i + k < end; k++) if ((bytes[i + k]! & 0xc0) !== 0x80) return 0;
  return len;
}

/**
 * A byte sequence that is not text, judged on its first SNIFF_BYTES bytes: NUL bytes in more than one byte in a
 * hundred (a stray NUL or a few do not hide a text file's words from the scan: they do not stop an agent's reader);
 * more than a tenth of control bytes that text does not use; or compressed or encrypted data (a zlib stream such as a git object), whose bytes
 * are spread evenly: a few in a hundred such controls (25 of the 256 byte values) and, with the bytes that are not
 * part of a UTF-8 character, more than a tenth. Text in a legacy 8-bit encoding (Windows-1251, Latin-1) fails UTF-8
 * as often but holds no such controls, and stays text.
 */
export function looksBinary(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, SNIFF_BYTES);
  let controls = 0;
  let invalid = 0;
  let nuls = 0;
  for (let i = 0; i < n; i++) {
    const b = bytes[i]!;
    if (b === 0) {
      if (++nuls * 100 > n) return true;
    } else if (b < 8 || (b > 13 && b < 32 && b !== 27)) controls++;
    else if (b >= 0x80) {
      const len = utf8Length(bytes, i, n);
      if (len === 0) invalid++;
      else i += len - 1;
    }
  }
  return n > 0 && (controls / n > 0.1 || (controls / n > 0.02 && (controls + invalid) / n > 0.1));
}

const utf8 = new TextDecoder('utf-8', { fatal: false });

/** Options of one folder accessor. */
export interface FolderOptions {
  /** The run's per-file byte bound; package files get at least PACKAGE_FILE_BOUND. */
  readBound: number;
  display: (abs: string) => string;
  /** Folder-layout skills own their folder; a flat layout's folder is the shared root (no package files). */
  ownsFolder: boolean;
  /** The skill file (rel path), never a package file of its own skill. */
  skillFile?: string;
  /** Read only these files (rel paths): an `.mcp.json` unit is that file, not the folder around it. */
  only?: readonly string[];
  /** Where entries and bytes come from: the disk (node/skillfiles.ts) or memory (verify()). */
  io: FolderIo;
}

/**
 * The accessor for one skill folder. `display` turns absolute paths into display paths. Files are read in path
 * order (references/ and scripts/ are not pushed out by order, only by the bounds, which are reported).
 */
export function folderOf(absDir: string, opts: FolderOptions): SkillFolder {
  let listing: FolderListing | null = null;
  let pkg: PackageFiles | null = null;
  let refs: PackageFile[] | null = null;
  const fileBound = Math.max(opts.readBound, PACKAGE_FILE_BOUND);
  const io = opts.io;
  const readFiles = (): PackageFiles => {
    const files: PackageFile[] = [];
    const unscanned: Unscanned[] = [];
    if (!opts.ownsFolder && !opts.only) return { files, unscanned };
    const show = (rel: string) => opts.display(rel === '' ? absDir : path.join(absDir, ...rel.split('/')));
    let candidates: { rel: string; size: number }[];
    if (opts.only) {
      candidates = opts.only.map((rel) => ({ rel, size: 0 }));
    } else {
      const l = folder.listing();
      for (const c of l.cut) unscanned.push({ rel: c.rel, file: show(c.rel), why: c.why });
      // Folders holding their own skill file are other skills: their files are theirs.
      const nested = [...l.entries.values()].filter((e) => e.kind === 'file' && e.rel.includes('/') && isSkillFileName(e.rel.slice(e.rel.lastIndexOf('/') + 1))).map((e) => `${e.rel.slice(0, e.rel.lastIndexOf('/'))}/`);
      candidates = [];
      for (const e of l.entries.values()) {
        if (e.kind !== 'file' || e.rel === opts.skillFile) continue;
        if (nested.some((n) => e.rel.startsWith(n))) continue;
        candidates.push({ rel: e.rel, size: e.size });
      }
    }
    let total = 0;
    // Every package file read below the folder walked to (and checked) once, not again from the root per file.
    const reader = io.reader?.() ?? { read: (rel: string, limit: number) => io.read(rel, limit), close() {} };
    try {
      for (const c of candidates) {
        // An empty file has nothing to read (listed sizes; `only` units have size 0 unknown and are read).
        if (c.size === 0 && !opts.only) continue;
        const base = c.rel.slice(c.rel.lastIndexOf('/') + 1);
        if (BINARY_EXTENSIONS.has(path.extname(base).toLowerCase())) continue;
        if (files.length >= MAX_PACKAGE_FILES) {
          unscanned.push({ rel: c.rel, file: show(c.rel), why: `past ${MAX_PACKAGE_FILES} files read per skill` });
          continue;
        }
        if (total + Math.min(c.size, fileBound) > MAX_PACKAGE_BYTES) {
          unscanned.push({ rel: c.rel, file: show(c.rel), why: `past ${thousands(MAX_PACKAGE_BYTES)} bytes read per skill` });
          continue;
        }
        const r = reader.read(c.rel, fileBound);
        if (r.kind === 'too-large') {
          // A large binary (a model, an archive without its extension) is not text the agent reads: skipped quietly.
          const h = io.head(c.rel, SNIFF_BYTES);
          if (h && looksBinary(h)) continue;
          unscanned.push({ rel: c.rel, file: show(c.rel), why: `${thousands(r.size)} bytes, over the ${thousands(fileBound)}-byte bound per file` });
          continue;
        }
        if (r.kind !== 'ok') continue; // symlinks, FIFOs, vanished files: the symlink and reference rules speak for them
        const kind = fileKind(c.rel, utf8.decode(r.bytes.subarray(0, 256)));
        // A UTF-16 document (a byte-order mark and the shape of UTF-16 text: utf16Of) is read as UTF-16, as an
        // agent's file reader does; read as UTF-8 its text would be NUL bytes and mojibake, or a file skipped as
        // binary. Not a script of the shells, Python or Node: their interpreters read UTF-8 whatever mark opens it.
        const encoding = kind === 'shell' || kind === 'python' || kind === 'javascript' ? null : utf16Of(r.bytes);
        // Scripts are text whatever bytes they hold (a NUL does not stop a reader from finding the payload).
        if (kind === 'other' && !encoding && looksBinary(r.bytes)) continue;
        total += r.size;
        const source = decodeSource(r.bytes, { encoding });
        let scan: JsonScan | null | undefined;
        files.push({
          rel: c.rel,
          file: show(c.rel),
          kind,
          reference: c.rel.startsWith('references/'),
          source,
          json: () => (scan === undefined ? (scan = kind === 'json' ? jsonStrings(source.normalized) : null) : scan),
        });
      }
    } finally {
      reader.close();
    }
    return { files, unscanned };
  };
  const folder: SkillFolder = {
    absDir,
    dir: opts.display(absDir),
    listing() {
      listing ??= io.list();
      return listing;
    },
    files() {
      pkg ??= readFiles();
      return pkg;
    },
    references() {
      refs ??= folder.files().files.filter((f) => f.reference);
      return refs;
    },
  };
  return folder;
}

/** References a runtime lists to the model (Cuca) at most, and the depth below `references/` they are taken from. */
export const MAX_LISTED_REFERENCES = 200;
const LISTED_REFERENCES_DEPTH = 3;

/** Regular files under `references/` as a runtime lists them to the model (display paths), from the folder listing. */
export function listedReferences(folder: SkillFolder): string[] {
  const out: string[] = [];
  for (const e of folder.listing().entries.values()) {
    if (out.length >= MAX_LISTED_REFERENCES) break;
    if (e.kind !== 'file' || !e.rel.startsWith('references/') || e.rel.split('/').length - 1 > LISTED_REFERENCES_DEPTH) continue;
    out.push(folder.dir === '.' ? e.rel : `${folder.dir}/${e.rel}`);
  }
  return out;
}
