// Memory of one in-process lint run as the CLI makes it (keepInputs false, slim inputs): CPU (all threads), peak RSS,
// and the heap the run leaves behind after a full GC (what is kept per skill). Not part of `npm run bench`.
//
//   npm run build && node --expose-gc bench/retained.mjs <corpus dir> [jobs=1] [worker old-generation MB]
//
// Another build: BENCH_BUILD=<checkout with dist/>. BENCH_PARALLEL_MIN=0 lets a small corpus use workers;
// BENCH_SNAPSHOT=<file> writes a heap snapshot after the run (read it with bench/heap-retainers.mjs).
import * as path from 'node:path';
import * as v8 from 'node:v8';
import { fileURLToPath, pathToFileURL } from 'node:url';

const [corpus, jobs = '1', old] = process.argv.slice(2);
if (!corpus || typeof globalThis.gc !== 'function') throw new Error('usage: node --expose-gc bench/retained.mjs <corpus dir> [jobs] [old MB]');
const build = path.resolve(process.env.BENCH_BUILD ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
const { lint } = await import(pathToFileURL(path.join(build, 'dist', 'src', 'node', 'lint.js')).href);
if (old) (await import(pathToFileURL(path.join(build, 'dist', 'src', 'node', 'parallel.js')).href)).setWorkerLimits({ maxOldGenerationSizeMb: Number(old), maxYoungGenerationSizeMb: 8 });
globalThis.gc();
const h0 = process.memoryUsage().heapUsed;
const c0 = process.cpuUsage();
const parallelMin = process.env.BENCH_PARALLEL_MIN !== undefined ? { parallelMin: Number(process.env.BENCH_PARALLEL_MIN) } : {};
const r = await lint({ paths: ['.'], cwd: path.resolve(corpus), jobs: Number(jobs), keepInputs: false, slimInputs: true, ...parallelMin });
const c = process.cpuUsage(c0);
globalThis.gc();
const kept = process.memoryUsage().heapUsed - h0;
if (process.env.BENCH_SNAPSHOT) v8.writeHeapSnapshot(process.env.BENCH_SNAPSHOT);
console.log(`${r.skills.length} skills, jobs ${jobs}${old ? `, worker old generation ${old} MB` : ''}: CPU ${((c.user + c.system) / 1e6).toFixed(1)} s, peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB, kept after the run ${(kept / 1048576).toFixed(1)} MB (${(kept / 1024 / Math.max(1, r.skills.length)).toFixed(2)} KB per skill)`);
