// Selection time vs message length for a hostile activation pattern: skillcheck's engine (RE2, linear) next to
// JavaScript RegExp on the same pattern (exponential; the JS side stops growing once a run exceeds ~2 s).
// Prints figures only; nothing here asserts on time.
import { performance } from 'node:perf_hooks';
import { selectSkills } from '../dist/src/index.js';

const HOSTILE = '(a+)+$';

function time(fn, reps = 1) {
  const t0 = performance.now();
  for (let i = 0; i < reps; i++) fn();
  return (performance.now() - t0) / reps;
}

export default async function bench() {
  const skill = { name: 'hostile', frontmatter: { name: 'hostile', activation: { patterns: [HOSTILE], keywords: ['deploy'] } }, body: 'Body.' };
  // Warm up: load RE2 and compile the pattern once (the engine caches it per skill).
  selectSkills([skill], 'warm up');
  console.log(`pattern ${HOSTILE}, message "a" × n + "!" (no match: the worst case for a backtracking engine)\n`);
  console.log('| n (bytes) | skillcheck selectSkills (RE2) | per KiB |');
  console.log('|---:|---:|---:|');
  for (const n of [1024, 2048, 4096, 8192, 16384, 32768, 65535]) {
    const msg = `${'a'.repeat(n)}!`;
    const reps = n <= 8192 ? 20 : 5;
    const ms = time(() => selectSkills([skill], msg), reps);
    console.log(`| ${n + 1} | ${ms.toFixed(2)} ms | ${((ms / (n + 1)) * 1024).toFixed(3)} ms |`);
  }
  console.log('\n| n (bytes) | JavaScript RegExp /(a+)+$/ |');
  console.log('|---:|---:|');
  const re = new RegExp(HOSTILE);
  for (let n = 16; n <= 40; n += 2) {
    const msg = `${'a'.repeat(n)}!`;
    const ms = time(() => re.test(msg));
    console.log(`| ${n + 1} | ${ms.toFixed(1)} ms |`);
    if (ms > 2000) {
      console.log(`\nstopped: one run took over 2 s at ${n + 1} bytes (each 2 more bytes multiply the time by ~4)`);
      break;
    }
  }
}
