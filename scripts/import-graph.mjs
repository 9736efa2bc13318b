// The import graph of src/ and rules/ (static `from '...'`, `import '...'` and dynamic `import('...')` of relative
// paths, type-only imports left out: they vanish at run time), and its cycles (strongly connected components).
// Used by test/layers.test.ts; `node scripts/import-graph.mjs` prints the cycles.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir) {
  const out = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts')) out.push(p);
    }
  };
  walk(dir);
  return out;
}

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?[^'";]*?from\s+['"](\.[^'"]+)['"]|(?:^|\n)\s*import\s+['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** Module (repo-relative, .ts) → modules it imports at run time. */
export function importGraph(roots = ['src', 'rules']) {
  const graph = new Map();
  for (const root of roots) {
    for (const file of sources(path.join(REPO, root))) {
      const rel = path.relative(REPO, file).split(path.sep).join('/');
      const text = fs.readFileSync(file, 'utf8');
      const deps = new Set();
      for (const m of text.matchAll(IMPORT)) {
        if (m[2]) continue; // import type / export type
        const spec = m[3] ?? m[4] ?? m[5];
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec)).replace(/\.js$/, '.ts');
        if (target.endsWith('.ts')) deps.add(target);
      }
      graph.set(rel, [...deps].sort());
    }
  }
  return graph;
}

/** Strongly connected components with more than one module (or a self-import): each is an import cycle. */
export function cycles(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(scc.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v);
  return out.sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

// ---------------------------------------------------------------------------------------------------------------
// Layers (ARCHITECTURE.md "Layers"). Each module belongs to one layer; a module imports (at run time) only modules of its own
// layer or of a lower one, as allowed below. Type-only imports are left out, as dependency-cruiser does by default:
// they vanish at run time and describe a contract, not a dependency.

/** Layers bottom-up, and what each may import besides itself. */
export const LAYERS = {
  core: [],
  analysis: ['core'],
  targets: ['core', 'analysis'],
  report: ['core'],
  rules: ['core', 'analysis', 'targets'],
  node: ['core', 'analysis', 'targets', 'rules', 'report'],
  cli: ['core', 'analysis', 'targets', 'rules', 'report', 'node'],
  api: ['core', 'analysis', 'targets', 'rules', 'report', 'node'],
};

/** The layer of a repo-relative module path, or null for files outside the layered tree. */
export function layerOf(file) {
  if (file === 'src/index.ts' || file === 'src/testing.ts') return 'api';
  if (file === 'rules/index.ts') return 'registry';
  const m = /^src\/(core|analysis|targets|report|node|cli)\//.exec(file);
  if (m) return m[1];
  if (file.startsWith('rules/')) return 'rules';
  return null;
}

/** Node built-ins and packages a layer must not import (core stays pure: it runs with no file system). */
export const FORBIDDEN_EXTERNAL = {
  core: ['node:fs', 'node:fs/promises', 'node:worker_threads', 'node:child_process', 'node:os', 'commander'],
  analysis: ['node:fs', 'node:fs/promises', 'node:worker_threads', 'node:child_process', 'commander'],
  targets: ['node:fs', 'node:fs/promises', 'node:worker_threads', 'node:child_process', 'commander'],
  rules: ['node:fs', 'node:fs/promises', 'node:worker_threads', 'node:child_process', 'commander'],
  report: ['node:fs', 'node:fs/promises', 'node:worker_threads', 'node:child_process', 'commander'],
  node: ['commander'],
};

const EXTERNAL = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?from\s+)?['"]([^.'"][^'"]*)['"]|\bimport\(\s*['"]([^.'"][^'"]*)['"]\s*\)/g;

/** Module → the packages and built-ins it imports at run time. */
export function externalImports(roots = ['src', 'rules']) {
  const out = new Map();
  for (const root of roots) {
    for (const file of sources(path.join(REPO, root))) {
      const rel = path.relative(REPO, file).split(path.sep).join('/');
      const deps = new Set();
      for (const m of fs.readFileSync(file, 'utf8').matchAll(EXTERNAL)) {
        if (m[1]) continue;
        const spec = m[2] ?? m[3];
        deps.add(spec.startsWith('node:') ? spec : spec.split('/')[0].startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
      }
      out.set(rel, [...deps].sort());
    }
  }
  return out;
}

/** Every import that breaks the layer rules, as "from -> to (why)", sorted. */
export function layerViolations(graph, externals = new Map()) {
  const out = [];
  for (const [from, deps] of graph) {
    const lf = layerOf(from);
    if (lf === null) continue;
    for (const to of deps) {
      const lt = layerOf(to);
      if (lt === null || lt === lf) continue;
      if (lt === 'registry') {
        if (!['node', 'cli', 'api'].includes(lf)) out.push(`${from} -> ${to} (only node/, cli/ and the package API load the rule registry)`);
        continue;
      }
      if (lf === 'registry') {
        if (lt !== 'rules') out.push(`${from} -> ${to} (the registry only lists rules)`);
        continue;
      }
      if (!LAYERS[lf].includes(lt)) out.push(`${from} -> ${to} (${lf} may not import ${lt})`);
    }
  }
  for (const [from, deps] of externals) {
    const lf = layerOf(from);
    for (const d of deps) if ((FORBIDDEN_EXTERNAL[lf] ?? []).includes(d)) out.push(`${from} -> ${d} (${lf} may not use ${d})`);
  }
  return out.sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const graph = importGraph();
  const found = cycles(graph);
  for (const c of found) console.log(c.join(' <-> '));
  console.log(`${found.length} cycle(s)`);
  const bad = layerViolations(graph, externalImports());
  for (const v of bad) console.log(v);
  console.log(`${bad.length} layer violation(s)`);
}
