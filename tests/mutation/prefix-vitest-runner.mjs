// Stryker's Vitest runner, made safe for unit files whose tests share one till. Stryker runs, for
// each mutant, only the tests that reached it; but a test here may rely on what the tests before
// it in its file did (a product added, a sale closed), and alone it would fail for that reason,
// not for the mutant: a false kill. So a mutant runs, in each file, every test from the first to
// the last one that reached it (its file's "prefix"), in file order, as `npm test` does.
// Code that ran outside any test (the file's `before` hook: the till starting, crash recovery)
// counts as reached by every test of that file, so it is tested by the whole file and never
// "ignored as static".
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { URL } from 'node:url';
import { commonTokens, declareFactoryPlugin, PluginKind, tokens } from '@stryker-mutator/api/plugin';
import {
  asFilterIds,
  cutShort,
  FILE_ORDER,
  fileOfTest,
  filterNameOf,
  guardedCoverage,
  inKillingOrder,
  loadDryRunFacts,
  mutantFilesIn,
  prefixesOf,
  saveDryRunFacts,
  withoutStatic,
} from './choice-of-tests.mjs';

// The runner's own parts, which its package does not export by name.
const runnerPart = (file) =>
  import(new URL(`../../node_modules/@stryker-mutator/vitest-runner/dist/src/${file}`, import.meta.url).href);
const { createVitestTestRunnerFactory } = await runnerPart('vitest-test-runner.js');
const { collectTestsFromSuite, normalizeTestId } = await runnerPart('vitest-helpers.js');
const { toRawTestId } = await runnerPart('test-helpers.js');

class PrefixVitestRunner {
  #inner;
  /** What the dry run learnt (choice-of-tests.mjs, DryRunFacts); null until known here. */
  #facts = null;

  constructor(inner) {
    this.#inner = inner;
  }

  capabilities() {
    return this.#inner.capabilities();
  }

  init() {
    return this.#inner.init();
  }

  dispose() {
    return this.#inner.dispose();
  }

  async dryRun(options) {
    const result = await this.#inner.dryRun(options);
    if (result.status !== 'complete') return result;
    const testsInOrder = new Map();
    const msByFile = {};
    for (const test of result.tests) {
      const file = fileOfTest(test.id);
      testsInOrder.set(file, [...(testsInOrder.get(file) ?? []), test.id]);
      msByFile[file] = (msByFile[file] ?? 0) + test.timeSpentMs;
    }
    const fileStatic = new Map();
    const filterNames = new Map();
    for (const file of this.#inner.ctx.state.getFiles()) {
      const coverage = file.meta.mutantCoverage;
      const tests = collectTestsFromSuite(file);
      for (const task of tests) filterNames.set(normalizeTestId(toRawTestId(task)), filterNameOf(task));
      if (!coverage || tests.length === 0) continue;
      fileStatic.set(fileOfTest(normalizeTestId(toRawTestId(tests[0]))), coverage.static ?? {});
    }
    this.#facts = { testsInOrder, msByFile, filterNames };
    // Only one runner process does the dry run; the others (and any started later to replace one)
    // read what it learnt from the sandbox they share, their working folder.
    saveDryRunFacts(DRY_RUN_FACTS, this.#facts);
    if (!result.mutantCoverage) return result;
    const coverage = withoutStatic(result.mutantCoverage.perTest, fileStatic, testsInOrder);
    return {
      ...result,
      mutantCoverage: {
        ...coverage,
        perTest: guardedCoverage(coverage.perTest, mutantFilesIn(serviceSources())),
      },
    };
  }

  async mutantRun(options) {
    if (!options.testFilter) return this.#inner.mutantRun(options);
    this.#facts ??= loadDryRunFacts(DRY_RUN_FACTS);
    const { testsInOrder, msByFile, filterNames } = this.#facts;
    const files = inKillingOrder(
      [...new Set(options.testFilter.map(fileOfTest))],
      options.activeMutant.fileName,
      msByFile,
    );
    const chosen = options.testFilter.filter((id) => files.includes(fileOfTest(id)));
    const testFilter = asFilterIds(prefixesOf(chosen, testsInOrder), filterNames);
    let result;
    // A test that starts a Node program of its own (the clock in a fresh process, the keychain
    // with no Secret Service) must run the mutant there too: instrumented code that finds no
    // mutant set in its process reads this variable, which test workers and their children inherit.
    process.env[ACTIVE_MUTANT_VARIABLE] = String(options.activeMutant.id);
    try {
      for (let attempt = 1; attempt <= RUNS_BEFORE_GIVING_UP; attempt++) {
        // Read by the sequencer in tests/mutation/vitest.config.mts, in this same process.
        globalThis[FILE_ORDER] = files;
        result = await this.#inner.mutantRun({
          ...options,
          testFilter,
          // Coverage from module loading and `before` hooks is counted per test (withoutStatic), so
          // the mutant must be on from before the file's imports, or module-level code never sees it.
          mutantActivation: 'static',
        });
        // A run in which fewer tests ran than were asked for is run again (choice-of-tests.mjs, cutShort).
        if (!cutShort(result, testFilter)) return result;
      }
    } finally {
      delete process.env[ACTIVE_MUTANT_VARIABLE];
    }
    process.stderr.write(
      `Mutant ${options.activeMutant.id}: ${result.nrOfTests} of ${testFilter.length} tests ran in each of ` +
        `${RUNS_BEFORE_GIVING_UP} runs; counted as surviving.\n`,
    );
    return result;
  }
}

/** The mutated sources as instrumented in the sandbox (the working folder): path → text. */
function serviceSources() {
  const root = join('electron', 'services');
  return readdirSync(root, { recursive: true })
    .map((name) => join(root, String(name)).replaceAll('\\', '/'))
    .filter((path) => path.endsWith('.ts'))
    .map((path) => [path, readFileSync(path, 'utf8')]);
}

/** In the sandbox folder, every runner process's working folder. */
const DRY_RUN_FACTS = 'prefix-runner-dry-run.json';

/** Runs of one mutant cut short (cutShort) before it is counted as surviving anyway. */
const RUNS_BEFORE_GIVING_UP = 3;
/** Where Stryker's instrumented code looks for the active mutant when its process set none. */
const ACTIVE_MUTANT_VARIABLE = '__STRYKER_ACTIVE_MUTANT__';

const createVitestRunner = createVitestTestRunnerFactory();

function createPrefixVitestRunner(injector) {
  return new PrefixVitestRunner(createVitestRunner(injector));
}
createPrefixVitestRunner.inject = tokens(commonTokens.injector);

export const strykerPlugins = [
  declareFactoryPlugin(PluginKind.TestRunner, 'vitest-prefix', createPrefixVitestRunner),
];
