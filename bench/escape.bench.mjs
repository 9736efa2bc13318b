// Envelope escape throughput: prose (fast path, no copy; target > 200 MB/s) and hostile input (linear).
// Env: ESCAPE_BENCH_MB (prose size, default 16). Prints, per operation, MB/s from the median wall time of 7 runs and
// from the least CPU time (user + system, all threads) of those runs; never asserts. On a shared machine the CPU
// figure is the steadier one.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeSkillContent, findBreakouts, unescapeContent } from '../dist/src/index.js';
import { realCorpus } from './corpus.mjs';
import { median } from './measure.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.join(here, '..');
const MB = Number(process.env.ESCAPE_BENCH_MB ?? 16);
const REPS = 7;

/** { wall: median ms, cpu: least CPU ms } of fn(), after one warm-up run. */
function time(fn) {
  fn();
  const ms = [];
  let cpu = Infinity;
  for (let i = 0; i < REPS; i++) {
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    fn();
    ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
    const c = process.cpuUsage(c0);
    cpu = Math.min(cpu, (c.user + c.system) / 1000);
  }
  return { wall: median(ms), cpu };
}

const bytes = (s) => Buffer.byteLength(s, 'utf8');
const fmt = (x, d = 1) => x.toFixed(d).padStart(8);

function fill(unit, mb) {
  const target = mb * 1048576;
  return unit.repeat(Math.max(1, Math.floor(target / bytes(unit))));
}

const rate = (mb, t) => `${fmt(mb / (t.wall / 1000), 0)} /${fmt(mb / (t.cpu / 1000), 0)}`;

function row(label, s0) {
  const s = Buffer.from(s0, 'utf8').toString('utf8'); // a flat string, as decoded from a file
  const mb = bytes(s) / 1048576;
  const out = escapeSkillContent(s);
  const esc = time(() => escapeSkillContent(s));
  const find = time(() => findBreakouts(s));
  const un = time(() => unescapeContent(out));
  console.log(
    `${label.padEnd(44)} ${fmt(mb)} MB  escape ${rate(mb, esc)}  find ${rate(mb, find)}  unescape ${rate(mb, un)}  ${out === s ? 'unchanged' : `+${(((out.length - s.length) / s.length) * 100).toFixed(1)}%`}`,
  );
}

export default function run() {
  console.log(`node ${process.version}; MB = 2^20 UTF-8 bytes; each rate is MB/s wall (median of ${REPS}) / MB/s CPU (least of ${REPS})\n`);
  const prose =
    'Use this skill when the user asks to fill in a PDF form. Read the fields first, then write each value; ' +
    'ask before overwriting a signed document. Déjà vu: naïve café, 東京, emoji 👍🏽 and a ZWJ family 👨‍👩‍👧.\n';
  console.log('prose (fast path: no `<`, lookalike or `&`; the input string is returned, no copy)');
  row('prose', fill(prose, MB));
  const markup = 'Run `new <skill-name>` then compare a < b && c > d; see <https://example.com> & <b>bold</b>.\n';
  console.log('\nprose with markup (openers and `&` that are not breakouts; unchanged except near-misses)');
  row('markup', fill(markup, MB / 4));

  const real = realCorpus(repo);
  if (real) {
    const parts = [];
    const walk = (d, depth) => {
      if (depth > 8) return;
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) walk(p, depth + 1);
        else if (e.isFile() && e.name.toLowerCase() === 'skill.md') parts.push(fs.readFileSync(p, 'utf8'));
      }
    };
    walk(real, 0);
    console.log(`\nshared/corpus/real: ${parts.length} SKILL.md files concatenated`);
    row('real SKILL.md text', parts.join('\n'));
  }

  console.log('\nhostile (each at 1, 2 and 4 MB: linear means the same MB/s at every size)');
  const hostile = {
    'breakouts </skill> (every one escaped)': '</skill>',
    'zero-width breakouts <U+200B/SKILL>': '<\u200b/SKILL>',
    'near-misses <skill-name>': '<skill-name>',
    'entity-like &lt;skill (every & escaped)': '&lt;skill ',
    'openers with gap, no name <U+200B x20': '<' + '\u200b'.repeat(20),
    'almost a name <system-reminde': '<system-reminde',
    'bare openers <<<<': '<',
    'ampersands &&&&': '&',
  };
  for (const [label, unit] of Object.entries(hostile)) {
    for (const mb of [1, 2, 4]) row(`${label} ${mb}MB`, fill(unit, mb));
  }
  const gap = '<' + '\u200b'.repeat(2 * 1048576);
  row('one opener + 2M zero-width characters', gap);
}

if (import.meta.url === `file://${process.argv[1]}`) run();
