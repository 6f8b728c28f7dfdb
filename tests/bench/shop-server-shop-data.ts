// Shop-wide data between two tills on a real PostgreSQL (tests/support/postgres.ts): the lag from a
// manager's price change on till 1 (saved through the catalogue's handlers) to the new price in
// till 2's catalogue, p50 and p95, woken by LISTEN/NOTIFY (the slow look set to ten minutes) and,
// for comparison, by polling alone every second (no LISTEN). Then the join of a till with an empty
// catalogue to a shop of 5,000 products. Goal: seen on every other till "within seconds".
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { startTestPostgres } from '../support/postgres';
import { startShopDataTill, type ShopDataTill } from '../support/shop-data';
import { prepareShop, tillSettings, type TestShop } from '../support/shop-server';
import type { TestPostgres } from '../support/postgres';
import type { BenchFigure } from './types';

const EDITS = 60;
const JOIN_PRODUCTS = 5_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function until(probe: () => boolean, limitMs = 30_000): Promise<void> {
  const deadline = performance.now() + limitMs;
  while (!probe()) {
    if (performance.now() > deadline) throw new Error('gave up waiting');
    await delay(1);
  }
}

function connect(server: TestPostgres, shop: TestShop, till: ShopDataTill, index: number) {
  const login = shop.tills[index]!;
  till.connect(tillSettings(server, shop, login), login.password);
}

async function lag(server: TestPostgres, options: { listen: boolean; slowLookMs: number }) {
  const shop = await prepareShop(server, 2);
  const one = startShopDataTill(options);
  const two = startShopDataTill(options);
  try {
    connect(server, shop, one, 0);
    connect(server, shop, two, 1);
    await until(() => one.connection.link() !== null && two.connection.link() !== null);
    const product = {
      sku: 'LATTE',
      name: 'Latte',
      category: 'Drinks',
      price: 300,
      vatRate: 2000,
      colour: null,
      image: null,
      barcodes: [],
      active: true,
    };
    const saved = await one.back['catalogue.saveProduct'](product);
    const onTwo = () => two.catalogue.all().products.find((p) => p.sku === 'LATTE');
    await until(() => onTwo() !== undefined);
    const lags: number[] = [];
    for (let i = 1; i <= EDITS; i++) {
      const price = 300 + i;
      const began = performance.now();
      await one.back['catalogue.saveProduct']({ ...product, id: saved.id, price });
      await until(() => onTwo()?.price === price);
      lags.push(performance.now() - began);
      // Edits a moment apart, as a manager makes them (and off the poll's rhythm).
      await delay(37 + (i % 7) * 13);
    }
    lags.sort((a, b) => a - b);
    return { p50: Math.round(percentile(lags, 50)), p95: Math.round(percentile(lags, 95)) };
  } finally {
    await one.close();
    await two.close();
  }
}

async function join(server: TestPostgres): Promise<number> {
  const shop = await prepareShop(server, 2);
  const one = startShopDataTill({ slowLookMs: 600_000 });
  const two = startShopDataTill({ slowLookMs: 600_000 });
  try {
    one.catalogue.seed(
      Array.from({ length: JOIN_PRODUCTS }, (_, i) => ({
        sku: `SKU${i}`,
        name: `Product ${i}`,
        category: `Category ${i % 20}`,
        price: 100 + i,
      })),
    );
    connect(server, shop, one, 0);
    await until(() => one.shopData.queue.joined() && one.shopData.queue.queued().length === 0, 600_000);
    const began = performance.now();
    connect(server, shop, two, 1);
    await until(() => two.catalogue.all().products.length === JOIN_PRODUCTS, 600_000);
    return Math.round(performance.now() - began);
  } finally {
    await one.close();
    await two.close();
  }
}

export async function benchShopData(): Promise<BenchFigure[]> {
  const server = await startTestPostgres();
  try {
    const notified = await lag(server, { listen: true, slowLookMs: 600_000 });
    const polled = await lag(server, { listen: false, slowLookMs: 1_000 });
    const joined = await join(server);
    return [
      {
        name: 'shop data: edit on till 1 → applied on till 2, LISTEN p50',
        value: notified.p50,
        unit: 'ms',
        goal: 'within seconds',
      },
      {
        name: 'shop data: edit on till 1 → applied on till 2, LISTEN p95',
        value: notified.p95,
        unit: 'ms',
        goal: 'within seconds',
      },
      { name: 'shop data: same, polling every 1 s p50', value: polled.p50, unit: 'ms' },
      { name: 'shop data: same, polling every 1 s p95', value: polled.p95, unit: 'ms' },
      { name: `shop data: a till joins a shop of ${JOIN_PRODUCTS} products`, value: joined, unit: 'ms' },
    ];
  } finally {
    await server.close();
  }
}
