// The test files that exercise the mutated modules (stryker.config.mjs): src/core/policy/, src/targets/escape.ts,
// src/core/unicode.ts and src/analysis/hidden.ts, by their public functions (the last through its rules). Stryker runs, per mutant, only the tests that covered it
// (coverageAnalysis: perTest); the property tests run fewer cases than in CI so a run fits in about 20 minutes on
// two busy cores.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Unit tests only: a test that runs the CLI or lints a tree covers most of the policy code and would rerun, at
    // seconds each, for every mutant it covers.
    include: [
      'test/policy-verify.test.ts',
      'test/policy-mutation.test.ts',
      'test/escape.test.ts',
      'test/unicode-mutation.test.ts',
      'test/text-fastpaths.property.test.ts',
      'rules/hidden-unicode.test.ts',
      'test/hidden-camel.test.ts',
      'rules/agent-instruction.test.ts',
    ],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    env: { POLICY_FUZZ_RUNS: '60', ESCAPE_FUZZ_RUNS: '200' },
  },
});
