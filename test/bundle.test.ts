// The bundled CLI (start-up): bin/skillcheck.js runs dist/cli.cjs with the V8 code cache made at build time
// (scripts/bundle.mjs). It must give the report the modules in dist/src give, use its cache on this Node, and write
// nothing at run time. Times are measured in bench/, never here.

import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, tempTrees } from './helpers.js';

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

const tree = tempTrees();
/** Node's internal modules a process loaded (process.moduleLoadList at exit), as seen by a preloaded script. */
function loadedModules(args: string[], cwd = REPO): string[] {
  const dir = tree({ 'list.cjs': "process.on('exit', () => require('node:fs').writeFileSync(process.env.LIST_OUT, process.moduleLoadList.join('\\n')));" });
  const out = path.join(dir, 'list.txt');
  const r = spawnSync(process.execPath, ['--require', path.join(dir, 'list.cjs'), ...args], { cwd, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', LIST_OUT: out } });
  expect(r.stderr).toBe('');
  return fs.readFileSync(out, 'utf8').split('\n');
}
const WATCH_RESOLVE = `const Module = require('node:module');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const m = /(?:^|[\\\\/])(safe-regex2|ret)(?:$|[\\\\/])/.exec(request);
  if (m) process.stderr.write('RESOLVED ' + m[1] + '\\n');
  if (request.startsWith('re2-wasm')) process.stderr.write('RESOLVED ' + request + '\\n');
  return resolve.call(this, request, ...rest);
};
`;
const ESM_JOB = 'NativeModule internal/modules/esm/module_job';

describe('bundled CLI', () => {
  it('a lint run starts without the ESM loader (bin/skillcheck.js is CommonJS), which the fallback does load', () => {
    expect(loadedModules([BIN, 'corpus/ok', '--format', 'json', '--no-progress'])).not.toContain(ESM_JOB);
    expect(loadedModules(['--input-type=module', '-e', "await import('./dist/src/cli/main.js')"])).toContain(ESM_JOB);
  });

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

  it('a lint run loads neither node:child_process (commander needs it only to spawn subcommands) nor node:zlib', () => {
    const lean = loadedModules([BIN, 'corpus/ok', '--format', 'json', '--no-progress']);
    expect(lean).not.toContain('NativeModule child_process');
    expect(lean).not.toContain('NativeModule zlib');
    // zlib comes with the first compressed payload, and commander's child_process with the modules (so this can fail).
    expect(loadedModules([BIN, 'corpus/cases/encoded-payloads', '--format', 'json', '--no-progress'])).toContain('NativeModule zlib');
    expect(loadedModules(['--input-type=module', '-e', "await import('./dist/src/cli/main.js')"])).toContain('NativeModule child_process');
  });

  it('safe-regex2 and ret come inside the bundle: a run with activation patterns resolves neither at run time', () => {
    const dir = tree({ 'skills/a/SKILL.md': '---\nname: a\ndescription: A skill. Use when the user asks for a.\nactivation:\n  patterns:\n    - "^(a+)+$"\n---\nBody.\n' });
    const watch = path.join(tree({ 'watch.cjs': WATCH_RESOLVE }), 'watch.cjs');
    const args = ['.', '--format', 'json', '--no-progress'];
    const viaBin = spawnSync(process.execPath, ['--require', watch, BIN, ...args], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
    expect(viaBin.stderr).toBe('');
    expect(viaBin.stdout).toContain('"regex-redos"');
    // The modules in dist/src load them through the CommonJS loader (so this test can fail).
    const main = JSON.stringify(path.join(REPO, 'dist', 'src', 'cli', 'main.js'));
    const viaModules = spawnSync(process.execPath, ['--require', watch, '--input-type=module', '-e', `const { main } = await import(${main}); process.exitCode = await main(${JSON.stringify(args)});`], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
    expect(viaModules.stderr).toContain('RESOLVED safe-regex2');
    expect(viaModules.stderr).toContain('RESOLVED ret');
    expect(viaModules.stdout).toBe(viaBin.stdout);
  });

  it("re2-wasm's JavaScript comes inside the bundle, its .wasm from the installed package: same report as the modules", () => {
    const watch = path.join(tree({ 'watch.cjs': WATCH_RESOLVE }), 'watch.cjs');
    const args = ['corpus/cases/encoded-payload-repeated', '--format', 'json', '--no-progress'];
    const viaBin = spawnSync(process.execPath, ['--require', watch, BIN, ...args], { cwd: REPO, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
    // The bundle resolves only the package's folder (for re2.wasm); the modules resolve re2-wasm itself.
    expect(viaBin.stderr).toBe('RESOLVED re2-wasm/package.json\n');
    const viaModules = spawnSync(process.execPath, ['--require', watch, '--input-type=module', '-e', `const { main } = await import('./dist/src/cli/main.js'); process.exitCode = await main(${JSON.stringify(args)});`], { cwd: REPO, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
    expect(viaModules.stderr).toBe('RESOLVED re2-wasm\n');
    expect(viaBin.status).toBe(viaModules.status);
    expect(viaBin.stdout.length).toBeGreaterThan(1000);
    expect(viaBin.stdout === viaModules.stdout).toBe(true);
  });

  it('runs in strict mode, as the ES modules it is made from: its first statement is the "use strict" directive', () => {
    const text = fs.readFileSync(path.join(REPO, 'dist', 'cli.cjs'), 'latin1');
    expect(text.split('\n')[0]).toBe('"use strict";');
  });

  it('a run writes nothing beside the package (the cache is made at build time only)', () => {
    const before = listing(path.join(REPO, 'dist'));
    const r = node([BIN, 'corpus/ok', '--format', 'json', '--no-progress']);
    expect(r.status).toBe(0);
    expect(listing(path.join(REPO, 'dist'))).toEqual(before);
  });
});
