// What the shop server's benches share: a till's database with a day of real sales in it (through
// the till's own tables, so the change-sequence triggers stamp each row as selling would), and the
// outbox watched the way the till's service watches it (each change re-reads the view the top bar
// shows, which is part of the cost), so "up to date" is seen without polling.
import { dirname } from 'node:path';
import { createLogger } from '../../electron/services/common/logger';
import type { Outbox } from '../../electron/services/shop-server/outbox';
import type { Product } from '../../shared/contract';
import { openTillSide, type TillSide } from '../support/shop-server';
import { seedSales } from './seed-sales';

const product = (n: number, price: number, vatRate: number, category: string): Product => ({
  id: `p${n}`,
  sku: `SKU${n}`,
  name: `Product ${n}`,
  category,
  price,
  vatRate,
  colour: null,
  image: null,
  barcodes: [],
  active: true,
});

/** A café's few products: coffee, cake, a sandwich, a bottle (two VAT rates). */
export const BENCH_PRODUCTS: readonly Product[] = [
  product(1, 320, 2000, 'Coffee'),
  product(2, 375, 2000, 'Cake'),
  product(3, 595, 0, 'Food'),
  product(4, 210, 2000, 'Drinks'),
];

/**
 * A till's database holding `sales` completed sales of three lines (a third each cash, card with
 * both slips kept, card on the machine alone), made an hour apart from `from`.
 */
export function tillWithSales(sales: number): TillSide {
  const side = openTillSide();
  seedSales(dirname(side.dbFile), BENCH_PRODUCTS, {
    sales,
    linesPerSale: 3,
    firstNumber: 1,
    from: Date.UTC(2026, 11, 1, 8),
    spanMs: 10 * 60 * 60_000,
    cardSlips: true,
  });
  return side;
}

export const quietLogger = createLogger('shop-server-bench', () => undefined);

/**
 * An onChange for an outbox that reads its view as the service does on every change, and resolves
 * `upToDate()` the next time that view says everything is on the server and nothing is going up.
 */
export function watchOutbox(): {
  onChange: () => void;
  upToDate: () => Promise<void>;
  /** The outbox to watch (made after its onChange). */
  watch: (outbox: Outbox) => void;
} {
  let waiting: (() => void) | null = null;
  let watched: Outbox | null = null;
  const check = () => {
    if (!watched) return;
    const view = watched.view();
    if (view.upToDate && !view.sending && waiting) {
      const resolve = waiting;
      waiting = null;
      resolve();
    }
  };
  return {
    onChange: check,
    watch: (outbox) => {
      watched = outbox;
    },
    upToDate: () =>
      new Promise<void>((resolve) => {
        waiting = resolve;
        check();
      }),
  };
}
