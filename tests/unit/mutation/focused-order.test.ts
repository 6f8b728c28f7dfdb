// Which test files `npm run mutate` reruns for a mutant, and in which order
// (tests/mutation/choice-of-tests.mjs): named like the mutated file, then its own area's, then
// the areas that guard it, fastest first; areas without guards keep every file.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';

interface FocusedRunner {
  areaOf(path: string): string;
  inKillingOrder(files: string[], mutantFile: string, msByFile: Record<string, number>): string[];
}
// Plain JavaScript of the mutation tooling: loaded by path so the type checker does not look for its types.
const pluginPath = '../../mutation/choice-of-tests.mjs';
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
  assert.equal(areaOf('tests/fault/spool-link-drop.test.ts'), 'printing');
  assert.equal(areaOf('tests/fault/payments-storage-full.test.ts'), 'payments');
  assert.equal(areaOf('tests/fault/host-flood.test.ts'), '');
});

test("a sales mutant runs the ledger's own test, its area, then its guards; other areas never", () => {
  const files = [
    'tests/unit/catalogue/import.test.ts',
    'tests/unit/sales/checkout.test.ts',
    'tests/unit/payments/runner.test.ts',
    'tests/unit/sales/ledger.test.ts',
    'tests/unit/till-reports/z-report.test.ts',
    'tests/unit/sales/parked.test.ts',
  ];
  const ms = {
    'tests/unit/catalogue/import.test.ts': 100,
    'tests/unit/sales/checkout.test.ts': 1500,
    'tests/unit/payments/runner.test.ts': 2500,
    'tests/unit/sales/ledger.test.ts': 2000,
    'tests/unit/till-reports/z-report.test.ts': 300,
  };
  assert.deepEqual(inKillingOrder(files, 'electron/services/sales/sales-ledger.ts', ms), [
    'tests/unit/sales/ledger.test.ts',
    'tests/unit/sales/checkout.test.ts',
    'tests/unit/sales/parked.test.ts',
    'tests/unit/till-reports/z-report.test.ts',
  ]);
  assert.equal(files[0], 'tests/unit/catalogue/import.test.ts', 'the list given is not changed');
});

test('the manager gate is guarded by the storage and staff tests, its own named file first', () => {
  const files = [
    'tests/unit/staff/rights.test.ts',
    'tests/unit/shifts/shifts.test.ts',
    'tests/unit/storage/manager-gate.test.ts',
  ];
  assert.deepEqual(inKillingOrder(files, 'electron/services/manager-gate.ts', {}), [
    'tests/unit/storage/manager-gate.test.ts',
    'tests/unit/staff/rights.test.ts',
  ]);
});

test('an area without guards keeps every file; with none of its own or guards there, all run', () => {
  const files = ['tests/unit/b.test.ts', 'tests/unit/a.test.ts'];
  assert.deepEqual(
    inKillingOrder(files, 'electron/services/supplies/client.ts', { 'tests/unit/b.test.ts': 1 }),
    ['tests/unit/b.test.ts', 'tests/unit/a.test.ts'],
  );
  assert.deepEqual(
    inKillingOrder(['tests/unit/shifts/x.test.ts'], 'electron/services/printing/spool.ts', {}),
    ['tests/unit/shifts/x.test.ts'],
  );
});
