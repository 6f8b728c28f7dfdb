// Stryker's TAP runner, choosing and ordering the test files for each mutant. Stryker hands a
// mutant every file that reaches it, in the order the dry run found them (alphabetical); most
// files build a whole till, so a mutant in the sales code reached ~50 files, and a surviving
// mutant (one no file kills) cost a run of all of them.
// - Which files: those of the mutant's own area and of the areas that guard it (GUARDS: the
//   areas built on it, whose tests are about it). A mutant only some other area's test notices
//   by chance counts as surviving: the score can only come out lower for it, never higher.
// - In which order: files named like the mutated file first, then the own area's, then the
//   guards', each fastest first (times from the dry run). A killed mutant stops at the first
//   failing file, so the order decides most of the run's time.
import { readFileSync, writeFileSync } from 'node:fs';
import process from 'node:process';
import { join } from 'node:path';
import { commonTokens, declareFactoryPlugin, PluginKind, tokens } from '@stryker-mutator/api/plugin';
import { createTapTestRunnerFactory } from '@stryker-mutator/tap-runner';

// Every runner works in the same sandbox folder; the one that did the dry run leaves the times here.
const TIMES_FILE = join(process.cwd(), '.mutation-file-times.json');

/** A service area → the unit-test areas, besides its own, whose tests are about it. */
export const GUARDS = {
  payments: ['sales', 'sandbox-reports'],
  sales: ['history', 'till-reports', 'reconciliation', 'shifts'],
  printing: ['sales'],
  storage: ['staff', 'sales'],
  'manager-gate': ['storage', 'staff'],
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
  const guards = GUARDS[area];
  const chosen = guards
    ? testFiles.filter((file) => areaOf(file) === area || guards.includes(areaOf(file)))
    : [...testFiles];
  const files = chosen.length > 0 ? chosen : [...testFiles];
  const mutantWords = nameWords(mutantFile);
  const named = (file) => [...nameWords(file)].some((word) => mutantWords.has(word));
  const rank = (file) => (named(file) ? 0 : areaOf(file) === area ? 1 : 2);
  const ms = (file) => msByFile[file] ?? Number.MAX_SAFE_INTEGER;
  return files.sort((a, b) => rank(a) - rank(b) || ms(a) - ms(b) || a.localeCompare(b));
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
