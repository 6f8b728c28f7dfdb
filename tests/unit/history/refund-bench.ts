// The refund rules' test bench: a real SQLite file in a temporary folder with the real sales
// ledger, and the card machine's side played by hand (payments, the refunds linked to each card
// sale, payment changes), the printer and the screens recorded.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../../electron/services/storage/database';
import { SALES_MIGRATIONS, SalesLedger, type SaleLine } from '../../../electron/services/sales/sales-ledger';
import { REFUND_MIGRATIONS, SaleRefunds, type CardFacts } from '../../../electron/services/sales/refunds';
import type { MoneyFacts } from '../../../electron/services/payments/journal';
import type { RefundInput, RefundView, SaleView } from '../../../shared/contract';
import { TillError } from '../../../shared/contract/errors';
import type { ReceiptLine } from '../../../shared/receipt';
import { ManualClock } from '../../support/manual-clock';

export const FAILED =
  'The card refund did not go through, so nothing was refunded: try again, or give it all in cash.';
export const BOSS = { id: 'sup-1', name: 'Sam Supervisor', role: 'supervisor' as const };

let seq = 0;
/**
 * The till's file, clock and ledger, and what the next card refund start does: answer with a new
 * REFUND, refuse, never answer, or have the card machine approve or decline the REFUND (and say
 * so) before the start's answer arrives.
 */
export const bench = {
  dir: '',
  db: undefined as unknown as Db,
  clock: new ManualClock(),
  ledger: undefined as unknown as SalesLedger,
  nextStart: 'ok' as 'ok' | 'refuse' | 'hang' | 'approvedFirst' | 'declinedFirst',
};
/** The card machine's side: every payment, and the refunds linked to each card sale. */
export const payments = new Map<string, CardFacts>();
export const linked = new Map<string, MoneyFacts[]>();
export const listeners = new Set<(paymentId: string) => void>();
export const printed: Array<{ id: string; lines: ReceiptLine[]; kickDrawer: boolean }> = [];
export const heard: RefundView[] = [];
export const logged: string[] = [];

/** A till database in a temporary folder, with the sales ledger over it. */
export function openBench(): void {
  bench.dir = mkdtempSync(join(tmpdir(), 'paydesk-refund-rules-'));
  bench.db = openDatabase(
    join(bench.dir, 'till.sqlite'),
    [...SALES_MIGRATIONS, ...REFUND_MIGRATIONS],
    bench.clock,
  );
  bench.ledger = new SalesLedger(bench.db, bench.clock);
}

export function closeBench(): void {
  bench.db?.close();
  if (bench.dir) rmSync(bench.dir, { recursive: true, force: true });
}

export type Printer = (id: string, lines: ReceiptLine[], o: { kickDrawer: boolean }) => Promise<unknown>;
export const toPaper: Printer = (id, lines, o) => {
  printed.push({ id, lines, kickDrawer: o.kickDrawer });
  return Promise.resolve();
};

export function refundsOver(printReceipt = toPaper, heardBy = listeners): SaleRefunds {
  return new SaleRefunds({
    db: bench.db,
    clock: bench.clock,
    sale: (saleId) => bench.ledger.get(saleId),
    startCardRefund: ({ amount, originalPaymentId }) => {
      if (bench.nextStart === 'hang') return new Promise(() => {});
      if (bench.nextStart === 'refuse') {
        return Promise.reject(
          new TillError('terminal_busy', 'That card machine is busy with another payment.'),
        );
      }
      const id = `refund-${++seq}`;
      const refund: CardFacts = {
        id,
        type: 'REFUND',
        state: 'started',
        result: null,
        resolution: null,
        amount,
        saleId: null,
      };
      payments.set(id, refund);
      linked.get(originalPaymentId)!.push(refund);
      if (bench.nextStart === 'approvedFirst') finish(id, 'SUCCESSFUL');
      if (bench.nextStart === 'declinedFirst') finish(id, 'DECLINED');
      return Promise.resolve({ paymentId: id });
    },
    payment: (id) => payments.get(id) ?? null,
    refundsAgainst: (id) => linked.get(id) ?? [],
    onPaymentChange: (listener) => {
      heardBy.add(listener);
      return () => heardBy.delete(listener);
    },
    cardLastDigits: () => '4242',
    printReceipt,
    receiptSettings: () => ({ shop: { name: 'Corner Shop', addressLines: [] }, paperWidth: 80 }),
    onRefund: (view) => heard.push(view),
    logger: { ...console, error: (message: string) => logged.push(message) } as never,
  });
}

/** The card machine finishes a payment and says so. */
export function finish(paymentId: string, result: 'SUCCESSFUL' | 'DECLINED'): void {
  Object.assign(payments.get(paymentId)!, { state: 'finished', result });
  for (const l of [...listeners]) l(paymentId);
}

export function line(name: string, quantity: number, unitPrice: number): SaleLine {
  return {
    productId: `p-${name}`,
    sku: name,
    name,
    quantity,
    unitPrice,
    lineTotal: unitPrice * quantity,
    vatRate: 2000,
  };
}

/** A completed sale: `card` of it by an approved card payment, the rest in cash. */
export function soldSale(lines: SaleLine[], card: number): { sale: SaleView; paymentId: string } {
  const open = bench.ledger.open('GBP', lines);
  const paymentId = `sale-pay-${++seq}`;
  if (card > 0) {
    payments.set(paymentId, {
      id: paymentId,
      type: 'SALE',
      state: 'finished',
      result: 'SUCCESSFUL',
      resolution: null,
      amount: card,
      saleId: open.saleId,
    });
    linked.set(paymentId, []);
    bench.ledger.addTender(open.saleId, { kind: 'card', amount: card, paymentId });
  }
  if (open.total > card) bench.ledger.addTender(open.saleId, { kind: 'cash', amount: open.total - card });
  return { sale: bench.ledger.get(open.saleId), paymentId };
}

export const input = (sale: SaleView, rest: Partial<RefundInput>): RefundInput => ({
  saleId: sale.saleId,
  lines: [{ lineIndex: 0, quantity: 1 }],
  cardAmount: 0,
  reason: 'Faulty',
  ...rest,
});
