// Code point sets as sorted, disjoint [lo, hi] ranges: the class arithmetic behind the Rust-regex front end.
// Unicode property sets come from the JS engine's own Unicode tables (computed once per property, cached).

import { createRequire } from 'node:module';

export type Ranges = [number, number][];

export const MAX_CP = 0x10ffff;

export function normalize(r: Ranges): Ranges {
  const s = r.filter(([a, b]) => a <= b).sort((x, y) => x[0] - y[0]);
  const out: Ranges = [];
  for (const [a, b] of s) {
    const last = out[out.length - 1];
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

export function union(a: Ranges, b: Ranges): Ranges {
  return normalize([...a.map((x) => [x[0], x[1]] as [number, number]), ...b.map((x) => [x[0], x[1]] as [number, number])]);
}

/** Complement over Unicode scalar values (surrogates excluded, as in Rust's `char`). */
export function negate(a: Ranges): Ranges {
  return withoutSurrogates(negateFull(a));
}

export function withoutSurrogates(a: Ranges): Ranges {
  return intersect(a, [
    [0, 0xd7ff],
    [0xe000, MAX_CP],
  ]);
}

export function intersect(a: Ranges, b: Ranges): Ranges {
  const x = normalize(a);
  const y = normalize(b);
  const out: Ranges = [];
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    const lo = Math.max(x[i]![0], y[j]![0]);
    const hi = Math.min(x[i]![1], y[j]![1]);
    if (lo <= hi) out.push([lo, hi]);
    if (x[i]![1] < y[j]![1]) i++;
    else j++;
  }
  return out;
}

export function difference(a: Ranges, b: Ranges): Ranges {
  return intersect(a, negateFull(b));
}

/** Complement over all code points 0..10FFFF (surrogates included). */
function negateFull(a: Ranges): Ranges {
  const out: Ranges = [];
  let next = 0;
  for (const [lo, hi] of normalize(a)) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_CP) out.push([next, MAX_CP]);
  return out;
}

export function symmetricDifference(a: Ranges, b: Ranges): Ranges {
  return union(difference(a, b), difference(b, a));
}

export function size(a: Ranges): number {
  let n = 0;
  for (const [lo, hi] of a) n += hi - lo + 1;
  return n;
}

export function contains(a: Ranges, cp: number): boolean {
  let lo = 0;
  let hi = a.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = a[mid]!;
    if (cp < r[0]) hi = mid - 1;
    else if (cp > r[1]) lo = mid + 1;
    else return true;
  }
  return false;
}

const propertyCache = new Map<string, Ranges | null>();

/** Classes computed at build time (scripts/build-data.mjs), valid for the Unicode version they were made with. */
export const CLASS_TABLE_FILE = 'classes.json';
let tableLoaded = false;

/** The class table's NFA costs (size.ts), by the very Ranges object the table gave. */
const tableCosts = new WeakMap<Ranges, { f: number; r: number }>();

/** The build-time NFA cost of a class the table gave (size.ts computeClassCost), if `set` is one. */
export function builtClassCost(set: Ranges): { f: number; r: number } | undefined {
  return tableCosts.get(set);
}

function loadClassTable(): void {
  tableLoaded = true;
  try {
    // Loaded as package data through the module loader, like the other JSON tables (no file system in analysis/).
    const t = createRequire(import.meta.url)(`./${CLASS_TABLE_FILE}`) as { unicode?: string; classes?: Record<string, Ranges>; costs?: Record<string, { f: number; r: number }> };
    if (t.unicode !== process.versions.unicode || !t.classes) return;
    for (const [source, ranges] of Object.entries(t.classes)) {
      if (propertyCache.has(source)) continue;
      propertyCache.set(source, ranges);
      const cost = t.costs?.[source];
      if (cost) tableCosts.set(ranges, cost);
    }
  } catch {
    /* no table (running from sources): computed on demand */
  }
}

/**
 * The set of code points matching a JS `\p{...}`-style class source (e.g. "\\p{L}"), or null when JS rejects it.
 * Computing one takes a test per code point (~30–100 ms, a fixed cost of every process and worker that parses an
 * activation pattern), so the classes `\w`, `\d` and `\s` come from a build-time table when its Unicode version
 * is this Node's.
 */
export function jsClassRanges(source: string): Ranges | null {
  if (!tableLoaded) loadClassTable();
  if (propertyCache.has(source)) return propertyCache.get(source)!;
  const out = computeClassRanges(source);
  propertyCache.set(source, out);
  return out;
}

/** jsClassRanges without any cache or table (the build script and its test use it). */
export function computeClassRanges(source: string): Ranges | null {
  let re: RegExp;
  try {
    re = new RegExp(`^${source}$`, 'u');
  } catch {
    return null;
  }
  const out: Ranges = [];
  let start = -1;
  for (let cp = 0; cp <= MAX_CP; cp++) {
    if (cp === 0xd800) {
      if (start >= 0) out.push([start, cp - 1]);
      start = -1;
      cp = 0xdfff;
      continue;
    }
    const hit = re.test(String.fromCodePoint(cp));
    if (hit && start < 0) start = cp;
    else if (!hit && start >= 0) {
      out.push([start, cp - 1]);
      start = -1;
    }
  }
  if (start >= 0) out.push([start, MAX_CP]);
  return out;
}

/** Simple case variants of one code point (approximates Unicode simple case folding). */
const caseVariantCache = new Map<number, number[]>();

export function caseVariants(cp: number): number[] {
  let hit = caseVariantCache.get(cp);
  if (!hit) {
    if (caseVariantCache.size >= 65536) caseVariantCache.clear(); // bounded: patterns fold small sets
    caseVariantCache.set(cp, (hit = caseVariantsOf(cp)));
  }
  return hit;
}

function caseVariantsOf(cp: number): number[] {
  const out = new Set<number>([cp]);
  const s = String.fromCodePoint(cp);
  for (const t of [s.toLowerCase(), s.toUpperCase()]) {
    if ([...t].length === 1) out.add(t.codePointAt(0)!);
  }
  // Folds that toLowerCase/toUpperCase do not give back.
  const extra: Record<number, number[]> = { 0x6b: [0x212a], 0x4b: [0x212a], 0x212a: [0x6b, 0x4b], 0x73: [0x17f], 0x53: [0x17f], 0x17f: [0x73, 0x53], 0xe5: [0x212b], 0xc5: [0x212b], 0x212b: [0xe5, 0xc5] };
  for (const e of extra[cp] ?? []) out.add(e);
  for (const v of [...out]) {
    const t = String.fromCodePoint(v);
    for (const u of [t.toLowerCase(), t.toUpperCase()]) if ([...u].length === 1) out.add(u.codePointAt(0)!);
  }
  return [...out];
}

const foldedCache = new Map<number, Ranges>();

/**
 * caseFold of one code point, shared (callers must not change it): a case-insensitive pattern folds every letter,
 * and the size estimate caches class costs by set identity.
 */
export function foldedCodePoint(cp: number): Ranges {
  let hit = foldedCache.get(cp);
  if (!hit) {
    if (foldedCache.size >= 65536) foldedCache.clear();
    foldedCache.set(cp, (hit = caseFold([[cp, cp]])));
  }
  return hit;
}

/** Add case variants to a set. Large sets (over `limit` code points) are returned as they are: they are case-closed in practice. */
export function caseFold(a: Ranges, limit = 4000): Ranges {
  if (size(a) > limit) return a;
  const add: Ranges = [];
  for (const [lo, hi] of a) for (let cp = lo; cp <= hi; cp++) for (const v of caseVariants(cp)) if (v !== cp) add.push([v, v]);
  return union(a, add);
}
