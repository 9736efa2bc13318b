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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = cycles(importGraph());
  for (const c of found) console.log(c.join(' <-> '));
  console.log(`${found.length} cycle(s)`);
}
