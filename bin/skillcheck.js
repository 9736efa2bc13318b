#!/usr/bin/env node
// Thin entry point: everything lives in the compiled library (dist/), built by `npm ci` (prepare).
// Fast path: `--version` alone prints the version without loading the CLI (start-up budget: README "Performance").
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  const { readFileSync } = await import('node:fs');
  process.stdout.write(`${JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version}\n`);
} else {
  const { main } = await import('../dist/src/cli.js');
  process.exitCode = await main(argv);
}
