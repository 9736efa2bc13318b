// ReDoS analysis for hosts that run activation patterns on a backtracking engine (JavaScript RegExp, PCRE,
// Python re). Two opinions: safe-regex2 (star height, on a JavaScript translation of the pattern) and an
// exponential-ambiguity (EDA) check on the pattern's NFA, which also catches overlapping alternatives such as
// (a|a)* and (a|aa)+ that star height misses, and clears nested repetitions that cannot be split ((ab+)*).

import { intersect, type Ranges } from './charset.js';
import { loadSafeRegexModules, type SafeRegex } from './saferegex.js';
import type { Node, Span } from './syntax.js';

export interface RedosResult {
  /** safe-regex2's verdict on the translated pattern: true safe, false unsafe, null could not parse it. */
  safeRegex2: boolean | null;
  /** The JavaScript source given to safe-regex2. */
  jsShape: string;
  /** Own analysis: 'eda' found, 'none' found, 'skipped' (pattern too large to analyse). */
  ambiguity: 'eda' | 'none' | 'skipped';
  /** nested: a repetition inside a repetition can split the same input; overlap: alternatives or adjacent parts overlap. */
  kind?: 'nested' | 'overlap';
  /** The repetition responsible (span in the pattern). */
  at?: Span;
}

let safeRegex: SafeRegex | null = null;
let retParse: ((s: string) => unknown) | null = null;

function loadSafeRegex(): { safe: SafeRegex; parse: (s: string) => unknown } {
  if (!safeRegex || !retParse) {
    ({ safe: safeRegex, parse: retParse } = loadSafeRegexModules());
  }
  return { safe: safeRegex, parse: retParse };
}

function shapeChar(cp: number): string {
  const c = String.fromCodePoint(cp);
  if (/[A-Za-z0-9 ]/.test(c)) return c;
  if (cp < 0x80) return `\\x${cp.toString(16).padStart(2, '0')}`;
  return 'x';
}

/** A JavaScript pattern with the same structure (repetitions, groups, alternation), classes reduced to stand-ins. */
export function jsShape(n: Node): string {
  switch (n.type) {
    case 'empty':
      return '';
    case 'literal':
      return shapeChar(n.cp);
    case 'class':
      return '[a-z]';
    case 'look':
      return n.kind === 'start' || n.kind === 'startLine' ? '^' : n.kind === 'end' || n.kind === 'endLine' ? '$' : n.kind === 'notWordBoundary' ? '\\B' : '\\b';
    case 'group':
      return `(?:${jsShape(n.child)})`;
    case 'concat':
      return n.items.map(jsShape).join('');
    case 'alt':
      return `(?:${n.branches.map(jsShape).join('|')})`;
    case 'repeat': {
      const c = `(?:${jsShape(n.child)})`;
      if (n.max === null) return n.min === 0 ? `${c}*` : n.min === 1 ? `${c}+` : `${c}{${n.min},}`;
      return n.min === 0 && n.max === 1 ? `${c}?` : n.min === n.max ? `${c}{${n.min}}` : `${c}{${n.min},${n.max}}`;
    }
  }
}

// ---- Thompson NFA with epsilon edges, then epsilon removal counting distinct epsilon paths ----

interface CharEdge {
  from: number;
  to: number;
  set: Ranges;
  /** Unbounded repetitions enclosing this character, outermost first. */
  loops: Node[];
}

const MAX_STATES = 2000;
const MAX_POSITIONS = 300;

class TooBig extends Error {}

function buildNfa(ast: Node) {
  let n = 0;
  const eps: number[][] = [];
  const chars: CharEdge[] = [];
  const state = () => {
    if (n >= MAX_STATES) throw new TooBig();
    eps.push([]);
    return n++;
  };
  const e = (a: number, b: number) => eps[a]!.push(b);
  const loops: Node[] = [];
  const go = (node: Node, s: number, t: number): void => {
    switch (node.type) {
      case 'empty':
      case 'look':
        e(s, t);
        return;
      case 'literal':
        chars.push({ from: s, to: t, set: [[node.cp, node.cp]], loops: [...loops] });
        return;
      case 'class':
        chars.push({ from: s, to: t, set: node.set, loops: [...loops] });
        return;
      case 'group':
        go(node.child, s, t);
        return;
      case 'concat': {
        let cur = s;
        node.items.forEach((it, i) => {
          const next = i === node.items.length - 1 ? t : state();
          go(it, cur, next);
          cur = next;
        });
        if (node.items.length === 0) e(s, t);
        return;
      }
      case 'alt':
        for (const b of node.branches) {
          const bs = state();
          const bt = state();
          e(s, bs);
          go(b, bs, bt);
          e(bt, t);
        }
        return;
      case 'repeat': {
        let cur = s;
        for (let k = 0; k < node.min; k++) {
          const next = state();
          const xs = state();
          e(cur, xs);
          go(node.child, xs, next);
          cur = next;
        }
        if (node.max === null) {
          // Star: h -> x -> h, h -> t.
          const h = state();
          e(cur, h);
          const xs = state();
          const xe = state();
          e(h, xs);
          loops.push(node);
          go(node.child, xs, xe);
          loops.pop();
          e(xe, h);
          e(h, t);
        } else {
          for (let k = node.min; k < node.max; k++) {
            const xs = state();
            const xe = state();
            e(cur, xs);
            e(cur, t);
            go(node.child, xs, xe);
            cur = xe;
          }
          e(cur, t);
        }
        return;
      }
    }
  };
  const start = state();
  const end = state();
  go(ast, start, end);
  return { n, eps, chars, start };
}

/** Whether an unbounded repetition repeats anything other than one literal or class (through plain groups). */
export function hasCompoundLoop(ast: Node): boolean {
  const stack: Node[] = [ast];
  while (stack.length > 0) {
    const node = stack.pop()!;
    switch (node.type) {
      case 'group':
        stack.push(node.child);
        break;
      case 'concat':
        stack.push(...node.items);
        break;
      case 'alt':
        stack.push(...node.branches);
        break;
      case 'repeat': {
        if (node.max === null) {
          let c: Node = node.child;
          while (c.type === 'group' || (c.type === 'concat' && c.items.length === 1)) c = c.type === 'group' ? c.child : c.items[0]!;
          if (c.type !== 'literal' && c.type !== 'class') return true;
        }
        stack.push(node.child);
        break;
      }
      default:
        break;
    }
  }
  return false;
}

/** Tarjan SCC ids over an adjacency list. */
function scc(n: number, adj: (v: number) => Iterable<number>): Int32Array {
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const comp = new Int32Array(n).fill(-1);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  let idx = 0;
  let c = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    // Iterative DFS.
    const work: { v: number; it: Iterator<number> }[] = [];
    const push = (v: number) => {
      index[v] = low[v] = idx++;
      stack.push(v);
      onStack[v] = 1;
      work.push({ v, it: adj(v)[Symbol.iterator]() });
    };
    push(root);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const nx = top.it.next();
      if (!nx.done) {
        const w = nx.value;
        if (index[w] === -1) push(w);
        else if (onStack[w]) low[top.v] = Math.min(low[top.v]!, index[w]!);
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]!.v;
        low[parent] = Math.min(low[parent]!, low[top.v]!);
      }
      if (low[top.v] === index[top.v]) {
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = 0;
          comp[w] = c;
        } while (w !== top.v);
        c++;
      }
    }
  }
  return comp;
}

/** Exponential degree of ambiguity of the pattern's NFA (what makes a backtracking engine blow up). */
export function findAmbiguity(ast: Node, opts: { shortcut?: boolean } = {}): { kind: 'nested' | 'overlap'; at: Span | null } | null | 'skipped' {
  // Shortcut (most real patterns: \s+, \w+, .*): when every unbounded repetition repeats a single character or
  // class, each NFA cycle is a self-loop on one position, so the product automaton has no off-diagonal pair in a
  // diagonal pair's component and no parallel edge lies on a cycle: no exponential ambiguity, without building
  // the P² product. test/redos-shortcut.test.ts checks it against the full analysis.
  if (opts.shortcut !== false && !hasCompoundLoop(ast)) return null;
  let nfa: ReturnType<typeof buildNfa>;
  try {
    nfa = buildNfa(ast);
  } catch (e) {
    if (e instanceof TooBig) return 'skipped';
    throw e;
  }
  if (nfa.chars.length > MAX_POSITIONS) return 'skipped';
  const { n, eps, chars, start } = nfa;
  // Epsilon SCCs: a state on an epsilon cycle gives infinitely many epsilon paths.
  const ecomp = scc(n, (v) => eps[v]!);
  const compSize = new Map<number, number>();
  for (let v = 0; v < n; v++) compSize.set(ecomp[v]!, (compSize.get(ecomp[v]!) ?? 0) + 1);
  const selfLoop = (v: number) => eps[v]!.includes(v);
  const charsFrom = new Map<number, CharEdge[]>();
  for (const c of chars) {
    const l = charsFrom.get(c.from) ?? [];
    l.push(c);
    charsFrom.set(c.from, l);
  }
  // Positions of the epsilon-free NFA: the start and every character edge (identified by its index).
  // closure(v): states reachable by epsilon paths from v with the number of distinct paths, capped at 2.
  const closure = (v0: number): Map<number, number> => {
    const counts = new Map<number, number>();
    // Count paths with a DFS over the epsilon DAG; any epsilon cycle on the way counts as many paths.
    const order: number[] = [];
    const seen = new Set<number>();
    const visit = (v: number) => {
      const st: [number, number][] = [[v, 0]];
      seen.add(v);
      while (st.length) {
        const top = st[st.length - 1]!;
        const list = eps[top[0]]!;
        if (top[1] < list.length) {
          const w = list[top[1]++]!;
          if (!seen.has(w)) {
            seen.add(w);
            st.push([w, 0]);
          }
        } else {
          order.push(top[0]);
          st.pop();
        }
      }
    };
    visit(v0);
    order.reverse(); // topological order when acyclic
    counts.set(v0, 1);
    for (const v of order) {
      const c = counts.get(v) ?? 0;
      if (c === 0) continue;
      const cyclic = (compSize.get(ecomp[v]!) ?? 1) > 1 || selfLoop(v);
      for (const w of eps[v]!) {
        if (ecomp[w] === ecomp[v] && !cyclic) continue;
        const add = cyclic ? 2 : c;
        counts.set(w, Math.min(2, (counts.get(w) ?? 0) + add));
      }
    }
    return counts;
  };
  // Epsilon-free edges between positions: position p (char edge index, or -1 for start) -> char edge q.
  const P = chars.length;
  const succ: { to: number; mult: number }[][] = [];
  const fromState = (st: number) => {
    const out: { to: number; mult: number }[] = [];
    for (const [v, c] of closure(st)) for (const ce of charsFrom.get(v) ?? []) out.push({ to: chars.indexOf(ce), mult: c });
    return out;
  };
  for (let p = 0; p < P; p++) succ.push(fromState(chars[p]!.to));
  // (1) A parallel edge (two epsilon paths) inside a cycle: nested repetition splitting the same input.
  const pcomp = scc(P, (p) => succ[p]!.map((x) => x.to));
  for (let p = 0; p < P; p++) {
    for (const { to, mult } of succ[p]!) {
      if (mult >= 2 && pcomp[to] === pcomp[p]) return { kind: 'nested', at: outermostLoop(chars[p]!, chars[to]!) };
    }
  }
  // (2) Product automaton: a diagonal pair and an off-diagonal pair in one SCC.
  const id = (a: number, b: number) => a * P + b;
  const inter = new Map<number, boolean>();
  const overlaps = (a: number, b: number) => {
    const k = a < b ? id(a, b) : id(b, a);
    let r = inter.get(k);
    if (r === undefined) {
      r = a === b || intersect(chars[a]!.set, chars[b]!.set).length > 0;
      inter.set(k, r);
    }
    return r;
  };
  const pairAdj = function* (v: number): Iterable<number> {
    const a = Math.floor(v / P);
    const b = v % P;
    for (const x of succ[a]!) for (const y of succ[b]!) if (overlaps(x.to, y.to)) yield id(x.to, y.to);
  };
  if (P * P > 200_000) return 'skipped';
  const comp = scc(P * P, pairAdj);
  const diag = new Map<number, number>();
  for (let p = 0; p < P; p++) diag.set(comp[id(p, p)]!, p);
  for (let a = 0; a < P; a++) {
    for (let b = 0; b < P; b++) {
      if (a === b || !overlaps(a, b)) continue;
      const d = diag.get(comp[id(a, b)]!);
      if (d !== undefined) {
        // Make sure the component is a real cycle (it holds two states, so it is).
        return { kind: 'overlap', at: outermostLoop(chars[a]!, chars[b]!) };
      }
    }
  }
  return null;
}

function outermostLoop(a: CharEdge, b: CharEdge): Span | null {
  const shared = a.loops.find((l) => b.loops.includes(l));
  const l = shared ?? a.loops[0] ?? b.loops[0];
  return l ? { start: l.start, end: l.end } : null;
}

/** Results by AST: analyzePattern remembers its analyses, so a pattern repeated across skills brings the same AST. */
const redosMemo = new WeakMap<Node, RedosResult>();

export function analyzeRedos(ast: Node): RedosResult {
  let hit = redosMemo.get(ast);
  if (hit === undefined) redosMemo.set(ast, (hit = Object.freeze(analyzeRedosUncached(ast))));
  return hit;
}

function analyzeRedosUncached(ast: Node): RedosResult {
  const shape = jsShape(ast);
  const { safe, parse } = loadSafeRegex();
  let sr: boolean | null;
  try {
    parse(shape);
    sr = safe(shape, { limit: Number.MAX_SAFE_INTEGER });
  } catch {
    sr = null;
  }
  const amb = findAmbiguity(ast);
  if (amb === 'skipped') return { safeRegex2: sr, jsShape: shape, ambiguity: 'skipped' };
  if (amb === null) return { safeRegex2: sr, jsShape: shape, ambiguity: 'none' };
  return { safeRegex2: sr, jsShape: shape, ambiguity: 'eda', kind: amb.kind, ...(amb.at ? { at: amb.at } : {}) };
}
