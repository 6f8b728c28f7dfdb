// Which test files `npm run mutate` reruns for a mutant, and in which order
// (tests/mutation/choice-of-tests.mjs): named like the mutated file, then its own area's, then
// the areas that guard it, fastest first; areas without guards keep every file.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';

type Hits = Record<string, Record<string, number>>;
interface FocusedRunner {
  areaOf(path: string): string;
  inKillingOrder(files: string[], mutantFile: string, msByFile: Record<string, number>): string[];
  guardedCoverage(perTest: Hits, fileOfMutant: Map<string, string>): Hits;
  mutantFilesIn(sources: [string, string][]): Map<string, string>;
}
// Plain JavaScript of the mutation tooling: loaded by path so the type checker does not look for its types.
const pluginPath = '../../mutation/choice-of-tests.mjs';
let areaOf: FocusedRunner['areaOf'];
let inKillingOrder: FocusedRunner['inKillingOrder'];
let guardedCoverage: FocusedRunner['guardedCoverage'];
let mutantFilesIn: FocusedRunner['mutantFilesIn'];
before(async () => {
  ({ areaOf, inKillingOrder, guardedCoverage, mutantFilesIn } = (await import(pluginPath)) as FocusedRunner);
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

test('a test reaches a mutant for Stryker only when its file would be run for it', () => {
  const fileOfMutant = new Map([
    ['1', 'electron/services/sales/sales-ledger.ts'],
    ['2', 'electron/services/app/create-till.ts'],
    ['3', 'electron/services/terminals/handlers.ts'],
    ['4', 'electron/services/sales/checkout.ts'],
  ]);
  const perTest = {
    // A whole-till test in another area reaches the sales code and the wiring.
    'tests/unit/payments/runner.test.ts#takes a card': { '1': 1, '2': 3, '4': 1 },
    'tests/unit/sales/ledger.test.ts#adds cash': { '1': 2 },
    // The till reports guard sales; the staff tests guard the wiring.
    'tests/unit/till-reports/z.test.ts#totals': { '1': 1 },
    'tests/unit/staff/directory.test.ts#adds': { '2': 1, '3': 1 },
  };
  assert.deepEqual(guardedCoverage(perTest, fileOfMutant), {
    // Mutant 4 is reached by no sales test or guard: every test that reached it is kept.
    'tests/unit/payments/runner.test.ts#takes a card': { '4': 1 },
    'tests/unit/sales/ledger.test.ts#adds cash': { '1': 2 },
    'tests/unit/till-reports/z.test.ts#totals': { '1': 1 },
    // The terminals are guarded by the settings tests, not the staff tests: kept, being the only ones.
    'tests/unit/staff/directory.test.ts#adds': { '2': 1, '3': 1 },
  });
});

test('a mutant of a file not known, or of an area without guards, keeps every test that reached it', () => {
  const perTest = { 'tests/unit/sales/ledger.test.ts#adds cash': { '7': 1, '8': 1 } };
  const fileOfMutant = new Map([['8', 'electron/services/vat.ts']]);
  assert.deepEqual(guardedCoverage(perTest, fileOfMutant), perTest);
});

test("each mutant id is read from the instrumented source's markers, with its file", () => {
  const instrumented =
    'if (stryMutAct_9fa48("12") ? false : (stryCov_9fa48("12", "13"), a > b)) { stryCov_9fa48(); }';
  const files = mutantFilesIn([
    ['electron/services/sales/x.ts', instrumented],
    [
      'electron/services/app/y.ts',
      'return stryMutAct_9fa48("140") ? "" : (stryCov_9fa48("140"), "words 99");',
    ],
  ]);
  assert.deepEqual(
    [...files].sort(([a], [b]) => Number(a) - Number(b)),
    [
      ['12', 'electron/services/sales/x.ts'],
      ['13', 'electron/services/sales/x.ts'],
      ['140', 'electron/services/app/y.ts'],
    ],
  );
});
