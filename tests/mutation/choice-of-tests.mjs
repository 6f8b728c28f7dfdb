import { readFileSync, writeFileSync } from 'node:fs';

// Which tests a mutant runs, and in which order (tests/mutation/prefix-vitest-runner.mjs).
// - Which: those of the mutant's own area and of the areas that guard it (GUARDS: the areas built
//   on it, whose tests are about it). Most files start a whole till, so a mutant in the sales code
//   is reached by ~50 files; one only another area's test notices by chance counts as surviving:
//   the score can only come out lower for it, never higher.
// - In which order: files named like the mutated file first, then the own area's, then the
//   guards', each fastest first (times from the dry run). A killed mutant stops at the first
//   failing file, so the order decides most of the run's time.
// - Within a file: every test up to the last one that reached the mutant (prefixesOf).

/**
 * A service area → the unit-test areas, besides its own, whose tests are about it. Every area
 * is listed: one left out would run every file that reaches it, and the wiring (`app/`) is
 * reached by every file that starts a till, so each of its survivors would rerun the whole suite.
 */
export const GUARDS = {
  payments: ['sales', 'sandbox-reports'],
  sales: ['history', 'till-reports', 'reconciliation', 'shifts'],
  printing: ['sales'],
  storage: ['staff', 'sales', 'settings'],
  'manager-gate': ['storage', 'staff'],
  app: ['host', 'settings', 'terminals', 'catalogue', 'staff', 'contract', 'storage'],
  catalogue: ['vat', 'i18n'],
  common: ['payments', 'supplies', 'storage', 'host'],
  connections: ['settings', 'terminals', 'supplies', 'merchant', 'host'],
  merchant: ['sandbox-merchant', 'i18n'],
  reconciliation: ['sandbox-reports', 'i18n'],
  reports: ['sandbox-reports', 'i18n'],
  settings: ['storage', 'host'],
  shifts: ['till-reports'],
  staff: ['storage'],
  supplies: ['i18n'],
  terminals: ['settings'],
  'till-reports': ['shifts', 'i18n'],
};

/** Fault files are named for what they break: `spool-link-drop` is the printing area's. */
const FAULT_FILE_AREAS = { payments: 'payments', spool: 'printing', storage: 'storage' };

/**
 * `electron/services/sales/x.ts` → `sales`; `tests/unit/sales/x.test.ts` → `sales`;
 * `tests/fault/spool-link-drop.test.ts` → `printing`.
 */
export function areaOf(path) {
  const parts = path.replaceAll('\\', '/').split('/');
  const fault = parts.at(-2) === 'fault' ? parts.at(-1).split('-')[0] : undefined;
  if (fault !== undefined) return FAULT_FILE_AREAS[fault] ?? '';
  const at = parts.findIndex((part, i) => (part === 'services' || part === 'unit') && i < parts.length - 1);
  return at === -1 ? '' : parts[at + 1].replace(/\.(test\.)?ts$/, '');
}

/** The words of a file's name: `sales/sales-ledger.ts` → sales, ledger. */
function nameWords(path) {
  const base = path.replaceAll('\\', '/').split('/').pop() ?? '';
  return new Set(base.replace(/\.(test\.)?ts$/, '').split('-'));
}

/**
 * The files to run for a mutant, in order: named like the mutated file, then its own area's,
 * then its guards'; fastest first in each. Areas without guards keep every file. Never empty
 * when something reached the mutant: with no own or guard file among them, all are run.
 */
export function inKillingOrder(testFiles, mutantFile, msByFile) {
  const area = areaOf(mutantFile);
  const chosen = testFiles.filter((file) => isAbout(mutantFile, file));
  const files = chosen.length > 0 ? chosen : [...testFiles];
  const mutantWords = nameWords(mutantFile);
  const named = (file) => [...nameWords(file)].some((word) => mutantWords.has(word));
  const rank = (file) => (named(file) ? 0 : areaOf(file) === area ? 1 : 2);
  const ms = (file) => msByFile[file] ?? Number.MAX_SAFE_INTEGER;
  return files.sort((a, b) => rank(a) - rank(b) || ms(a) - ms(b) || a.localeCompare(b));
}

/** Whether a mutant in `mutantFile` is run against `testFile`: own area or a guard's (or no guards). */
function isAbout(mutantFile, testFile) {
  const area = areaOf(mutantFile);
  const guards = GUARDS[area];
  const testArea = areaOf(testFile);
  return !guards || testArea === area || guards.includes(testArea);
}

/**
 * Coverage as the mutants are run: a test counts as reaching a mutant only when inKillingOrder
 * would run its file for it. Otherwise a new test in an unrelated area (a whole-till test reaches
 * nearly everything) makes Stryker's incremental run retest every survivor it reaches, only to run
 * the same guarding tests again. A mutant reached only by other areas' tests keeps them all, as
 * inKillingOrder runs them all. `fileOfMutant` maps a mutant id to its source file.
 */
export function guardedCoverage(perTest, fileOfMutant) {
  const about = (testId, mutantId) => {
    const mutantFile = fileOfMutant.get(mutantId);
    return mutantFile === undefined || isAbout(mutantFile, fileOfTest(testId));
  };
  const guarded = new Set();
  for (const [testId, hits] of Object.entries(perTest))
    for (const mutantId of Object.keys(hits)) if (about(testId, mutantId)) guarded.add(mutantId);
  return Object.fromEntries(
    Object.entries(perTest).map(([testId, hits]) => [
      testId,
      Object.fromEntries(
        Object.entries(hits).filter(([mutantId]) => !guarded.has(mutantId) || about(testId, mutantId)),
      ),
    ]),
  );
}

/** Each mutant id → its file, read from instrumented sources (Stryker's markers carry the ids). */
export function mutantFilesIn(sources) {
  const fileOf = new Map();
  for (const [file, text] of sources)
    for (const call of text.matchAll(/stry(?:MutAct|Cov)_9fa48\(([^)]*)\)/g))
      for (const id of call[1].matchAll(/"(\d+)"/g)) fileOf.set(id[1], file);
  return fileOf;
}

/** The files of the mutant being run, in the order to run them (tests/mutation/vitest.config.mts). */
export const FILE_ORDER = Symbol.for('paydesk.mutation.fileOrder');

/** `tests/unit/a.test.ts#some test` → `tests/unit/a.test.ts`. */
export function fileOfTest(testId) {
  return testId.slice(0, testId.indexOf('#'));
}

/**
 * The tests to run for a mutant: in each file that has a test reaching it, every test from the
 * file's first up to the last one reaching it. `testsInOrder` maps a file to its test ids in
 * the order they run.
 */
export function prefixesOf(reaching, testsInOrder) {
  const lastIndex = new Map();
  for (const id of reaching) {
    const file = fileOfTest(id);
    const order = testsInOrder.get(file) ?? [];
    const at = order.indexOf(id);
    // A test the dry run did not list (cannot happen; if it did, run its whole file).
    const index = at === -1 ? order.length - 1 : at;
    lastIndex.set(file, Math.max(lastIndex.get(file) ?? -1, index));
  }
  return [...lastIndex].flatMap(([file, last]) => {
    const order = testsInOrder.get(file) ?? [];
    return last >= 0 ? order.slice(0, last + 1) : reaching.filter((id) => fileOfTest(id) === file);
  });
}

/**
 * Coverage with nothing left "static": what a file's `before` hooks and module loading reached
 * is reached by each of that file's tests. `fileStatic` maps a file to its static hits.
 */
export function withoutStatic(perTest, fileStatic, testsInOrder) {
  const result = Object.fromEntries(Object.entries(perTest).map(([id, hits]) => [id, { ...hits }]));
  for (const [file, hits] of fileStatic) {
    for (const id of testsInOrder.get(file) ?? []) {
      result[id] = { ...hits, ...(result[id] ?? {}) };
    }
  }
  return { static: {}, perTest: result };
}

/**
 * The name Vitest's test-name filter matches for a test: its suites' names and its own joined by
 * ' > ' (Vitest keeps it as `fullTestName`). Stryker's test ids join them by spaces, which
 * matches no test inside a `describe`, so such tests never ran for a mutant.
 */
export function filterNameOf(task) {
  return task.fullTestName ?? task.name;
}

/** `file#name` ids with each test's filter name in place of its name (`filterNames`: id → name). */
export function asFilterIds(ids, filterNames) {
  return ids.map((id) => {
    const name = filterNames.get(id);
    return name === undefined ? id : `${fileOfTest(id)}#${name}`;
  });
}

/**
 * True when a mutant "survived" without running every test asked for: a test its name did not
 * find, or a run cancelled (Vitest stops a run at the first failing test by cancelling it). Such
 * a mutant is run again rather than counted as surviving tests that never ran. Skipped tests are
 * not counted in `nrOfTests`; the name filter may match more tests than asked for, never fewer.
 */
export function cutShort(result, testFilter) {
  return result.status === 'survived' && result.nrOfTests < new Set(testFilter).size;
}

/**
 * @typedef {object} DryRunFacts What the dry run learnt, which every mutant run needs.
 * @property {Map<string, string[]>} testsInOrder a file → its test ids, in the order they run
 * @property {Record<string, number>} msByFile a file → its tests' time in the dry run, in ms
 * @property {Map<string, string>} filterNames a test id → the name Vitest's filter matches
 */

/** Writes the dry run's facts for the runner processes that did not do it. */
export function saveDryRunFacts(path, facts) {
  const { testsInOrder, msByFile, filterNames } = facts;
  writeFileSync(
    path,
    JSON.stringify({ testsInOrder: [...testsInOrder], msByFile, filterNames: [...filterNames] }),
  );
}

/**
 * The dry run's facts as saved. A runner process that has none would run each reached test
 * without the tests before it and miss every test inside a `describe`: it refuses to go on.
 */
export function loadDryRunFacts(path) {
  const saved = JSON.parse(readFileSync(path, 'utf8'));
  return {
    testsInOrder: new Map(saved.testsInOrder),
    msByFile: saved.msByFile,
    filterNames: new Map(saved.filterNames),
  };
}
