// What the RSS of one in-process lint run (the CLI's options: keepInputs false, slim inputs) is made of, sampled
// every 25 ms in every thread (the main thread also from the progress callback): V8 heap used/committed and its spaces (code space apart), external and array
// buffers, the process's RssAnon/RssFile, and the resident part of each WebAssembly memory (re2-wasm: one per
// thread that compiled a pattern, found in /proc/self/smaps before its multi-GB guard reservation). Prints each
// thread's figures at the main thread's peak VmRSS and each thread's own maxima. Not part of `npm run bench`.
//
//   npm run build && node [--expose-gc] bench/mem-sample.mjs <corpus dir> [jobs=1]
//
// Another build: BENCH_BUILD=<checkout with dist/>. BENCH_PARALLEL_MIN=0 lets a small corpus use workers.
// BENCH_WORKER_OLD=<MB> sets the workers' old-generation cap. MEM_SNAPSHOT=<file> (with --expose-gc): a heap snapshot
// of the main thread half-way through the checking.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isMainThread, threadId, workerData } from 'node:worker_threads';

const MB = 1048576;
const here = fileURLToPath(import.meta.url);

/** /proc/self/status fields in MB. */
function status() {
  const out = {};
  for (const line of fs.readFileSync('/proc/self/status', 'utf8').split('\n')) {
    const m = /^(VmRSS|RssAnon|RssFile|RssShmem|VmHWM|Threads):\s+(\d+)/.exec(line);
    if (m) out[m[1]] = m[1] === 'Threads' ? Number(m[2]) : Number(m[2]) / 1024;
  }
  return out;
}

/** Resident MB of each WebAssembly memory: a read-write mapping followed by V8's multi-GB guard reservation. */
function wasmResident() {
  const vmas = [];
  for (const line of fs.readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const m = /^([0-9a-f]+)-([0-9a-f]+) (\S+) /.exec(line);
    if (m) vmas.push({ size: Number(BigInt(`0x${m[2]}`) - BigInt(`0x${m[1]}`)), perms: m[3], rss: 0 });
    else if (line.startsWith('Rss:')) vmas[vmas.length - 1].rss = Number(/(\d+)/.exec(line)[1]) / 1024;
  }
  return vmas.filter((v, i) => v.perms === 'rw-p' && vmas[i + 1]?.perms === '---p' && vmas[i + 1].size >= 4 * 1024 * MB).map((v) => v.rss);
}

function sample() {
  const mu = process.memoryUsage();
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_used_size / MB]));
  const hs = v8.getHeapStatistics();
  return {
    t: performance.timeOrigin + performance.now(),
    heapUsed: mu.heapUsed / MB,
    heapTotal: mu.heapTotal / MB,
    external: mu.external / MB,
    arrayBuffers: mu.arrayBuffers / MB,
    physical: hs.total_physical_size / MB,
    malloced: hs.malloced_memory / MB,
    code: (spaces.code_space ?? 0) + (spaces.code_large_object_space ?? 0),
    old: spaces.old_space ?? 0,
    large: spaces.large_object_space ?? 0,
    young: spaces.new_space ?? 0,
    limit: hs.heap_size_limit / MB,
  };
}

const fmt = (s, keys) => keys.map((k) => `${k} ${typeof s[k] === 'number' ? s[k].toFixed(1) : s[k]}`).join(', ');
const KEYS = ['heapUsed', 'heapTotal', 'physical', 'old', 'large', 'young', 'code', 'external', 'arrayBuffers', 'malloced'];

if (!isMainThread) {
  // A checking worker: sample this isolate, write the samples at exit, then run the real worker script.
  const out = process.env.MEM_SAMPLE_DIR;
  const samples = [];
  // Written every 40 samples: a terminated worker gets no 'exit' event.
  const write = () => fs.writeFileSync(path.join(out, `w${threadId}.json`), JSON.stringify(samples));
  const tick = () => {
    samples.push(sample());
    if (samples.length % 40 === 0) write();
  };
  const iv = setInterval(tick, 25);
  iv.unref();
  process.on('exit', () => {
    tick();
    write();
  });
  await import(pathToFileURL(process.env.MEM_REAL_WORKER).href);
} else {
  const [corpus, jobs = '1'] = process.argv.slice(2);
  if (!corpus) throw new Error('usage: node bench/mem-sample.mjs <corpus dir> [jobs]');
  const build = path.resolve(process.env.BENCH_BUILD ?? path.join(path.dirname(here), '..'));
  const { lint } = await import(pathToFileURL(path.join(build, 'dist', 'src', 'node', 'lint.js')).href);
  const par = await import(pathToFileURL(path.join(build, 'dist', 'src', 'node', 'parallel.js')).href);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mem-sample-'));
  process.env.MEM_SAMPLE_DIR = dir;
  process.env.MEM_REAL_WORKER = par.workerScript();
  par.setWorkerScript(here);
  if (process.env.BENCH_WORKER_OLD) par.setWorkerLimits({ maxOldGenerationSizeMb: Number(process.env.BENCH_WORKER_OLD), maxYoungGenerationSizeMb: 8 });
  const main = [];
  // smaps is a large text: read it every 40th sample only, so the sampler's own garbage stays small.
  let n = 0;
  const tick = () => main.push({ ...sample(), ...status(), wasm: n++ % 40 === 0 ? wasmResident() : (main.at(-1)?.wasm ?? []) });
  // The main thread checks synchronously (no timer fires): it is sampled from the progress callback too.
  const iv = setInterval(tick, 25);
  tick();
  let last = 0;
  const live = [];
  const onProgress = (done, total) => {
    // Under --expose-gc: the live heap after a full GC at half and at the end of the checking (before the report).
    if (globalThis.gc && (done === total || done === Math.floor(total / 2))) {
      globalThis.gc();
      live.push(`${done}/${total}: ${(process.memoryUsage().heapUsed / MB).toFixed(1)} MB`);
      if (process.env.MEM_SNAPSHOT && done < total) v8.writeHeapSnapshot(process.env.MEM_SNAPSHOT);
    }
    const now = performance.now();
    if (now - last >= 25) {
      last = now;
      tick();
    }
  };
  const c0 = process.cpuUsage();
  const parallelMin = process.env.BENCH_PARALLEL_MIN !== undefined ? { parallelMin: Number(process.env.BENCH_PARALLEL_MIN) } : {};
  const r = await lint({ paths: ['.'], cwd: path.resolve(corpus), jobs: Number(jobs), keepInputs: false, slimInputs: true, onProgress, ...parallelMin });
  tick();
  clearInterval(iv);
  const c = process.cpuUsage(c0);
  await new Promise((res) => setTimeout(res, 300)); // the workers write their samples at exit
  const workers = fs.readdirSync(dir).map((f) => ({ name: f, samples: JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) }));
  fs.rmSync(dir, { recursive: true, force: true });
  const peak = main.reduce((a, b) => (b.VmRSS > a.VmRSS ? b : a));
  const t0 = main[0].t;
  console.log(`${r.skills.length} skills, jobs ${jobs}: CPU ${((c.user + c.system) / 1e6).toFixed(1)} s, maxRSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB, ${main.length} samples`);
  if (live.length) console.log(`main live heap after a full GC at ${live.join(', ')}`);
  console.log(`start: ${fmt({ ...main[0], wasm: main[0].wasm.map((x) => x.toFixed(1)).join('+') || '-' }, ['VmRSS', 'RssAnon', 'RssFile', 'Threads', 'heapUsed', 'heapTotal', 'code', 'external', 'wasm'])}`);
  console.log(`main at peak (t=${((peak.t - t0) / 1000).toFixed(1)} s): ${fmt({ ...peak, wasm: peak.wasm.map((x) => x.toFixed(1)).join('+') || '-' }, ['VmRSS', 'RssAnon', 'RssFile', 'RssShmem', 'Threads', 'wasm', ...KEYS])}`);
  const max = (arr, k) => Math.max(...arr.map((s) => s[k]));
  console.log(`main maxima: ${KEYS.map((k) => `${k} ${max(main, k).toFixed(1)}`).join(', ')}`);
  for (const w of workers) {
    const at = w.samples.reduce((a, b) => (Math.abs(b.t - peak.t) < Math.abs(a.t - peak.t) ? b : a));
    console.log(`${w.name} from t=${((w.samples[0].t - t0) / 1000).toFixed(1)} to t=${((w.samples.at(-1).t - t0) / 1000).toFixed(1)} s (lint returned at t=${((main.at(-1).t - t0) / 1000).toFixed(1)} s)`);
    console.log(`${w.name} near the peak: ${fmt(at, KEYS)}`);
    console.log(`${w.name} maxima: ${KEYS.map((k) => `${k} ${max(w.samples, k).toFixed(1)}`).join(', ')}, limit ${w.samples[0].limit.toFixed(0)}`);
  }
  if (process.env.MEM_TIMELINE) {
    for (const s of main.filter((_, i) => i % Number(process.env.MEM_TIMELINE) === 0))
      console.log(`  t=${((s.t - t0) / 1000).toFixed(1)} rss ${s.VmRSS.toFixed(0)} anon ${s.RssAnon.toFixed(0)} heapUsed ${s.heapUsed.toFixed(0)} heapTotal ${s.heapTotal.toFixed(0)} wasm ${s.wasm.map((x) => x.toFixed(1)).join('+')}`);
  }
}
