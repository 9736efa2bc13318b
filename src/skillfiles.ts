// The skill folder as rules may see it: its entries (lstat, never followed, bounded) and its references/ text
// files (read bounded, decoded). Listed and read lazily, once per folder, so a skill that no rule asks about costs
// no I/O. Rules never touch the file system themselves; they call these accessors.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { SKIPPED_DIRS } from './discover.js';
import { openDirBelow, openTreeDir, readInTree, type OpenDir, type TreePath } from './read.js';
import { decodeSource, type SourceText } from './source.js';

/** Entries listed below one skill folder at most (README "Resource bounds"). */
export const MAX_FOLDER_ENTRIES = 2000;
/** Folder depth listed below the skill folder. */
export const MAX_FOLDER_DEPTH = 6;
/** references/ files read per skill at most, and their total bytes. */
export const MAX_REFERENCE_FILES = 64;
export const MAX_REFERENCE_BYTES = 2 * 1024 * 1024;
/** Extensions of references/ files read as text (plus extensionless files). */
export const REFERENCE_TEXT_EXTENSIONS: readonly string[] = ['.md', '.markdown', '.mdx', '.txt', '.json', '.yaml', '.yml', '.csv', '.xml', '.html', '.htm', '.toml', '.ini', '.cfg', '.conf', '.rst', '.adoc'];

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
}

export interface ReferenceFile {
  /** POSIX path relative to the skill folder, e.g. "references/api.md". */
  rel: string;
  /** Display path (as diagnostics show it). */
  file: string;
  /** Decoded text, or null when it could not be read within the bound. */
  source: SourceText | null;
  /** Why the file was not read, when source is null. */
  skipped?: string;
}

export interface SkillFolder {
  absDir: string;
  /** Display path of the folder. */
  dir: string;
  /** Entries below the folder (lstat semantics; symlinks are listed, never followed). */
  listing(): FolderListing;
  /** Text files under references/, read bounded; empty when there is no such folder. */
  references(): readonly ReferenceFile[];
}

/** Open the skill folder: down from the walk root when discovery recorded the way, else by its path. */
function openFolder(absDir: string, tree: TreePath | undefined): OpenDir | null {
  const r = tree ? openTreeDir(tree) : openDirBelow(null, '', absDir);
  return r.kind === 'dir' ? r.dir : null;
}

function list(absDir: string, tree: TreePath | undefined): FolderListing {
  const entries = new Map<string, FolderEntry>();
  let truncated = false;
  // Each folder is opened relative to its parent without following a symlink, and listed through that handle.
  const walk = (here: OpenDir, relDir: string, depth: number) => {
    if (truncated) return;
    let dirents: fs.Dirent[];
    try {
      dirents = fs.readdirSync(here.self(), { withFileTypes: true });
    } catch {
      return;
    }
    dirents.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const d of dirents) {
      if (entries.size >= MAX_FOLDER_ENTRIES) {
        truncated = true;
        return;
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
          truncated = true;
          continue;
        }
        const sub = openDirBelow(here, d.name, path.join(here.abs, d.name));
        if (sub.kind !== 'dir') continue;
        try {
          walk(sub.dir, rel, depth + 1);
        } finally {
          sub.dir.close();
        }
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
  };
  const top = openFolder(absDir, tree);
  // The folder changed since discovery: nothing listed, and absence proves nothing.
  if (!top) return { entries, truncated: true };
  try {
    walk(top, '', 0);
  } finally {
    top.close();
  }
  return { entries, truncated };
}

function isTextReference(rel: string): boolean {
  const base = rel.slice(rel.lastIndexOf('/') + 1);
  const ext = path.extname(base).toLowerCase();
  return ext === '' ? !base.startsWith('.') : REFERENCE_TEXT_EXTENSIONS.includes(ext);
}

/**
 * The accessor for one skill folder. `readBound` is the per-file byte bound (the same as for skill files);
 * `display` turns absolute paths into display paths. Only folder-layout skills own their references/ folder.
 */
export function skillFolder(absDir: string, opts: { readBound: number; display: (abs: string) => string; ownsFolder: boolean; tree?: TreePath }): SkillFolder {
  let listing: FolderListing | null = null;
  let refs: ReferenceFile[] | null = null;
  const folder: SkillFolder = {
    absDir,
    dir: opts.display(absDir),
    listing() {
      listing ??= list(absDir, opts.tree);
      return listing;
    },
    references() {
      if (refs) return refs;
      refs = [];
      if (!opts.ownsFolder) return refs;
      // Cheap check first: no references/ folder (lstat, so a symlinked one is not entered) means no listing.
      try {
        if (!fs.lstatSync(path.join(absDir, 'references')).isDirectory()) return refs;
      } catch {
        return refs;
      }
      let total = 0;
      for (const e of folder.listing().entries.values()) {
        if (e.kind !== 'file' || !e.rel.startsWith('references/') || !isTextReference(e.rel)) continue;
        const abs = path.join(absDir, ...e.rel.split('/'));
        const file = opts.display(abs);
        if (refs.length >= MAX_REFERENCE_FILES || total + Math.min(e.size, opts.readBound) > MAX_REFERENCE_BYTES) {
          refs.push({ rel: e.rel, file, source: null, skipped: 'reference bound reached' });
          continue;
        }
        const r = readInTree(opts.tree, abs, opts.readBound);
        if (r.kind !== 'ok') {
          refs.push({ rel: e.rel, file, source: null, skipped: r.kind });
          continue;
        }
        total += r.size;
        refs.push({ rel: e.rel, file, source: decodeSource(r.bytes) });
      }
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
