// Vitest for Stryker only (tests/mutation/prefix-vitest-runner.mjs); `npm test` runs node:test.
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

const FILE_ORDER = Symbol.for('paydesk.mutation.fileOrder');

/**
 * A mutant's files in the order the mutation runner chose (its own area's, fastest first): a
 * killed mutant stops at the first failing file. Without a mutant, Vitest's own order.
 */
class MutantFileOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const order = (globalThis as Record<symbol, string[] | undefined>)[FILE_ORDER];
    if (!order) return super.sort(files);
    const root = this.ctx.config.root;
    const rank = (spec: TestSpecification) => {
      const at = order.indexOf(relative(root, spec.moduleId).replaceAll('\\', '/'));
      return at === -1 ? order.length : at;
    };
    return [...files].sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  resolve: {
    alias: { 'node:test': fileURLToPath(new URL('./node-test-on-vitest.ts', import.meta.url)) },
  },
  test: {
    include: [
      'tests/unit/**/*.test.ts',
      'tests/fault/payments-storage-full.test.ts',
      'tests/fault/spool-*.test.ts',
    ],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    sequence: { sequencer: MutantFileOrder },
  },
});
