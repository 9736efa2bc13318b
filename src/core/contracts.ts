// The contracts between the engine and the environment it runs in: what a rule may ask of the machine (Host), how a
// skill's files are read (ReadResult, TreePath, SkillFolder, FolderIo), what discovery reports (DiscoveredSkill,
// DiscoveryEvent) and the shape of a run's result (LintResult). Types only: `src/node/` implements them on the
// file system, verify() on memory, so the engine and the rules depend on no I/O module.

import type { SourceText } from './source.js';
import type { TargetId } from './types.js';

export interface Host {
  /** Whether an executable named `bin` is on PATH (looked up with stat, never run). */
  which(bin: string): boolean;
  /** The environment variable's value, or undefined when unset. */
  env(name: string): string | undefined;
  /** Whether a path exists (lstat: a dangling symlink exists, nothing is followed out of curiosity). */
  exists(p: string): boolean;
  /** process.platform: 'linux', 'darwin', 'win32', … */
  platform: string;
  cwd: string;
}

export type ReadResult =
  | { kind: 'ok'; size: number; bytes: Uint8Array }
  | { kind: 'too-large'; size: number; limit: number }
  | { kind: 'not-regular'; what: string }
  | { kind: 'symlink' }
  /** A file or folder on the way is not the one discovery saw (`path`: absolute): it was not read through. */
  | { kind: 'changed'; path: string; symlink: boolean; linkTarget: string | null; what: string }
  | { kind: 'error'; code: string; message: string };

/** A file's identity: what lstat saw at discovery and fstat must see again after the open. */
export interface FileId {
  dev: number;
  ino: number;
}

/** Where discovery found a skill file: the walk root, the folders down to the file's folder, and their identities. */
export interface TreePath {
  /** Absolute walk root. */
  root: string;
  /** Folder names from the root down to the skill's folder ([] when the folder is the root). */
  dirs: string[];
  /** Identity of the root and of each folder in `dirs` (dirs.length + 1 entries). */
  dirIds: FileId[];
  /** Identity of the skill file, when discovery saw it. */
  fileId?: FileId;
}

/** `mcp`: an MCP configuration file (`.mcp.json`) outside any skill folder, checked as a unit of its own. */
export type SkillLayout = 'folder' | 'flat' | 'file' | 'mcp';

export interface DiscoveredSkill {
  /** Absolute path of the skill file. */
  absPath: string;
  /** Absolute path of the folder that holds it. */
  absDir: string;
  layout: SkillLayout;
  /** The walk root (absolute) under which it was found. */
  root: string;
  /**
   * Real absolute path of `absDir`: the walk root's parent chain resolved (fs.realpath), the part inside the tree
   * as walked (never through a symlink). Trust is decided on this path, so it is the same from every working
   * directory and for every spelling of the path. Absent: use `absDir`.
   */
  realDir?: string;
  /** The folders from the root down to the skill and their identities at discovery: reads walk the same way and
   *  compare (src/node/read.ts). Absent for a skill not found by the walk. */
  tree?: TreePath;
  /**
   * Symlinked folders in a skills root through which the walk reached this skill (outermost first), each with the
   * real path of the link itself (its parent's real path and its own name): the skill's trust is the lowest of
   * its real location and every link's location. Absent: reached without a link.
   */
  via?: LinkHop[];
  /**
   * With `via`: the walk also found this real path without a link, under a checked root (the same skill, merged).
   * Where it lives then counts as what it gets there, as any skill found directly (never more: the links' locations
   * still lower it); without it a place no rule names counts as the lowest level (src/engine/input.ts inputTrust).
   */
  direct?: true;
}

/** One symlinked folder followed on the way to a skill. */
export interface LinkHop {
  /** The link as walked (absolute). */
  link: string;
  /** Real path of the link itself: its folder's real path joined with its name (never resolved through it). */
  linkReal: string;
  /** What the link says (readlink), or null. */
  linkTarget: string | null;
  /** Real path of the folder it leads to, where the skill's content was checked. */
  real: string;
}

export type DiscoveryEvent =
  | {
      kind: 'symlink';
      absPath: string;
      /**
       * `root`: a folder with a trust-bearing name (`skills`, `installed_skills`) met in the walk; `parent`: one on the
       * path to a given argument (walked through by the OS, so trust is decided beyond it).
       */
      role: 'skill-file' | 'skill-dir' | 'entry' | 'argument' | 'root' | 'parent' | 'followed' | 'loop';
      linkTarget: string | null;
      /** `root` and `parent`: the link leads to a folder of the same name that was checked (`.agents/skills -> ../skills`). */
      covered?: boolean;
      /** `skill-file`: real path of the folder that holds the link (see DiscoveredSkill.realDir). */
      realDir?: string;
      /**
       * `followed`: a symlinked folder in a skills root, walked where it really lives (this real path); `loop`: one
       * whose real path is the folder it sits in or above it, or was already walked through another link: reported,
       * not walked again.
       */
      real?: string;
    }
  | { kind: 'io-error'; absPath: string; code: string; message: string }
  | { kind: 'depth-limit'; absPath: string; depth: number }
  | { kind: 'entry-limit'; absPath: string; limit: number }
  | { kind: 'not-regular'; absPath: string; what: string }
  /** A file directly in a skills root whose runtime reads only `<root>/<folder>/SKILL.md` (Jern). */
  /** A file in a root that only takes skill folders: `root` is the profile's root path, `target` the runtime. */
  | { kind: 'loose-file'; absPath: string; root: string; target: TargetId };

/** What a package file is, for the scope of pack entries (docs/rules.md, "Rule packs"). */
export type FileKind = 'markdown' | 'shell' | 'python' | 'javascript' | 'powershell' | 'json' | 'other';

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

/** The folder's I/O, by path relative to the folder: a listing, a bounded read, the first bytes of a file. */
export interface FolderIo {
  list(): FolderListing;
  read(rel: string, limit: number): ReadResult;
  head(rel: string, n: number): Uint8Array | null;
  /** Reads of many files in a row, as `read` gives them, sharing work (the disk: the folder walked to once). */
  reader?(): { read(rel: string, limit: number): ReadResult; close(): void };
}

export interface JsonString {
  /** The decoded value (escapes resolved). */
  value: string;
  /** Offsets of the string token in the text, quotes included. */
  start: number;
  end: number;
  /** Keys and indices from the root, e.g. ["mcpServers", "github", "args", 2]. */
  path: (string | number)[];
  /** True when the decoded value differs from the text between the quotes (escapes). */
  escaped: boolean;
}

export interface JsonScan {
  strings: JsonString[];
  /** A bound (depth or count) cut the scan short. */
  truncated: boolean;
  /** The text is not valid JSON from this offset on (what came before is kept). */
  errorAt: number | null;
}
