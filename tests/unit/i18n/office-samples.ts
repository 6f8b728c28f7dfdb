// The back-office and day services' refusals, produced by running them with sample inputs (real
// SQLite in a temp folder for the staff and the catalogue): shifts, till reports, staff and PINs,
// the catalogue and its CSV import (each bad line), reconciliation and printing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TillError, type Words } from '../../../shared/contract';
import { parseCatalogueCsv } from '../../../electron/services/catalogue/csv';
import { CatalogueImports } from '../../../electron/services/catalogue/import';
import { CATALOGUE_MIGRATIONS } from '../../../electron/services/catalogue/schema';
import { ProductCatalogue, type ProductFields } from '../../../electron/services/catalogue/store';
import { createPrintingService, createTransport } from '../../../electron/services/printing';
import { stateWord } from '../../../electron/services/printing/printing-words';
import { JOB_STATES, SPOOL_MIGRATIONS, storageError } from '../../../electron/services/printing/spool-store';
import { ReconciliationService } from '../../../electron/services/reconciliation/service';
import { ShiftService } from '../../../electron/services/shifts/service';
import { StaffDirectory } from '../../../electron/services/staff/directory';
import { STAFF_MIGRATIONS, StaffStore } from '../../../electron/services/staff/store';
import { openDatabase } from '../../../electron/services/storage/database';
import { DEFAULT_SCRYPT_PARAMS } from '../../../electron/services/storage/manager-pin';
import { TillReportService } from '../../../electron/services/till-reports/service';
import { lineReasonsText } from '../../../renderer/src/i18n/words';
import { auditHandlers } from '../../../electron/services/audit/handlers';
import { auditOn } from '../../support/audit';
import { ManualClock } from '../../support/manual-clock';

export interface Worded {
  where: string;
  text: string;
  words?: Words | undefined;
  /** Set when `text` is rendered by the screens from `words` by another route than wordsText. */
  shown?: () => string;
}

/** The TillError `run` throws (sync or async), as a sample; fails when it throws none. */
export async function refusal(where: string, run: () => unknown): Promise<Worded> {
  try {
    await run();
  } catch (error) {
    if (error instanceof TillError) return { where, text: error.message, words: error.words };
    throw error;
  }
  throw new Error(`${where}: expected a refusal`);
}

const clock = new ManualClock(Date.parse('2026-11-22T09:00:00.000Z'));
const someone = () => ({ id: '1', name: 'Sam', role: 'manager' as const });

function shiftSamples(): Promise<Worded>[] {
  const shift = (open: boolean) =>
    new ShiftService({
      store: { current: () => (open ? { id: 1 } : null), recent: () => [] } as never,
      currency: 'GBP',
      clock,
      serving: someone,
      requireManager: someone,
      cashTakenBetween: () => 0,
      cashRefundsBetween: () => 0,
      audit: { record: () => undefined },
    });
  return [
    refusal('shift already open', () => shift(true).open([])),
    refusal('shift cash without note', () =>
      shift(true).moveCash({ direction: 'out', reason: 'other', amount: 100, note: ' ' } as never),
    ),
    refusal('shift cash without a shift', () =>
      shift(false).moveCash({ direction: 'out', reason: 'other', amount: 100, note: 'x' } as never),
    ),
    refusal('shift close without a shift', () => shift(false).close([])),
    refusal('shift odd coin', () => shift(false).open([{ value: 3, count: 1 }])),
  ];
}

function tillReportSamples(): Promise<Worded>[] {
  const reports = new TillReportService({
    store: { get: () => undefined } as never,
    sources: {} as never,
    currency: 'GBP',
    clock,
    serving: someone,
    requireZ: someone,
    shiftOpen: () => true,
    numbers: { highest: () => 0, raise: () => undefined },
  } as never);
  return [refusal('Z with a shift open', () => reports.z()), refusal('no such Z', () => reports.get(42))];
}

async function staffSamples(folder: string): Promise<Worded[]> {
  const db = openDatabase(join(folder, 'staff.sqlite'), STAFF_MIGRATIONS, clock);
  try {
    const staff = new StaffDirectory({
      store: new StaffStore(db, clock),
      clock,
      scryptParams: { ...DEFAULT_SCRYPT_PARAMS, cost: 1024 },
      audit: auditOn(db, clock),
    });
    const morgan = await staff.addFirstManager('Morgan', '2468');
    const out: Worded[] = [];
    out.push(await refusal('second first manager', () => staff.addFirstManager('Alex', '3579')));
    out.push(await refusal('unknown person', () => staff.remove('999')));
    out.push(await refusal('same name', () => staff.add({ name: 'morgan ', role: 'cashier', pin: '3579' })));
    out.push(await refusal('only manager role', () => staff.update(morgan.id, { role: 'cashier' })));
    out.push(await refusal('only manager removed', () => staff.remove(morgan.id)));
    out.push(await refusal('PIN taken', () => staff.add({ name: 'Alex', role: 'cashier', pin: '2468' })));
    out.push(await refusal('PIN digits', () => staff.add({ name: 'Alex', role: 'cashier', pin: '12' })));
    out.push(await refusal('PIN too easy', () => staff.add({ name: 'Alex', role: 'cashier', pin: '1234' })));
    return out;
  } finally {
    db.close();
  }
}

const product = (sku: string, barcodes: string[], vatRate = 2000): ProductFields => ({
  sku,
  name: `Tea ${sku}`,
  category: 'Drinks',
  price: 250,
  vatRate,
  colour: null,
  barcodes,
  active: true,
});

/** Every bad line of a file, shown as the Import panel shows it (each reason by key). */
const lineSamples = (where: string, problems: ReturnType<typeof parseCatalogueCsv>['problems']) =>
  problems.map((p) => ({
    where: `${where} line ${p.line}`,
    text: p.reason,
    shown: () => lineReasonsText(p.line, p.reasons, '(fallback)'),
  }));

const BAD_ROWS = [
  'sku,name,category,price,vat_rate,barcodes,colour,status',
  'A1,,Drinks,2.50,20,,,',
  `A2,${'x'.repeat(81)},${'c'.repeat(41)},2.5x,7,50001 50001 ab\u00e9,red,gone`,
  `${'s'.repeat(41)},Tea,Drinks,2.50,twenty,,,`,
  'A4,Tea,Drinks,2.50,20,50002,,,extra',
  'A4,Tea again,Drinks,2.50,20,50002,,',
  `A6,Tea,Drinks,2.50,20,${Array.from({ length: 21 }, (_, i) => `7${i}`).join(' ')},,`,
].join('\n');

async function catalogueSamples(folder: string): Promise<Worded[]> {
  const db = openDatabase(join(folder, 'catalogue.sqlite'), CATALOGUE_MIGRATIONS, clock);
  try {
    const catalogue = new ProductCatalogue(db, 'GBP');
    const [teaId] = catalogue.write([product('T1', ['111'])]);
    const out: Worded[] = [];
    out.push(await refusal('unknown VAT rate', () => catalogue.write([product('T2', [], 1234)])));
    out.push(await refusal('SKU taken', () => catalogue.write([product('T1', [])])));
    out.push(await refusal('barcode taken', () => catalogue.write([product('T3', ['111'])])));
    out.push(
      await refusal('product gone', () => catalogue.write([{ ...product('T4', []), id: teaId! + 99 }])),
    );

    const rates = catalogue.vatRates().map((r) => r.basisPoints);
    out.push(...lineSamples('csv', parseCatalogueCsv(BAD_ROWS, rates).problems));
    for (const [what, file] of [
      ['unclosed quote', 'name,price\nTea,"2.50\n'],
      ['empty', ''],
      ['header', 'name;cost;shelf\nTea;2.50;3'],
      ['header unknown', 'name,price,shelf\nTea,2.50,3'],
      ['header missing', 'name\nTea'],
      ['header ok', 'name,price\nTea,2.50'],
    ] as const) {
      const parsed = parseCatalogueCsv(file, rates);
      if (parsed.fileProblem !== null)
        out.push({
          where: `csv file ${what}`,
          text: parsed.fileProblem,
          words: parsed.fileProblemWords ?? undefined,
        });
    }

    const imports = new CatalogueImports(
      catalogue,
      (() => {
        let n = 0;
        return () => `up-${++n}`;
      })(),
    );
    out.push(await refusal('import preview of another upload', () => imports.preview('nope')));
    const { uploadId } = imports.append(null, 'name,price,barcodes\nBiscuit,1.20,111\nCake,,\n');
    out.push(await refusal('import upload replaced', () => imports.append('old', 'x')));
    const preview = imports.preview(uploadId);
    out.push(...lineSamples('import', preview.problems));
    out.push(await refusal('import bad rows', () => imports.confirm(preview.importId, false)));
    out.push(await refusal('import stale', () => imports.confirm('nope', false)));
    catalogue.write([product('T5', [])]);
    out.push(await refusal('import catalogue changed', () => imports.confirm(preview.importId, true)));
    const blank = imports.append(null, 'name,price\n');
    const nothing = imports.preview(blank.uploadId);
    out.push(await refusal('import nothing', () => imports.confirm(nothing.importId, false)));
    return out;
  } finally {
    db.close();
  }
}

function reconciliationSamples(): Promise<Worded>[] {
  const checks = new ReconciliationService({
    requireManager: someone,
    terminals: async () => [],
    store: { names: () => new Map(), check: () => null },
  } as never);
  return [
    refusal('reconcile a gone terminal', () => checks.check('T9', 'X' as never)),
    refusal('reconcile a gone check', () => checks.get('nope')),
  ];
}

// Ids the services know things by: none may come back in what staff read.
const PRINTER_ID = '5d1c7a52-3b1e-4c1f-9a53-0f1e2d3c4b5a';
const JOB_ID = '9e8d7c6b-5a49-4838-a726-15f4e3d2c1b0';

async function printQueueSamples(folder: string): Promise<Worded[]> {
  const db = openDatabase(join(folder, 'spool.sqlite'), SPOOL_MIGRATIONS, clock);
  const printing = createPrintingService({ db, printers: [], clock });
  try {
    return [
      await refusal('print on a printer gone', () =>
        printing.printReceipt(JOB_ID, [], { printerId: PRINTER_ID }),
      ),
      await refusal('print without a receipt', () => printing.printReceipt('', [])),
      await refusal('retry a job gone', () => printing.retry(JOB_ID)),
      await refusal('reprint a job gone', () => printing.reprint(`${JOB_ID}:sale~dup1`)),
    ];
  } finally {
    await printing.close();
    db.close();
  }
}

function printingSamples(): Promise<Worded>[] {
  const unnamed = { id: PRINTER_ID, name: '', profile: 'epson', paperWidth: 48 } as const;
  const out = [
    refusal('printer without address', () => createTransport({ ...unnamed, transport: 'network' } as never)),
    refusal('printer without path', () =>
      createTransport({ ...unnamed, name: 'Kitchen', transport: 'device' } as never),
    ),
    refusal('printer without usb ids', () => createTransport({ ...unnamed, transport: 'usb' } as never)),
    refusal('printer of unknown kind', () =>
      createTransport({ ...unnamed, transport: 'carrier-pigeon' } as never),
    ),
    refusal('two printers the same', () =>
      createPrintingService({
        printers: [
          { ...unnamed, transport: 'preview' },
          { ...unnamed, transport: 'preview' },
        ],
      } as never),
    ),
  ];
  for (const saving of ['job', 'reprint'] as const) {
    for (const code of ['SQLITE_FULL', 'SQLITE_IOERR'])
      out.push(
        refusal(`print storage ${saving} ${code}`, () => {
          throw storageError(saving, Object.assign(new Error('x'), { code }));
        }),
      );
  }
  for (const state of JOB_STATES) {
    const word = stateWord(state);
    out.push(Promise.resolve({ where: `job state ${state}`, text: word.english, words: { key: word.key } }));
  }
  return out;
}

function auditSamples(): Promise<Worded>[] {
  const db = openDatabase(':memory:', [], clock);
  const journal = auditOn(db, clock);
  for (const name of ['Tea', 'Cake'])
    journal.record({ by: null, area: 'catalogue', action: 'product-added', subject: name });
  const handlers = auditHandlers({ journal, requireManager: () => null, clock, maxExport: 1 });
  return [
    refusal('audit days reversed', () =>
      handlers['audit.list']({ fromDay: '2026-11-23', toDay: '2026-11-22', limit: 10 }),
    ),
    refusal('audit too many to export', () => handlers['audit.exportCsv']({})),
  ];
}

/** Every sample of these areas, in a temp folder removed afterwards. */
export async function officeSamples(): Promise<Worded[]> {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-words-'));
  try {
    return [
      ...(await Promise.all([
        ...shiftSamples(),
        ...tillReportSamples(),
        ...reconciliationSamples(),
        ...printingSamples(),
        ...auditSamples(),
      ])),
      ...(await staffSamples(folder)),
      ...(await catalogueSamples(folder)),
      ...(await printQueueSamples(folder)),
    ];
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
