// Required literals of a pattern: a necessary condition, checked with `includes` on the lowercased line, that lets a
// line skip RE2 (and a pattern skip being compiled at all) when it cannot match. Like RE2's own prefilter or
// ripgrep's literal extraction, but small: a conjunction of clauses, each a set of alternative literal strings.
//
// Sound by construction (never skips a line RE2 would match), tested against RE2 on generated lines:
// - only ASCII characters and characters of caseless scripts (CJK, kana, Hangul: no case mapping, no case folding,
//   the same in the line and in the line lowercased) become literals, compared with the line lowercased (ASCII-only
//   lowering keeps them);
// - a class stays a literal set only when all its members are ASCII: case-insensitive letters reach here as folded
//   classes, so `(?i)s` ({S, s, ſ}) and `(?i)k` ({K, k, K}) are not literals (lowercasing does not turn ſ into s);
//   a case-insensitive literal node for s or k is refused the same way;
// - anything else (large classes, optional parts, unknown nodes) requires nothing.

import type { Node } from './syntax.js';

/** Alternative strings a node matches exactly (lowercased), or null when unknown or too many. */
type Exact = string[] | null;
/** Conjunction of clauses; a clause holds when the line contains one of its strings. */
export type Requirement = string[][];

interface Info {
  exact: Exact;
  req: Requirement;
}

const MAX_SET = 16;
const MAX_LEN = 32;
/** Literals shorter than this make a weak filter; such clauses are dropped (which keeps the filter sound). */
const MIN_LITERAL = 2;

function lowerAscii(cp: number): string {
  return String.fromCharCode(cp >= 0x41 && cp <= 0x5a ? cp + 32 : cp);
}

/** Characters with no case at all (no lower, upper or folded form): CJK ideographs, kana, Hangul. */
function caseless(cp: number): boolean {
  return (cp >= 0x3040 && cp <= 0x30ff) || (cp >= 0x3400 && cp <= 0x4dbf) || (cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0x1100 && cp <= 0x11ff) || (cp >= 0x3130 && cp <= 0x318f);
}

function literalOf(cp: number, ci: boolean): Exact {
  if (cp >= 0x80) return caseless(cp) ? [String.fromCodePoint(cp)] : null;
  const lower = cp >= 0x41 && cp <= 0x5a ? cp + 32 : cp;
  if (ci && (lower === 0x73 || lower === 0x6b)) return null; // s, k: folded with ſ and K
  return [lowerAscii(cp)];
}

function classOf(set: readonly [number, number][]): Exact {
  const out = new Set<string>();
  for (const [lo, hi] of set) {
    if (hi >= 0x80 || hi - lo > MAX_SET) return null;
    for (let cp = lo; cp <= hi; cp++) out.add(lowerAscii(cp));
    if (out.size > MAX_SET) return null;
  }
  return out.size === 0 ? null : [...out];
}

function product(a: string[], b: string[]): Exact {
  if (a.length * b.length > MAX_SET) return null;
  const out = new Set<string>();
  for (const x of a) for (const y of b) {
    if (x.length + y.length > MAX_LEN) return null;
    out.add(x + y);
  }
  return [...out];
}

/** A clause from a set of strings, or null when one of them is too short to filter (or empty). */
function clause(strings: string[]): string[] | null {
  return strings.length > 0 && strings.every((s) => s.length >= MIN_LITERAL) ? strings : null;
}

function analyse(n: Node, depth: number): Info {
  if (depth > 200) return { exact: null, req: [] };
  switch (n.type) {
    case 'empty':
    case 'look':
      return { exact: [''], req: [] };
    case 'literal':
      return { exact: literalOf(n.cp, n.ci), req: [] };
    case 'class':
      return { exact: classOf(n.set), req: [] };
    case 'group':
      return analyse(n.child, depth + 1);
    case 'repeat': {
      if (n.min === 0) return { exact: null, req: [] };
      const c = analyse(n.child, depth + 1);
      if (n.min === 1 && n.max === 1) return c;
      const req = [...c.req];
      const own = c.exact ? clause(c.exact) : null;
      if (own) req.push(own);
      return { exact: null, req };
    }
    case 'concat': {
      const req: Requirement = [];
      let run: Exact = [''];
      let allExact = true;
      // The run starts right after a \b: its strings must start a word (see `satisfies`).
      let atBoundary = false;
      const flush = () => {
        let c = run ? clause(run) : null;
        if (c && atBoundary && c.every((x) => WORD.test(x[0]!))) c = c.map((x) => `${BOUNDARY}${x}`);
        if (c) req.push(c);
        run = [''];
        atBoundary = false;
      };
      for (const item of n.items) {
        if (item.type === 'look' && item.kind === 'wordBoundary') {
          // Pack patterns run on RE2, whose \b is ASCII (whatever the Rust-syntax `unicode` flag says): before a
          // word character it means the previous one is not an ASCII word character.
          allExact = false;
          flush();
          atBoundary = true;
          continue;
        }
        const c = analyse(item, depth + 1);
        req.push(...c.req);
        if (c.exact === null) {
          allExact = false;
          flush();
          continue;
        }
        const next = product(run!, c.exact);
        if (next === null) {
          // Too many or too long: keep what was gathered as a clause and start again from this item.
          allExact = false;
          flush();
          run = c.exact;
        } else run = next;
      }
      if (allExact) return { exact: run, req };
      flush();
      return { exact: null, req };
    }
    case 'alt': {
      const infos = n.branches.map((b) => analyse(b, depth + 1));
      if (infos.every((i) => i.exact !== null)) {
        const all = new Set<string>();
        for (const i of infos) for (const s of i.exact!) all.add(s);
        if (all.size <= MAX_SET) return { exact: [...all], req: [] };
      }
      // Each branch needs one of its clauses to hold: the union of one clause per branch is required.
      const union = new Set<string>();
      for (const i of infos) {
        const own = i.exact ? clause(i.exact) : null;
        const pick = own ?? i.req.reduce<string[] | null>((best, c) => (best === null || Math.min(...c.map((s) => s.length)) > Math.min(...best.map((s) => s.length)) ? c : best), null);
        if (!pick) return { exact: null, req: [] };
        for (const s of pick) union.add(s);
      }
      return { exact: null, req: union.size > 0 && union.size <= 4 * MAX_SET ? [[...union]] : [] };
    }
  }
}

/** The literals a line must contain for `ast` to match somewhere in it ([] when nothing is known). */
export function requiredLiterals(ast: Node): Requirement {
  const info = analyse(ast, 0);
  const req = [...info.req];
  const own = info.exact ? clause(info.exact) : null;
  if (own) req.push(own);
  // Drop repeats; keep the order (the first clauses are usually the most selective words).
  const seen = new Set<string>();
  return req.filter((c) => {
    const key = [...c].sort().join('\0');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Marks a clause string that must start a word: the character before it is not an ASCII word character. */
const BOUNDARY = '\u0000';
const WORD = /^[a-z0-9_]$/;

function isWordCode(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x5f || (c >= 0x41 && c <= 0x5a);
}

/** The previous character is read in the line as written: K (U+212A) lowercases to an ASCII k but is no word
 *  character for RE2. */
function containsAtWordStart(lowerLine: string, line: string, word: string): boolean {
  for (let i = lowerLine.indexOf(word); i !== -1; i = lowerLine.indexOf(word, i + 1)) {
    if (i === 0 || !isWordCode(line.charCodeAt(i - 1))) return true;
  }
  return false;
}

/**
 * Whether a line satisfies every clause: `lowerLine` is the line lowercased with its length kept (offsets are the
 * same as in `line`, the line as written).
 */
export function satisfies(req: Requirement, lowerLine: string, line: string = lowerLine): boolean {
  for (const c of req) {
    let ok = false;
    for (const s of c) {
      if (s.charCodeAt(0) === 0 ? containsAtWordStart(lowerLine, line, s.slice(1)) : lowerLine.includes(s)) {
        ok = true;
        break;
      }
    }
    if (!ok) return false;
  }
  return true;
}
