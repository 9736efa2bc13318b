// A small path glob matcher for trust mappings: `**`, `*`, `?`, nothing else. Linear-time scan with a
// single backtrack point per level (no regex, no exponential blow-up on hostile paths).

/**
 * Glob syntax (POSIX paths, case-sensitive, exact otherwise):
 * - `/` separates segments; empty segments are ignored (`a//b` is `a/b`).
 * - `**` as a whole segment matches zero or more segments.
 * - `*` inside a segment matches any run of characters except `/` (dot-files included: no special case).
 * - `?` matches exactly one character (one Unicode code point) except `/`.
 * - Every other character is literal: `[`, `]`, `{`, `}`, `!` and `\` have no special meaning.
 * A pattern matches a path when it matches the whole path or one of its ancestor folders, so `vendor/skills`
 * covers `vendor/skills/x/SKILL.md`.
 *
 * Cost: at most O(pattern × path) element comparisons per level (the classic wildcard scan that only ever
 * backtracks to the last star), so a pattern like `*a*a*a*b` against a long name stays polynomial.
 */

function wildcardMatch<P, S>(pat: readonly P[], str: readonly S[], isStar: (p: P) => boolean, eq: (p: P, s: S) => boolean): boolean {
  let p = 0;
  let s = 0;
  let starP = -1;
  let starS = 0;
  while (s < str.length) {
    if (p < pat.length && isStar(pat[p]!)) {
      starP = p++;
      starS = s;
    } else if (p < pat.length && eq(pat[p]!, str[s]!)) {
      p++;
      s++;
    } else if (starP >= 0) {
      p = starP + 1;
      s = ++starS;
    } else {
      return false;
    }
  }
  while (p < pat.length && isStar(pat[p]!)) p++;
  return p === pat.length;
}

/** Match one path segment against one pattern segment (`*`, `?`, literals). */
export function matchSegment(pattern: string, segment: string): boolean {
  if (!pattern.includes('*') && !pattern.includes('?')) return pattern === segment;
  return wildcardMatch(
    Array.from(pattern),
    Array.from(segment),
    (c) => c === '*',
    (c, ch) => c === '?' || c === ch,
  );
}

export function splitPath(p: string): string[] {
  return p.split('/').filter((s) => s !== '');
}

/** Whether `pattern` matches `path` or one of its ancestor folders (both POSIX, same anchoring). */
export function globMatch(pattern: string, path: string): boolean {
  const pat = splitPath(pattern);
  // "matches the path or an ancestor" is exactly "pattern/** matches the path".
  if (pat[pat.length - 1] !== '**') pat.push('**');
  return wildcardMatch(pat, splitPath(path), (seg) => seg === '**', matchSegment);
}
