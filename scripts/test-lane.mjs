// One lane of the unit or e2e suite (scripts/test.mjs): the test files named in PAYDESK_TEST_FILES, in
// this one process, one after another. Each file is loaded inside a suite named by its path, so
// its top-level hooks (`before`, `afterEach`, …) stay its own and run with its tests only, and
// the runner reports each file's time as that suite's. The modules the files share (the till,
// its database, zod, Playwright) are loaded and transformed once per lane instead of once per file.
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { resolve } from 'node:path';
import { before, beforeEach, describe } from 'node:test';
import { setInterval } from 'node:timers';
import { pathToFileURL } from 'node:url';

// A test may wait on a timer that does not hold a process open (the till's clock unrefs its
// timers): with a process per file the runner's own link to its child kept the process alive,
// so this lane keeps itself alive the same way. --test-force-exit ends it after the last file.
setInterval(() => {}, 60_000);

/** The runner's async hook, noted by scripts/test-lane-hook.cjs (absent when not preloaded). */
const runnerHook = globalThis[Symbol.for('paydesk.testRunnerAsyncHook')];

const files = JSON.parse(process.env.PAYDESK_TEST_FILES ?? '[]');
const loaded = files.map(
  (file) =>
    new Promise((done) => {
      // No time limit on the file as a whole: each of its tests has the suite's own.
      describe(file, { timeout: Infinity }, async () => {
        try {
          await import(pathToFileURL(resolve(file)).href);
        } finally {
          done();
        }
      });
    }),
);

// Once every file has registered its tests and hooks, the runner need not follow each promise
// and timer to its test (scripts/test-lane-hook.cjs). From then on a test, suite or hook made
// with the module's functions instead of the test's context could not find its test: those
// functions now refuse, naming the way that works.
before(async () => {
  await Promise.all(loaded);
  if (!runnerHook) return;
  runnerHook.disable();
  const nodeTest = createRequire(import.meta.url)('node:test');
  for (const name of ['test', 'it', 'describe', 'suite', 'before', 'after', 'beforeEach', 'afterEach']) {
    nodeTest[name] = () => {
      throw new Error(
        `${name}() from 'node:test' was called while tests run; inside a test use its context ` +
          `(t.test, t.after, t.before, …), or call it at a file's top level (scripts/test-lane.mjs)`,
      );
    };
  }
  syncBuiltinESMExports();
});

// A stray error (thrown from a timer, a promise nobody awaited) still fails the lane, but without
// the hook the runner cannot name its test: the lane names the one running when it came.
let running = 'loading the files';
beforeEach((t) => {
  running = t.fullName;
});
const nameTheTest = (error) =>
  process.stderr.write(`\nA stray error came while "${running}" ran:\n${error?.stack ?? error}\n`);
process.on('uncaughtExceptionMonitor', nameTheTest);
process.on('unhandledRejection', nameTheTest);
