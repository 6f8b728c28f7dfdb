// StrykerJS over the money code: `npm run mutate` (scripts/mutate.mjs). The runner and each
// setting are explained in docs/testing.md; the choice of runner in docs/decisions.md.
import process from 'node:process';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  // The unit files as they are: node:test through tsx, TAP out. Coverage is per test FILE, so a
  // mutant reruns each file that reaches it, stopping at the first that fails.
  testRunner: 'tap',
  tap: {
    testFiles: ['tests/unit/**/*.test.ts'],
    nodeArgs: ['--import', 'tsx', '--test-reporter=tap'],
    forceBail: true,
  },
  mutate: ['electron/services/**/*.ts'],
  coverageAnalysis: 'perTest',
  // A mutant in a module-level constant would rerun every file; they are listed as Ignored.
  ignoreStatic: true,
  // Log calls change only the log file (tests/mutation/log-call-ignorer.mjs).
  plugins: ['@stryker-mutator/*', './tests/mutation/log-call-ignorer.mjs'],
  ignorers: ['log-calls'],
  // The unit files mostly wait on loopback sockets, timers and the disk (a run at two used a
  // third of two cores' time), so twice as many runners as cores keep them busy.
  concurrency: Number(process.env.MUTATE_CONCURRENCY ?? 4),
  // Tests carry their own time limits, so a mutant that hangs a payment fails by name; this is
  // only the backstop on top of each file's own time (x1.5).
  timeoutMS: 5000,
  timeoutFactor: 1.5,
  // Kept with the reports (not committed): a later run on this machine retests only mutants
  // whose code or covering test files changed.
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  ignorePatterns: [
    '/out',
    '/dist',
    '/test-results',
    '/reports',
    '/.data',
    '/tests/e2e/*.test.ts',
    // Starts outside programs (the MCP conformance suite, the inspector) that cover no money code.
    '/tests/unit/merchant/peers.test.ts',
    '/tests/fault',
    '/tests/bench',
  ],
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false },
};
