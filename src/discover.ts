// Stage 1, discover: walk the given paths with lstat semantics and list skill files.
// Never follows a symlink; records symlinks and I/O errors as events for the rules.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { invalidUtf8Names } from './fsnames.js';
import type { TargetId } from './types.js';

/** Names of a skill file the walker recognises. Exact `SKILL.md` is the standard spelling. */
export const SKILL_FILE_NAMES: readonly string[] = ['SKILL.md', 'skill.md', 'Skill.md'];
/** MCP configuration files checked as units when no skill folder holds them (README "MCP configuration"). */
export const MCP_FILE_NAMES: readonly string[] = ['.mcp.json', 'mcp.json'];
/** Folders never entered. */
export const SKIPPED_DIRS: readonly string[] = ['.git', 'node_modules'];
/** Folder depth below each given path (documented in README "Resource bounds"). */
export const DEFAULT_MAX_DEPTH = 16;
/** Directory entries visited per run before the walk stops with a notice. */
export const DEFAULT_MAX_ENTRIES = 1_000_000;

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
}

export type DiscoveryEvent =
  | { kind: 'symlink'; absPath: string; role: 'skill-file' | 'skill-dir' | 'entry' | 'argument' | 'root'; linkTarget: string | null }
  | { kind: 'io-error'; absPath: string; code: string; message: string }
  | { kind: 'depth-limit'; absPath: string; depth: number }
  | { kind: 'entry-limit'; absPath: string; limit: number }
  | { kind: 'not-regular'; absPath: string; what: string }
  /** A file directly in a skills root whose runtime reads only `<root>/<folder>/SKILL.md` (Jern). */
  /** A file in a root that only takes skill folders: `root` is the profile's root path, `target` the runtime. */
  | { kind: 'loose-file'; absPath: string; root: string; target: TargetId };

export interface DiscoveryResult {
  skills: DiscoveredSkill[];
  events: DiscoveryEvent[];
  /** Paths given that do not exist (the CLI exits 2 on these). */
  missing: string[];
}

export interface DiscoverOptions {
  maxDepth?: number;
  maxEntries?: number;
  /** Extra file predicate: flat `*.md` skills of targets such as cerveau. */
  isFlatSkillFile?: (absDir: string, name: string) => boolean;
  /** Test seam: called before each folder is listed (tests make folders vanish mid-walk). */
  beforeReaddir?: (absDir: string) => void;
  /** Files the runtime ignores because they are not in a skill folder (reported as `loose-file` events). */
  isLooseFile?: (absDir: string, name: string) => { root: string; target: TargetId } | null;
}

function errCode(e: unknown): string {
  return (e as NodeJS.ErrnoException)?.code ?? 'EUNKNOWN';
}

function readLink(p: string): string | null {
  try {
    return fs.readlinkSync(p);
  } catch {
    return null;
  }
}

function lexists(p: string): boolean {
  try {
    fs.lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

export function isSkillFileName(name: string): boolean {
  return SKILL_FILE_NAMES.includes(name);
}

/** Walk `paths` (absolute) and return skills and events, in a deterministic order. */
export function discover(paths: readonly string[], opts: DiscoverOptions = {}): DiscoveryResult {
  const maxDepth = opts.maxDepth ?? DEFAULT_MAX_DEPTH;
  const maxEntries = opts.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const result: DiscoveryResult = { skills: [], events: [], missing: [] };
  const seenFiles = new Set<string>();
  let entries = 0;
  let stopped = false;

  const addSkill = (s: DiscoveredSkill) => {
    if (seenFiles.has(s.absPath)) return;
    seenFiles.add(s.absPath);
    result.skills.push(s);
  };

  // `inSkill`: below a skill folder, whose package reader reads any `.mcp.json` as one of the skill's files.
  const walk = (dir: string, depth: number, root: string, inSkill: boolean) => {
    if (stopped) return;
    let dirents: fs.Dirent[];
    try {
      opts.beforeReaddir?.(dir);
      dirents = fs.readdirSync(dir, { withFileTypes: true });
    } catch (e) {
      result.events.push({ kind: 'io-error', absPath: dir, code: errCode(e), message: (e as Error).message });
      return;
    }
    dirents.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    entries += dirents.length;
    if (entries > maxEntries) {
      stopped = true;
      result.events.push({ kind: 'entry-limit', absPath: dir, limit: maxEntries });
      return;
    }
    const skillEntry = dirents.find((d) => isSkillFileName(d.name) && (d.isFile() || d.isSymbolicLink()));
    const isSkillDir = skillEntry !== undefined;
    const isRoot = path.basename(dir) === 'skills';
    // Names that are not valid UTF-8 decode with U+FFFD and could not be opened: report them escaped, skip them.
    if (dirents.some((d) => d.name.includes('\uFFFD'))) {
      const bad = invalidUtf8Names(dir);
      for (const n of bad) {
        // A folder may hold skills; a file matters only beside a skill (it cannot be SKILL.md itself).
        if (n.isDir || isSkillDir || isRoot) {
          result.events.push({ kind: 'io-error', absPath: path.join(dir, n.name), code: 'EILSEQ', message: n.isDir ? 'folder name is not valid UTF-8' : 'file name is not valid UTF-8' });
        }
      }
      if (bad.length > 0) dirents = dirents.filter((d) => !d.name.includes('\uFFFD') || lexists(path.join(dir, d.name)));
    }
    for (const d of dirents) {
      const abs = path.join(dir, d.name);
      if (d.isSymbolicLink()) {
        if (isSkillFileName(d.name)) {
          result.events.push({ kind: 'symlink', absPath: abs, role: 'skill-file', linkTarget: readLink(abs) });
        } else if (isSkillDir || isRoot) {
          result.events.push({ kind: 'symlink', absPath: abs, role: isRoot && !isSkillDir ? 'skill-dir' : 'entry', linkTarget: readLink(abs) });
        } else if (d.name === 'skills') {
          // A linked skills root such as `.agents/skills -> ../skills`: not followed, but not silent either.
          result.events.push({ kind: 'symlink', absPath: abs, role: 'root', linkTarget: readLink(abs) });
        }
        continue;
      }
      if (d.isDirectory()) {
        if (SKIPPED_DIRS.includes(d.name)) continue;
        if (depth + 1 > maxDepth) {
          result.events.push({ kind: 'depth-limit', absPath: abs, depth: depth + 1 });
          continue;
        }
        walk(abs, depth + 1, root, inSkill || isSkillDir);
        continue;
      }
      if (isSkillFileName(d.name) && !d.isFile()) {
        // A FIFO, device or socket named SKILL.md: never opened (a FIFO would block a read forever).
        result.events.push({ kind: 'not-regular', absPath: abs, what: direntKind(d) });
        continue;
      }
      const loose = d.isFile() ? opts.isLooseFile?.(dir, d.name) : null;
      if (loose) result.events.push({ kind: 'loose-file', absPath: abs, ...loose });
      if (d.isFile() && !isSkillFileName(d.name) && opts.isFlatSkillFile?.(dir, d.name)) {
        addSkill({ absPath: abs, absDir: dir, layout: 'file', root });
      }
    }
    if (!isSkillDir && !inSkill) {
      const mcp = dirents.find((d) => MCP_FILE_NAMES.includes(d.name) && d.isFile());
      if (mcp) addSkill({ absPath: path.join(dir, mcp.name), absDir: dir, layout: 'mcp', root });
    }
    if (skillEntry && skillEntry.isFile()) {
      addSkill({ absPath: path.join(dir, skillEntry.name), absDir: dir, layout: isRoot ? 'flat' : 'folder', root });
    }
  };

  for (const p of paths) {
    let st: fs.Stats;
    try {
      st = fs.lstatSync(p);
    } catch (e) {
      if (errCode(e) === 'ENOENT' || errCode(e) === 'ENOTDIR') result.missing.push(p);
      else result.events.push({ kind: 'io-error', absPath: p, code: errCode(e), message: (e as Error).message });
      continue;
    }
    if (st.isSymbolicLink()) {
      result.events.push({ kind: 'symlink', absPath: p, role: 'argument', linkTarget: readLink(p) });
    } else if (st.isDirectory()) {
      walk(p, 0, p, false);
    } else if (st.isFile()) {
      const dir = path.dirname(p);
      const base = path.basename(p);
      const layout: SkillLayout = isSkillFileName(base) ? (path.basename(dir) === 'skills' ? 'flat' : 'folder') : MCP_FILE_NAMES.includes(base) ? 'mcp' : 'file';
      addSkill({ absPath: p, absDir: dir, layout, root: dir });
    } else {
      result.events.push({ kind: 'not-regular', absPath: p, what: describeKind(st) });
    }
  }
  return result;
}

function direntKind(d: fs.Dirent): string {
  if (d.isFIFO()) return 'a FIFO';
  if (d.isCharacterDevice()) return 'a character device';
  if (d.isBlockDevice()) return 'a block device';
  if (d.isSocket()) return 'a socket';
  return 'not a regular file';
}

export function describeKind(st: fs.Stats): string {
  if (st.isFIFO()) return 'a FIFO';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isSocket()) return 'a socket';
  if (st.isDirectory()) return 'a directory';
  return 'not a regular file';
}
