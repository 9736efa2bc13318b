// Install a pinned host client from npm into ~/.cache/skillcheck/hosts/<name>-<version> (once) and return the
// path of its native binary. Install scripts are not run: the binary comes from the platform package that npm
// picks as an optional dependency. Fails loudly when the install or the binary is missing.

import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const CACHE = process.env.SKILLCHECK_HOSTS_CACHE ?? path.join(os.homedir(), '.cache', 'skillcheck', 'hosts');

/** Pinned clients. Update the versions deliberately (and run `npm run test:hosts`). */
export const CLIENTS = {
  claude: { pkg: '@anthropic-ai/claude-code', version: '2.1.332', bins: ['node_modules/@anthropic-ai/claude-code-linux-x64/claude', 'node_modules/@anthropic-ai/claude-code-linux-x64-musl/claude'] },
  opencode: { pkg: 'opencode-ai', version: '1.18.33', bins: ['node_modules/opencode-linux-x64/bin/opencode', 'node_modules/opencode-linux-x64-baseline/bin/opencode', 'node_modules/opencode-linux-x64-musl/bin/opencode'] },
};

export function ensureClient(id) {
  const c = CLIENTS[id];
  if (!c) throw new Error(`unknown client ${id}`);
  if (process.platform !== 'linux' || process.arch !== 'x64') throw new Error(`test:hosts runs on linux-x64 only (this is ${process.platform}-${process.arch})`);
  const dir = path.join(CACHE, `${c.pkg.replace(/[@/]/g, '_')}-${c.version}`);
  const find = () => c.bins.map((b) => path.join(dir, b)).find((b) => fs.existsSync(b));
  let bin = find();
  if (!bin) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'package.json'), '{ "private": true }\n');
    const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--no-save', `${c.pkg}@${c.version}`], {
      cwd: dir, encoding: 'utf8', timeout: 600_000, stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (r.status !== 0) throw new Error(`npm install ${c.pkg}@${c.version} failed (exit ${r.status ?? r.signal}):\n${r.stderr}`);
    bin = find();
    if (!bin) throw new Error(`npm install ${c.pkg}@${c.version} gave no binary (looked for ${c.bins.join(', ')} under ${dir})`);
  }
  const v = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  if (v.status !== 0 || !v.stdout.includes(c.version)) throw new Error(`${bin} --version gave ${JSON.stringify(v.stdout)} (exit ${v.status}), expected ${c.version}`);
  return bin;
}
