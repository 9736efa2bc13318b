// No super-linear path: each pathological input is checked at sizes n, 2n (and 4n, 8n for the hostile-line inputs)
// in-process from dist/, median of 3. A ratio near 2 per doubling is linear; near 4 is quadratic.
// Env: SCALING_N (multiplier, default 1), SCALING_ONLY (substring of the input names), SCALING_DIST (another
// build's dist/src, e.g. to measure the code before a change).

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median } from './measure.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = process.env.SCALING_DIST ? path.resolve(process.env.SCALING_DIST) : path.join(here, '..', 'dist', 'src');
const K = Number(process.env.SCALING_N ?? 1);

const fm = '---\nname: s\ndescription: Scaling probe.\n---\n';
/** name, base size n, builder(n) → SKILL.md content (or 'files'), doublings (default 1: n and 2n) */
const CASES = [
  // Inputs that were quadratic on one file of 32–64 KB (rule reference; rule hidden-unicode).
  ['`[` × n on a line (reference)', 8_000, (n) => `${fm}${'['.repeat(n)}\n`, 3],
  ['references/a/a/… path of n bytes', 7_000, (n) => `${fm}See references/${'a/'.repeat(n / 2)}x.md\n`, 3],
  ['U+202E × n on a line (hidden-unicode)', 2_500, (n) => `${fm}${'\u202e'.repeat(n)}\n`, 3],
  ['`[a](` × n on a line (reference)', 8_000, (n) => `${fm}${'[a]('.repeat(n)}\n`, 3],
  ['broken links × n (grouped findings)', 2_000, (n) => fm + Array.from({ length: n }, (_, i) => `[x](missing-${i}.md)`).join('\n'), 3],
  ['links in the body', 50_000, (n) => fm + Array.from({ length: n }, (_, i) => `See [link ${i}](https://example.com/${i}) and [ref](references/r${i}.md).`).join('\n')],
  ['`[` on one line', 40_000, (n) => `${fm}${'['.repeat(n)}\n`],
  ['`[`/`]`/`(` mixed', 40_000, (n) => `${fm}${'[a]('.repeat(n)}\n`],
  ['backticks and `<`', 40_000, (n) => `${fm}${'`<'.repeat(n)}\n`],
  ['a single long line (bytes)', 512 * 1024, (n) => `${fm}${'word '.repeat(n / 5)}\n`],
  ['YAML flow nesting (depth)', 5_000, (n) => `---\nname: s\ndescription: d\nx: ${'['.repeat(n)}${']'.repeat(n)}\n---\nBody.\n`],
  ['YAML flow-map nesting (depth)', 5_000, (n) => `---\nname: s\ndescription: d\nx: ${'{a: '.repeat(n)}1${'}'.repeat(n)}\n---\nBody.\n`],
  ['YAML keys', 50_000, (n) => `---\nname: s\ndescription: d\n${Array.from({ length: n }, (_, i) => `k${i}: v`).join('\n')}\n---\nBody.\n`],
  ['YAML list items', 50_000, (n) => `---\nname: s\ndescription: d\nmetadata:\n  l:\n${Array.from({ length: n }, (_, i) => `    - item${i}`).join('\n')}\n---\nBody.\n`],
  ['CRLF lines', 100_000, (n) => (fm + Array.from({ length: n }, () => 'line').join('\n')).replace(/\n/g, '\r\n')],
  ['invalid UTF-8 bytes', 100_000, (n) => Buffer.concat([Buffer.from(fm), Buffer.alloc(n, 0xff)])],
  ['NUL bytes', 100_000, (n) => fm + '\0'.repeat(n)],
  ['files in one folder', 50_000, 'files'],
  // Rules over the package's code files: a builder may return { relative path: content }.
  ['scripts/a.py: `open(,` × n (capability-mismatch)', 8_000, (n) => ({ 'SKILL.md': `${fm}Works offline, no network access.\n`, 'scripts/a.py': 'open(,'.repeat(n) }), 2],
  ['scripts/a.py: `requests.post(` × n (exfiltration flow)', 8_000, (n) => ({ 'SKILL.md': `${fm}Body.\n`, 'scripts/a.py': `T = os.getenv("API_KEY")\n${'requests.post('.repeat(n)}` }), 2],
  ['scripts/a.py: `eval(x)` lines × n (unsafe-code)', 16_000, (n) => ({ 'SKILL.md': `${fm}Body.\n`, 'scripts/a.py': `x = base64.b64decode(y)\n${'eval(x)\n'.repeat(n)}` }), 2],
];

async function timeIt(fn) {
  const times = [];
  let out;
  for (let i = 0; i < 3; i++) {
    const t0 = process.hrtime.bigint();
    out = await fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return { ms: median(times), out };
}

export default async function run() {
  const { lint } = await import(pathToFileURL(path.join(dist, 'index.js')).href);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skillcheck-scaling-'));
  console.log('| input | sizes | times ms | ratio per doubling | findings at the largest |');
  console.log('|---|---|---|---|---:|');
  const rows = [];
  try {
    for (const [name, base, build, doublings = 1] of CASES.filter(([name]) => !process.env.SCALING_ONLY || name.includes(process.env.SCALING_ONLY))) {
      const res = [];
      for (const n of Array.from({ length: doublings + 1 }, (_, k) => base * K * 2 ** k)) {
        const dir = path.join(root, `${rows.length}-${n}`);
        const skillDir = path.join(dir, '.claude', 'skills', 's');
        fs.mkdirSync(skillDir, { recursive: true });
        if (build === 'files') {
          fs.writeFileSync(path.join(skillDir, 'SKILL.md'), `${fm}Body.\n`);
          for (let i = 0; i < n; i++) fs.closeSync(fs.openSync(path.join(skillDir, `f${i}`), 'w'));
        } else {
          const built = build(n);
          const files = typeof built === 'string' || Buffer.isBuffer(built) ? { 'SKILL.md': built } : built;
          for (const [rel, content] of Object.entries(files)) {
            fs.mkdirSync(path.dirname(path.join(skillDir, rel)), { recursive: true });
            fs.writeFileSync(path.join(skillDir, rel), content);
          }
        }
        const { ms, out } = await timeIt(() => lint({ paths: ['.'], cwd: dir, readBound: 64 * 1024 * 1024, gating: false, persona: 'auditor' }));
        res.push({ n, ms, findings: out.diagnostics.length });
        fs.rmSync(dir, { recursive: true, force: true });
      }
      const ratios = res.slice(1).map((r, k) => r.ms / res[k].ms);
      rows.push({ name, ...res });
      const last = res[res.length - 1];
      console.log(
        `| ${name} | ${res.map((r) => r.n.toLocaleString('en-US')).join(' / ')} | ${res.map((r) => r.ms.toFixed(0)).join(' / ')} | ${ratios.map((q) => `${q.toFixed(2)}${q > 3 ? ' ⚠' : ''}`).join(' / ')} | ${last.findings} |`,
      );
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await run();
