import { defineConfig } from 'vitest/config';
import SummaryReporter from './test/summary-reporter.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'rules/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // The default output, then a closing `N passed, N failed` line for CI.
    reporters: ['default', new SummaryReporter()],
  },
});
