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
  /** Which rule decided: one of the mapping, a built-in location rule, or the default. */
  source: 'mapping' | 'location' | 'default';
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

function pathForms(p: string, base: string | undefined): { abs: string | null; rel: string | null } {
  const given = posix.normalize(toPosix(p));
  const b = base === undefined ? undefined : posix.normalize(toPosix(base));
  if (given.startsWith('/')) {
    if (b === undefined) return { abs: given, rel: null };
    const rel = posix.relative(b, given);
    return { abs: given, rel: rel === '' || rel.startsWith('..') ? null : rel };
  }
  if (b === undefined) return { abs: null, rel: given.startsWith('..') ? null : given };
  const abs = posix.join(b, given);
  const rel = posix.relative(b, abs);
  return { abs, rel: rel.startsWith('..') ? null : rel };
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
  const base = posix.normalize(toPosix(dir));
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
    return globMatch(posix.join(toPosix(config.home), pat.slice(1)), abs);
  }
  // A pattern that starts with `**` matches at any depth: match it on the absolute path, so the answer does not
  // depend on the base (the working directory). Matching the relative path instead let `cd installed_skills`
  // drop the very segment the rule looks for.
  if (pat.startsWith('**') && abs !== null) return globMatch(pat, abs.slice(1));
  if (rel !== null) return globMatch(pat, rel);
  return abs !== null && globMatch(pat, abs.slice(1));
}

/** The level for a skill file and why. Pure: no file system, no environment. */
export function explainTrust(p: string, config: TrustConfig = {}): TrustDecision {
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
