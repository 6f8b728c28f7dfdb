// The order in which `npm run mutate` reruns test files for a mutant
// (tests/mutation/focused-tap-runner.mjs): the mutant's own area first, fastest first.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';

interface FocusedRunner {
  areaOf(path: string): string;
  inKillingOrder(files: string[], mutantFile: string, msByFile: Record<string, number>): string[];
}
// A plain-JavaScript Stryker plugin: loaded by path so the type checker does not look for its types.
const pluginPath = '../../mutation/focused-tap-runner.mjs';
let areaOf: FocusedRunner['areaOf'];
let inKillingOrder: FocusedRunner['inKillingOrder'];
before(async () => {
  ({ areaOf, inKillingOrder } = (await import(pluginPath)) as FocusedRunner);
});

test('a service file and a unit test file are placed in their area', () => {
  assert.equal(areaOf('/sandbox/electron/services/sales/sales-ledger.ts'), 'sales');
  assert.equal(areaOf('tests/unit/sales/ledger.test.ts'), 'sales');
  assert.equal(areaOf('electron/services/manager-gate.ts'), 'manager-gate');
  assert.equal(areaOf('shared/money.ts'), '');
});

test("a mutant's own area runs first, each group fastest first, unknown times last", () => {
  const files = [
    'tests/unit/app/create-till.test.ts',
    'tests/unit/sales/checkout.test.ts',
    'tests/unit/payments/runner.test.ts',
    'tests/unit/sales/ledger.test.ts',
    'tests/unit/catalogue/import.test.ts',
  ];
  const ms = {
    'tests/unit/app/create-till.test.ts': 300,
    'tests/unit/sales/checkout.test.ts': 1500,
    'tests/unit/payments/runner.test.ts': 2500,
    'tests/unit/sales/ledger.test.ts': 500,
  };
  assert.deepEqual(inKillingOrder(files, 'electron/services/sales/sales-ledger.ts', ms), [
    'tests/unit/sales/ledger.test.ts',
    'tests/unit/sales/checkout.test.ts',
    'tests/unit/app/create-till.test.ts',
    'tests/unit/payments/runner.test.ts',
    'tests/unit/catalogue/import.test.ts',
  ]);
  assert.deepEqual(files[0], 'tests/unit/app/create-till.test.ts', 'the list given is not changed');
});

test('a mutant outside any area keeps every file, fastest first', () => {
  const files = ['tests/unit/b.test.ts', 'tests/unit/a.test.ts'];
  assert.deepEqual(inKillingOrder(files, 'electron/services/manager-gate.ts', {}), [
    'tests/unit/a.test.ts',
    'tests/unit/b.test.ts',
  ]);
});
