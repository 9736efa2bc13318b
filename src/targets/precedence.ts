// Where a skill stands among a runtime's roots: precedence on a name collision (duplicate-name, explain) and depth
// below its root (scan-limits). Roots are profile data; these read a skill's display path against them.

import type { ProjectSkill, SkillRef } from '../core/rule.js';
import { getProfile } from './profiles.js';

/** What collisions need of a skill: its summary (or full input) and whether it loads. */
type Collidable = { input: Pick<SkillRef, 'file' | 'target' | 'name'>; loads: boolean };

export interface Ranked<S extends Collidable = ProjectSkill> {
  s: S;
  i: number;
  rank: { rank: number; root: string | null };
}

/**
 * Name collisions among loading skills, per target: each group in the runtime's order (root precedence, then scan
 * order) with the skill the runtime keeps (the first, or the last for Cuca). Shared with `skillcheck explain`.
 */
export function collisions<S extends Collidable = ProjectSkill>(skills: readonly S[]): { winner: Ranked<S>; ordered: Ranked<S>[] }[] {
  const groups = new Map<string, S[]>();
  // A runtime that scans its whole root into one list (collisionScope 'root'): a skill deeper down meets one of
  // the same name directly in the root (`x/` and `grp/x/`). Packs side by side (`alice/x/`, `bob/x/` in a mirror)
  // stay apart: they meet only when installed together (crossRootCollisions).
  const topLevel = new Set<string>();
  for (const s of skills) {
    if (s.input.name === null || !s.loads) continue;
    const profile = getProfile(s.input.target);
    if (profile.collisionScope === 'root' && (depthBelowRoot(profile.roots, s.input.file)?.depth ?? 0) <= 1) topLevel.add(`${s.input.target}\0${discoveryRoot(profile.roots, s.input.file)}\0${s.input.name}`);
  }
  for (const s of skills) {
    if (s.input.name === null || !s.loads) continue;
    const profile = getProfile(s.input.target);
    const catalog = catalogOf(profile.roots, s.input.file);
    const top = catalog === null ? null : `catalog:${catalog}`;
    const where = profile.collisionScope === 'root' && top !== null && topLevel.has(`${s.input.target}\0${top}\0${s.input.name}`) ? top : discoveryRoot(profile.roots, s.input.file);
    const key = `${s.input.target}\0${where}\0${s.input.name}`;
    const g = groups.get(key);
    if (g) g.push(s);
    else groups.set(key, [s]);
  }
  const out: { winner: Ranked<S>; ordered: Ranked<S>[] }[] = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const profile = getProfile(group[0]!.input.target);
    // Root precedence first (Creo: autoskills, then .creo/skills, then other ecosystems), then scan order.
    const ordered = group
      .map((s, i) => ({ s, i, rank: rootRank(profile.roots, s.input.file) }))
      .sort((a, b) => a.rank.rank - b.rank.rank || (profile.collisionOrder === 'locale' ? localeOrder(profile.roots, a.s.input.file, b.s.input.file) : 0) || a.i - b.i);
    out.push({ winner: profile.collisionWinner === 'first' ? ordered[0]! : ordered[ordered.length - 1]!, ordered });
  }
  return out;
}

/** OpenClaw's order of skill folders: `localeCompare` of each folder's path below its root (`template` before
 *  `template-skill`, where bytes put `-` before `/`). A fixed locale keeps the output deterministic. */
const COLLATOR = new Intl.Collator('en');
function localeOrder(roots: readonly { path: string }[], a: string, b: string): number {
  const below = (file: string): string => {
    const at = depthBelowRoot(roots, file);
    const dir = file.split('/').slice(0, -1);
    return at === null ? dir.join('/') : dir.slice(dir.length - at.depth).join('/');
  };
  return COLLATOR.compare(below(a), below(b));
}

/**
 * Where a runtime would discover the skill together with others: its catalog under a known root, else the folder
 * holding its skill folder (a runtime reads a skills folder's children; `plugins/p/skills/x` and `repo-b/skills/x`
 * are different folders, installed separately). Same-named skills in different discovery roots meet only when
 * someone installs both: crossRootCollisions.
 */
export function discoveryRoot(roots: readonly { path: string }[], file: string): string {
  const catalog = catalogOf(roots, file);
  const parts = file.split('/');
  const parent = parts.slice(0, Math.max(0, parts.length - 2)).join('/');
  if (catalog === null) return `folder:${parent}`;
  // Directly in the root (`skills/<name>/SKILL.md`): the catalog. Deeper (`skills/<author>/<name>/SKILL.md`, a
  // collection of packs such as a ClawHub mirror): each pack folder is its own root, installed on its own.
  const at = depthBelowRoot(roots, file);
  return at === null || at.depth <= 1 ? `catalog:${catalog}` : `catalog:${catalog}\0${parent}`;
}

/** The Claude Code plugin a skill ships in (`plugins/<p>/skills/…`): its skills are namespaced `<p>:<name>`. */
export function pluginNamespace(file: string): string | null {
  const m = /(?:^|\/)plugins\/([^/]+)\/skills\//.exec(file);
  return m ? m[1]! : null;
}

/**
 * Same names in different discovery roots (several repositories or packs scanned at once): they collide only if
 * installed together (collections to install from). One entry per skill after the first root's, pointing at the first skill of the name (in
 * path order); skills in different plugin namespaces never collide (the namespace is part of the name).
 */
export function crossRootCollisions<S extends Collidable = ProjectSkill>(skills: readonly S[]): { s: S; other: S }[] {
  const groups = new Map<string, S[]>();
  for (const s of skills) {
    // Compared within one catalog (separate catalogs are separate projects), or among skills outside known roots.
    if (s.input.name === null || !s.loads) continue;
    const catalog = catalogOf(getProfile(s.input.target).roots, s.input.file);
    const key = `${s.input.target}\0${catalog ?? '\u0001'}\0${pluginNamespace(s.input.file) ?? ''}\0${s.input.name}`;
    const g = groups.get(key);
    if (g) g.push(s);
    else groups.set(key, [s]);
  }
  const out: { s: S; other: S }[] = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const roots = getProfile(group[0]!.input.target).roots;
    const sorted = [...group].sort((a, b) => (a.input.file < b.input.file ? -1 : a.input.file > b.input.file ? 1 : 0));
    const firstRoot = discoveryRoot(roots, sorted[0]!.input.file);
    const seen = new Set([firstRoot]);
    for (const s of sorted.slice(1)) {
      const root = discoveryRoot(roots, s.input.file);
      if (seen.has(root)) continue;
      seen.add(root);
      out.push({ s, other: sorted[0]! });
    }
  }
  return out;
}

/**
 * The catalog a skill belongs to: the folder that holds its skills root (`packages/a` for
 * `packages/a/.claude/skills/x/SKILL.md`), '' for a root at the top, null when no known root holds it. A runtime
 * started in one project sees one catalog; separate roots in a monorepo are separate catalogs, so their names do
 * not collide and their skills are counted apart. The outermost occurrence of the most specific root counts
 * (a skill nested below another skill's folder is still in that root's catalog).
 */
export function catalogOf(roots: readonly { path: string }[], file: string): string | null {
  const p = `/${file}`;
  let best: { at: number; len: number } | null = null;
  for (const r of roots) {
    const at = p.indexOf(`/${r.path}/`);
    if (at < 0) continue;
    if (!best || r.path.length > best.len || (r.path.length === best.len && at < best.at)) best = { at, len: r.path.length };
  }
  return best === null ? null : p.slice(1, best.at);
}

/** Index of the most specific known root holding `file` (a display path), or past the end when none does. */
function rootRank(roots: readonly { path: string }[], file: string): { rank: number; root: string | null } {
  const p = `/${file}`;
  let best = -1;
  for (let i = 0; i < roots.length; i++) {
    if (p.includes(`/${roots[i]!.path}/`) && (best < 0 || roots[i]!.path.length > roots[best]!.path.length)) best = i;
  }
  return best < 0 ? { rank: roots.length, root: null } : { rank: best, root: roots[best]!.path };
}

/** Folder names that hold test data, not skills to install (`test-fixtures/`, `__fixtures__/`, `testdata/`). */
const FIXTURE_FOLDER = /^(?:test[-_]?fixtures?|__fixtures__|fixtures?|test[-_]?data)$/i;

/**
 * The test-data folder a skill file sits in (`scanner/test-fixtures/evil-01/SKILL.md` → "test-fixtures"), or null.
 * Only folders of the display path after its last `..` count: the checked tree's own folders, not the user's.
 */
export function fixtureFolder(file: string): string | null {
  const parts = file.split('/').slice(0, -1);
  const from = parts.lastIndexOf('..') + 1;
  for (let i = from; i < parts.length; i++) if (FIXTURE_FOLDER.test(parts[i]!)) return parts[i]!;
  return null;
}

/** The known root holding `file` (a display path) and the skill's depth below it (`<root>/<name>/SKILL.md` is 1). */
export function depthBelowRoot(roots: readonly { path: string }[], file: string): { root: string; depth: number } | null {
  const p = `/${file}`;
  let best: { root: string; depth: number } | null = null;
  for (const r of roots) {
    // The last occurrence: a tree of repositories (vendor/x/skills/…) is scanned from the innermost root.
    const at = p.lastIndexOf(`/${r.path}/`);
    if (at < 0) continue;
    const rest = p.slice(at + r.path.length + 2);
    const depth = rest.split('/').length - 1;
    if (!best || depth < best.depth) best = { root: r.path, depth };
  }
  return best;
}
