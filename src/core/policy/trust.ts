// Trust from location, overridable by an ordered mapping of { path glob, level }: first match wins, the
// user's mapping before the built-in location rules (policy-data.json), then the default level.

import * as posix from 'node:path/posix';
import { TRUST_LEVELS, highestTrust, isTrust, trustRank } from '../trust.js';
import type { Trust } from '../types.js';
import { POLICY_DATA, type LocationRule } from './data.js';
import { globMatch } from './glob.js';

/** One entry of a trust mapping: skills whose file path matches `path` (a glob) get `level`. */
export interface TrustRule {
  /**
   * Glob (see src/core/policy/glob.ts: `**`, `*`, `?`). Anchoring, as the config file's `ignore` globs:
   * - `/…` is matched against the absolute path;
   * - `~/…` against the absolute path, `~` being `TrustConfig.home` (never matches without one);
   * - a pattern without a `/` (`installed_skills`, `*.md`) matches at any depth (as if it began with a `**` segment);
   * - anything else is relative to `TrustConfig.base` (the working directory in a lint run; a config loader
   *   rebases the file's patterns on its folder with rebaseTrustMapping). A path outside the base is matched
   *   by its absolute path without the leading `/`, so only patterns that start with `**` can match it.
   * A leading `./` and a trailing `/` are ignored. A pattern that matches a folder covers everything below it.
   */
  path: string;
  level: Trust;
}

/**
 * An ordered trust mapping, first match wins. This is the shape the config file's trust section is loaded
 * into, and what `LintOptions.trust` and `TrustConfig.mapping` take. Validate untrusted input with
 * parseTrustMapping.
 */
export type TrustMapping = readonly TrustRule[];

export interface TrustConfig {
  mapping?: TrustMapping;
  /** Absolute POSIX folder that relative patterns (and a relative `path`) are resolved against. */
  base?: string;
  /** Absolute POSIX home folder, for `~/` patterns. */
  home?: string;
}

export interface TrustDecision {
  level: Trust;
  /** Which rule decided: one of the mapping, a built-in location rule, the default, a provenance fact (it only
   *  lowers), or `not-real`: the path has a `.` or `..` segment or a NUL, which no real path has (the lowest trust). */
  source: 'mapping' | 'location' | 'default' | 'provenance' | 'not-real';
  /** The pattern that matched (null for the default). */
  pattern: string | null;
  because: string;
}

/**
 * Folder names that bear trust: the last segment of each built-in location rule (`installed_skills`, `skills`).
 * A symlink with one of these names is never followed silently (rule `symlink`).
 */
export const TRUST_BEARING_DIRS: readonly string[] = Object.freeze([
  ...new Set((POLICY_DATA.locations as readonly LocationRule[]).map((r) => r.path.split('/').pop()!).filter((n) => n !== '' && !/[*?]/.test(n))),
]);

/**
 * Trust-bearing names whose location rule lowers trust (a level below the highest: `installed_skills`). Below one,
 * `.git` and `node_modules` are walked too: a skill hidden there would otherwise be left out of the policy's
 * lowest trust. (Not below `skills`: a repository named `skills` would walk its own `.git`, and the trust of a
 * skill there is the highest anyway.)
 */
export const LOWER_TRUST_DIRS: readonly string[] = Object.freeze([
  ...new Set(
    (POLICY_DATA.locations as readonly LocationRule[])
      .filter((r) => trustRank(r.level) < trustRank(highestTrust()))
      .map((r) => r.path.split('/').pop()!)
      .filter((n) => n !== '' && !/[*?]/.test(n)),
  ),
]);

function toPosix(p: string): string {
  return p.replace(/\\/g, '/');
}

/**
 * A folder the caller gives (base, home, a config file's folder) as POSIX: a Windows drive path (`C:\Users\u`) has
 * `\` for separators; anywhere else a `\` is part of a name (legal on Linux and macOS) and is kept.
 */
function folderPosix(p: string): string {
  return /^[A-Za-z]:\\/.test(p) ? toPosix(p) : p;
}

/**
 * The path's segments as the file system has them: split on `/` only, never rewritten. A `\` is a character of
 * a name (`..\evil` is one folder), and `.` and `..` are not resolved (see unrealSegment). Empty segments
 * (`a//b`, a trailing `/`) name nothing and are dropped.
 */
export function trustSegments(p: string): string[] {
  return p.split('/').filter((s) => s !== '');
}

/**
 * A segment no real path has: `.`, `..` (a file system returns them in no real path, and resolving them on the
 * text could move a skill out of its root) or one holding a NUL (no name can).
 */
function unrealSegment(s: string): boolean {
  return s === '.' || s === '..' || s.includes('\0');
}

function startsWithSegments(segs: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= segs.length && prefix.every((s, i) => segs[i] === s);
}

/** The absolute and base-relative forms of `p`, joined from its segments (never normalized). */
function pathForms(p: string, base: string | undefined): { abs: string | null; rel: string | null } {
  const segs = trustSegments(p);
  const b = base === undefined ? undefined : trustSegments(folderPosix(base));
  if (p.startsWith('/')) {
    const rel = b !== undefined && segs.length > b.length && startsWithSegments(segs, b) ? segs.slice(b.length).join('/') : null;
    return { abs: `/${segs.join('/')}`, rel };
  }
  return { abs: b === undefined ? null : `/${[...b, ...segs].join('/')}`, rel: segs.join('/') };
}

/** The pattern with `./` and a trailing `/` dropped, and a `**` segment in front of a relative pattern without a `/`. */
export function normalizeTrustPattern(pattern: string): string {
  let pat = toPosix(pattern.trim());
  while (pat.startsWith('./')) pat = pat.slice(2);
  while (pat.length > 1 && pat.endsWith('/')) pat = pat.slice(0, -1);
  if (pat !== '~' && !pat.includes('/')) pat = `**/${pat}`;
  return pat;
}

/**
 * A mapping read from a config file in `dir` (absolute): relative patterns become absolute ones under `dir`,
 * so they mean the same whatever the working directory. `/…` and `~/…` patterns are kept.
 */
export function rebaseTrustMapping(mapping: TrustMapping, dir: string): TrustMapping {
  const base = posix.normalize(folderPosix(dir));
  return mapping.map((r) => {
    const pat = normalizeTrustPattern(r.path);
    return pat.startsWith('/') || pat === '~' || pat.startsWith('~/') ? { path: pat, level: r.level } : { path: posix.join(base, pat), level: r.level };
  });
}

/** Whether one pattern matches, with the anchoring documented on TrustRule.path. */
export function trustPatternMatches(pattern: string, p: string, config: Pick<TrustConfig, 'base' | 'home'> = {}): boolean {
  const pat = normalizeTrustPattern(pattern);
  const { abs, rel } = pathForms(p, config.base);
  if (pat.startsWith('/')) return abs !== null && globMatch(pat, abs);
  if (pat === '~' || pat.startsWith('~/')) {
    if (config.home === undefined || abs === null) return false;
    return globMatch(posix.join(folderPosix(config.home), pat.slice(1)), abs);
  }
  // A pattern that starts with `**` matches at any depth: match it on the absolute path, so the answer does not
  // depend on the base (the working directory). Matching the relative path instead let `cd installed_skills`
  // drop the very segment the rule looks for.
  if (pat.startsWith('**') && abs !== null) return globMatch(pat, abs.slice(1));
  if (rel !== null) return globMatch(pat, rel);
  return abs !== null && globMatch(pat, abs.slice(1));
}

/**
 * The level for a skill file and why. Pure: no file system, no environment. `p` is the real path (POSIX `/`
 * separators, each segment a name as the file system has it); a path with a `.` or `..` segment or a NUL is not
 * one, and gets the lowest trust rather than a guess at where it leads.
 */
export function explainTrust(p: string, config: TrustConfig = {}): TrustDecision {
  const odd = [...trustSegments(p), ...(p.startsWith('/') || config.base === undefined ? [] : trustSegments(folderPosix(config.base)))].find(unrealSegment);
  if (odd !== undefined) {
    const level = TRUST_LEVELS[0]!;
    return { level, source: 'not-real', pattern: null, because: `the path has a ${JSON.stringify(odd)} segment: not a real path, so the lowest trust (${level})` };
  }
  for (const rule of config.mapping ?? []) {
    if (trustPatternMatches(rule.path, p, config)) {
      return { level: rule.level, source: 'mapping', pattern: rule.path, because: `trust mapping "${rule.path}" → ${rule.level}` };
    }
  }
  for (const rule of POLICY_DATA.locations as readonly LocationRule[]) {
    if (trustPatternMatches(rule.path, p, config)) return { level: rule.level, source: 'location', pattern: rule.path, because: rule.because };
  }
  return { level: POLICY_DATA.defaultTrust, source: 'default', pattern: null, because: 'no location rule matched' };
}

/**
 * Resolve a skill file's trust: the user's mapping first (first match wins), then the runtime's locations
 * (workspace `skills/` and `~/.ironclaw/skills/` trusted, any `installed_skills` folder installed), then the
 * default (`trusted`).
 */
export function resolveTrust(p: string, config: TrustConfig = {}): Trust {
  return explainTrust(p, config).level;
}

/**
 * Validate untrusted data (a config file's trust section) as a TrustMapping. Throws an Error whose message
 * names the entry and what was expected, e.g. `trust[1].level: "admin" is not a trust level; expected one of
 * installed, trusted`.
 */
export function parseTrustMapping(value: unknown, label = 'trust'): TrustMapping {
  if (!Array.isArray(value)) throw new Error(`${label}: expected a list of { path, level }, got ${value === null ? 'null' : typeof value}`);
  return value.map((entry, i) => {
    const at = `${label}[${i}]`;
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) throw new Error(`${at}: expected a mapping { path, level }`);
    const e = entry as Record<string, unknown>;
    for (const k of Object.keys(e)) if (k !== 'path' && k !== 'level') throw new Error(`${at}: unknown key "${k}"; expected path and level`);
    if (typeof e.path !== 'string' || e.path.trim() === '' || e.path.includes('\0')) throw new Error(`${at}.path: expected a non-empty glob string`);
    if (!isTrust(e.level)) throw new Error(`${at}.level: ${JSON.stringify(e.level)} is not a trust level; expected one of ${TRUST_LEVELS.join(', ')}`);
    return { path: e.path, level: e.level };
  });
}

/** A one-line reason for a person: which kind of fact decided, and the fact. */
export function trustReason(d: TrustDecision): string {
  switch (d.source) {
    case 'mapping':
      return `trust mapping: ${d.because}`;
    case 'provenance':
      return `provenance: ${d.because}`;
    case 'location':
      return `location rule "${d.pattern}": ${d.because}`;
    case 'not-real':
      return `not a real path: ${d.because}`;
    default:
      return `default: ${d.because}`;
  }
}
