// Provenance: facts about how a skill came to be on disk (a client's plugin cache, an installer's lock file, a
// registry's marker, a git checkout of another repository) that mark it as third-party content. Provenance only
// ever LOWERS trust: a fact can move a skill to `installed`, and nothing found in a file (a lock file that omits a
// skill, a marker that says "first-party") can move it up. The rules are data in the target profiles
// (src/targets/<id>/profile.ts); this module is pure: the file-system answers it needs are gathered by
// src/node/provenance.ts from the questions provenanceQueries() asks, and passed back in.

import * as posix from 'node:path/posix';
import { trustRank } from '../trust.js';
import type { Trust } from '../types.js';
import { globMatch } from './glob.js';

export interface ProvenanceRuleBase {
  /** Stable id, shown in explanations (`claude-plugin-cache`). */
  id: string;
  /** Why a match means third-party content, for a person. */
  because: string;
  /** Where the layout fact comes from: the client's code or documentation, with its version. */
  source: string;
}

/**
 * A skill whose folder is inside one of `folders` (`~/…` is the home folder; `*` and `**` as in trust globs).
 * `env`: an environment variable that relocates the first folder (Claude Code's CLAUDE_CODE_PLUGIN_CACHE_DIR);
 * when set, its value is matched too.
 */
export interface UnderRule extends ProvenanceRuleBase {
  kind: 'under';
  folders: readonly string[];
  env?: string;
}

/**
 * An installer's lock file lists the skill: the skill folder's name is a key of the lock's `key` object, and the
 * folder sits directly in one of `folders`, taken relative to the lock's anchor (the home folder, or for
 * `project` any folder D with D/<folder>/<skill>). A lock file that exists but cannot be read as such lowers every
 * skill it would govern (the lower trust wins when in doubt).
 */
export interface LockfileRule extends ProvenanceRuleBase {
  kind: 'lockfile';
  /** The lock file, relative to the anchor. */
  lock: string;
  anchor: 'home' | 'project';
  folders: readonly string[];
  /** The object whose keys name the installed skills. */
  key: string;
}

/** A file or folder a registry's installer writes inside the skill folder (ClawHub's `.clawhub/origin.json`). */
export interface MarkerRule extends ProvenanceRuleBase {
  kind: 'marker';
  files: readonly string[];
}

/**
 * A client's own registry of installed packages (Claude Code's `installed_plugins.json`): every skill inside a
 * folder the registry lists is third-party. `file` is `~/`-anchored; `env` relocates the folder holding it.
 */
export interface RegistryRule extends ProvenanceRuleBase {
  kind: 'registry';
  file: string;
  format: 'claude-installed-plugins' | 'claude-known-marketplaces';
  env?: string;
}

/**
 * A skill folder that is a git checkout or submodule (`.git`, a folder or a file) — the skill folder itself or
 * any folder between it and the skills root it was found in (a root is a folder ending in one of `roots`). The
 * repository the root belongs to (a `.git` at or above the root) is the user's own project and does not count.
 */
export interface GitRule extends ProvenanceRuleBase {
  kind: 'git';
  roots: readonly string[];
}

export type ProvenanceRule = UnderRule | LockfileRule | MarkerRule | RegistryRule | GitRule;

/** The file-system questions for one skill folder (absolute POSIX paths). */
export interface ProvenanceQueries {
  /** Paths whose existence (lstat, never followed) matters. */
  exists: string[];
  /** Lock files to read: the keys of `key` in each. */
  locks: { file: string; key: string }[];
  /** Registries to read: the install folders they list. */
  registries: { file: string; format: RegistryRule['format'] }[];
}

/** What src/node gathered for the questions. */
export interface ProvenanceAnswers {
  exists: ReadonlySet<string>;
  /** Lock file → the skill names it lists, 'unreadable' when it exists but cannot be read as a lock; absent: no file. */
  locks: ReadonlyMap<string, ReadonlySet<string> | 'unreadable'>;
  /** Registry file → the absolute install folders it lists; absent: no file or unreadable (the folders under the
   *  client's own plugin folder are covered by an `under` rule anyway). */
  registries: ReadonlyMap<string, readonly string[]>;
}

export interface ProvenanceContext {
  /** Absolute POSIX home folder; rules anchored at `~` never match without one. */
  home?: string;
  /** Values of the environment variables the rules name (only those are read). */
  env?: Readonly<Record<string, string | undefined>>;
}

export interface ProvenanceFinding {
  rule: string;
  level: Trust;
  /** The fact, for a person: what was found where, and what it means. */
  because: string;
  source: string;
}

function expandHome(p: string, home: string | undefined): string | null {
  if (p === '~') return home ?? null;
  if (p.startsWith('~/')) return home === undefined ? null : posix.join(home, p.slice(2));
  return p.startsWith('/') ? posix.normalize(p) : null;
}

function isInside(dir: string, folder: string): boolean {
  return dir === folder || dir.startsWith(folder.endsWith('/') ? folder : `${folder}/`);
}

/** Whether `dir` is inside a folder matching the pattern (a glob over whole segments, anchored). */
function insidePattern(dir: string, pattern: string): boolean {
  if (!/[*?]/.test(pattern)) return isInside(dir, pattern);
  const segs = dir.split('/');
  for (let n = pattern.split('/').length; n <= segs.length; n++) if (globMatch(pattern, segs.slice(0, n).join('/'))) return true;
  return false;
}

function underFolders(rule: UnderRule, ctx: ProvenanceContext): string[] {
  const out: string[] = [];
  const relocated = rule.env !== undefined ? ctx.env?.[rule.env] : undefined;
  if (relocated !== undefined && relocated.startsWith('/')) out.push(posix.normalize(relocated));
  for (const f of rule.folders) {
    const abs = expandHome(f, ctx.home);
    if (abs !== null) out.push(abs);
  }
  return out;
}

function registryFile(rule: RegistryRule, ctx: ProvenanceContext): string | null {
  const relocated = rule.env !== undefined ? ctx.env?.[rule.env] : undefined;
  if (relocated !== undefined && relocated.startsWith('/')) return posix.join(posix.normalize(relocated), posix.basename(rule.file));
  return expandHome(rule.file, ctx.home);
}

/** The lock files that would govern a skill folder, with the skill's name in them. */
function lockCandidates(rule: LockfileRule, skillDir: string, ctx: ProvenanceContext): { file: string; name: string }[] {
  const parent = posix.dirname(skillDir);
  const name = posix.basename(skillDir);
  const out: { file: string; name: string }[] = [];
  for (const f of rule.folders) {
    if (rule.anchor === 'home') {
      if (ctx.home === undefined) continue;
      if (parent === posix.join(ctx.home, f)) out.push({ file: posix.join(ctx.home, rule.lock), name });
    } else if (parent.endsWith(`/${f}`)) {
      const project = parent.slice(0, parent.length - f.length - 1) || '/';
      out.push({ file: posix.join(project, rule.lock), name });
    }
  }
  return out;
}

/**
 * The folders between a skill folder and its skills root, the skill folder first, the root excluded. The root is
 * the outermost ancestor ending in one of `roots` (so a submodule holding a nested root is still seen); with none,
 * only the skill folder itself.
 */
export function foldersBelowRoot(skillDir: string, roots: readonly string[]): string[] {
  const segs = skillDir.split('/');
  let rootEnd = -1;
  for (let n = 1; n < segs.length; n++) {
    const prefix = segs.slice(0, n).join('/');
    if (roots.some((r) => prefix.endsWith(`/${r}`))) {
      rootEnd = n;
      break;
    }
  }
  if (rootEnd < 0) return [skillDir];
  const out: string[] = [];
  for (let n = segs.length; n > rootEnd; n--) out.push(segs.slice(0, n).join('/'));
  return out;
}

/** Every file-system question the rules ask about one skill folder (absolute POSIX, real path). */
export function provenanceQueries(rules: readonly ProvenanceRule[], skillDir: string, ctx: ProvenanceContext = {}): ProvenanceQueries {
  const q: ProvenanceQueries = { exists: [], locks: [], registries: [] };
  for (const rule of rules) {
    if (rule.kind === 'marker') for (const f of rule.files) q.exists.push(posix.join(skillDir, f));
    else if (rule.kind === 'git') for (const d of foldersBelowRoot(skillDir, rule.roots)) q.exists.push(posix.join(d, '.git'));
    else if (rule.kind === 'lockfile') for (const c of lockCandidates(rule, skillDir, ctx)) q.locks.push({ file: c.file, key: rule.key });
    else if (rule.kind === 'registry') {
      const file = registryFile(rule, ctx);
      if (file !== null) q.registries.push({ file, format: rule.format });
    }
  }
  const uniq = <T>(xs: T[], key: (x: T) => string) => [...new Map(xs.map((x) => [key(x), x])).values()];
  return { exists: [...new Set(q.exists)], locks: uniq(q.locks, (l) => `${l.file}\0${l.key}`), registries: uniq(q.registries, (r) => `${r.file}\0${r.format}`) };
}

/**
 * The first provenance fact that marks the skill folder as third-party, or null. Pure: the file system's answers
 * come in `answers`. Rules are tried in order; every match gives `installed` (the lowest level a fact can give).
 */
export function evaluateProvenance(rules: readonly ProvenanceRule[], skillDir: string, answers: ProvenanceAnswers, ctx: ProvenanceContext = {}): ProvenanceFinding | null {
  const found = (rule: ProvenanceRule, because: string): ProvenanceFinding => ({ rule: rule.id, level: 'installed', because: `${because}: ${rule.because}`, source: rule.source });
  for (const rule of rules) {
    if (rule.kind === 'under') {
      const hit = underFolders(rule, ctx).find((f) => insidePattern(skillDir, f));
      if (hit !== undefined) return found(rule, `inside ${hit}`);
    } else if (rule.kind === 'marker') {
      const hit = rule.files.find((f) => answers.exists.has(posix.join(skillDir, f)));
      if (hit !== undefined) return found(rule, `${hit} in the skill folder`);
    } else if (rule.kind === 'git') {
      const hit = foldersBelowRoot(skillDir, rule.roots).find((d) => answers.exists.has(posix.join(d, '.git')));
      if (hit !== undefined) return found(rule, hit === skillDir ? 'the skill folder has a .git' : `${hit} has a .git`);
    } else if (rule.kind === 'lockfile') {
      for (const c of lockCandidates(rule, skillDir, ctx)) {
        const lock = answers.locks.get(c.file);
        if (lock === 'unreadable') return found(rule, `${c.file} exists but could not be read as a lock file, so every skill it could list counts as listed`);
        if (lock !== undefined && lock.has(c.name)) return found(rule, `${c.file} lists "${c.name}"`);
      }
    } else {
      const file = registryFile(rule, ctx);
      const folders = file === null ? undefined : answers.registries.get(file);
      const hit = folders?.find((f) => f.startsWith('/') && isInside(skillDir, posix.normalize(f)));
      if (hit !== undefined) return found(rule, `${file} lists ${hit}`);
    }
  }
  return null;
}

/** The lower of a trust level and a provenance finding's: provenance never raises trust. */
export function lowerByProvenance(level: Trust, finding: ProvenanceFinding | null): Trust {
  return finding !== null && trustRank(finding.level) < trustRank(level) ? finding.level : level;
}

/**
 * Parse an installer's lock file text: the keys of its `key` object. Any other shape is `unreadable` (the caller
 * then lowers every skill the lock would govern). Never throws.
 */
export function parseLockNames(text: string, key: string): ReadonlySet<string> | 'unreadable' {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return 'unreadable';
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return 'unreadable';
  const list = (data as Record<string, unknown>)[key];
  if (!list || typeof list !== 'object' || Array.isArray(list)) return 'unreadable';
  return new Set(Object.keys(list));
}

/**
 * The install folders a Claude Code registry lists (absolute paths only). `installed_plugins.json` v2:
 * `{ plugins: { "name@marketplace": [ { installPath } ] } }` (v1: one object instead of the list);
 * `known_marketplaces.json`: `{ "name": { installLocation } }`. Anything else gives none. Never throws.
 */
export function parseRegistryFolders(text: string, format: RegistryRule['format']): string[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return [];
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return [];
  const out: string[] = [];
  const take = (v: unknown, field: string) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const p = (v as Record<string, unknown>)[field];
      if (typeof p === 'string' && p.startsWith('/') && !p.includes('\0')) out.push(posix.normalize(p));
    }
  };
  if (format === 'claude-installed-plugins') {
    const plugins = (data as Record<string, unknown>).plugins;
    if (!plugins || typeof plugins !== 'object') return [];
    for (const entry of Object.values(plugins as Record<string, unknown>)) {
      if (Array.isArray(entry)) for (const e of entry) take(e, 'installPath');
      else take(entry, 'installPath');
    }
  } else {
    for (const entry of Object.values(data as Record<string, unknown>)) take(entry, 'installLocation');
  }
  return out;
}
