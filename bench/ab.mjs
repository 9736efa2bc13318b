// Interleaved A/B runs of two or more skillcheck builds on one input: each round runs every variant once, in
// turn, so load on a shared machine falls on all of them alike. Prints the median CPU time (user + system, GNU
// time), its range, median wall time and peak RSS per variant, and checks that every build printed the same
// report (byte for byte, first round). Not part of `npm run bench`: a tool for before/after notes.
//
//   node bench/ab.mjs [--rounds 5] [--cwd <dir>] [--bare] --bin before=/tmp/old/bin/skillcheck.js --bin after=bin/skillcheck.js -- <skillcheck args>
//
// A variant may add its own arguments after the common ones: --bin 'j1=bin/skillcheck.js --jobs 1'.
//
// --bare adds `node -e 0` as a variant (one-skill runs: the goal is a ratio to bare Node start-up).

import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { median } from './measure.mjs';

const argv = process.argv.slice(2);
const dash = argv.indexOf('--');
const opts = dash === -1 ? argv : argv.slice(0, dash);
const args = dash === -1 ? [] : argv.slice(dash + 1);
let rounds = 5;
let cwd = process.cwd();
let bare = false;
const variants = [];
for (let i = 0; i < opts.length; i++) {
  if (opts[i] === '--rounds') rounds = Number(opts[++i]);
  else if (opts[i] === '--cwd') cwd = path.resolve(opts[++i]);
  else if (opts[i] === '--bare') bare = true;
  else if (opts[i] === '--bin') {
    // label=path [extra args]: the extra arguments follow the common ones (`--bin 'j1=bin/skillcheck.js --jobs 1'`).
    const [label, spec] = opts[++i].split(/=(.*)/s);
    const [bin, ...extra] = spec.split(' ').filter(Boolean);
    variants.push({ label, argv: [path.resolve(bin), ...args, ...extra], runs: [] });
  } else throw new Error(`unknown option ${opts[i]}`);
}
if (bare) variants.push({ label: 'node -e 0', argv: ['-e', '0'], runs: [], bare: true });

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skillcheck-ab-'));
for (let r = 0; r < rounds; r++) {
  for (const v of variants) {
    const timeFile = path.join(tmp, 'time');
    const out = path.join(tmp, `${v.label.replace(/\W/g, '_')}.out`);
    const fd = fs.openSync(out, 'w');
    const t0 = process.hrtime.bigint();
    spawnSync('/usr/bin/time', ['-f', '%M %U %S', '-o', timeFile, process.execPath, ...v.argv], { cwd, stdio: ['ignore', fd, 'ignore'] });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    fs.closeSync(fd);
    const [kb, user, sys] = fs.readFileSync(timeFile, 'utf8').trim().split('\n').pop().split(' ').map(Number);
    v.runs.push({ ms, cpuMs: (user + sys) * 1000, rssMB: kb / 1024 });
    if (r === 0) v.out = fs.readFileSync(out);
  }
}
const reports = variants.filter((v) => !v.bare);
const same = reports.every((v) => v.out.equals(reports[0].out));
console.log(`${rounds} interleaved rounds in ${cwd}, load ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}; args: ${args.join(' ')}`);
console.log('| variant | CPU ms (median) | CPU min–max | wall ms (median) | peak RSS MB (median) |');
console.log('|---|---:|---:|---:|---:|');
for (const v of variants) {
  const cpu = v.runs.map((x) => x.cpuMs);
  console.log(`| ${v.label} | ${Math.round(median(cpu))} | ${Math.round(Math.min(...cpu))}–${Math.round(Math.max(...cpu))} | ${Math.round(median(v.runs.map((x) => x.ms)))} | ${median(v.runs.map((x) => x.rssMB)).toFixed(1)} |`);
}
const b = variants.find((v) => v.bare);
if (b) for (const v of reports) console.log(`${v.label}: CPU ${(median(v.runs.map((x) => x.cpuMs)) / median(b.runs.map((x) => x.cpuMs))).toFixed(2)}× node -e 0`);
console.log(`reports ${same ? 'byte-identical' : 'DIFFER'} across builds (${reports[0]?.out.length ?? 0} bytes)`);
fs.rmSync(tmp, { recursive: true, force: true });
if (!same) process.exitCode = 1;
