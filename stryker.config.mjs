// Mutation testing (`npm run mutation`): the policy code, envelope escaping, the Unicode tables' code and the
// invisible-character classifier (src/analysis/hidden.ts). Not part
// of `npm test` (a run takes 15–25 minutes on two cores). Reports: reports/mutation/ (HTML and JSON).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: ['src/core/policy/**/*.ts', 'src/targets/escape.ts', 'src/core/unicode.ts', 'src/analysis/hidden.ts'],
  coverageAnalysis: 'perTest',
  // Mutants in module-level code (data tables, frozen constants) would each rerun every test: 28% of the mutants for
  // 71% of the time. They are left out of the score (the note lists the files' static parts).
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 10_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // The sandbox needs the sources, tests, rules and schemas; not the corpora, nor dist/ (no test here spawns the CLI).
  ignorePatterns: ['dist/', 'corpus/', 'bench/', 'test-hosts/', 'test-install/', 'reports/', '.stryker-tmp*/', 'docs/', 'api/', 'action/'],
  thresholds: { high: 90, low: 80, break: null },
  cleanTempDir: true,
  // Reruns only the mutants whose code or covering tests changed since the last run.
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
};
