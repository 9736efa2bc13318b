// Vitest reporter that ends the run with one plain line, `N passed, N failed`, which CI reads.
// Registered after the default reporter in vitest.config.ts. A test file that fails to load, a failing hook and an
// unhandled error each count as one failure, so a broken suite can never print "0 failed".

import type { Reporter, TestModule } from 'vitest/node';

type Errors = Parameters<NonNullable<Reporter['onTestRunEnd']>>[1];

export function countResults(modules: ReadonlyArray<TestModule>, unhandled: Errors): { passed: number; failed: number } {
  let passed = 0;
  let failed = 0;
  for (const m of modules) {
    let failedTests = 0;
    for (const t of m.children.allTests()) {
      const s = t.result().state;
      if (s === 'passed') passed++;
      else if (s === 'failed') failedTests++;
    }
    failed += failedTests;
    if (failedTests > 0) continue;
    // No failed test, yet the module or one of its suites failed: an import error or a failing hook.
    const suiteFailed = [...m.children.allSuites()].some((s) => s.state() === 'failed');
    if (m.state() === 'failed' || suiteFailed || m.errors().length > 0) failed++;
  }
  return { passed, failed: failed + unhandled.length };
}

export default class SummaryReporter implements Reporter {
  async onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandled: Errors): Promise<void> {
    const { passed, failed } = countResults(modules, unhandled);
    // Let the default reporter finish its own summary first, so this stays the closing line.
    await new Promise((resolve) => setImmediate(resolve));
    process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
  }
}
