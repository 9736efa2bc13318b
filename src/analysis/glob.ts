// Config `ignore` globs, on the one glob matcher the project has (src/core/policy/glob.ts: `**`, `*`, `?`, linear,
// no RegExp). A pattern without a slash matches at any depth; a pattern that matches a folder matches everything
// under it (globMatch's ancestor rule).

import { globMatch } from '../core/policy/glob.js';

/** Normalize an ignore glob: trim, drop a leading `./` and a trailing `/`, and anchor slash-free patterns anywhere. */
export function normalizeGlob(glob: string): string {
  let g = glob.trim().replace(/^\.\//, '');
  if (g.endsWith('/')) g = g.slice(0, -1);
  return g.includes('/') ? g : `**/${g}`;
}

/** A predicate over POSIX relative paths for one ignore glob. */
export function globMatcher(glob: string): (posixRel: string) => boolean {
  const g = normalizeGlob(glob);
  return (p) => globMatch(g, p);
}

export function compileGlobs(globs: readonly string[]): (posixRel: string) => boolean {
  const ms = globs.map(globMatcher);
  return (p) => ms.some((m) => m(p));
}
