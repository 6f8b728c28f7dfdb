// StrykerJS over the money code: `npm run mutate` (scripts/mutate.mjs). The runner and each
// setting are explained in docs/testing.md; the choice of runner in docs/decisions.md.
import process from 'node:process';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  // The unit files as they are: node:test through tsx, TAP out. Coverage is per test FILE, so a
  // mutant reruns each file that reaches it, stopping at the first that fails; the files of the
  // mutant's own area go first (tests/mutation/focused-tap-runner.mjs).
  testRunner: 'tap-focused',
  tap: {
    // The unit files, and the fault files that run the money code in this process under a
    // full disk or a failing printer (the others drive child processes, which report no coverage).
    testFiles: [
      'tests/unit/**/*.test.ts',
      'tests/fault/payments-storage-full.test.ts',
      'tests/fault/spool-printer-faults.test.ts',
      'tests/fault/spool-link-drop.test.ts',
    ],
    nodeArgs: ['--import', 'tsx', '--test-reporter=tap'],
    forceBail: true,
  },
  // The money code (issue 17): card payments, sales and their storage, the print spool and the
  // ESC/POS encoder, the manager PIN and its gate. `npm run mutate -- --mutate
  // 'electron/services/**/*.ts'` takes in every service.
  mutate: [
    'electron/services/payments/**/*.ts',
    'electron/services/sales/**/*.ts',
    'electron/services/printing/spool*.ts',
    'electron/services/printing/escpos-encoder.ts',
    'electron/services/storage/manager-pin.ts',
    'electron/services/storage/sale-number-mark.ts',
    'electron/services/manager-gate.ts',
  ],
  coverageAnalysis: 'perTest',
  // A mutant in a module-level constant would rerun every file; they are listed as Ignored.
  ignoreStatic: true,
  // Log calls change only the log file (tests/mutation/log-call-ignorer.mjs).
  plugins: [
    '@stryker-mutator/*',
    './tests/mutation/log-call-ignorer.mjs',
    './tests/mutation/focused-tap-runner.mjs',
  ],
  ignorers: ['log-calls'],
  // The unit files mostly wait on loopback sockets, timers and the disk (a run at two used a
  // third of two cores' time), so twice as many runners as cores keep them busy.
  concurrency: Number(process.env.MUTATE_CONCURRENCY ?? 4),
  // Tests carry their own time limits, so a mutant that hangs a payment fails by name; this is
  // only the backstop on top of each file's own time (x1.5).
  timeoutMS: 5000,
  timeoutFactor: 1.5,
  // The last full run's results, committed: a run retests only the mutants whose code or
  // covering test files changed since (docs/testing.md, "Time"). `--force` reruns every mutant.
  incremental: true,
  incrementalFile: 'tests/mutation/stryker-incremental.json',
  ignorePatterns: [
    '/out',
    '/dist',
    '/test-results',
    '/reports',
    '/tests/mutation/stryker-incremental.json',
    '/.data',
    '/tests/e2e/*.test.ts',
    // Starts outside programs (the MCP conformance suite, the inspector) that cover no money code.
    '/tests/unit/merchant/peers.test.ts',
    '/tests/bench',
  ],
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false },
};
