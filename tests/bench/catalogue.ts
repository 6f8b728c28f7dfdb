// The catalogue at 10,000 products imported through CSV: the import's time (upload in parts,
// preview, confirm, as the back office does it), then the Sell screen's add-to-basket and search
// timings on that catalogue in Chromium, measured the same way as the sell-screen suite.
import { performance } from 'node:perf_hooks';
import { seedCatalogue } from '../../electron/sandbox/catalogue-seed';
import { catalogueToCsv } from '../../electron/services/catalogue/csv';
import {
  IMPORT_CHUNK_CHARS,
  type MethodInput,
  type MethodName,
  type MethodOutput,
} from '../../shared/contract';
import { launchBrowser } from '../e2e/support/browser';
import { startTestHost, type TestHost } from '../e2e/support/host';
import { figures, PAGE_HELPERS, timeAdds, timeIdleFrames, timeSearch } from './sell-screen';
import type { BenchFigure } from './types';

const SIZE = 10_000;
const BASKET_LINES = 200;

/** A supplier-style file: the demo catalogue padded to 10,000, with a barcode each, as CSV. */
function catalogueFile(): string {
  const products = seedCatalogue(SIZE).map((p, i) => ({
    ...p,
    id: String(i + 1),
    image: null,
    barcodes: [`20${String(i + 1).padStart(11, '0')}`],
    active: true,
  }));
  return catalogueToCsv(products);
}

async function call<M extends MethodName>(
  host: TestHost,
  method: M,
  input: MethodInput<M>,
): Promise<MethodOutput<M>> {
  const reply = await host.till.dispatch(method, input);
  if (!reply.ok) throw new Error(`${method} failed: ${reply.error.message}`);
  return reply.value as MethodOutput<M>;
}

/** Imports `csv` the way the back office does; returns the milliseconds it took. */
async function importCsv(host: TestHost, csv: string): Promise<number> {
  const started = performance.now();
  let uploadId: string | null = null;
  for (let at = 0; at < csv.length; at += IMPORT_CHUNK_CHARS) {
    ({ uploadId } = await call(host, 'catalogue.uploadImport', {
      uploadId,
      text: csv.slice(at, at + IMPORT_CHUNK_CHARS),
    }));
  }
  const preview = await call(host, 'catalogue.previewImport', { uploadId: uploadId! });
  if (preview.toAdd !== SIZE || preview.problems.length > 0) {
    throw new Error(`the preview would add ${preview.toAdd}, with ${preview.problems.length} bad rows`);
  }
  const done = await call(host, 'catalogue.confirmImport', {
    importId: preview.importId,
    skipBadRows: false,
  });
  if (done.added !== SIZE) throw new Error(`imported ${done.added} products`);
  return performance.now() - started;
}

export async function benchCatalogue(): Promise<BenchFigure[]> {
  const host = await startTestHost({ sandboxSpeed: 20, catalogueSeedSize: 0 });
  const browser = await launchBrowser('kiosk');
  try {
    await call(host, 'staff.createFirstManager', { name: 'Bench manager', pin: '4826' });
    const importMs = await importCsv(host, catalogueFile());
    const forSale = await call(host, 'catalogue.get', {});
    if (forSale.products.length !== SIZE) throw new Error(`${forSale.products.length} products for sale`);

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(host.host.url);
    await page.evaluate(PAGE_HELPERS);
    await page.getByTestId('product-grid').getByRole('button').first().waitFor();
    while ((await page.getByTestId('product-grid').getByRole('button').count()) < BASKET_LINES) {
      await page.getByRole('button', { name: /^Show more/ }).click();
    }
    const growing = await timeAdds(
      page,
      Array.from({ length: BASKET_LINES }, (_, i) => i),
    );
    const onFullBasket = await timeAdds(
      page,
      Array.from({ length: 100 }, (_, i) => (i * 37) % BASKET_LINES),
    );
    const search = await timeSearch(page, ['latte', 'croissant', '5900000', 'family 3', 'zzz']);
    const idle = await timeIdleFrames(page, 100);
    const label = 'catalogue (CSV-imported 10,000)';
    return [
      {
        name: 'catalogue: import 10,000 products from CSV (upload, preview, confirm)',
        value: Math.round(importMs),
        unit: 'ms',
      },
      ...figures(`${label}: no input, wait to next paint (frame scheduling floor)`, idle, null),
      ...figures(`${label}: add to basket (0→200 lines), click to next paint`, growing.paint),
      ...figures(`${label}: add to basket (0→200 lines), click to React commit`, growing.work),
      ...figures(`${label}: add to a 200-line basket, click to next paint`, onFullBasket.paint),
      ...figures(`${label}: add to a 200-line basket, click to React commit`, onFullBasket.work),
      ...figures(`${label}: search keystroke, input to next paint`, search.paint),
      ...figures(`${label}: search keystroke, input to React commit`, search.work),
      ...figures(`${label}: search keystroke, input to filtered grid painted`, search.results),
    ];
  } finally {
    await browser.close();
    await host.close();
  }
}
