// Estimate of the compiled size of a Rust regex, as checked against `RegexBuilder::size_limit`.
// Model (regex-automata 0.4, Thompson NFA builder): every NFA state costs 32 bytes (64-bit builds), plus
// 8 bytes per transition of a sparse state and 4 bytes per alternate of a union state. The meta regex builds a
// forward NFA (with capture states) and a reverse NFA (without), each checked against the limit; the larger
// one decides. Unicode classes compile to UTF-8 byte automata: forward with shared prefixes and suffixes,
// reverse as one alternate per UTF-8 sequence with shared suffix chains. See rules/activation-pattern.md.

import { builtClassCost, foldedCodePoint, type Ranges } from './charset.js';
import type { Node } from './syntax.js';

export const STATE_BYTES = 32;
export const TRANSITION_BYTES = 8;
export const ALTERNATE_BYTES = 4;

type ByteRange = [number, number];

/** Split a code point range into UTF-8 byte-range sequences (each a product of byte ranges). */
export function utf8Sequences(ranges: Ranges): ByteRange[][] {
  const out: ByteRange[][] = [];
  const stack: [number, number][] = [...ranges].reverse().map(([a, b]) => [a, b]);
  const maxes = [0x7f, 0x7ff, 0xffff, 0x10ffff];
  while (stack.length > 0) {
    let [lo, hi] = stack.pop()!;
    // Drop surrogates.
    if (lo <= 0xdfff && hi >= 0xd800) {
      if (lo < 0xd800 && hi > 0xdfff) {
        stack.push([0xe000, hi]);
        hi = 0xd7ff;
      } else if (lo < 0xd800) hi = 0xd7ff;
      else if (hi > 0xdfff) lo = 0xe000;
      else continue;
    }
    // Split at encoded-length boundaries.
    let split = false;
    for (let k = 0; k < 3; k++) {
      const m = maxes[k]!;
      if (lo <= m && hi > m) {
        stack.push([m + 1, hi]);
        stack.push([lo, m]);
        split = true;
        break;
      }
    }
    if (split) continue;
    if (hi <= 0x7f) {
      out.push([[lo, hi]]);
      continue;
    }
    // Split so that continuation bytes cover full ranges.
    const n = hi <= 0x7ff ? 2 : hi <= 0xffff ? 3 : 4;
    let done = false;
    for (let i = 1; i < n; i++) {
      const m = (1 << (6 * i)) - 1;
      if ((lo & ~m) !== (hi & ~m)) {
        if ((lo & m) !== 0) {
          stack.push([(lo | m) + 1, hi]);
          stack.push([lo, lo | m]);
          done = true;
          break;
        }
        if ((hi & m) !== m) {
          stack.push([hi & ~m, hi]);
          stack.push([lo, (hi & ~m) - 1]);
          done = true;
          break;
        }
      }
    }
    if (done) continue;
    const a = encode(lo);
    const b = encode(hi);
    out.push(a.map((x, i) => [x, b[i]!] as ByteRange));
  }
  return out;
}

/** The UTF-8 bytes of a code point (surrogates never reach here: utf8Sequences drops them). */
export function encode(cp: number): number[] {
  if (cp < 0x80) return [cp];
  if (cp < 0x800) return [0xc0 | (cp >> 6), 0x80 | (cp & 0x3f)];
  if (cp < 0x10000) return [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)];
  return [0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)];
}

/** Forward UTF-8 automaton with shared prefixes and suffixes: (states, sparse transitions). */
function forwardClassCost(ranges: Ranges): number {
  const seqs = utf8Sequences(ranges);
  if (seqs.length === 0) return STATE_BYTES; // a fail state
  if (seqs.every((s) => s.length === 1)) return sparse(seqs.length);
  // Build a trie, then merge identical subtrees (suffix sharing).
  interface T {
    edges: Map<string, T>;
  }
  const root: T = { edges: new Map() };
  for (const s of seqs) {
    let t = root;
    for (const [a, b] of s) {
      const k = `${a}-${b}`;
      let n = t.edges.get(k);
      if (!n) {
        n = { edges: new Map() };
        t.edges.set(k, n);
      }
      t = n;
    }
  }
  const ids = new Map<string, number>();
  let cost = 0;
  const visit = (t: T): number => {
    if (t.edges.size === 0) return 0;
    const sig = [...t.edges.entries()].map(([k, v]) => `${k}>${visit(v)}`).sort().join(',');
    let id = ids.get(sig);
    if (id === undefined) {
      id = ids.size + 1;
      ids.set(sig, id);
      cost += sparse(t.edges.size);
    }
    return id;
  };
  visit(root);
  return cost + STATE_BYTES; // + the shared end state
}

/** Reverse UTF-8 automaton (regex-automata, shrink off): one union alternate per sequence, suffix chains cached. */
function reverseClassCost(ranges: Ranges): number {
  const seqs = utf8Sequences(ranges);
  if (seqs.length === 0) return STATE_BYTES;
  if (seqs.every((s) => s.length === 1)) return sparse(seqs.length);
  const cache = new Map<string, number>();
  let states = 2; // union + end
  for (const s of seqs) {
    let end = 0;
    for (const [a, b] of s) {
      const k = `${end}:${a}-${b}`;
      const hit = cache.get(k);
      if (hit !== undefined) {
        end = hit;
        continue;
      }
      states++;
      end = states;
      cache.set(k, end);
    }
  }
  return states * STATE_BYTES + seqs.length * ALTERNATE_BYTES;
}

function sparse(n: number): number {
  return n <= 1 ? STATE_BYTES : STATE_BYTES + n * TRANSITION_BYTES;
}

const UNION2 = STATE_BYTES + 2 * ALTERNATE_BYTES;

function canBeEmpty(n: Node): boolean {
  switch (n.type) {
    case 'empty':
    case 'look':
      return true;
    case 'literal':
    case 'class':
      return false;
    case 'repeat':
      return n.min === 0 || canBeEmpty(n.child);
    case 'group':
      return canBeEmpty(n.child);
    case 'concat':
      return n.items.every(canBeEmpty);
    case 'alt':
      return n.branches.some(canBeEmpty);
  }
}

const classCostCache = new Map<string, { f: number; r: number }>();
/** By identity first: `\w` and other shared sets (~800 ranges) would otherwise be turned into a key each time. */
const classCostBySet = new WeakMap<Ranges, { f: number; r: number }>();

/** Bytes of a class in the forward (f) and reverse (r) NFA, computed (the build's class table stores them for
 *  `\w`, `\d` and `\s`: \w alone takes ~35 ms per process). */
export function computeClassCost(set: Ranges): { f: number; r: number } {
  return { f: forwardClassCost(set), r: reverseClassCost(set) };
}

function classCost(set: Ranges): { f: number; r: number } {
  const known = classCostBySet.get(set) ?? builtClassCost(set);
  if (known) return known;
  const key = set.map(([a, b]) => `${a}-${b}`).join(',');
  let c = classCostCache.get(key);
  if (!c) {
    c = computeClassCost(set);
    if (classCostCache.size > 500) classCostCache.clear();
    classCostCache.set(key, c);
  }
  classCostBySet.set(set, c);
  return c;
}

/** Bytes of one node in the forward (f) and reverse (r) NFA. */
function cost(n: Node): { f: number; r: number } {
  switch (n.type) {
    case 'empty':
      return { f: STATE_BYTES, r: STATE_BYTES };
    case 'look':
      return { f: STATE_BYTES, r: STATE_BYTES };
    case 'literal': {
      const bytes = n.ci ? 0 : Buffer.byteLength(String.fromCodePoint(n.cp), 'utf8');
      if (n.ci) {
        const c = classCost(foldedCodePoint(n.cp));
        return c;
      }
      return { f: bytes * STATE_BYTES, r: bytes * STATE_BYTES };
    }
    case 'class':
      return classCost(n.set);
    case 'group': {
      const c = cost(n.child);
      return n.capture ? { f: c.f + 2 * STATE_BYTES, r: c.r } : c;
    }
    case 'concat': {
      let f = 0;
      let r = 0;
      for (const it of n.items) {
        const c = cost(it);
        f += c.f;
        r += c.r;
      }
      return { f, r };
    }
    case 'alt': {
      let f = STATE_BYTES * 2 + n.branches.length * ALTERNATE_BYTES;
      let r = f;
      for (const b of n.branches) {
        const c = cost(b);
        f += c.f;
        r += c.r;
      }
      return { f, r };
    }
    case 'repeat': {
      const c = cost(n.child);
      const empty = canBeEmpty(n.child) ? STATE_BYTES : 0;
      const mul = (k: number, x: number) => k * x;
      const one = (x: number) => {
        const { min, max } = n;
        if (max === null) {
          if (min === 0) return UNION2 + x + empty;
          return mul(min, x) + UNION2 + empty;
        }
        if (min === max) return min === 0 ? STATE_BYTES : mul(min, x);
        return mul(min, x) + mul(max - min, x + UNION2) + STATE_BYTES;
      };
      return { f: one(c.f), r: one(c.r) };
    }
  }
}

export interface SizeEstimate {
  /** Estimated bytes of the forward NFA (with capture states). */
  forward: number;
  /** Estimated bytes of the reverse NFA. */
  reverse: number;
  /** The larger of the two: what the size limit is compared with. */
  bytes: number;
}

/** Fixed cost of every regex: the unanchored `(?s-u:.)*?` prefix, the implicit group 0 and the match state. */
const OVERHEAD_FORWARD = UNION2 + STATE_BYTES * 2 + STATE_BYTES * 2 + STATE_BYTES;
const OVERHEAD_REVERSE = UNION2 + STATE_BYTES * 2 + STATE_BYTES;

/** Cap the arithmetic: sizes beyond this are all "far too large". */
const CAP = 1e12;

export function estimateSize(ast: Node): SizeEstimate {
  const c = cost(ast);
  const forward = Math.min(CAP, c.f + OVERHEAD_FORWARD);
  const reverse = Math.min(CAP, c.r + OVERHEAD_REVERSE);
  return { forward, reverse, bytes: Math.max(forward, reverse) };
}
