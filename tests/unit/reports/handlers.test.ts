// reports.run on its own: who a report needs (anyone serving for X and banking, the Z-report
// right for Z and end of day), the card service's answer turned into the contract's view, the run
// kept with who ran it, and the slip queued on the receipt printer with the signature line under
// the card machine's own lines; a printer that refuses the slip does not undo the report.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reportsHandlers, toReportView, type ReportsDeps } from '../../../electron/services/reports/handlers';
import type {
  CardReport,
  ReportBankingBlock,
  ReportTotals,
} from '../../../electron/services/payments/pay-at-counter-records';
import type { ReportType, StaffStamp } from '../../../shared/contract';
import { TillError } from '../../../shared/contract/errors';
import { text } from '../../../shared/receipt';

const CASHIER: StaffStamp = { id: 'st-casey', name: 'Casey' };
const APPROVED: StaffStamp = { id: 'st-casey', name: 'Casey', approvedBy: { id: 'st-morgan', name: 'Morgan' } };

const BALANCES = {
  currency: 'GBP',
  salesAmount: 1200,
  salesCount: 3,
  refundsAmount: 200,
  refundsCount: 1,
  totalAmount: 1000,
  cashbackAmount: 50,
  cashbackCount: 2,
  gratuityAmount: 30,
  gratuityCount: 4,
  totalsSince: '2026-11-22T08:00:00Z',
};

function cardReport(over: Partial<CardReport> = {}): CardReport {
  return {
    id: 'rep-1',
    terminalId: '22900001',
    reportType: 'X_BAL',
    result: 'COMPLETE',
    finished: true,
    reportTime: '2026-11-22T17:00:00Z',
    notifications: [],
    createdAt: null,
    updatedAt: null,
    // The per-card-scheme totals stay out of the view.
    balances: { ...BALANCES, issuerTotals: {} },
    banking: null,
    receiptLines: [text('X BALANCE'), text('TOTAL 10.00')],
    ...over,
  };
}

/** A banking block as the card service's records give it. */
function bankingBlock(currency: string | null, currentTotals: ReportTotals | null): ReportBankingBlock {
  return {
    currency,
    currentIssuerTotals: {},
    previousIssuerTotals: {},
    currentTotals,
    previousTotals: null,
    currentTransactionNumbers: [],
    previousTransactionNumbers: [],
  };
}

/** Handlers over recorded stand-ins; `deps` overrides any of them. */
function reports(report: CardReport, deps: Partial<ReportsDeps> = {}) {
  const seen = {
    ran: [] as Array<[string, ReportType]>,
    required: [] as string[],
    tracked: 0,
    logged: [] as string[],
    runs: [] as unknown[],
    printed: [] as Array<{ receiptId: string; lines: unknown[] }>,
  };
  const handlers = reportsHandlers({
    payments: {
      runReport: async (terminalId, type) => {
        seen.ran.push([terminalId, type]);
        return report;
      },
    },
    requireManager: (action) => {
      seen.required.push(action);
      return APPROVED;
    },
    serving: () => CASHIER,
    runLog: { record: (run) => void seen.runs.push(run) },
    printReceipt: async (receiptId, lines) => void seen.printed.push({ receiptId, lines }),
    track: async (work) => {
      seen.tracked++;
      return work;
    },
    logger: { info: () => {}, warn: () => {}, error: (message) => void seen.logged.push(message) },
    ...deps,
  });
  const run = (terminalId: string, type: ReportType) => handlers['reports.run']({ terminalId, type });
  return { run, seen };
}

test('an X report is run by whoever serves: no approval asked, tracked, kept and its slip signed', async () => {
  const { run, seen } = reports(cardReport());
  const view = await run('22900001', 'X_BAL');
  assert.deepEqual(seen.ran, [['22900001', 'X_BAL']]);
  assert.deepEqual(seen.required, []);
  assert.equal(seen.tracked, 1, 'the card service call counts towards its connection state');
  assert.deepEqual(view.runBy, CASHIER);
  assert.deepEqual(
    view.receiptLines.map((l) => l.value),
    ['X BALANCE', 'TOTAL 10.00', 'Run by Casey'],
  );
  assert.deepEqual(seen.runs, [
    { reportId: 'rep-1', terminalId: '22900001', type: 'X_BAL', result: 'COMPLETE', runBy: CASHIER },
  ]);
  assert.deepEqual(seen.printed, [{ receiptId: 'report:rep-1', lines: view.receiptLines }]);
});

test('banking needs no approval; Z and end of day need the Z-report right and name the approver', async () => {
  const { run, seen } = reports(cardReport());
  await run('22900001', 'BANKING');
  assert.deepEqual(seen.required, []);
  for (const type of ['Z_BAL', 'END_OF_DAY'] as const) {
    const view = await run('22900001', type);
    assert.deepEqual(view.runBy, APPROVED);
    assert.equal(view.receiptLines.at(-1)!.value, 'Run by Casey, approved by Morgan');
  }
  assert.deepEqual(seen.required, ['z-report', 'z-report']);
});

test('a refused approval runs nothing, keeps nothing and prints nothing', async () => {
  const refusal = new TillError('not_allowed', 'A Z report needs a supervisor or manager.');
  const { run, seen } = reports(cardReport(), {
    requireManager: () => {
      throw refusal;
    },
  });
  await assert.rejects(async () => run('22900001', 'Z_BAL'), (error: unknown) => error === refusal);
  assert.deepEqual([seen.ran, seen.runs, seen.printed], [[], [], []]);
});

test('before staff exist nobody is named: no signature line, the run kept without a name', async () => {
  const { run, seen } = reports(cardReport(), { serving: () => null });
  const view = await run('22900001', 'X_BAL');
  assert.equal(view.runBy, null);
  assert.deepEqual(
    view.receiptLines.map((l) => l.value),
    ['X BALANCE', 'TOTAL 10.00'],
  );
  assert.equal((seen.runs[0] as { runBy: unknown }).runBy, null);
});

test('a report with no slip lines prints nothing and gets no lone signature', async () => {
  const { run, seen } = reports(cardReport({ receiptLines: [] }));
  const view = await run('22900001', 'X_BAL');
  assert.deepEqual(view.receiptLines, []);
  assert.deepEqual(seen.printed, []);
  assert.equal(seen.runs.length, 1, 'the run is kept all the same');
});

test('a slip the printer refuses is logged by report id; the report still answers', async () => {
  const { run, seen } = reports(cardReport(), {
    printReceipt: async () => {
      throw new Error('spool closed');
    },
  });
  const view = await run('22900001', 'Z_BAL');
  assert.equal(view.id, 'rep-1');
  assert.deepEqual(seen.logged, ['could not queue report slip rep-1']);
  assert.equal(seen.runs.length, 1);
});

test('the view copies every figure, falls back to the asked terminal, and words banking by acquirer', () => {
  const view = toReportView(
    cardReport({
      terminalId: null,
      balances: null,
      banking: {
        ACQ1: bankingBlock('EUR', {
          currency: null,
          salesAmount: 500,
          salesCount: 2,
          refundsAmount: 100,
          refundsCount: 1,
          totalAmount: 400,
        }),
        ACQ2: bankingBlock('GBP', null),
      },
    }),
    '22900002',
    'BANKING',
  );
  assert.deepEqual(view, {
    id: 'rep-1',
    terminalId: '22900002',
    type: 'BANKING',
    result: 'COMPLETE',
    reportTime: '2026-11-22T17:00:00Z',
    balances: null,
    banking: [
      {
        acquirer: 'ACQ1',
        currentSession: {
          currency: 'EUR',
          salesAmount: 500,
          salesCount: 2,
          refundsAmount: 100,
          refundsCount: 1,
          totalAmount: 400,
        },
      },
      { acquirer: 'ACQ2', currentSession: null },
    ],
    receiptLines: [text('X BALANCE'), text('TOTAL 10.00')],
    runBy: null,
  });

  const full = toReportView(cardReport(), '22900002', 'X_BAL');
  assert.equal(full.terminalId, '22900001', 'the card machine’s own id first');
  assert.deepEqual(full.balances, BALANCES);
  assert.deepEqual(full.banking, []);
  const ownCurrency = toReportView(
    cardReport({
      banking: {
        ACQ1: bankingBlock('EUR', {
          currency: 'GBP',
          salesAmount: 1,
          salesCount: 1,
          refundsAmount: 0,
          refundsCount: 0,
          totalAmount: 1,
        }),
      },
    }),
    '22900001',
    'BANKING',
  );
  assert.equal(ownCurrency.banking[0]!.currentSession!.currency, 'GBP');
});
