// The skill folder as rules may see it: its entries (lstat, never followed, bounded) and its text files (read
// bounded, decoded, each with a kind). Listed and read lazily, once per folder, so a skill that no rule asks about
// costs no I/O. Rules never touch the file system themselves; they call these accessors. Whatever a bound leaves
// unread is listed (`unscanned`) so a rule can say so: a user never reads "0 findings" for content not read.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { isSkillFileName, SKIPPED_DIRS } from './discover.js';
import { jsonStrings, type JsonScan } from '../analysis/jsonscan.js';
import { openDirBelow, openTreeDir, readHead, readInTree, readInTreeRel, treeReader, type HeldDirs, type OpenDir, type ReadResult, type TreePath } from './read.js';
import { decodeSource, type SourceText } from '../core/source.js';
import { thousands } from '../core/text.js';

/** Entries listed below one skill folder at most (ARCHITECTURE.md "Resource bounds"). */
export const MAX_FOLDER_ENTRIES = 10000;
/** Folder depth listed below the skill folder. */
export const MAX_FOLDER_DEPTH = 8;
import { MAX_PACKAGE_BYTES, MAX_PACKAGE_FILES, PACKAGE_FILE_BOUND } from '../core/limits.js';
export { MAX_PACKAGE_BYTES, MAX_PACKAGE_FILES, PACKAGE_FILE_BOUND };
/** Bytes looked at to tell a binary file from a text file. */
export const SNIFF_BYTES = 8192;

/** What a package file is, for the scope of pack entries (docs/rules.md, "Rule packs"). */
export type FileKind = 'markdown' | 'shell' | 'python' | 'javascript' | 'powershell' | 'json' | 'other';
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

/** A byte sequence that is not text: a NUL, or mostly bytes that are neither printable ASCII nor UTF-8. */
export function looksBinary(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, SNIFF_BYTES);
  let odd = 0;
  for (let i = 0; i < n; i++) {
    const b = bytes[i]!;
    if (b === 0) return true;
    if (b < 8 || (b > 13 && b < 32 && b !== 27)) odd++;
  }
  return n > 0 && odd / n > 0.1;
}

export type EntryKind = 'file' | 'dir' | 'symlink' | 'other';

export interface FolderEntry {
  /** POSIX path relative to the skill folder. */
  rel: string;
  kind: EntryKind;
  /** Size in bytes from lstat (0 for folders). */
  size: number;
  /** Where a symlink points (as written), when kind is symlink. */
  linkTarget?: string | null;
}

export interface FolderListing {
  /** rel path → entry; the folder itself is not listed. */
  entries: ReadonlyMap<string, FolderEntry>;
  /** True when a bound (entries or depth) cut the listing short: absence proves nothing then. */
  truncated: boolean;
  /** Where and why the listing was cut (folder rel path, '' for the skill folder). */
  cut: readonly { rel: string; why: string }[];
}

export interface PackageFile {
  /** POSIX path relative to the skill folder, e.g. "references/api.md", "scripts/setup.sh". */
  rel: string;
  /** Display path (as diagnostics show it). */
  file: string;
  kind: FileKind;
  /** Under references/ (scope `references`). */
  reference: boolean;
  /** Decoded text. */
  source: SourceText;
  /** JSON files: their string values with paths (bounded), computed at first use. */
  json(): JsonScan | null;
}

/** @deprecated the name before every text file was read: a package file under references/. */
export type ReferenceFile = PackageFile;

/** A file of the package (or a part of the listing) that was not read because of a bound. */
export interface Unscanned {
  /** POSIX path relative to the skill folder ('' for the listing as a whole). */
  rel: string;
  /** Display path. */
  file: string;
  /** Why, in words: "over 1,048,576 bytes", "past 256 files", "folder listing stopped at 10,000 entries". */
  why: string;
}

export interface PackageFiles {
  files: readonly PackageFile[];
  unscanned: readonly Unscanned[];
}

export interface SkillFolder {
  absDir: string;
  /** Display path of the folder. */
  dir: string;
  /** Entries below the folder (lstat semantics; symlinks are listed, never followed). */
  listing(): FolderListing;
  /** Text files of the package below the folder (the skill file and nested skills' folders excepted), read bounded;
   *  binary files are skipped by extension or content sniff; what a bound skips is in `unscanned`. */
  files(): PackageFiles;
  /** The package files under references/. */
  references(): readonly PackageFile[];
}

/** Open the skill folder: down from the walk root when discovery recorded the way, else by its path. */
function openFolder(absDir: string, tree: TreePath | undefined, held?: HeldDirs): OpenDir | null {
  const r = tree ? openTreeDir(tree, [], held) : openDirBelow(null, '', absDir);
  return r.kind === 'dir' ? r.dir : null;
}

/** Open `parts` below an open folder, one name at a time, never through a symlink; null when one is not a folder. */
function openBelow(top: OpenDir, parts: readonly string[]): OpenDir | null {
  let cur = top;
  for (const name of parts) {
    const r = openDirBelow(cur, name, path.join(cur.abs, name));
    if (cur !== top) cur.close();
    if (r.kind !== 'dir') return null;
    cur = r.dir;
  }
  return cur;
}

function list(absDir: string, tree: TreePath | undefined, held?: HeldDirs): FolderListing {
  const entries = new Map<string, FolderEntry>();
  const cut: { rel: string; why: string }[] = [];
  const top = openFolder(absDir, tree, held);
  // With held folders (one skill's check), a sub-folder is opened once and the package reads find it held.
  const below = (parts: readonly string[]): OpenDir | null => {
    if (!(tree && held?.active)) return openBelow(top!, parts);
    const r = openTreeDir(tree, parts, held);
    return r.kind === 'dir' ? r.dir : null;
  };
  // The folder changed since discovery: nothing listed, and absence proves nothing.
  if (!top) return { entries, truncated: true, cut: [{ rel: '', why: 'the folder changed since it was found' }] };
  try {
    // Breadth first: the files beside the skill file and the first levels (scripts/, references/) are listed before
    // whatever is nested deep, so padding in one deep folder cannot push them out of the bound. Each folder is
    // opened from the skill folder down, one name at a time, without following a symlink, and listed through that
    // handle.
    const queue: { parts: string[]; relDir: string; depth: number }[] = [{ parts: [], relDir: '', depth: 0 }];
    for (let q = 0; q < queue.length; q++) {
      const { parts, relDir, depth } = queue[q]!;
      const here: OpenDir | null = parts.length === 0 ? top : below(parts);
      if (!here) continue;
      try {
        let dirents: fs.Dirent[];
        try {
          dirents = fs.readdirSync(here.self(), { withFileTypes: true });
        } catch {
          continue;
        }
        dirents.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        for (const d of dirents) {
          if (entries.size >= MAX_FOLDER_ENTRIES) {
            cut.push({ rel: relDir, why: `the folder listing stopped at ${thousands(MAX_FOLDER_ENTRIES)} entries` });
            return { entries: sortedEntries(entries), truncated: true, cut };
          }
          const abs = here.at(d.name);
          const rel = relDir ? `${relDir}/${d.name}` : d.name;
          if (d.isSymbolicLink()) {
            let linkTarget: string | null = null;
            try {
              linkTarget = fs.readlinkSync(abs);
            } catch {
              /* unreadable link: still listed */
            }
            entries.set(rel, { rel, kind: 'symlink', size: 0, linkTarget });
          } else if (d.isDirectory()) {
            entries.set(rel, { rel, kind: 'dir', size: 0 });
            if (SKIPPED_DIRS.includes(d.name)) continue;
            if (depth + 1 > MAX_FOLDER_DEPTH) {
              cut.push({ rel, why: `deeper than ${MAX_FOLDER_DEPTH} folders below the skill folder` });
              continue;
            }
            queue.push({ parts: [...parts, d.name], relDir: rel, depth: depth + 1 });
          } else if (d.isFile()) {
            let size = 0;
            try {
              size = fs.lstatSync(abs).size;
            } catch {
              /* vanished: keep it listed */
            }
            entries.set(rel, { rel, kind: 'file', size });
          } else {
            entries.set(rel, { rel, kind: 'other', size: 0 });
          }
        }
      } finally {
        if (here !== top) here.close();
      }
    }
  } finally {
    top.close();
  }
  return { entries: sortedEntries(entries), truncated: cut.length > 0, cut };
}

/** Entries in listing order are breadth first; the map is kept in path order for deterministic consumers. */
function sortedEntries(entries: Map<string, FolderEntry>): Map<string, FolderEntry> {
  return new Map([...entries].sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0)));
}

const utf8 = new TextDecoder('utf-8', { fatal: false });

/** Options of one folder accessor. */
export interface SkillFolderOptions {
  /** The run's per-file byte bound; package files get at least PACKAGE_FILE_BOUND. */
  readBound: number;
  display: (abs: string) => string;
  /** Folder-layout skills own their folder; a flat layout's folder is the shared root (no package files). */
  ownsFolder: boolean;
  /** The skill file (rel path), never a package file of its own skill. */
  skillFile?: string;
  /** Read only these files (rel paths): an `.mcp.json` unit is that file, not the folder around it. */
  only?: readonly string[];
  /** The way discovery found the folder (root, folders, identities): reads walk it again and compare. */
  tree?: TreePath;
  /** Where entries and bytes come from; default: the disk (bounded, never through a symlink). verify() passes memory. */
  io?: FolderIo;
  /** The disk: folders held open for the skill's check (src/node/read.ts HeldDirs), shared with its other reads. */
  held?: HeldDirs;
}

/** The folder's I/O, by path relative to the folder: a listing, a bounded read, the first bytes of a file. */
export interface FolderIo {
  list(): FolderListing;
  read(rel: string, limit: number): ReadResult;
  head(rel: string, n: number): Uint8Array | null;
  /** Reads of many files in a row, as `read` gives them, sharing work (the disk: the folder walked to once). */
  reader?(): { read(rel: string, limit: number): ReadResult; close(): void };
}

function diskIo(absDir: string, tree: TreePath | undefined, held: HeldDirs | undefined): FolderIo {
  const abs = (rel: string) => path.join(absDir, ...rel.split('/'));
  return {
    list: () => list(absDir, tree, held),
    // Down the tree by the names of the listing (what readInTree finds again from the absolute path).
    read: (rel, limit) => (tree ? readInTreeRel(tree, rel.split('/'), limit, undefined, held) : readInTree(undefined, abs(rel), limit)),
    head: (rel, n) => {
      if (!tree) return readHead(abs(rel), n);
      // Down the tree as every read (the folders opened without following a symlink), the file by its name.
      const parts = rel.split('/');
      const r = openTreeDir(tree, parts.slice(0, -1), held);
      if (r.kind !== 'dir') return null;
      try {
        return readHead(r.dir.at(parts[parts.length - 1]!), n);
      } finally {
        r.dir.close();
      }
    },
    ...(tree
      ? {
          reader: () => {
            if (held?.active) return { read: (rel: string, limit: number) => readInTreeRel(tree, rel.split('/'), limit, undefined, held), close() {} };
            const r = treeReader(tree);
            return { read: (rel: string, limit: number) => r.read(abs(rel), limit), close: () => r.close() };
          },
        }
      : {}),
  };
}

/**
 * The accessor for one skill folder. `display` turns absolute paths into display paths. Files are read in path
 * order (references/ and scripts/ are not pushed out by order, only by the bounds, which are reported).
 */
export function skillFolder(absDir: string, opts: SkillFolderOptions): SkillFolder {
  let listing: FolderListing | null = null;
  let pkg: PackageFiles | null = null;
  let refs: PackageFile[] | null = null;
  const fileBound = Math.max(opts.readBound, PACKAGE_FILE_BOUND);
  const io = opts.io ?? diskIo(absDir, opts.tree, opts.held);
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
        // Scripts are text whatever bytes they hold (a NUL does not stop a reader from finding the payload).
        if (kind === 'other' && looksBinary(r.bytes)) continue;
        total += r.size;
        const source = decodeSource(r.bytes);
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
