// The closing `N passed, N failed` line counts real results: run vitest on fixtures with known outcomes.

import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { expect, it } from 'vitest';
import { REPO } from './helpers.js';

it('counts passing tests, failing tests, a file that cannot load and a failing hook', () => {
  const r = spawnSync(process.execPath, [path.join(REPO, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'test/fixtures/reporter/vitest.config.ts'], {
    cwd: REPO,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', CI: '1' },
    timeout: 120_000,
  });
  const lines = r.stdout.trimEnd().split('\n');
  // pass.sample.ts: 2 passed; fail.sample.ts: 1 passed, 1 failed; broken.sample.ts: 1 failed; hook.sample.ts: 1 failed.
  expect(lines.at(-1)).toBe('3 passed, 3 failed');
  expect(r.status).toBe(1);
});
