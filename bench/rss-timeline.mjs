// When a run's peak RSS comes: runs one skillcheck process and polls its VmRSS and thread count every 20 ms from
// /proc (Linux). Prints the peak sample, ~25 samples spread over the run and the last one (ms, MB, threads). Not
// part of `npm run bench`: a tool for memory notes.
//
//   node bench/rss-timeline.mjs <bin/skillcheck.js> <cwd> [skillcheck args...]
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const [bin, cwd, ...args] = process.argv.slice(2);
if (!bin || !cwd) throw new Error('usage: node bench/rss-timeline.mjs <bin/skillcheck.js> <cwd> [args...]');
const t0 = Date.now();
const child = spawn(process.execPath, [path.resolve(bin), ...args], { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
const samples = [];
const timer = setInterval(() => {
  try {
    const s = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    samples.push([Date.now() - t0, Number(/VmRSS:\s+(\d+)/.exec(s)[1]) / 1024, Number(/Threads:\s+(\d+)/.exec(s)[1])]);
  } catch {
    /* exited between two polls */
  }
}, 20);
child.on('exit', () => {
  clearInterval(timer);
  if (samples.length === 0) return console.log('no sample (the process ended within 20 ms)');
  const row = ([ms, mb, th]) => `${ms}\t${mb.toFixed(1)}\t${th}`;
  console.log(`peak\t${row(samples.reduce((a, b) => (b[1] > a[1] ? b : a)))}`);
  console.log('ms\tMB\tthreads');
  for (let i = 0; i < samples.length; i += Math.ceil(samples.length / 25)) console.log(row(samples[i]));
  console.log(`last\t${row(samples.at(-1))}`);
});
