// The history's side of the contract and how it is wired to the payments area, over a real SQLite
// file and the real sales ledger, with the payments area played by hand: every call needs someone
// serving, a card's label and last digits come from the card machine's record (when it has
// them), a refund's card part moves on with each kind of payment event, and a copy never opens
// the drawer.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../../electron/services/storage/database';
import { SALES_MIGRATIONS, SalesLedger } from '../../../electron/services/sales/sales-ledger';
import { REFUND_MIGRATIONS } from '../../../electron/services/sales/refunds';
import { HISTORY_MIGRATIONS } from '../../../electron/services/sales/history';
import { createSalesHistory, historyHandlers } from '../../../electron/services/sales/history-handlers';
import type { SaleView } from '../../../shared/contract';
import { TillError } from '../../../shared/contract/errors';
import { text } from '../../../shared/receipt';
import { ManualClock } from '../../support/manual-clock';
import { refusalOf } from '../../support/refusal';

const BOSS = { id: 'sup-1', name: 'Sam Supervisor', role: 'supervisor' as const };
const NOBODY = 'Sign in first: nobody is serving at this till.';

interface Payment {
  id: string;
  type: 'SALE' | 'REFUND';
  state: string;
  result: string | null;
  resolution: null;
  amount: number;
  terminalId: string;
}

let dir: string;
let db: Db;
let ledger: SalesLedger;
let parts: ReturnType<typeof createSalesHistory>;
let seq = 0;
const payments = new Map<string, Payment>();
const records = new Map<
  string,
  { primaryAccountNumber: string | null; applicationLabel: string | null } | null
>();
const listeners = new Set<(event: { type: string; paymentId: string }) => void>();
const printed: Array<{ id: string; kickDrawer: boolean }> = [];

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-history-handlers-'));
  const clock = new ManualClock();
  db = openDatabase(
    join(dir, 'till.sqlite'),
    [...SALES_MIGRATIONS, ...REFUND_MIGRATIONS, ...HISTORY_MIGRATIONS],
    clock,
  );
  ledger = new SalesLedger(db, clock);
  parts = createSalesHistory({
    db,
    clock,
    ledger,
    checkout: {
      refund: ({ amount, terminalId }: { amount: number; terminalId: string }) => {
        const id = `refund-${++seq}`;
        payments.set(id, { ...paid(id, amount), type: 'REFUND', state: 'started', result: null, terminalId });
        return Promise.resolve({ paymentId: id });
      },
      saleReceiptLines: (sale: SaleView) => [text(`Receipt ${sale.receiptNumber}`)],
    } as never,
    payments: {
      getPayment: (id: string) => payments.get(id) ?? null,
      paymentsLinkedTo: () => [],
      onEvent: (listener: (event: { type: string; paymentId: string }) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      journal: {
        get: (id: string) => (payments.has(id) ? { record: records.get(id) ?? null } : undefined),
        saleIdsPaidByCardEnding: () => [],
      },
    } as never,
    printReceipt: (id, _lines, options) => {
      printed.push({ id, kickDrawer: options.kickDrawer });
      return Promise.resolve();
    },
    receiptSettings: () => ({ shop: { name: 'Corner Shop', addressLines: [] }, paperWidth: 80 }),
    onRefund: () => {},
    logger: console,
  });
});
after(() => {
  parts?.refunds.close();
  db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function paid(id: string, amount: number): Payment {
  return {
    id,
    type: 'SALE',
    state: 'finished',
    result: 'SUCCESSFUL',
    resolution: null,
    amount,
    terminalId: 'T9',
  };
}

/** A completed sale paid by one card payment; `record` is the card machine's record of it. */
function cardSale(
  amount: number,
  record: { primaryAccountNumber: string | null; applicationLabel: string | null } | null,
  known = true,
): SaleView {
  const open = ledger.open('GBP', [
    {
      productId: 'p1',
      sku: 'P1',
      name: 'Clock',
      quantity: 1,
      unitPrice: amount,
      lineTotal: amount,
      vatRate: 2000,
    },
  ]);
  const paymentId = `pay-${++seq}`;
  if (known) {
    payments.set(paymentId, paid(paymentId, amount));
    records.set(paymentId, record);
  }
  ledger.addTender(open.saleId, { kind: 'card', amount, paymentId });
  return ledger.get(open.saleId);
}

const handlersFor = (serving: () => typeof BOSS | null) =>
  historyHandlers({
    ...parts,
    serving,
    requireRefund: () => BOSS,
  });

test('with nobody serving, history neither searches, opens a sale nor prints a copy', async () => {
  const sale = cardSale(1500, { primaryAccountNumber: '4111111111111111', applicationLabel: 'VISA' });
  const handlers = handlersFor(() => {
    throw new TillError('not_allowed', NOBODY);
  });
  const calls: (() => unknown)[] = [
    () => handlers['history.search']({ limit: 20 }),
    () => handlers['history.sale']({ saleId: sale.saleId }),
    () => handlers['history.reprint']({ saleId: sale.saleId }),
  ];
  for (const call of calls) {
    assert.deepEqual(await refusalOf(Promise.resolve().then(call)), { code: 'not_allowed', message: NOBODY });
  }
});

test('a sale shows its card’s label and last four digits from the card machine’s record', async () => {
  const sale = cardSale(1600, { primaryAccountNumber: '4111111111114321', applicationLabel: 'VISA DEBIT' });
  const handlers = handlersFor(() => BOSS);
  const record = await handlers['history.sale']({ saleId: sale.saleId });
  assert.deepEqual(record.cards, [
    {
      paymentId: sale.tenders[0]!.paymentId,
      terminalId: 'T9',
      amount: 1600,
      cardLabel: 'VISA DEBIT',
      lastDigits: '4321',
      refundableLeft: 1600,
    },
  ]);
});

test('a card payment with no record, or no card number on it, shows no label or digits', async () => {
  const handlers = handlersFor(() => BOSS);
  for (const record of [null, { primaryAccountNumber: null, applicationLabel: null }]) {
    const sale = cardSale(1700, record);
    const [card] = (await handlers['history.sale']({ saleId: sale.saleId })).cards;
    assert.deepEqual([card!.cardLabel, card!.lastDigits, card!.refundableLeft], [null, null, 1700]);
  }
  const unknown = cardSale(1800, null, false);
  assert.deepEqual((await handlers['history.sale']({ saleId: unknown.saleId })).cards, []);
});

test('a copy says ok and never opens the drawer', async () => {
  const sale = cardSale(1900, null);
  const handlers = handlersFor(() => BOSS);
  const from = printed.length;
  assert.deepEqual(await handlers['history.reprint']({ saleId: sale.saleId }), { ok: true });
  assert.deepEqual(
    printed.slice(from).map((p) => p.kickDrawer),
    [false],
  );
});

test('a refund’s card part completes on whichever event tells of its payment’s end', async () => {
  const handlers = handlersFor(() => BOSS);
  for (const type of ['finished', 'resolved', 'progress']) {
    const sale = cardSale(2000, null);
    const started = await handlers['history.refund']({
      saleId: sale.saleId,
      lines: [{ lineIndex: 0, quantity: 1 }],
      cardAmount: 2000,
      card: { paymentId: sale.tenders[0]!.paymentId!, terminalId: 'T9' },
      reason: 'Stopped',
    });
    assert.equal(started.state, 'card_pending');
    Object.assign(payments.get(started.cardPaymentId!)!, { state: 'finished', result: 'SUCCESSFUL' });
    for (const l of [...listeners]) l({ type, paymentId: started.cardPaymentId! });
    const [refund] = parts.refunds.forSale(sale.saleId);
    assert.equal(refund!.state, 'completed', `on a ${type} event`);
  }
});
