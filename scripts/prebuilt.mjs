// Release step: make the commit a release tag points at, holding what the pre-commit hook and the Action run already
// built, so neither builds TypeScript on a user's machine: dist/ and the production node_modules/ (about 12 MB).
// Run in a clean clone checked out at the release commit; it prints the new commit's SHA. Tag that commit; never
// merge it into main (docs/releasing.md).
//   node scripts/prebuilt.mjs                 build here (npm ci runs the build), then drop the dev dependencies
//   node scripts/prebuilt.mjs --dist DIR      take DIR (a build of the same commit) instead of building again
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], ...options });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status})`);
  return r.stdout;
}

if (run('git', ['status', '--porcelain']).trim() !== '') throw new Error('the working tree is not clean: run this in a fresh clone');
const version = JSON.parse(run('node', ['-p', 'JSON.stringify(require("./package.json").version)']));
const at = process.argv.indexOf('--dist');
if (at !== -1) {
  const from = path.resolve(process.argv[at + 1] ?? '');
  if (!fs.existsSync(path.join(from, 'cli.cjs'))) throw new Error(`${from} holds no build (dist/cli.cjs)`);
  fs.cpSync(from, path.join(repo, 'dist'), { recursive: true });
  run('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error']);
} else {
  run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error']);
  run('npm', ['prune', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error']);
}
run('git', ['add', '--force', 'dist', 'node_modules']);
const who = ['-c', 'user.name=skillcheck release', '-c', 'user.email=release@skillcheck.invalid'];
run('git', [...who, 'commit', '--quiet', '--no-verify', '-m', `Prebuilt CLI for ${version}: dist/ and production node_modules/ (pre-commit, Action)`]);
process.stdout.write(`${run('git', ['rev-parse', 'HEAD']).trim()}\n`);
