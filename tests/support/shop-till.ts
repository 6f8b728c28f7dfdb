// A till of a shop with its History and refunds services wired as app/create-till.ts wires them
// (createSalesHistory + the shop server's across-tills gate), over its own SQLite file, its own
// login to a real PostgreSQL and its outbox. The card machine is played by hand: a card refund
// starts, and the test finishes it (paid or declined), as the payments area would report it.
import { createLogger } from '../../electron/services/common/logger';
import { systemClock } from '../../electron/services/common/clock';
import { OtherTillSales } from '../../electron/services/sales/other-till-sales';
import { createSalesHistory, historyHandlers } from '../../electron/services/sales/history-handlers';
import { createAcrossTills } from '../../electron/services/shop-server/across-tills';
import { connectShopServer } from '../../electron/services/shop-server/connection';
import { acknowledgedIn } from '../../electron/services/shop-server/service';
import { changeSeqOf } from '../../electron/services/storage/journal-changes';
import type { RefundInput, SaleView } from '../../shared/contract';
import { text } from '../../shared/receipt';
import type { TestPostgres } from './postgres';
import {
  openTillSide,
  startOutbox,
  tillSettings,
  type TestShop,
  type TillOutbox,
  type TillSide,
} from './shop-server';

const BOSS = { id: 'mgr-1', name: 'Mia Manager', role: 'manager' as const };

interface CardRefund {
  id: string;
  type: 'REFUND';
  state: string;
  result: string | null;
  resolution: null;
  amount: number;
  terminalId: string;
  /** The till's own card payment it was linked to (none for another till's sale). */
  originalPaymentId: string | undefined;
}

export interface ShopTill {
  number: number;
  side: TillSide;
  outbox: TillOutbox;
  parts: ReturnType<typeof createSalesHistory>;
  handlers: ReturnType<typeof historyHandlers>;
  /** Card refunds started on this till's card machine, in order. */
  cardRefunds: CardRefund[];
  /** The card machine finishes a card refund: the money went back (paid) or not. */
  finishCard(paymentId: string, paid: boolean): void;
  /** Refunds chosen lines of a sale (as the History screen asks). */
  refund(
    input: Omit<RefundInput, 'reason'> & { reason?: string },
  ): ReturnType<ShopTill['parts']['refunds']['refund']>;
  close(): Promise<void>;
}

/** Till `index` of the shop (shop.tills[index]), its services and its link to the shop server. */
export function openShopTill(server: TestPostgres, shop: TestShop, index: number): ShopTill {
  const login = shop.tills[index]!;
  const settings = tillSettings(server, shop, login);
  // Warnings and errors on stderr (a refusal worded as "cannot be reached" says its cause there).
  const logger = createLogger(`till-${login.number}`, (line) => {
    if (/^\S+ (WARN|ERROR) /.test(line)) process.stderr.write(`${line}\n`);
  });
  const side = openTillSide();
  const outbox = startOutbox(side, settings, login.password, { logger });
  const otherSales = new OtherTillSales(side.db);
  const acknowledged = acknowledgedIn(side.db, () => `${settings.address}|${settings.login}`);
  const across = createAcrossTills({
    enabled: () => true,
    online: () => outbox.connection.link() !== null,
    open: () => connectShopServer({ settings, password: login.password }),
    ownTill: () => login.number,
    isSent: (saleId) => (changeSeqOf(side.db, 'sale', saleId) ?? Infinity) <= acknowledged.get(),
    otherSales,
    ownTerminal: () => `T${login.number}`,
    now: () => Date.now(),
    logger,
  });
  const cardRefunds: CardRefund[] = [];
  const listeners = new Set<(event: { type: string; paymentId: string }) => void>();
  const parts = createSalesHistory({
    db: side.db,
    clock: systemClock,
    ledger: side.ledger,
    checkout: {
      refund: (input: { amount: number; terminalId: string; originalPaymentId?: string }) => {
        const id = `till${login.number}-card-refund-${cardRefunds.length + 1}`;
        cardRefunds.push({
          id,
          type: 'REFUND',
          state: 'started',
          result: null,
          resolution: null,
          amount: input.amount,
          terminalId: input.terminalId,
          originalPaymentId: input.originalPaymentId,
        });
        return Promise.resolve({ paymentId: id });
      },
      saleReceiptLines: (sale: SaleView) => [text(`Receipt ${sale.receiptNumber}`)],
    } as never,
    payments: {
      getPayment: (id: string) => cardRefunds.find((p) => p.id === id) ?? null,
      paymentsLinkedTo: () => [],
      onEvent: (listener: (event: { type: string; paymentId: string }) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      journal: { get: () => undefined, saleIdsPaidByCardEnding: () => [] },
    } as never,
    printReceipt: () => Promise.resolve(),
    receiptSettings: () => ({ shop: { name: 'Corner Café', addressLines: [] }, paperWidth: 80 }),
    onRefund: () => {},
    logger,
    receiptNumber: (n) => side.ledger.receiptNumber(n),
    acrossTills: { otherSales, gate: across.gate },
  });
  const handlers = historyHandlers({
    ...parts,
    requireRefund: () => BOSS,
    serving: () => BOSS,
    acrossTills: across,
    isOwnSale: (saleId) => side.ledger.has(saleId),
  });
  return {
    number: login.number,
    side,
    outbox,
    parts,
    handlers,
    cardRefunds,
    finishCard(paymentId, paid) {
      Object.assign(
        cardRefunds.find((p) => p.id === paymentId)!,
        {
          state: 'finished',
          result: paid ? 'SUCCESSFUL' : 'DECLINED',
        },
      );
      for (const listener of listeners) listener({ type: 'finished', paymentId });
    },
    refund: (input) => parts.refunds.refund({ reason: 'Customer changed their mind', ...input }, () => BOSS),
    async close() {
      parts.refunds.close();
      await outbox.close();
      side.close();
    },
  };
}
