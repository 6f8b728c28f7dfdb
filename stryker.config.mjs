// StrykerJS over the money code: `npm run mutate` (scripts/mutate.mjs). The runner and each
// setting are explained in docs/testing.md; the choice of runner in docs/decisions.md.
import process from 'node:process';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  // The unit files as they are, on Vitest through a small node:test adapter
  // (tests/mutation/vitest.config.mts): a runner process keeps Vitest loaded, and a mutant runs
  // only the tests that reached it, each with the tests before it in its file
  // (tests/mutation/prefix-vitest-runner.mjs), from the areas that guard it, its own area first.
  testRunner: 'vitest-prefix',
  vitest: { configFile: 'tests/mutation/vitest.config.mts', related: false },
  // Every service (issue 17: 90% on payments, sales and the spool, 80% over all of them).
  // `npm run mutate -- --mutate 'electron/services/sales/**/*.ts'` takes in one area.
  mutate: ['electron/services/**/*.ts'],
  coverageAnalysis: 'perTest',
  // A mutant in a module-level constant would rerun every file; they are listed as Ignored.
  ignoreStatic: true,
  // Log calls change only the log file (tests/mutation/log-call-ignorer.mjs).
  plugins: [
    '@stryker-mutator/*',
    './tests/mutation/log-call-ignorer.mjs',
    './tests/mutation/prefix-vitest-runner.mjs',
    './tests/mutation/survivor-log.mjs',
  ],
  ignorers: ['log-calls'],
  // The tests mostly wait on loopback sockets, timers and the disk: three runners keep two
  // cores busy (docs/testing.md, "Time").
  concurrency: Number(process.env.MUTATE_CONCURRENCY ?? 3),
  // Tests carry their own time limits, so a mutant that hangs a payment fails by name. This is
  // only the backstop: generous, because a mutant also runs the tests before its own in a file,
  // which Stryker does not count in its time.
  timeoutMS: 15000,
  timeoutFactor: 1.5,
  // The first pass runs every unit file once (about 2 minutes alone); on a loaded 2-core machine
  // it took over Stryker's default 5 and the run ended before any mutant.
  dryRunTimeoutMinutes: 20,
  // The last full run's results: a run retests only the mutants whose code or covering test
  // files changed since (docs/testing.md, "Time"). `--force` reruns every mutant. scripts/
  // mutate.mjs unpacks the committed tests/mutation/stryker-incremental.json.gz here and packs
  // the merged result back.
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  ignorePatterns: [
    '/out',
    '/dist',
    '/test-results',
    '/reports',
    '/tests/mutation/stryker-incremental.json.gz',
    '/.data',
    '/tests/e2e/*.test.ts',
    '/tests/bench',
  ],
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  reporters: ['html', 'json', 'clear-text', 'progress', 'survivor-log'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false },
};
