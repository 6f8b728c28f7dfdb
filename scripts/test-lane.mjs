// One lane of the unit or e2e suite (scripts/test.mjs): the test files named in PAYDESK_TEST_FILES, in
// this one process, one after another. Each file is loaded inside a suite named by its path, so
// its top-level hooks (`before`, `afterEach`, …) stay its own and run with its tests only, and
// the runner reports each file's time as that suite's. The modules the files share (the till,
// its database, zod, Playwright) are loaded and transformed once per lane instead of once per file.
import { resolve } from 'node:path';
import { describe } from 'node:test';
import { setInterval } from 'node:timers';
import { pathToFileURL } from 'node:url';

// A test may wait on a timer that does not hold a process open (the till's clock unrefs its
// timers): with a process per file the runner's own link to its child kept the process alive,
// so this lane keeps itself alive the same way. --test-force-exit ends it after the last file.
setInterval(() => {}, 60_000);

const files = JSON.parse(process.env.PAYDESK_TEST_FILES ?? '[]');
for (const file of files) {
  // No time limit on the file as a whole: each of its tests has the suite's own.
  describe(file, { timeout: Infinity }, async () => {
    await import(pathToFileURL(resolve(file)).href);
  });
}
