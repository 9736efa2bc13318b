// Markdown inline links and images, `[text](target "title")`, found in one linear pass (rule reference).

/** The first index at or after `from` where `test` holds, or text.length. */
type Finder = (from: number) => number;

/**
 * A forward-only search: while the positions asked about only grow, each character is looked at once in all. The
 * answer for `from` is reused while it still lies at or after the next `from`.
 */
function forwardFinder(text: string, test: (c: number) => boolean): Finder {
  let asked = -1;
  let found = -1;
  return (from) => {
    if (from >= asked && found >= from) return found;
    let k = from;
    while (k < text.length && !test(text.charCodeAt(k))) k++;
    // A step back (rare: a target retried without its angle brackets) is answered without forgetting the cache.
    if (from >= asked) {
      asked = from;
      found = k;
    }
    return k;
  };
}

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;

/**
 * Inline links and images, `[text](target "title")`, found in one linear pass. Same matches as the regular expression
 * !?\[(?:[^\]\n]|\\\])*\]\([ \t]*(<[^>\n]*>|[^\s)]+)(?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'))?[ \t]*\) used before, except that
 * an escaped bracket (`\]`) never closes the text (CommonMark agrees); that expression backtracked over the
 * rest of the line from every `[` (65,000 `[` on a line took seconds).
 */
export function inlineLinks(text: string): { index: number; target: string; targetStart: number }[] {
  const out: { index: number; target: string; targetStart: number }[] = [];
  const n = text.length;
  // The text's closer for the starts before it: the first `]` not escaped, or a line end (no link).
  const closer = forwardFinder(text, (c) => c === 93 || c === 10);
  const runEnd = forwardFinder(text, (c) => c === 41 || isSpace(c));
  const angleEnd = forwardFinder(text, (c) => c === 62 || c === 10);
  const dq = forwardFinder(text, (c) => c === 34 || c === 10);
  const sq = forwardFinder(text, (c) => c === 39 || c === 10);
  const skipBlank = (k: number) => {
    while (k < n && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9)) k++;
    return k;
  };
  /** After the target (ending at r): optional title, blanks, `)`. Returns the index after `)`, or -1. */
  const tailMemo = new Map<number, number>();
  const tail = (r: number): number => {
    const memo = tailMemo.get(r);
    if (memo !== undefined) return memo;
    let res = -1;
    const k = skipBlank(r);
    const q = text.charCodeAt(k);
    if (k > r && (q === 34 || q === 39)) {
      const c = (q === 34 ? dq : sq)(k + 1);
      if (c < n && text.charCodeAt(c) === q) {
        const k2 = skipBlank(c + 1);
        if (text.charCodeAt(k2) === 41) res = k2 + 1;
      }
    }
    if (res < 0 && text.charCodeAt(k) === 41) res = k + 1;
    tailMemo.set(r, res);
    return res;
  };
  /** The destination after `(` at p: [target start, target end, match end] or null. */
  const destination = (p: number): [number, number, number] | null => {
    const q = skipBlank(p + 1);
    if (text.charCodeAt(q) === 60) {
      const a = angleEnd(q + 1);
      if (a < n && text.charCodeAt(a) === 62) {
        const e = tail(a + 1);
        if (e >= 0) return [q, a + 1, e];
      }
    }
    const r = runEnd(q);
    if (r === q) return null;
    const e = tail(r);
    return e >= 0 ? [q, r, e] : null;
  };
  let i = text.indexOf('[');
  while (i !== -1) {
    // The closer: the first `]` after i that is not escaped by a backslash inside the text.
    let u = closer(i + 1);
    while (u < n && text.charCodeAt(u) === 93 && u - 1 > i && text.charCodeAt(u - 1) === 92) u = closer(u + 1);
    if (u >= n || text.charCodeAt(u) !== 93) {
      // A line end first: no start before it can close.
      i = u >= n ? -1 : text.indexOf('[', u);
      continue;
    }
    const d = text.charCodeAt(u + 1) === 40 ? destination(u + 1) : null;
    if (!d) {
      // Every start before u has the same closer and fails the same way.
      i = text.indexOf('[', u + 1);
      continue;
    }
    const index = i > 0 && text.charCodeAt(i - 1) === 33 ? i - 1 : i;
    out.push({ index, target: text.slice(d[0], d[1]), targetStart: d[0] });
    i = text.indexOf('[', d[2]);
  }
  return out;
}

/**
 * Backticks between the last line start before `at` and `at`, for positions asked in increasing order (a position
 * at or before the last one asked gets the last answer): whether a match sits inside an inline code span of its
 * line (odd). Jumps from newline to backtick with indexOf instead of looking at every character; each newline and
 * backtick is stepped over once in all.
 */
export function backtickCounter(text: string): (at: number) => number {
  const find = (ch: string, from: number) => {
    const k = text.indexOf(ch, from);
    return k === -1 ? Infinity : k;
  };
  let pos = 0;
  let ticks = 0;
  let nl = -1;
  let bt = -1;
  return (at) => {
    while (pos < at) {
      if (nl < pos) nl = find('\n', pos);
      if (bt < pos) bt = find('`', pos);
      const next = nl < bt ? nl : bt;
      if (next >= at) {
        pos = at;
        break;
      }
      if (next === nl) ticks = 0;
      else ticks++;
      pos = next + 1;
    }
    return ticks;
  };
}
