// Import cycles: none may appear (issue 14). The graph is read from the sources (scripts/import-graph.mjs), dynamic
// imports included: a cycle through a lazy import is still two modules that cannot be understood apart.

import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script, no types
import { cycles, importGraph } from '../scripts/import-graph.mjs';

type Graph = Map<string, string[]>;
const find = cycles as (g: Graph) => string[][];

/** Cycles still to break, each listed whole. None is left: keep it so. */
const KNOWN: string[][] = [];

describe('import graph', () => {
  it('finds a planted cycle, direct or through a lazy import, and none in a tree', () => {
    expect(find(new Map([['a.ts', ['b.ts']], ['b.ts', ['c.ts']], ['c.ts', ['a.ts']], ['d.ts', ['a.ts']]]))).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(find(new Map([['a.ts', ['a.ts']]]))).toEqual([['a.ts']]);
    expect(find(new Map([['a.ts', ['b.ts', 'c.ts']], ['b.ts', ['c.ts']], ['c.ts', []]]))).toEqual([]);
  });

  it('has no import cycle in src/ and rules/ beyond the known ones', () => {
    const graph = (importGraph as () => Graph)();
    expect(graph.size).toBeGreaterThan(50);
    expect(graph.get('src/lint.ts')).toContain('src/check.ts');
    expect(find(graph)).toEqual(KNOWN);
  });
});
