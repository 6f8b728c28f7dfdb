// Sell screen responsiveness with a 10,000-product catalogue: input-to-paint for adding to the
// basket and for search keystrokes, measured inside the page (performance.now() at the event,
// then a double requestAnimationFrame: the second callback runs after the frame was painted).
import type { Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser';
import { startTestHost } from '../e2e/support/host';
import type { BenchFigure } from './types';

const CATALOGUE_SIZE = 10_000;
const BASKET_LINES = 200;
const GOAL = '≤ 16 ms';

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[at]! * 10) / 10;
}

function figures(name: string, samples: number[]): BenchFigure[] {
  return [
    { name: `${name} p50`, value: percentile(samples, 50), unit: 'ms', goal: GOAL },
    { name: `${name} p95`, value: percentile(samples, 95), unit: 'ms', goal: GOAL },
  ];
}

/** Clicks product tiles (the index-th visible ones) and times each click until the new total is painted. */
async function timeAdds(page: Page, tileIndexes: number[]): Promise<number[]> {
  return page.evaluate(async (indexes) => {
    const afterPaint = () =>
      new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));
    const totalText = () => document.querySelector('[data-testid="basket-total"]')!.textContent;
    const samples: number[] = [];
    for (const i of indexes) {
      const tiles = document.querySelectorAll<HTMLButtonElement>('[data-testid="product-grid"] button');
      const before = totalText();
      const started = performance.now();
      tiles[i]!.click();
      await afterPaint();
      const elapsed = performance.now() - started;
      if (totalText() === before) throw new Error('the basket total did not change after a click');
      samples.push(elapsed);
    }
    return samples;
  }, tileIndexes);
}

/**
 * Types (and deletes) in the search box the way a keyboard does (value change + input event),
 * timing the echo of the keystroke and the moment the filtered grid is painted.
 */
async function timeSearch(page: Page, sequences: string[]): Promise<{ echo: number[]; results: number[] }> {
  return page.evaluate(async (texts) => {
    const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
    const input = document.querySelector<HTMLInputElement>('input[type="search"]')!;
    const grid = document.querySelector('[data-testid="product-grid"]')!;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    const echo: number[] = [];
    const results: number[] = [];
    const keystroke = async (value: string) => {
      const started = performance.now();
      setValue.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await frame();
      await frame();
      echo.push(performance.now() - started);
      // The deferred filter shows as a "stale" grid until its render lands.
      while (grid.classList.contains('stale')) await frame();
      await frame();
      results.push(performance.now() - started);
    };
    for (const text of texts) {
      for (let n = 1; n <= text.length; n++) await keystroke(text.slice(0, n));
      for (let n = text.length - 1; n >= 0; n--) await keystroke(text.slice(0, n));
    }
    return { echo, results };
  }, sequences);
}

export async function benchSellScreen(): Promise<BenchFigure[]> {
  const host = await startTestHost({ sandboxSpeed: 20, catalogueSeedSize: CATALOGUE_SIZE });
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(host.host.url);
    await page.getByTestId('product-grid').getByRole('button').first().waitFor();

    // Enough tiles on screen for 200 different products.
    while ((await page.getByTestId('product-grid').getByRole('button').count()) < BASKET_LINES) {
      await page.getByRole('button', { name: /^Show more/ }).click();
    }
    const growing = await timeAdds(
      page,
      Array.from({ length: BASKET_LINES }, (_, i) => i),
    );
    const lineCount = await page.getByTestId('basket-line').count();
    if (lineCount !== BASKET_LINES)
      throw new Error(`expected ${BASKET_LINES} basket lines, found ${lineCount}`);
    const onFullBasket = await timeAdds(
      page,
      Array.from({ length: 100 }, (_, i) => (i * 37) % BASKET_LINES),
    );
    const search = await timeSearch(page, ['latte', 'croissant', '5900000', 'family 3', 'zzz']);
    return [
      ...figures('sell: add to basket (0→200 lines), click to painted total', growing),
      ...figures('sell: add to a 200-line basket, click to painted total', onFullBasket),
      ...figures('sell: search keystroke (10,000 products), input to painted echo', search.echo),
      ...figures('sell: search keystroke (10,000 products), input to painted results', search.results),
    ];
  } finally {
    await browser.close();
    await host.close();
  }
}
