// skill-check 1.2.0, the comparison linter of the bench. Not a dependency: installed on first use into a cache
// outside the repo (~/.cache/skillcheck/bench, or $SKILLCHECK_BENCH_CACHE) with npm's ordinary client, scripts off.
// Returns the path of its CLI script, or throws with npm's output (a failed install is loud, never a silent skip).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const SKILL_CHECK_VERSION = '1.2.0';

export function skillCheckBin() {
  const cache = process.env.SKILLCHECK_BENCH_CACHE ?? path.join(os.homedir(), '.cache', 'skillcheck', 'bench');
  const pkg = path.join(cache, 'node_modules', 'skill-check', 'package.json');
  const ok = () => fs.existsSync(pkg) && JSON.parse(fs.readFileSync(pkg, 'utf8')).version === SKILL_CHECK_VERSION;
  if (!ok()) {
    fs.mkdirSync(cache, { recursive: true });
    if (!fs.existsSync(path.join(cache, 'package.json'))) fs.writeFileSync(path.join(cache, 'package.json'), '{"private":true}\n');
    console.log(`installing skill-check@${SKILL_CHECK_VERSION} into ${cache} …`);
    const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--no-save', `skill-check@${SKILL_CHECK_VERSION}`], {
      cwd: cache,
      encoding: 'utf8',
      timeout: 300_000,
    });
    if (r.status !== 0 || !ok()) throw new Error(`npm install skill-check@${SKILL_CHECK_VERSION} failed (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
  }
  return path.join(cache, 'node_modules', 'skill-check', 'bin', 'skill-check.js');
}

/** Its arguments for a tree: every check it has, JSON out, no network scanner, no browser. */
export const skillCheckArgs = (dir) => ['check', dir, '--format', 'json', '--no-security-scan', '--no-open'];
