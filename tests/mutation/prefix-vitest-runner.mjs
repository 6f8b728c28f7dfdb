// Stryker's Vitest runner, made safe for unit files whose tests share one till. Stryker runs, for
// each mutant, only the tests that reached it; but a test here may rely on what the tests before
// it in its file did (a product added, a sale closed), and alone it would fail for that reason,
// not for the mutant: a false kill. So a mutant runs, in each file, every test from the first to
// the last one that reached it (its file's "prefix"), in file order, as `npm test` does.
// Code that ran outside any test (the file's `before` hook: the till starting, crash recovery)
// counts as reached by every test of that file, so it is tested by the whole file and never
// "ignored as static".
import { URL } from 'node:url';
import { commonTokens, declareFactoryPlugin, PluginKind, tokens } from '@stryker-mutator/api/plugin';
import {
  asFilterIds,
  FILE_ORDER,
  fileOfTest,
  filterNameOf,
  inKillingOrder,
  prefixesOf,
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
  /** @type {Map<string, string[]>} */
  #testsInOrder = new Map();
  /** Each file's running time in the dry run, in ms. */
  #msByFile = {};
  /** Test id → the name Vitest's name filter matches (tests inside a `describe` differ). */
  #filterNames = new Map();

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
    this.#testsInOrder = new Map();
    this.#msByFile = {};
    for (const test of result.tests) {
      const file = fileOfTest(test.id);
      this.#testsInOrder.set(file, [...(this.#testsInOrder.get(file) ?? []), test.id]);
      this.#msByFile[file] = (this.#msByFile[file] ?? 0) + test.timeSpentMs;
    }
    if (!result.mutantCoverage) return result;
    const fileStatic = new Map();
    this.#filterNames = new Map();
    for (const file of this.#inner.ctx.state.getFiles()) {
      const coverage = file.meta.mutantCoverage;
      const tests = collectTestsFromSuite(file);
      for (const task of tests) this.#filterNames.set(normalizeTestId(toRawTestId(task)), filterNameOf(task));
      if (!coverage || tests.length === 0) continue;
      fileStatic.set(fileOfTest(normalizeTestId(toRawTestId(tests[0]))), coverage.static ?? {});
    }
    return {
      ...result,
      mutantCoverage: withoutStatic(result.mutantCoverage.perTest, fileStatic, this.#testsInOrder),
    };
  }

  mutantRun(options) {
    if (!options.testFilter) return this.#inner.mutantRun(options);
    const files = inKillingOrder(
      [...new Set(options.testFilter.map(fileOfTest))],
      options.activeMutant.fileName,
      this.#msByFile,
    );
    const chosen = options.testFilter.filter((id) => files.includes(fileOfTest(id)));
    // Read by the sequencer in tests/mutation/vitest.config.mts, in this same process.
    globalThis[FILE_ORDER] = files;
    return this.#inner.mutantRun({
      ...options,
      testFilter: asFilterIds(prefixesOf(chosen, this.#testsInOrder), this.#filterNames),
      // Coverage from module loading and `before` hooks is counted per test (withoutStatic), so
      // the mutant must be on from before the file's imports, or module-level code never sees it.
      mutantActivation: 'static',
    });
  }
}

const createVitestRunner = createVitestTestRunnerFactory();

function createPrefixVitestRunner(injector) {
  return new PrefixVitestRunner(createVitestRunner(injector));
}
createPrefixVitestRunner.inject = tokens(commonTokens.injector);

export const strykerPlugins = [
  declareFactoryPlugin(PluginKind.TestRunner, 'vitest-prefix', createPrefixVitestRunner),
];
