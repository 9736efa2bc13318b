// The skill folder as rules may see it: its entries (lstat, never followed, bounded) and its text files (read
// bounded, decoded, each with a kind). Listed and read lazily, once per folder, so a skill that no rule asks about
// costs no I/O. Rules never touch the file system themselves; they call these accessors. Whatever a bound leaves
// unread is listed (`unscanned`) so a rule can say so: a user never reads "0 findings" for content not read.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { SKIPPED_DIRS } from './discover.js';
import { fileKind, folderOf, listedReferences, looksBinary, MAX_LISTED_REFERENCES, SNIFF_BYTES, type FolderOptions } from '../engine/folder.js';
export { fileKind, listedReferences, looksBinary, MAX_LISTED_REFERENCES, SNIFF_BYTES };
import { jsonStrings, type JsonScan } from '../analysis/jsonscan.js';
import { openDirBelow, openTreeDir, readHead, readInTree, readInTreeRel, treeReader, type HeldDirs, type OpenDir, type ReadResult, type TreePath } from './read.js';
import { decodeSource, type SourceText } from '../core/source.js';
import { thousands } from '../core/text.js';

/** Entries listed below one skill folder at most (ARCHITECTURE.md "Resource bounds"). */
export const MAX_FOLDER_ENTRIES = 10000;
/** Folder depth listed below the skill folder. */
export const MAX_FOLDER_DEPTH = 8;
import { MAX_PACKAGE_BYTES, MAX_PACKAGE_FILES, PACKAGE_FILE_BOUND } from '../core/limits.js';
import type { FileKind, EntryKind, FolderEntry, FolderListing, PackageFile, ReferenceFile, Unscanned, PackageFiles, SkillFolder, FolderIo } from '../core/contracts.js';
export type { FileKind, EntryKind, FolderEntry, FolderListing, PackageFile, ReferenceFile, Unscanned, PackageFiles, SkillFolder, FolderIo };
export { MAX_PACKAGE_BYTES, MAX_PACKAGE_FILES, PACKAGE_FILE_BOUND };
/** Options of one folder accessor on the disk: the engine's, with the way discovery found the folder. */
export interface SkillFolderOptions extends Omit<FolderOptions, 'io'> {
  /** The way discovery found the folder (root, folders, identities): reads walk it again and compare. */
  tree?: TreePath;
  /** Where entries and bytes come from; default: the disk (bounded, never through a symlink). verify() passes memory. */
  io?: FolderIo;
  /** The disk: folders held open for the skill's check (src/node/read.ts HeldDirs), shared with its other reads. */
  held?: HeldDirs;
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

/** The accessor for one skill folder, on the disk unless `io` says otherwise (engine/folder.ts folderOf). */
export function skillFolder(absDir: string, opts: SkillFolderOptions): SkillFolder {
  return folderOf(absDir, { ...opts, io: opts.io ?? diskIo(absDir, opts.tree, opts.held) });
}
