// The slow install suite (`npm run test:install`): packs the tarball, installs it in a fresh project, runs the real
// pre-commit, publint and are-the-types-wrong. Needs the npm registry (and apt when pre-commit is missing).
// Not part of `npm test`. Each step is bounded; the npm script bounds the whole run (timeout 1800 s).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test-install/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 900_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
