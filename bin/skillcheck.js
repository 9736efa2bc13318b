#!/usr/bin/env node
// Thin entry point: everything lives in the compiled library (dist/), built by `npm ci` (prepare).
// CommonJS (bin/package.json): a CommonJS main module starts without Node's ESM loader, which the bundled CLI does
// not need (start-up); the hook path and the fallback still import() the ES modules in dist/src.
'use strict';
// Output piped into a reader that stops early (`skillcheck rules | head -1`): end quietly, no EPIPE stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => {
    if (e && e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}
const argv = process.argv.slice(2);
// Fast path: `--version` alone prints the version without loading the CLI (start-up budget: ARCHITECTURE.md "Performance").
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  const { readFileSync } = require('node:fs');
  process.stdout.write(`${JSON.parse(readFileSync(require('node:path').join(__dirname, '..', 'package.json'), 'utf8')).version}\n`);
} else if (argv[0] === 'hook' && !argv.includes('--help') && !argv.includes('-h')) {
  // A Claude Code hook runs before every tool call: skip the CLI (commander, the linter) and fail closed. Exit 2 is
  // Claude Code's blocking error, so even a failure to load the module refuses the call.
  import('../dist/src/cli/hook.js')
    .then(({ hookMain }) => {
      const io = { stdout: (s) => process.stdout.write(s), stderr: (s) => process.stderr.write(s), isTTY: false, env: process.env, cwd: process.cwd() };
      return hookMain(argv.slice(1), io);
    })
    .then(
      (code) => {
        process.exitCode = code;
      },
      (e) => {
        process.stderr.write(`skillcheck hook: tool call refused (fail closed): ${e && e.message ? e.message : String(e)}\n`);
        process.exitCode = 2;
      },
    );
} else {
  // The bundled CLI with its build-time code cache (bin/bundle.cjs); the modules in dist/src when there is no bundle.
  const bundle = require('./bundle.cjs').loadBundle(process.env.SKILLCHECK_NO_CODE_CACHE !== '1');
  (bundle ? Promise.resolve(bundle.exports) : import('../dist/src/cli/main.js'))
    .then(({ main }) => main(argv))
    .then((code) => {
      process.exitCode = code;
    });
}
