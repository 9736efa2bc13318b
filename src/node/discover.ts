// Stage 1, discover: walk the given paths with lstat semantics and list skill files.
// Never follows a symlink; records symlinks and I/O errors as events for the rules.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { invalidUtf8Names } from './fsnames.js';
import { LOWER_TRUST_DIRS, TRUST_BEARING_DIRS } from '../core/policy/trust.js';
import { describeKind, idOf, joinName, openDirBelow, type FileId, type OpenDir, type TreePath } from './read.js';

export { describeKind };
import type { TargetId } from '../core/types.js';
import type { SkillLayout, DiscoveredSkill, DiscoveryEvent, LinkHop } from '../core/contracts.js';
export type { SkillLayout, DiscoveredSkill, DiscoveryEvent, LinkHop };
import { isSkillFileName, SKILL_FILE_NAMES } from '../core/skillfile.js';
export { isSkillFileName, SKILL_FILE_NAMES };

/** MCP configuration files checked as units when no skill folder holds them (docs/rules.md, "MCP configuration"). */
const MCP_FILE_NAMES: readonly string[] = ['.mcp.json', 'mcp.json'];
/**
 * Folders not entered, except below a folder that lowers trust (LOWER_TRUST_DIRS: `installed_skills/`): there a
 * skill must be checked, never dropped without a word (it would be missing from the policy's lowest trust).
 */
export const SKIPPED_DIRS: readonly string[] = ['.git', 'node_modules'];
/** Folder depth below each given path (documented in ARCHITECTURE.md "Resource bounds"). */
export const DEFAULT_MAX_DEPTH = 16;
/** Directory entries visited per run before the walk stops with a notice. */
export const DEFAULT_MAX_ENTRIES = 1_000_000;

export interface DiscoveryResult {
  skills: DiscoveredSkill[];
  events: DiscoveryEvent[];
  /** Paths given that do not exist (the CLI exits 2 on these). */
  missing: string[];
}

export interface DiscoverOptions {
  /** Walk `node_modules` folders below a folder named `skills` (a selected target's runtime reads them). */
  nodeModulesInSkillsRoots?: boolean;
  maxDepth?: number;
  maxEntries?: number;
  /** Extra file predicate: flat `*.md` skills of targets such as cerveau. */
  isFlatSkillFile?: (absDir: string, name: string) => boolean;
  /** Test seam: called before each folder is listed (tests make folders vanish mid-walk). */
  beforeReaddir?: (absDir: string) => void;
  /**
   * The paths as the shell spelled them (through `$PWD`), one per path or null: searched for symlinked trust-bearing
   * folders on the way, which the real working directory no longer shows.
   */
  logicalPaths?: readonly (string | null)[];
  /** Files the runtime ignores because they are not in a skill folder (reported as `loose-file` events). */
  isLooseFile?: (absDir: string, name: string) => { root: string; target: TargetId } | null;
  /**
   * Whether a folder (its real path) is a skills root beyond the built-in names: `client`, a runtime's root
   * (`.claude/skills`), where `.git` and `node_modules` are walked too (the runtime would load a skill folder of that
   * name); `mapped`, a root the user's trust mapping names. A symlinked folder in either is followed (`followed`).
   */
  isSkillsRoot?: (realDir: string) => 'client' | 'mapped' | null;
  /**
   * Whether a folder (its real path) lowers trust (the built-in `installed_skills` or a root the user's mapping maps
   * below the highest trust). Below one `.git` and `node_modules` are walked, and symlinked folders followed.
   */
  lowersTrust?: (realDir: string) => boolean;
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

/** fs.realpath of `p`, or `p` itself when it cannot be resolved (it vanished, a permission is missing). */
export function realPath(p: string): string {
  try {
    return fs.realpathSync.native(p);
  } catch {
    return p;
  }
}

/**
 * Where a symlinked skill file leads when that is a regular file inside one of the checked `roots` (after every
 * link is resolved): its real path and the walk down to it from that root's real path (read with readInTree,
 * each folder opened without following a symlink). null when it leads out of every root, nowhere, or to
 * anything but a regular file: such a link is never read.
 */
export function inTreeLinkTarget(link: string, roots: readonly string[]): { real: string; tree: TreePath } | null {
  let real: string;
  try {
    real = fs.realpathSync.native(link);
    if (!fs.lstatSync(real).isFile()) return null;
  } catch {
    return null;
  }
  for (const r of roots) {
    const root = realPath(r);
    if (!real.startsWith(root.endsWith(path.sep) ? root : root + path.sep)) continue;
    const rel = path.relative(root, path.dirname(real));
    return { real, tree: { root, dirs: rel === '' ? [] : rel.split(path.sep), dirIds: [] } };
  }
  return null;
}

/** Whether a folder name bears trust (a location rule ends in it). */
function isTrustBearingName(name: string): boolean {
  return TRUST_BEARING_DIRS.includes(name);
}

/**
 * The working directory as the shell spelled it (`$PWD`, when it is the same folder as `cwd`), else null. A `cd`
 * through a symlinked `installed_skills` leaves no trace in process.cwd(): only this spelling still shows the link.
 */
export function logicalCwd(cwd: string, env: Record<string, string | undefined> = process.env): string | null {
  const pwd = env.PWD;
  if (!pwd || !path.isAbsolute(pwd) || path.resolve(pwd) === cwd) return null;
  try {
    return fs.realpathSync.native(pwd) === fs.realpathSync.native(cwd) ? path.resolve(pwd) : null;
  } catch {
    return null;
  }
}

/**
 * Symlinks with a trust-bearing name on the path to `abs` (absolute), outermost first; `abs` itself only with
 * `withLast` (a logical spelling, whose last folder the OS has already gone through).
 */
function trustLinksAbove(abs: string, withLast = false): string[] {
  const out: string[] = [];
  const { root } = path.parse(abs);
  const parts = abs.slice(root.length).split(path.sep).filter((x) => x !== '');
  let cur = root;
  for (const part of withLast ? parts : parts.slice(0, -1)) {
    cur = path.join(cur, part);
    if (!isTrustBearingName(part)) continue;
    try {
      if (fs.lstatSync(cur).isSymbolicLink()) out.push(cur);
    } catch {
      /* a missing component is reported as a missing path */
    }
  }
  return out;
}

/** Walk `paths` (absolute) and return skills and events, in a deterministic order. */
export function discover(paths: readonly string[], opts: DiscoverOptions = {}): DiscoveryResult {
  const maxDepth = opts.maxDepth ?? DEFAULT_MAX_DEPTH;
  const maxEntries = opts.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const result: DiscoveryResult = { skills: [], events: [], missing: [] };
  const seenFiles = new Set<string>();
  let entries = 0;
  let stopped = false;

  /** Skills by real path: one reached both directly and through a link is one skill, with every link kept. */
  const byReal = new Map<string, DiscoveredSkill>();
  const addSkill = (s: DiscoveredSkill) => {
    const key = s.realDir !== undefined ? path.join(s.realDir, path.basename(s.absPath)) : s.absPath;
    const had = byReal.get(key) ?? (seenFiles.has(s.absPath) ? result.skills.find((x) => x.absPath === s.absPath) : undefined);
    if (had) {
      // Found once without a link (this time or the first): the real path is a checked one (DiscoveredSkill.direct).
      if ((s.via === undefined) !== (had.via === undefined)) had.direct = true;
      if (s.via) had.via = [...(had.via ?? []), ...s.via.filter((h) => !had.via?.some((k) => k.linkReal === h.linkReal))];
      return;
    }
    seenFiles.add(s.absPath);
    byReal.set(key, s);
    result.skills.push(s);
  };
  /** Real paths of folders walked through a link: a second link to one of them (or below) is a loop, not walked. */
  const followedReal: string[] = [];
  const inOrBelow = (p: string, dir: string) => p === dir || p.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);

  /** Real paths of walked folders with a trust-bearing name: a linked root leading to one of them hid nothing. */
  const walkedTrustDirs = new Set<string>();
  const linkedRoots: Extract<DiscoveryEvent, { kind: 'symlink' }>[] = [];

  /** `underTrust`: below a folder that lowers trust, where `.git` and `node_modules` are walked too. */
  /** `parent` is the folder above `dir`, held open: `dir` is opened relative to it, never through a symlink.
   *  `inSkill`: below a skill folder, whose package reader reads any `.mcp.json` as one of the skill's files. */
  const walk = (dir: string, depth: number, root: string, realDir: string, underTrust: boolean, inSkill: boolean, parent: OpenDir | null, names: string[], ids: FileId[], expect?: FileId, via?: LinkHop[]) => {
    if (stopped) return;
    opts.beforeReaddir?.(dir);
    const opened = openDirBelow(parent, path.basename(dir), dir, expect);
    if (opened.kind === 'changed') {
      // Swapped between the parent's listing and now.
      if (opened.symlink) result.events.push({ kind: 'symlink', absPath: dir, role: 'entry', linkTarget: opened.linkTarget });
      else result.events.push({ kind: 'io-error', absPath: dir, code: 'ECHANGED', message: `changed during the walk (now ${opened.what})` });
      return;
    }
    if (opened.kind !== 'dir') {
      result.events.push({ kind: 'io-error', absPath: dir, code: opened.kind === 'error' ? opened.code : 'EUNKNOWN', message: opened.kind === 'error' ? opened.message : opened.kind });
      return;
    }
    const here = opened.dir;
    try {
      walkOpen(here, dir, depth, root, realDir, underTrust, inSkill, names, [...ids, here.id], via);
    } finally {
      here.close();
    }
  };

  const walkOpen = (here: OpenDir, dir: string, depth: number, root: string, realDir: string, underTrust: boolean, inSkill: boolean, names: string[], ids: FileId[], via?: LinkHop[]) => {
    let dirents: fs.Dirent[];
    try {
      dirents = fs.readdirSync(here.self(), { withFileTypes: true });
    } catch (e) {
      result.events.push({ kind: 'io-error', absPath: dir, code: errCode(e), message: (e as Error).message.split(here.self()).join(dir) });
      return;
    }
    const tree = (file: string): TreePath | undefined => {
      try {
        return { root, dirs: names, dirIds: ids, fileId: idOf(fs.lstatSync(here.at(file))) };
      } catch {
        return { root, dirs: names, dirIds: ids };
      }
    };
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
    // A folder skills are loaded from: a `skills` folder, a trust-bearing one, a root the user maps or a runtime's
    // root, or anywhere below a root that lowers trust (a linked group folder there is loaded as well).
    // The hooks match globs: asked only where the answer matters, a symlink or a `.git` or `node_modules` among the
    // entries (a child asks again for itself, on its own real path).
    const askRoot = dirents.some((d) => d.isSymbolicLink() || (d.isDirectory() && SKIPPED_DIRS.includes(d.name)));
    const lowers = underTrust || (askRoot && (opts.lowersTrust?.(realDir) ?? false));
    const rootKind = askRoot ? (opts.isSkillsRoot?.(realDir) ?? null) : null;
    const skillsRoot = isRoot || isTrustBearingName(path.basename(realDir)) || lowers || rootKind !== null;
    if (isTrustBearingName(path.basename(realDir))) walkedTrustDirs.add(realDir);
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
      const abs = joinName(dir, d.name);
      if (d.isSymbolicLink()) {
        if (isSkillFileName(d.name)) {
          result.events.push({ kind: 'symlink', absPath: abs, role: 'skill-file', linkTarget: readLink(abs), realDir });
        } else if (isTrustBearingName(d.name)) {
          // A linked trust-bearing folder (`installed_skills -> /elsewhere`, `.agents/skills -> ../skills`): not
          // followed, never silent; whether it hid anything is settled after the walk (linkedRoots).
          const ev = { kind: 'symlink' as const, absPath: abs, role: 'root' as const, linkTarget: readLink(abs) };
          result.events.push(ev);
          linkedRoots.push(ev);
        } else if (skillsRoot && !isSkillDir && !inSkill) {
          followLink(abs, d.name, depth, realDir, lowers, via);
        } else if (isSkillDir || isRoot) {
          result.events.push({ kind: 'symlink', absPath: abs, role: isRoot && !isSkillDir ? 'skill-dir' : 'entry', linkTarget: readLink(abs) });
        }
        continue;
      }
      if (d.isDirectory()) {
        // `.git` and `node_modules` in a runtime's own root: the runtime would take them as skill folders, so they are
        // walked whole, as below a root that lowers trust.
        const skippedHere = SKIPPED_DIRS.includes(d.name);
        const trustBelow = lowers || LOWER_TRUST_DIRS.includes(d.name) || (skippedHere && rootKind === 'client');
        if (skippedHere && !trustBelow && !(d.name === 'node_modules' && opts.nodeModulesInSkillsRoots && dir.split(path.sep).includes('skills'))) continue;
        if (depth + 1 > maxDepth) {
          result.events.push({ kind: 'depth-limit', absPath: abs, depth: depth + 1 });
          continue;
        }
        walk(abs, depth + 1, root, joinName(realDir, d.name), trustBelow, inSkill || isSkillDir, here, [...names, d.name], ids, undefined, via);
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
        addSkill({ absPath: abs, absDir: dir, layout: 'file', root, realDir, tree: tree(d.name), ...(via ? { via } : {}) });
      }
    }
    if (!isSkillDir && !inSkill) {
      const mcp = dirents.find((d) => MCP_FILE_NAMES.includes(d.name) && d.isFile());
      if (mcp) addSkill({ absPath: joinName(dir, mcp.name), absDir: dir, layout: 'mcp', root, realDir, tree: tree(mcp.name), ...(via ? { via } : {}) });
    }
    if (skillEntry && skillEntry.isFile()) {
      addSkill({ absPath: joinName(dir, skillEntry.name), absDir: dir, layout: isRoot ? 'flat' : 'folder', root, realDir, tree: tree(skillEntry.name), ...(via ? { via } : {}) });
    }
  };

  /**
   * A symlinked entry of a skills root: the runtimes that follow it load what it leads to, so the folder it leads to
   * is walked where it really lives (a new walk from its real path, each folder opened without following a link and
   * compared as any other), with the link recorded on every skill found (their trust is the lower one). Never
   * followed: a link that leads nowhere or to a file (reported as before), or back to its own folder or above it, or
   * to a folder already walked through a link (a loop: reported, not walked).
   */
  const followLink = (abs: string, name: string, depth: number, realDir: string, lowers: boolean, via: LinkHop[] | undefined) => {
    const linkTarget = readLink(abs);
    let real: string;
    let st: fs.Stats;
    try {
      real = fs.realpathSync.native(abs);
      st = fs.lstatSync(real);
    } catch {
      result.events.push({ kind: 'symlink', absPath: abs, role: 'skill-dir', linkTarget });
      return;
    }
    if (!st.isDirectory()) {
      result.events.push({ kind: 'symlink', absPath: abs, role: 'skill-dir', linkTarget });
      return;
    }
    if (inOrBelow(realDir, real) || followedReal.some((f) => inOrBelow(real, f))) {
      result.events.push({ kind: 'symlink', absPath: abs, role: 'loop', linkTarget, real });
      return;
    }
    if (depth + 1 > maxDepth) {
      result.events.push({ kind: 'depth-limit', absPath: abs, depth: depth + 1 });
      return;
    }
    followedReal.push(real);
    result.events.push({ kind: 'symlink', absPath: abs, role: 'followed', linkTarget, real });
    const hop: LinkHop = { link: abs, linkReal: joinName(realDir, name), linkTarget, real };
    walk(real, depth + 1, real, real, lowers || LOWER_TRUST_DIRS.includes(path.basename(real)), false, null, [], [], idOf(st), [...(via ?? []), hop]);
  };

  const trustUnder = (real: string) => real.split(path.sep).some((n) => LOWER_TRUST_DIRS.includes(n));
  const linksSeen = new Set<string>();
  for (const [i, p] of paths.entries()) {
    let st: fs.Stats;
    try {
      st = fs.lstatSync(p);
    } catch (e) {
      if (errCode(e) === 'ENOENT' || errCode(e) === 'ENOTDIR') result.missing.push(p);
      else result.events.push({ kind: 'io-error', absPath: p, code: errCode(e), message: (e as Error).message });
      continue;
    }
    // The OS follows links on the way to `p`: one with a trust-bearing name moves the skills' real location.
    const logical = opts.logicalPaths?.[i];
    for (const link of [...trustLinksAbove(p), ...(logical ? trustLinksAbove(logical, true) : [])]) {
      if (linksSeen.has(link)) continue;
      linksSeen.add(link);
      const real = realPath(link);
      result.events.push({ kind: 'symlink', absPath: link, role: 'parent', linkTarget: readLink(link), covered: real !== link && path.basename(real) === path.basename(link) });
    }
    if (st.isSymbolicLink()) {
      result.events.push({ kind: 'symlink', absPath: p, role: 'argument', linkTarget: readLink(p) });
    } else if (st.isDirectory()) {
      const real = realPath(p);
      walk(p, 0, p, real, trustUnder(real) || (opts.lowersTrust?.(real) ?? false), false, null, [], [], idOf(st));
    } else if (st.isFile()) {
      const dir = path.dirname(p);
      const base = path.basename(p);
      const layout: SkillLayout = isSkillFileName(base) ? (path.basename(dir) === 'skills' ? 'flat' : 'folder') : MCP_FILE_NAMES.includes(base) ? 'mcp' : 'file';
      let dirId: FileId[] = [];
      try {
        dirId = [idOf(fs.lstatSync(dir))];
      } catch {
        /* the read reports it */
      }
      addSkill({ absPath: p, absDir: dir, layout, root: dir, realDir: realPath(dir), ...(dirId.length ? { tree: { root: dir, dirs: [], dirIds: dirId, fileId: idOf(st) } } : {}) });
    } else {
      result.events.push({ kind: 'not-regular', absPath: p, what: describeKind(st) });
    }
  }
  // A linked trust-bearing folder hid nothing only when it leads to a folder of the same name that was walked.
  for (const ev of linkedRoots) {
    const real = realPath(ev.absPath);
    ev.covered = real !== ev.absPath && path.basename(real) === path.basename(ev.absPath) && walkedTrustDirs.has(real);
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
