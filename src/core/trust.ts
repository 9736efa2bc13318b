// Trust levels as ordered data, lowest first. Location rules and the configurable mapping live in
// src/core/policy/trust.ts (resolveTrust); this module only knows the order.

import type { Trust } from './types.js';

/**
 * Every level, lowest trust first. Adding a level (e.g. a lower `untrusted`) means adding it to the `Trust`
 * union in src/core/types.ts, here in its place, and a ceiling for it in src/core/policy/tool-sets.json.
 */
export const TRUST_LEVELS: readonly Trust[] = ['installed', 'trusted'];

/** Position in TRUST_LEVELS: a lower rank is less trusted. -1 for a value that is not a level. */
export function trustRank(t: Trust): number {
  return TRUST_LEVELS.indexOf(t);
}

export function isTrust(v: unknown): v is Trust {
  return typeof v === 'string' && (TRUST_LEVELS as readonly string[]).includes(v);
}

/** The most trusted level: what an empty set of skills (no ceiling) resolves to. */
export function highestTrust(): Trust {
  return TRUST_LEVELS[TRUST_LEVELS.length - 1]!;
}

/**
 * Trust from location alone, with the built-in rules and no mapping: `installed` when a path segment is
 * `installed_skills`, else `trusted`. Kept for callers of 0.1.0; prefer resolveTrust (src/core/policy/trust.ts).
 */
export function trustFromPath(posixPath: string): Trust {
  return posixPath.split('/').includes('installed_skills') ? 'installed' : 'trusted';
}
