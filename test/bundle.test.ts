// The bundled CLI (issue 20, start-up): bin/skillcheck.js runs dist/cli.cjs with the V8 code cache made at build time
// (scripts/bundle.mjs). It must give the report the modules in dist/src give, use its cache on this Node, and write
// nothing at run time. Times are measured in bench/, never here.

import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from './helpers.js';

const BIN = path.join(REPO, 'bin', 'skillcheck.js');
const node = (args: string[], cwd = REPO) => spawnSync(process.execPath, args, { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { PATH: process.env.PATH ?? '' } });

function listing(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const p = path.join(e.parentPath, e.name);
      const st = fs.statSync(p);
      return `${path.relative(dir, p)} ${st.size} ${st.mtimeMs}`;
    })
    .sort();
}

describe('bundled CLI', () => {
  it('the build made the bundle and a code cache that this Node accepts', () => {
    const r = node(['-e', "const b = require('./bin/bundle.cjs').loadBundle(); console.log(typeof b.exports.main, b.cacheRejected)"]);
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('function false');
  });

  it('bin/skillcheck.js gives, byte for byte, the report of the modules in dist/src (JSON and text, exit code)', () => {
    for (const [dir, format] of [['corpus', 'json'], ['corpus/demo', 'text']]) {
      const args = [dir!, '--format', format!, '--no-progress', '--jobs', '1'];
      const viaBin = node([BIN, ...args]);
      const viaModules = node(['--input-type=module', '-e', `const { main } = await import('./dist/src/cli/main.js'); process.exitCode = await main(${JSON.stringify(args)});`]);
      expect(viaBin.stderr).toBe(viaModules.stderr);
      expect(viaBin.status).toBe(viaModules.status);
      expect(viaBin.stdout.length).toBeGreaterThan(1000);
      expect(viaBin.stdout === viaModules.stdout).toBe(true);
    }
  });

  it('a run writes nothing beside the package (the cache is made at build time only)', () => {
    const before = listing(path.join(REPO, 'dist'));
    const r = node([BIN, 'corpus/ok', '--format', 'json', '--no-progress']);
    expect(r.status).toBe(0);
    expect(listing(path.join(REPO, 'dist'))).toEqual(before);
  });
});
