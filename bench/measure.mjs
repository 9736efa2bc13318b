// Whole-process measurements for the benchmarks: wall time (ms) and peak RSS (MB) of a command, median of N.

import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const GNU_TIME = ['/usr/bin/time', '/bin/time'].find((p) => fs.existsSync(p)) ?? null;
/** How peak RSS is measured, for the printout. */
export const RSS_METHOD = GNU_TIME ? `${GNU_TIME} -f %M` : 'process.resourceUsage().maxRSS inside the child (bench/rss-exec.mjs)';

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Run `node script args` once with stdout to /dev/null. Returns { ms, rssMB, code, stderr }.
 * Wall time is taken around the spawn, so it includes Node's own start-up, as a user sees it.
 */
export function runOnce(script, args, { cwd } = {}) {
  const rssFile = path.join(os.tmpdir(), `skillcheck-bench-rss-${process.pid}`);
  const node = process.execPath;
  const [cmd, argv, env] = GNU_TIME
    ? [GNU_TIME, ['-f', '%M %U %S', '-o', rssFile, node, script, ...args], process.env]
    : [node, [path.join(here, 'rss-exec.mjs'), script, ...args], { ...process.env, RSS_OUT: rssFile }];
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, argv, { cwd, env, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  let rssMB = NaN;
  let cpuMs = NaN;
  try {
    const lines = fs.readFileSync(rssFile, 'utf8').trim().split('\n');
    const [kb, user, sys] = lines[lines.length - 1].split(' ').map(Number);
    rssMB = kb / 1024;
    // GNU time also gives user + system CPU seconds: on a shared machine they move far less than wall time.
    if (user !== undefined && sys !== undefined) cpuMs = (user + sys) * 1000;
    fs.rmSync(rssFile, { force: true });
  } catch {
    /* leave NaN */
  }
  return { ms, rssMB, cpuMs, code: r.status, stderr: r.stderr?.toString() ?? '' };
}

/** One warm-up run (page cache; BENCH_WARMUP=0 skips it), then `reps` measured runs; medians. */
export function measure(script, args, reps, opts = {}) {
  if (process.env.BENCH_WARMUP !== '0') runOnce(script, args, opts);
  const runs = [];
  for (let i = 0; i < reps; i++) runs.push(runOnce(script, args, opts));
  return {
    ms: median(runs.map((r) => r.ms)),
    rssMB: median(runs.map((r) => r.rssMB)),
    cpuMs: median(runs.map((r) => r.cpuMs)),
    minMs: Math.min(...runs.map((r) => r.ms)),
    maxMs: Math.max(...runs.map((r) => r.ms)),
    code: runs[0].code,
    stderr: runs[0].stderr,
  };
}
