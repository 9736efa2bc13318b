// Layers and import cycles (ARCHITECTURE.md "Layers"). Import cycles: none may appear. The graph is read from the sources (scripts/import-graph.mjs), dynamic
// imports included: a cycle through a lazy import is still two modules that cannot be understood apart.

import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script, no types
import { cycles, externalImports, importGraph, layerOf, layerViolations } from '../scripts/import-graph.mjs';

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
    expect(graph.get('src/node/lint.ts')).toContain('src/node/check.ts');
    expect(find(graph)).toEqual(KNOWN);
  });
});

describe('layers', () => {
  const violations = layerViolations as (g: Graph, e?: Map<string, string[]>) => string[];
  const layer = layerOf as (f: string) => string | null;

  it('puts every source module in a layer', () => {
    const graph = (importGraph as () => Graph)();
    expect([...graph.keys()].filter((f) => layer(f) === null)).toEqual([]);
    expect(layer('src/core/parse.ts')).toBe('core');
    expect(layer('rules/name.ts')).toBe('rules');
    expect(layer('rules/index.ts')).toBe('registry');
    expect(layer('src/cli/main.ts')).toBe('cli');
  });

  it('fails on a planted violation: upward imports, the registry outside node/cli, the file system in core', () => {
    const planted: Graph = new Map([
      ['src/core/parse.ts', ['src/node/read.ts']],
      ['src/analysis/packs.ts', ['src/core/text.ts']],
      ['rules/name.ts', ['src/cli/main.ts', 'src/targets/profiles.ts']],
      ['src/targets/names.ts', ['rules/index.ts']],
      ['src/report/json.ts', ['src/node/lint.ts']],
      ['src/node/lint.ts', ['rules/index.ts', 'src/report/json.ts']],
    ]);
    expect(violations(planted, new Map([['src/core/text.ts', ['node:fs', 'yaml']], ['src/node/read.ts', ['node:fs']]]))).toEqual([
      'rules/name.ts -> src/cli/main.ts (rules may not import cli)',
      'src/core/parse.ts -> src/node/read.ts (core may not import node)',
      'src/core/text.ts -> node:fs (core may not use node:fs)',
      'src/report/json.ts -> src/node/lint.ts (report may not import node)',
      'src/targets/names.ts -> rules/index.ts (only node/, cli/ and the package API load the rule registry)',
    ]);
  });

  it('holds in src/ and rules/', () => {
    expect(violations((importGraph as () => Graph)(), (externalImports as () => Map<string, string[]>)())).toEqual([]);
  });
});
