// Built-ins that few runs need are loaded on first use, not at import (start-up): node:crypto by the
// fingerprint, shard, policy digest and atomic write modules, node:zlib by the payload decoder. Checked in a fresh
// process with Node's own list of loaded modules; a control shows that using them does load them.

import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO } from './helpers.js';

const MODULES = ['src/core/fingerprint.js', 'src/node/shard.js', 'src/core/policy/tools.js', 'src/node/write.js', 'src/analysis/decode.js'];

function loaded(code: string): string[] {
  const imports = MODULES.map((m, i) => `const m${i} = await import(${JSON.stringify(pathToFileURL(path.join(REPO, 'dist', m)).href)});`).join('\n');
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', `${imports}\n${code}\nprocess.stdout.write(process.moduleLoadList.join('\\n'));`], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  return r.stdout.split('\n');
}

describe('built-ins loaded on first use', () => {
  it('importing the modules loads neither node:crypto nor node:zlib', () => {
    const list = loaded('');
    expect(list).not.toContain('NativeModule crypto');
    expect(list).not.toContain('NativeModule zlib');
  });

  it('hashing a line for a fingerprint loads node:crypto (so the test above can fail)', () => {
    expect(loaded("m0.fingerprintDiagnostics([{ ruleId: 'r', file: 'f', line: 1 }], () => 'x');")).toContain('NativeModule crypto');
  });
});
