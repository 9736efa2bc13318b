// The bench: skillcheck against the read-everything floor and against skill-check 1.2.0, as whole
// processes (the way a user runs them), in one run. CPU time (user + system, from GNU time) is printed beside wall
// time: on a shared machine it is the steadier figure.
// Corpora: 1,000 / 10,000 / 30,000 generated skills under .bench/ (seeded, cached) and ../shared/corpus/real
// when present (skipped with a message when not). Per corpus: floor (bench/floor.mjs: walk + read every file),
// skillcheck default (--jobs auto), skillcheck --jobs 1, skill-check 1.2.0 (installed into ~/.cache/skillcheck/bench
// by bench/skill-check.mjs, not a dependency); wall time (median) and peak RSS of each. Then one skill vs bare
// `node -e 0`, and the issue's goals, printed beside the figures (never asserted).
// Env:
//   BENCH_SIZES  generated sizes, default "1000,10000,30000" (quick: BENCH_SIZES=1000; none: BENCH_SIZES=)
//   BENCH_REPS   measured runs per cell, default 3 (after one warm-up run; BENCH_WARMUP=0 skips it)
//   BENCH_REAL   the real corpus (default ../shared/corpus/real beside the checkout); BENCH_REAL=none skips it
//   BENCH_BIN    another skillcheck bin/skillcheck.js to measure (e.g. a build of an older commit), BENCH_LABEL its name
//   BENCH_ARGS   extra skillcheck arguments; BENCH_SKILL_CHECK=0 leaves skill-check out
// Writes .bench/lint-results.json.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCorpus, realCorpus, treeStats } from './corpus.mjs';
import { measure, RSS_METHOD } from './measure.mjs';
import { SKILL_CHECK_VERSION, skillCheckArgs, skillCheckBin } from './skill-check.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.join(here, '..');
const BIN = path.resolve(process.env.BENCH_BIN ?? path.join(repo, 'bin', 'skillcheck.js'));
const LABEL = process.env.BENCH_LABEL ?? (process.env.BENCH_BIN ? BIN : 'this checkout');
const FLOOR = path.join(here, 'floor.mjs');
const REPS = Number(process.env.BENCH_REPS ?? 3);
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,30000').split(',').filter(Boolean).map(Number);
const EXTRA = (process.env.BENCH_ARGS ?? '').split(' ').filter(Boolean);
// The goals the bench reports against.
const GOALS = { ratio10k: 4, rss10kMB: 150, rss30kMB: 200, oneSkillVsNode: 1.7 };

const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : '–');
const f0 = (x) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : '–');

export default async function run() {
  const benchDir = path.join(repo, '.bench');
  fs.mkdirSync(benchDir, { recursive: true });
  const corpora = [];
  for (const n of SIZES) {
    const t0 = Date.now();
    const dir = generateCorpus(path.join(benchDir, `corpus-${n}`), n);
    const ms = Date.now() - t0;
    if (ms > 1000) console.log(`generated ${n} skills in ${f0(ms)} ms (cached in ${dir})`);
    corpora.push({ label: `generated ${f0(n)}`, n, dir });
  }
  const real = process.env.BENCH_REAL === 'none' ? null : realCorpus(repo);
  if (real) corpora.push({ label: 'real corpus', dir: real });
  else console.log(`real corpus: skipped (${process.env.BENCH_REAL === 'none' ? 'BENCH_REAL=none' : 'no ../shared/corpus/real and no BENCH_REAL'})`);
  const skillCheck = process.env.BENCH_SKILL_CHECK === '0' ? null : skillCheckBin();

  console.log(`node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}, ${REPS} reps (median) after ${process.env.BENCH_WARMUP === '0' ? 'no' : 'one'} warm-up, peak RSS via ${RSS_METHOD}`);
  console.log(`skillcheck (${LABEL}): node ${path.relative(process.cwd(), BIN) || BIN} <dir> --format json${EXTRA.length ? ` ${EXTRA.join(' ')}` : ''} [--jobs 1] > /dev/null`);
  console.log(`floor: node bench/floor.mjs <dir>${skillCheck ? `; skill-check ${SKILL_CHECK_VERSION}: node ${skillCheck} ${skillCheckArgs('<dir>').join(' ')}` : ''}\n`);
  const results = { date: new Date().toISOString(), node: process.version, cores: os.cpus().length, load: os.loadavg(), reps: REPS, bin: BIN, label: LABEL, corpora: [] };

  const header = ['corpus', 'skills', 'MB', 'floor ms', 'default ms', '×floor', '--jobs 1 ms', '×floor', 'skill-check ms', '×floor', 'CPU ms floor / default / -j1 / skill-check', 'RSS MB floor / default / -j1 / skill-check'];
  const rows = [];
  for (const c of corpora) {
    const st = treeStats(c.dir);
    const fl = measure(FLOOR, [c.dir], REPS);
    const def = measure(BIN, [c.dir, '--format', 'json', ...EXTRA], REPS);
    const one = EXTRA.some((a) => a === '--jobs' || a === '-j' || a.startsWith('--jobs=')) ? null : measure(BIN, [c.dir, '--format', 'json', ...EXTRA, '--jobs', '1'], REPS);
    const sc = skillCheck ? measure(skillCheck, skillCheckArgs(c.dir), REPS) : null;
    for (const [name, m] of [['skillcheck', def], ['skillcheck --jobs 1', one]]) if (m && m.code === 2) console.log(`!! ${name} exited 2 on ${c.label}: ${m.stderr.slice(0, 500)}`);
    if (sc && sc.code !== 0 && sc.code !== 1) console.log(`!! skill-check exited ${sc.code} on ${c.label}: ${sc.stderr.slice(0, 500)}`);
    const cell = (m) => (m ? { ms: m.ms, cpuMs: m.cpuMs, rssMB: m.rssMB, ratio: m.ms / fl.ms, spread: [m.minMs, m.maxMs], exit: m.code } : null);
    const row = { corpus: c.label, skills: st.skills, files: st.files, mb: st.bytes / 1048576, floor: cell(fl), default: cell(def), jobs1: cell(one), skillCheck: cell(sc) };
    results.corpora.push(row);
    rows.push([
      c.label,
      f0(st.skills),
      f1(row.mb),
      f0(fl.ms),
      f0(def.ms),
      f1(def.ms / fl.ms),
      f0(one?.ms),
      f1(one ? one.ms / fl.ms : NaN),
      f0(sc?.ms),
      f1(sc ? sc.ms / fl.ms : NaN),
      [fl.cpuMs, def.cpuMs, one?.cpuMs, sc?.cpuMs].map((x) => f0(x ?? NaN)).join(' / '),
      [fl.rssMB, def.rssMB, one?.rssMB, sc?.rssMB].map((x) => f0(x ?? NaN)).join(' / '),
    ]);
    console.log(`  … ${c.label} done`);
  }
  console.log('');
  printTable(header, rows);

  // One skill, against Node starting and doing nothing.
  const oneDir = path.join(benchDir, 'one-skill');
  if (!fs.existsSync(path.join(oneDir, 'skills'))) {
    const src = path.join(generateCorpus(path.join(benchDir, 'corpus-1000'), 1000), 'skills');
    const first = fs.readdirSync(src).sort()[0];
    fs.mkdirSync(path.join(oneDir, 'skills'), { recursive: true });
    fs.cpSync(path.join(src, first), path.join(oneDir, 'skills', first), { recursive: true });
  }
  const n1 = Math.max(REPS, 10);
  const nodeBare = measure('-e', ['0'], n1);
  const version = measure(BIN, ['--version'], n1);
  const oneRun = measure(BIN, [oneDir, '--format', 'json', ...EXTRA], n1);
  const oneSc = skillCheck ? measure(skillCheck, skillCheckArgs(oneDir), n1) : null;
  Object.assign(results, { nodeBareMs: nodeBare.ms, nodeBareCpuMs: nodeBare.cpuMs, versionMs: version.ms, oneSkillMs: oneRun.ms, oneSkillCpuMs: oneRun.cpuMs, oneSkillRssMB: oneRun.rssMB, oneSkillSkillCheckMs: oneSc?.ms });
  console.log('');
  const r1 = (m) => [f0(m.ms), `${f0(m.minMs)}–${f0(m.maxMs)}`, (m.ms / nodeBare.ms).toFixed(2), f0(m.cpuMs), (m.cpuMs / nodeBare.cpuMs).toFixed(2), f1(m.rssMB)];
  printTable(
    ['run', 'ms (median)', 'min–max', '× node -e 0', 'CPU ms', 'CPU × node -e 0', 'RSS MB'],
    [
      ['node -e 0 (bare Node start-up)', ...r1(nodeBare)],
      ['skillcheck --version', ...r1(version)],
      ['skillcheck <one skill> --format json', ...r1(oneRun)],
      ...(oneSc ? [[`skill-check ${SKILL_CHECK_VERSION} <one skill>`, ...r1(oneSc)]] : []),
    ],
  );

  // The goals, for the run as users run it (default --jobs).
  console.log('\ngoals:');
  const mark = (ok) => (ok ? 'met' : 'NOT MET');
  const gen = (n) => results.corpora.find((r) => r.corpus === `generated ${f0(n)}`);
  const g10 = gen(10000);
  const g30 = gen(30000);
  if (g10) console.log(`  10,000 skills ≤ ${GOALS.ratio10k}× floor: ${g10.default.ratio.toFixed(2)}× — ${mark(g10.default.ratio <= GOALS.ratio10k)}`);
  for (const r of results.corpora.filter((x) => x.skillCheck)) {
    console.log(`  faster than skill-check on ${r.corpus}: ${f0(r.default.ms)} vs ${f0(r.skillCheck.ms)} ms — ${mark(r.default.ms < r.skillCheck.ms)}`);
  }
  if (g10) console.log(`  peak RSS at 10k ≤ ${GOALS.rss10kMB} MB: ${f1(g10.default.rssMB)} MB — ${mark(g10.default.rssMB <= GOALS.rss10kMB)}`);
  if (g30) console.log(`  peak RSS at 30k ≤ ${GOALS.rss30kMB} MB: ${f1(g30.default.rssMB)} MB — ${mark(g30.default.rssMB <= GOALS.rss30kMB)}`);
  const q = oneRun.ms / nodeBare.ms;
  console.log(`  one skill ≤ ${GOALS.oneSkillVsNode}× bare Node: ${q.toFixed(2)}× (${f0(oneRun.ms)} vs ${f0(nodeBare.ms)} ms; CPU ${(oneRun.cpuMs / nodeBare.cpuMs).toFixed(2)}×) — ${mark(q <= GOALS.oneSkillVsNode)}`);
  if (!g10 || !g30) console.log(`  (sizes ${SIZES.join(', ') || 'none'}: goals on 10k/30k need BENCH_SIZES with them)`);
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
