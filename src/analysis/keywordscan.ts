// Multi-keyword search in one pass: an Aho-Corasick automaton over the characters the keywords use, as flat typed
// arrays (one class look-up and one transition per character of the text, no allocation until a keyword is found).
// Used by the pack keyword index (src/analysis/packs.ts): every pack keyword, and the payload triggers of
// src/analysis/decode.ts, found in the same pass over a text.

/** An automaton for a fixed list of literals (matched exactly, code unit by code unit: lowercase the text first for
 *  a case-insensitive search). */
export interface KeywordScanner {
  readonly keywords: readonly string[];
  /** Code unit → character class (0: in no keyword). */
  readonly cls: Uint8Array | Uint16Array;
  /** Classes, including 0. */
  readonly width: number;
  /** state * width + class → next state * width, bitwise negated (~) when some keyword ends at the next state. */
  readonly delta: Int32Array;
  /** Keywords ending at each state: indices outIdx[outStart[s] .. outStart[s + 1]). */
  readonly outStart: Int32Array;
  readonly outIdx: Int32Array;
  /** Some keyword holds a newline or is empty: scanned by the plain search instead (never so in the packs). */
  readonly plain: boolean;
  /** A text can be scanned as written, folded by the class tables (no keyword holds a surrogate, σ or ς: the code
   *  units whose lowercase depends on their neighbours); else scan the text lowercased. */
  readonly foldable: boolean;
  /** Built at the first folded scan: class of each code unit's lowercase (String#toLowerCase, one unit at a time),
   *  and of its ASCII-only lowercase. */
  fold: { full: Uint8Array | Uint16Array; ascii: Uint8Array | Uint16Array } | null;
}

/** How the text given to scanKeywords is to be read: as is (already lowercased), lowercased as String#toLowerCase
 *  does (the text has no U+0130, the one character whose lowercase is longer), or with A–Z lowercased only. */
export type Fold = 'none' | 'full' | 'ascii';

let lowerUnits: Uint16Array | null = null;

/** Each code unit's lowercase when it is one code unit, else itself (U+0130 only). Built 256 code units at a time
 *  (one toLowerCase per block, not per unit: 6 ms of every run's start-up before): a block is the units' own
 *  lowercases wherever its lowercase keeps its length. No block can pair surrogates (high and low surrogates lie in
 *  different blocks), and the one context rule of toLowerCase, final sigma, does not fire for U+03A3 followed by
 *  U+03A4; test/keywordscan.property.test.ts compares every unit with its lowercase alone. */
export function lowerUnitTable(): Uint16Array {
  if (!lowerUnits) {
    const table = new Uint16Array(65536);
    const block: number[] = new Array<number>(256);
    for (let base = 0; base < 65536; base += 256) {
      for (let i = 0; i < 256; i++) block[i] = base + i;
      const lower = String.fromCharCode(...block).toLowerCase();
      if (lower.length === 256) {
        for (let i = 0; i < 256; i++) table[base + i] = lower.charCodeAt(i);
      } else {
        for (let u = base; u < base + 256; u++) {
          const l = String.fromCharCode(u).toLowerCase();
          table[u] = l.length === 1 ? l.charCodeAt(0) : u;
        }
      }
    }
    lowerUnits = table;
  }
  return lowerUnits;
}

function foldTables(sc: KeywordScanner): NonNullable<KeywordScanner['fold']> {
  if (sc.fold) return sc.fold;
  const lower = lowerUnitTable();
  const full = sc.cls instanceof Uint8Array ? new Uint8Array(65536) : new Uint16Array(65536);
  const ascii = sc.cls instanceof Uint8Array ? new Uint8Array(65536) : new Uint16Array(65536);
  for (let u = 0; u < 65536; u++) {
    full[u] = sc.cls[lower[u]!]!;
    ascii[u] = sc.cls[u >= 0x41 && u <= 0x5a ? u + 32 : u]!;
  }
  return (sc.fold = { full, ascii });
}

export function keywordScanner(keywords: readonly string[]): KeywordScanner {
  const plain = keywords.some((k) => k.length === 0 || k.includes('\n'));
  // Character classes: 1.. for each code unit some keyword uses.
  const classOf = new Map<number, number>();
  for (const k of keywords) for (let i = 0; i < k.length; i++) if (!classOf.has(k.charCodeAt(i))) classOf.set(k.charCodeAt(i), classOf.size + 1);
  const width = classOf.size + 1;
  const cls = width <= 256 ? new Uint8Array(65536) : new Uint16Array(65536);
  for (const [u, c] of classOf) cls[u] = c;
  // The trie, as goto lists while building.
  const go: Map<number, number>[] = [new Map()];
  const ends: number[][] = [[]];
  if (!plain) {
    keywords.forEach((k, ki) => {
      let s = 0;
      for (let i = 0; i < k.length; i++) {
        const c = classOf.get(k.charCodeAt(i))!;
        let n = go[s]!.get(c);
        if (n === undefined) {
          n = go.length;
          go.push(new Map());
          ends.push([]);
          go[s]!.set(c, n);
        }
        s = n;
      }
      ends[s]!.push(ki);
    });
  }
  const states = go.length;
  const delta = new Int32Array(states * width);
  const fail = new Int32Array(states);
  const out: number[][] = ends.map((e) => e.slice());
  // Breadth first: a state's failure state is shallower, so its transitions and outputs are complete.
  const queue: number[] = [];
  for (const [c, n] of go[0]!) {
    delta[c] = n;
    queue.push(n);
  }
  for (let q = 0; q < queue.length; q++) {
    const s = queue[q]!;
    const f = fail[s]!;
    out[s]!.push(...out[f]!);
    for (let c = 1; c < width; c++) {
      const n = go[s]!.get(c);
      if (n === undefined) delta[s * width + c] = delta[f * width + c]!;
      else {
        delta[s * width + c] = n;
        fail[n] = delta[f * width + c]!;
        queue.push(n);
      }
    }
  }
  // Premultiplied targets, negated where a keyword ends: the scan loop needs no multiply and no output look-up.
  for (let i = 0; i < delta.length; i++) {
    const n = delta[i]!;
    delta[i] = out[n]!.length > 0 ? ~(n * width) : n * width;
  }
  const outStart = new Int32Array(states + 1);
  for (let s = 0; s < states; s++) outStart[s + 1] = outStart[s]! + out[s]!.length;
  const outIdx = new Int32Array(outStart[states]!);
  for (let s = 0; s < states; s++) outIdx.set(out[s]!, outStart[s]!);
  const foldable = !keywords.some((k) => /[\ud800-\udfff\u03c2\u03c3]/.test(k));
  return { keywords, cls, width, delta, outStart, outIdx, plain, foldable, fold: null };
}

/**
 * The start offsets of the lines of `text` holding each keyword, ascending, without repeats: `lines[i]` for
 * keywords[i], undefined when it does not occur. Only keywords with `want[i] !== 0` are recorded (all when null).
 */
export function scanKeywords(sc: KeywordScanner, text: string, want: Uint8Array | null, fold: Fold = 'none'): (number[] | undefined)[] {
  const lines: (number[] | undefined)[] = new Array(sc.keywords.length);
  if (fold !== 'none' && (sc.plain || !sc.foldable)) text = fold === 'full' ? text.toLowerCase() : text.replace(/[A-Z]+/g, (m) => m.toLowerCase());
  if (sc.plain) {
    sc.keywords.forEach((k, ki) => {
      if (want !== null && want[ki] === 0) return;
      for (let at = k.length === 0 ? -1 : text.indexOf(k); at !== -1; at = text.indexOf(k, at + 1)) {
        const ls = text.lastIndexOf('\n', at - 1) + 1;
        const arr = lines[ki];
        if (arr === undefined) lines[ki] = [ls];
        else if (arr[arr.length - 1] !== ls) arr.push(ls);
      }
    });
    return lines;
  }
  const { width, delta, outStart, outIdx } = sc;
  const cls = fold === 'none' || !sc.foldable ? sc.cls : fold === 'full' ? foldTables(sc).full : foldTables(sc).ascii;
  const len = text.length;
  let s = 0;
  let ls = 0;
  for (let i = 0; i < len; i++) {
    const c = text.charCodeAt(i);
    const k = cls[c]!;
    if (k === 0) {
      // A character no keyword holds (a newline among them): back to the root.
      s = 0;
      if (c === 10) ls = i + 1;
      continue;
    }
    const n = delta[s + k]!;
    if (n >= 0) {
      s = n;
      continue;
    }
    s = ~n;
    const at = s / width;
    const oe = outStart[at + 1]!;
    for (let j = outStart[at]!; j < oe; j++) {
      const ki = outIdx[j]!;
      if (want !== null && want[ki] === 0) continue;
      const arr = lines[ki];
      if (arr === undefined) lines[ki] = [ls];
      else if (arr[arr.length - 1] !== ls) arr.push(ls);
    }
  }
  return lines;
}
