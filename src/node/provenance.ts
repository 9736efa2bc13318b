// The file-system facts provenance needs (src/core/policy/provenance.ts asks the questions and decides): whether a
// marker or `.git` exists (lstat, never followed), the names an installer's lock file lists, the folders a client's
// plugin registry lists. Files are read bounded and never through a symlink (readBounded); answers are cached per
// trust configuration (one lint run), so a lock file shared by a thousand skills is read once.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { explainTrust, trustReason, type TrustConfig, type TrustDecision } from '../core/policy/trust.js';
export { trustReason };
import {
  evaluateProvenance, lowerByProvenance, parseLockNames, parseRegistryFolders, provenanceQueries,
  type ProvenanceAnswers, type ProvenanceContext, type ProvenanceFinding, type ProvenanceRule,
} from '../core/policy/provenance.js';
import { PROFILES } from '../targets/profiles.js';
import { readBounded } from './read.js';

/** A lock file or registry larger than this is treated as unreadable (real ones are a few kilobytes). */
export const MAX_PROVENANCE_FILE_BYTES = 4 * 1024 * 1024;

/** Every profile's provenance rules, in profile order: a fact about how a skill was installed holds whichever
 *  runtime reads it, and provenance only lowers trust, so the union is the safe reading. */
export const ALL_PROVENANCE: readonly ProvenanceRule[] = Object.freeze(Object.values(PROFILES).flatMap((p) => p.provenance));

/** Environment variables the rules name. */
const RULE_ENV = [...new Set(ALL_PROVENANCE.flatMap((r) => ('env' in r && r.env !== undefined ? [r.env] : [])))];

interface Cache {
  exists: Map<string, boolean>;
  locks: Map<string, ReadonlySet<string> | 'unreadable' | null>;
  registries: Map<string, readonly string[] | null>;
}

const caches = new WeakMap<object, Cache>();

function cacheFor(key: object): Cache {
  let c = caches.get(key);
  if (!c) caches.set(key, (c = { exists: new Map(), locks: new Map(), registries: new Map() }));
  return c;
}

/** Whether a path exists, the last component not followed (a `.git` file or symlink counts). */
function lexists(p: string): boolean {
  try {
    return fs.lstatSync(p, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false; // ENOTDIR, EACCES: nothing to see there
  }
}

/** A small file's text; null when there is no such file; 'unreadable' for anything else (a symlink, a FIFO, too large). */
function readText(p: string): string | null | 'unreadable' {
  const r = readBounded(p, MAX_PROVENANCE_FILE_BYTES);
  if (r.kind === 'ok') return Buffer.from(r.bytes.buffer, r.bytes.byteOffset, r.bytes.byteLength).toString('utf8');
  if (r.kind === 'error' && (r.code === 'ENOENT' || r.code === 'ENOTDIR')) return null;
  return 'unreadable';
}

/** The environment values the rules name, from process.env. */
export function provenanceEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string | undefined> {
  return Object.fromEntries(RULE_ENV.map((k) => [k, env[k] === '' ? undefined : env[k]]));
}

/**
 * The provenance finding for a skill folder (absolute, real path), or null. `cacheKey`: answers are shared by calls
 * with the same key (one lint run); `rules`/`ctx` default to every profile's rules, the home in `ctx` and
 * process.env.
 */
export function skillProvenance(skillDir: string, ctx: ProvenanceContext, cacheKey: object = {}, rules: readonly ProvenanceRule[] = ALL_PROVENANCE): ProvenanceFinding | null {
  const dir = skillDir.split(path.sep).join('/');
  const c = cacheFor(cacheKey);
  const q = provenanceQueries(rules, dir, ctx);
  const exists = new Set<string>();
  for (const p of q.exists) {
    let e = c.exists.get(p);
    if (e === undefined) c.exists.set(p, (e = lexists(p)));
    if (e) exists.add(p);
  }
  const locks = new Map<string, ReadonlySet<string> | 'unreadable'>();
  for (const l of q.locks) {
    const k = `${l.file}\0${l.key}`;
    let v = c.locks.get(k);
    if (v === undefined) {
      const text = readText(l.file);
      v = text === null ? null : text === 'unreadable' ? 'unreadable' : parseLockNames(text, l.key);
      c.locks.set(k, v);
    }
    if (v !== null) locks.set(l.file, v);
  }
  const registries = new Map<string, readonly string[]>();
  for (const r of q.registries) {
    const k = `${r.file}\0${r.format}`;
    let v = c.registries.get(k);
    if (v === undefined) {
      const text = readText(r.file);
      v = typeof text === 'string' ? parseRegistryFolders(text, r.format) : null;
      c.registries.set(k, v);
    }
    if (v !== null) registries.set(r.file, v);
  }
  const answers: ProvenanceAnswers = { exists, locks, registries };
  return evaluateProvenance(rules, dir, answers, ctx);
}

export interface SkillTrustDecision extends TrustDecision {
  /** The provenance fact that lowered the trust (source 'provenance'), or that would have without a mapping. */
  provenance: ProvenanceFinding | null;
}

/**
 * A skill file's trust (absolute POSIX real path) and why: the user's trust mapping when one of its patterns
 * matches (the user's own word), else the built-in location rules lowered by provenance. Provenance never raises
 * a level. Answers are cached on `config` (one object per lint run).
 */
export function skillTrust(file: string, config: TrustConfig = {}, env: Record<string, string | undefined> = provenanceEnv()): SkillTrustDecision {
  const base = explainTrust(file, config);
  if (base.source === 'mapping') return { ...base, provenance: null };
  const finding = skillProvenance(path.posix.dirname(file), { ...(config.home !== undefined ? { home: config.home } : {}), env }, config);
  const level = lowerByProvenance(base.level, finding);
  if (finding === null || level === base.level) return { ...base, provenance: finding };
  return { level, source: 'provenance', pattern: null, because: finding.because, provenance: finding };
}

/**
 * Folders a client reads skills from (every profile's roots, the folders its installers fill, its plugin folder),
 * as path suffixes: `policy` takes a missing one as empty (a fresh machine has no ~/.claude/skills yet).
 */
export const OPTIONAL_SKILLS_FOLDERS: readonly string[] = Object.freeze([
  ...new Set([
    ...Object.values(PROFILES).flatMap((p) => p.roots.map((r) => r.path)),
    ...ALL_PROVENANCE.flatMap((r) => (r.kind === 'lockfile' ? r.folders : r.kind === 'under' ? r.folders.map((f) => f.replace(/^~\//, '')) : [])),
  ]),
]);

/** Whether a path (as given) names one of OPTIONAL_SKILLS_FOLDERS: the folder itself, never something inside it. */
export function isOptionalSkillsFolder(p: string): boolean {
  const posix = p.split(path.sep).join('/').replace(/\/+$/, '');
  return OPTIONAL_SKILLS_FOLDERS.some((f) => posix === f || posix.endsWith(`/${f}`));
}
