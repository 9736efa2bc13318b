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
} else if (argv[0] === 'hook' && !argv.includes('--help') && !argv.includes('-h')) {
  // A Claude Code hook runs before every tool call: skip the CLI (commander, the linter) and fail closed. Exit 2 is
  // Claude Code's blocking error, so even a failure to load the module refuses the call.
  try {
    const { hookMain } = await import('../dist/src/cli/hook.js');
    const io = { stdout: (s) => process.stdout.write(s), stderr: (s) => process.stderr.write(s), isTTY: false, env: process.env, cwd: process.cwd() };
    process.exitCode = await hookMain(argv.slice(1), io);
  } catch (e) {
    process.stderr.write(`skillcheck hook: tool call refused (fail closed): ${e && e.message ? e.message : String(e)}\n`);
    process.exitCode = 2;
  }
} else {
  // The bundled CLI with its build-time code cache (bin/bundle.cjs); the modules in dist/src when there is no bundle.
  const { createRequire } = await import('node:module');
  const bundle = createRequire(import.meta.url)('./bundle.cjs').loadBundle(process.env.SKILLCHECK_NO_CODE_CACHE !== '1');
  const { main } = bundle ? bundle.exports : await import('../dist/src/cli/main.js');
  process.exitCode = await main(argv);
}
