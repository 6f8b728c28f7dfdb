// Stryker's TAP runner, with the test files for each mutant put in a better order. Stryker hands
// a mutant the files that reach it in the order the dry run found them (alphabetical), so a
// mutant in the sales code first reran the whole-till files under tests/unit/app before the
// sales tests that kill it in a second. Here the files of the mutant's own area go first, then
// the rest, each group fastest first (times from the dry run). A killed mutant stops at the
// first failing file, so the order decides most of the run's time; a survivor still runs them all.
import { readFileSync, writeFileSync } from 'node:fs';
import process from 'node:process';
import { join } from 'node:path';
import { commonTokens, declareFactoryPlugin, PluginKind, tokens } from '@stryker-mutator/api/plugin';
import { createTapTestRunnerFactory } from '@stryker-mutator/tap-runner';

// Every runner works in the same sandbox folder; the one that did the dry run leaves the times here.
const TIMES_FILE = join(process.cwd(), '.mutation-file-times.json');

/** `electron/services/sales/x.ts` → `sales`; `tests/unit/sales/x.test.ts` → `sales`. */
export function areaOf(path) {
  const parts = path.replaceAll('\\', '/').split('/');
  const at = parts.findIndex((part, i) => (part === 'services' || part === 'unit') && i < parts.length - 1);
  return at === -1 ? '' : parts[at + 1].replace(/\.(test\.)?ts$/, '');
}

/** The files to run for a mutant: its own area's first, then the rest; fastest first in each. */
export function inKillingOrder(testFiles, mutantFile, msByFile) {
  const area = areaOf(mutantFile);
  const ms = (file) => msByFile[file] ?? Number.MAX_SAFE_INTEGER;
  const rank = (file) => (area !== '' && areaOf(file) === area ? 0 : 1);
  return [...testFiles].sort((a, b) => rank(a) - rank(b) || ms(a) - ms(b) || a.localeCompare(b));
}

class FocusedTapRunner {
  #inner;
  #msByFile = null;

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
    return this.#inner.dispose?.();
  }

  async dryRun(options) {
    const result = await this.#inner.dryRun(options);
    if (result.status === 'complete') {
      const times = Object.fromEntries(result.tests.map((t) => [t.id, t.timeSpentMs]));
      writeFileSync(TIMES_FILE, JSON.stringify(times));
    }
    return result;
  }

  mutantRun(options) {
    if (!options.testFilter) return this.#inner.mutantRun(options);
    const testFilter = inKillingOrder(options.testFilter, options.activeMutant.fileName, this.#times());
    return this.#inner.mutantRun({ ...options, testFilter });
  }

  #times() {
    if (this.#msByFile === null) {
      try {
        this.#msByFile = JSON.parse(readFileSync(TIMES_FILE, 'utf8'));
      } catch {
        this.#msByFile = {}; // No dry run here yet: area first, then by name.
      }
    }
    return this.#msByFile;
  }
}

const createTapRunner = createTapTestRunnerFactory();

function createFocusedTapRunner(injector) {
  return new FocusedTapRunner(createTapRunner(injector));
}
createFocusedTapRunner.inject = tokens(commonTokens.injector);

export const strykerPlugins = [
  declareFactoryPlugin(PluginKind.TestRunner, 'tap-focused', createFocusedTapRunner),
];
