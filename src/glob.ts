// Small glob matcher for config `ignore` patterns: `**` (any folders), `*` and `?` (within one segment).
// A pattern without a slash matches at any depth; a pattern that matches a folder matches everything under it.

function escapeRe(c: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(c) ? `\\${c}` : c;
}

/** Compile one glob to an anchored RegExp over POSIX relative paths; each piece is linear (no nested quantifiers). */
export function globToRegExp(glob: string): RegExp {
  let g = glob.trim().replace(/^\.\//, '');
  if (g.endsWith('/')) g = g.slice(0, -1);
  if (!g.includes('/')) g = `**/${g}`;
  let re = '';
  for (let i = 0; i < g.length; i++) {
    const c = g[i]!;
    if (c === '*' && g[i + 1] === '*') {
      i++;
      if (g[i + 1] === '/') {
        i++;
        re += '(?:[^/]*/)*';
      } else re += '.*';
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += escapeRe(c);
  }
  return new RegExp(`^${re}(?:/.*)?$`);
}

export function compileGlobs(globs: readonly string[]): (posixRel: string) => boolean {
  const res = globs.map(globToRegExp);
  return (p) => res.some((r) => r.test(p));
}
