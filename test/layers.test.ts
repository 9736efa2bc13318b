// Layers and import cycles (ARCHITECTURE.md). Import cycles: none may appear. The graph is read from the sources
// (scripts/import-graph.mjs), type-only and dynamic imports included: a cycle through a lazy import or a type is
// still two modules that cannot be understood apart.

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

  it('counts type-only imports: a contract in the wrong layer is a dependency too', () => {
    const graph = (importGraph as (r?: string[], o?: { runtimeOnly?: boolean }) => Graph)();
    // core/rule.ts names the I/O contracts with `import type` only.
    expect(graph.get('src/core/rule.ts')).toContain('src/core/contracts.ts');
    const runtime = (importGraph as (r?: string[], o?: { runtimeOnly?: boolean }) => Graph)(['src', 'rules'], { runtimeOnly: true });
    expect(runtime.get('src/core/rule.ts')).not.toContain('src/core/contracts.ts');
  });

  it('has no import cycle in src/ and rules/ beyond the known ones', () => {
    const graph = (importGraph as () => Graph)();
    expect(graph.size).toBeGreaterThan(50);
    expect(graph.get('src/node/lint.ts')).toContain('src/engine/check.ts');
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
      'src/targets/names.ts -> rules/index.ts (only engine/, node/, cli/ and the package API load the rule registry)',
    ]);
  });

  /** The modules a module reaches at run time, itself included, and the built-ins and packages they import. */
  function reach(from: string): { modules: Set<string>; externals: Set<string> } {
    const graph = (importGraph as (r?: string[], o?: { runtimeOnly?: boolean }) => Graph)(['src', 'rules'], { runtimeOnly: true });
    const ext = (externalImports as () => Map<string, string[]>)();
    const modules = new Set<string>([from]);
    for (const m of modules) for (const d of graph.get(m) ?? []) modules.add(d);
    return { modules, externals: new Set([...modules].flatMap((m) => ext.get(m) ?? [])) };
  }
  const IO = ['node:fs', 'node:fs/promises', 'node:worker_threads', 'node:child_process'];

  it("keeps verify()'s import graph free of the file system, workers and processes (the seam an editor or a browser runs)", () => {
    const lint = reach('src/node/lint.ts');
    // The check can fail: lint() reaches the file system and the workers.
    expect([...lint.externals].filter((e) => IO.includes(e))).toEqual(expect.arrayContaining(['node:fs', 'node:worker_threads']));
    for (const entry of ['src/engine/verify.ts', 'src/engine/check.ts', 'src/engine/suppress.ts']) {
      const r = reach(entry);
      expect([...r.modules].filter((m) => m.startsWith('src/node/') || m.startsWith('src/cli/')), entry).toEqual([]);
      expect([...r.externals].filter((e) => IO.includes(e)), entry).toEqual([]);
    }
  });

  it('holds in src/ and rules/', () => {
    expect(violations((importGraph as () => Graph)(), (externalImports as () => Map<string, string[]>)())).toEqual([]);
  });
});
