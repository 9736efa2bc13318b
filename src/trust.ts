// Trust levels from a skill's location. Ordered lowest first; issue #6 makes the mapping configurable.

import type { Trust } from './types.js';

/** Every level, lowest trust first. Adding a level means adding it here in its place. */
export const TRUST_LEVELS: readonly Trust[] = ['installed', 'trusted'];

export function trustRank(t: Trust): number {
  return TRUST_LEVELS.indexOf(t);
}

/** `installed` when a path segment is `installed_skills`, else `trusted`. */
export function trustFromPath(posixPath: string): Trust {
  return posixPath.split('/').includes('installed_skills') ? 'installed' : 'trusted';
}
