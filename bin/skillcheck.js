#!/usr/bin/env node
// Thin entry point: everything lives in the compiled library (dist/), built by `npm ci` (prepare).
// Output piped into a reader that stops early (`skillcheck rules | head -1`): end quietly, no EPIPE stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => {
    if (e && e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}
// Fast path: `--version` alone prints the version without loading the CLI (start-up budget: README "Performance").
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  const { readFileSync } = await import('node:fs');
  process.stdout.write(`${JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version}\n`);
} else {
  const { main } = await import('../dist/src/cli.js');
  process.exitCode = await main(argv);
}
