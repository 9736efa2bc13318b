// skillcheck against the read-everything floor, as whole processes (the way a user runs it).
// Corpora: 1,000 and 10,000 generated skills under .bench/ (seeded, cached) and ../shared/corpus/real when present.
// Env: BENCH_REPS (default 5), BENCH_WARMUP=0 (no warm-up run), BENCH_SIZES (default "1000,10000"), BENCH_ARGS (extra skillcheck arguments).
// Prints medians; writes .bench/lint-results.json. Never asserts: targets are printed beside the figures.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCorpus, realCorpus, treeStats } from './corpus.mjs';
import { measure, RSS_METHOD } from './measure.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.join(here, '..');
const BIN = path.join(repo, 'bin', 'skillcheck.js');
const FLOOR = path.join(here, 'floor.mjs');
const REPS = Number(process.env.BENCH_REPS ?? 5);
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000').split(',').filter(Boolean).map(Number);
const EXTRA = (process.env.BENCH_ARGS ?? '').split(' ').filter(Boolean);
const TARGETS = { ratio: 2, rssMB: 150, startupMs: 80, oneSkillMs: 150 };

const f1 = (x) => x.toFixed(1);
const f0 = (x) => Math.round(x).toLocaleString('en-US');

export default async function run() {
  const benchDir = path.join(repo, '.bench');
  fs.mkdirSync(benchDir, { recursive: true });
  const corpora = [];
  for (const n of SIZES) {
    const t0 = Date.now();
    const dir = generateCorpus(path.join(benchDir, `corpus-${n}`), n);
    corpora.push({ label: `generated ${f0(n)}`, dir, genMs: Date.now() - t0 });
  }
  const real = realCorpus(repo);
  if (real) corpora.push({ label: 'shared/corpus/real', dir: real });
  // The biggest generated corpus again on one thread, to show what the worker threads (default --jobs auto) buy.
  const biggest = corpora.filter((c) => c.label.startsWith('generated')).pop();
  if (biggest && !EXTRA.some((a) => a === '--jobs' || a === '-j' || a.startsWith('--jobs='))) corpora.push({ ...biggest, label: `${biggest.label}, --jobs 1`, args: ['--jobs', '1'] });

  console.log(`node ${process.version}, ${os.cpus().length} cores, ${REPS} reps (median), peak RSS via ${RSS_METHOD}`);
  console.log(`skillcheck: node bin/skillcheck.js <dir> --format json${EXTRA.length ? ` ${EXTRA.join(' ')}` : ''} > /dev/null; floor: node bench/floor.mjs <dir>\n`);
  const results = { date: new Date().toISOString(), node: process.version, cores: os.cpus().length, reps: REPS, corpora: [] };

  const header = ['corpus', 'skills', 'files', 'MB', 'skillcheck ms', 'floor ms', 'ratio', 'skills/s', 'MB/s', 'RSS MB', 'floor RSS MB', 'exit'];
  const rows = [];
  for (const c of corpora) {
    const st = treeStats(c.dir);
    const sc = measure(BIN, [c.dir, '--format', 'json', ...EXTRA, ...(c.args ?? [])], REPS);
    const fl = measure(FLOOR, [c.dir], REPS);
    const ratio = sc.ms / fl.ms;
    const mb = st.bytes / 1048576;
    const row = {
      corpus: c.label,
      skills: st.skills,
      files: st.files,
      mb,
      ms: sc.ms,
      floorMs: fl.ms,
      ratio,
      skillsPerS: st.skills / (sc.ms / 1000),
      mbPerS: mb / (sc.ms / 1000),
      rssMB: sc.rssMB,
      floorRssMB: fl.rssMB,
      exit: sc.code,
      spread: [sc.minMs, sc.maxMs],
    };
    if (sc.code === 2) console.log(`!! skillcheck exited 2 on ${c.label}: ${sc.stderr.slice(0, 500)}`);
    results.corpora.push(row);
    rows.push([c.label, f0(st.skills), f0(st.files), f1(mb), f0(sc.ms), f0(fl.ms), ratio.toFixed(2), f0(row.skillsPerS), f1(row.mbPerS), f1(sc.rssMB), f1(fl.rssMB), String(sc.code)]);
  }
  printTable(header, rows);

  // Start-up and one skill.
  const one = path.join(benchDir, 'one-skill');
  if (!fs.existsSync(path.join(one, 'skills'))) {
    const src = path.join(benchDir, 'corpus-1000', 'skills');
    const first = fs.existsSync(src) ? fs.readdirSync(src).sort()[0] : null;
    fs.mkdirSync(path.join(one, 'skills'), { recursive: true });
    if (first) fs.cpSync(path.join(src, first), path.join(one, 'skills', first), { recursive: true });
  }
  const startup = measure(BIN, ['--version'], Math.max(REPS, 10));
  const oneRun = measure(BIN, [one, '--format', 'json', ...EXTRA], Math.max(REPS, 10));
  const nodeBare = measure('-e', ['0'], Math.max(REPS, 10));
  results.startupMs = startup.ms;
  results.oneSkillMs = oneRun.ms;
  results.nodeBareMs = nodeBare.ms;
  results.oneSkillRssMB = oneRun.rssMB;
  console.log('');
  printTable(
    ['run', 'ms (median)', 'min–max', 'RSS MB'],
    [
      ['skillcheck --version', f0(startup.ms), `${f0(startup.minMs)}–${f0(startup.maxMs)}`, f1(startup.rssMB)],
      ['skillcheck <one skill> --format json', f0(oneRun.ms), `${f0(oneRun.minMs)}–${f0(oneRun.maxMs)}`, f1(oneRun.rssMB)],
      ['node -e 0 (bare Node start-up, for reference)', f0(nodeBare.ms), `${f0(nodeBare.minMs)}–${f0(nodeBare.maxMs)}`, f1(nodeBare.rssMB)],
    ],
  );

  // Targets are for the run as users run it (default --jobs); the extra one-thread row is for comparison.
  const asRun = results.corpora.filter((r) => !r.corpus.endsWith('--jobs 1') || EXTRA.length > 0);
  const big = asRun.filter((r) => r.corpus.startsWith('generated')).at(-1);
  const maxRss = Math.max(...asRun.map((r) => r.rssMB));
  console.log('\ntargets:');
  const mark = (ok) => (ok ? 'met' : 'NOT MET');
  if (big) console.log(`  ${big.corpus} skills ≤ ${TARGETS.ratio}× floor: ${big.ratio.toFixed(2)}× — ${mark(big.ratio <= TARGETS.ratio)}`);
  console.log(`  peak RSS ≤ ${TARGETS.rssMB} MB: ${f1(maxRss)} MB — ${mark(maxRss <= TARGETS.rssMB)}`);
  console.log(`  start-up < ${TARGETS.startupMs} ms: ${f0(startup.ms)} ms — ${mark(startup.ms < TARGETS.startupMs)}`);
  console.log(`  one skill < ${TARGETS.oneSkillMs} ms: ${f0(oneRun.ms)} ms — ${mark(oneRun.ms < TARGETS.oneSkillMs)}`);
  fs.writeFileSync(path.join(benchDir, 'lint-results.json'), `${JSON.stringify(results, null, 2)}\n`);
}

function printTable(header, rows) {
  const w = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(w[i]) : c.padStart(w[i]))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${w.map((x, i) => (i === 0 ? '-'.repeat(x + 2) : `${'-'.repeat(x + 1)}:`)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await run();
