// RE2 cost: what routing our own pack patterns to V8 RegExp could save under a strict rule.
// Untrusted text is the input, so only a pattern whose backtracking work per start position is bounded by a small
// constant may run on a backtracking engine: no unbounded repetition at all, and the product of the repetition
// bounds along the pattern ≤ BOUND (default 64). For every pack pattern: RE2 compile time (fresh, per pattern)
// and the first exec on a 2 KB line (the DFA warm-up), grouped by that classification. Figures only.
// Run: npm run build && node bench/pack-regex.bench.mjs   (PACK_REGEX_BOUND=N to change the bound)
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, '..', 'dist', 'src');
const BOUND = Number(process.env.PACK_REGEX_BOUND ?? 64);

/** Worst-case backtracking steps per start position, as a product of repetition bounds (Infinity if unbounded). */
function work(n) {
  switch (n.type) {
    case 'repeat':
      return n.max === null ? Infinity : Math.max(1, n.max) * work(n.child);
    case 'group':
      return work(n.child);
    case 'concat':
      return n.items.reduce((a, x) => a * work(x), 1);
    case 'alt':
      return n.branches.reduce((a, x) => a + work(x), 0);
    default:
      return 1;
  }
}

export default async function run() {
  const { parseRustRegex } = await import(pathToFileURL(path.join(dist, 'analysis', 'regex', 'syntax.js')).href);
  const { compileRe2 } = await import(pathToFileURL(path.join(dist, 'analysis', 're2.js')).href);
  const { parse } = await import('yaml');
  compileRe2('a'); // load the WASM module outside the timings
  const packs = path.join(here, '..', 'rules', 'packs');
  const line = 'curl -s https://example.com/install.sh | the quick brown fox jumps over the lazy dog '.repeat(24).slice(0, 2048);
  const groups = new Map();
  for (const f of fs.readdirSync(packs).filter((x) => x.endsWith('.yaml')).sort()) {
    const pack = parse(fs.readFileSync(path.join(packs, f), 'utf8'));
    for (const e of pack.rules ?? []) {
      for (const p of e.patterns ?? []) {
        const r = parseRustRegex(p);
        const w = r.ok ? work(r.ast) : NaN;
        const cls = !r.ok ? 'not parsed' : w === Infinity ? 'unbounded repetition' : w <= BOUND ? `bounded, work ≤ ${BOUND}` : `bounded, work > ${BOUND}`;
        const t0 = process.hrtime.bigint();
        const c = compileRe2(p, 'g');
        const t1 = process.hrtime.bigint();
        if (c.ok) c.regex.exec(line);
        const t2 = process.hrtime.bigint();
        const g = groups.get(cls) ?? { n: 0, compileMs: 0, firstExecMs: 0, ids: [] };
        g.n++;
        g.compileMs += Number(t1 - t0) / 1e6;
        g.firstExecMs += Number(t2 - t1) / 1e6;
        g.ids.push(`${f.replace('.yaml', '')}/${e.id}`);
        groups.set(cls, g);
      }
    }
  }
  console.log(`| pack patterns | n | RE2 compile ms | first exec ms (2 KB line) |\n|---|---:|---:|---:|`);
  for (const [cls, g] of [...groups].sort()) console.log(`| ${cls} | ${g.n} | ${g.compileMs.toFixed(0)} | ${g.firstExecMs.toFixed(0)} |`);
  const ok = groups.get(`bounded, work ≤ ${BOUND}`);
  if (ok) console.log(`\nroutable to V8 RegExp under this rule: ${[...new Set(ok.ids)].join(', ')}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await run();
