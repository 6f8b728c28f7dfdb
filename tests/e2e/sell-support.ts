// Shared steps for the Sell screen's end-to-end tests: a host with a fast sandbox card machine,
// baskets whose total makes the sandbox play a chosen script, and the cashier's clicks.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { MethodInput, MethodName, MethodOutput, Product } from '../../shared/contract';
import { SANDBOX_SCRIPTS, type SandboxScriptName } from '../../electron/sandbox/pay-at-counter/scripts';
import type { TestHost } from './support/host';

/** Calls the till directly (as the UI would), for setting up and checking what the UI did. */
export async function call<M extends MethodName>(
  host: TestHost,
  method: M,
  input: MethodInput<M>,
): Promise<MethodOutput<M>> {
  const reply = await host.till.dispatch(method, input);
  if (!reply.ok) throw new Error(`${method}: ${reply.error.code} ${reply.error.message}`);
  return reply.value as MethodOutput<M>;
}

export function suffixFor(script: SandboxScriptName): number {
  const info = SANDBOX_SCRIPTS.find((s) => s.name === script);
  if (!info) throw new Error(`no sandbox script ${script}`);
  return Number(info.suffix);
}

/** A suffix no script claims plays chip and PIN; prefer one so a total like £x.00 is not needed. */
export function chipAndPinSuffixes(): Set<number> {
  const claimed = new Set(
    SANDBOX_SCRIPTS.filter((s) => s.name !== 'chip_and_pin').map((s) => Number(s.suffix)),
  );
  const free = new Set<number>();
  for (let n = 0; n < 100; n++) if (!claimed.has(n)) free.add(n);
  return free;
}

/**
 * The fewest product taps (a product may be tapped more than once) whose total ends in one of
 * the wanted pence, so the sandbox plays that script for a whole-basket card payment.
 */
export function basketEndingIn(products: readonly Product[], wanted: Set<number>, maxTaps = 6): Product[] {
  const pool = products.filter((p) => p.price > 0);
  // Breadth first over the total's last two digits: each round is one more tap.
  let frontier = new Map<number, Product[]>([[0, []]]);
  const seen = new Set<number>([0]);
  for (let taps = 1; taps <= maxTaps; taps++) {
    const next = new Map<number, Product[]>();
    for (const picks of frontier.values()) {
      for (const p of pool) {
        const basket = [...picks, p];
        const suffix = total(basket) % 100;
        if (wanted.has(suffix)) return basket;
        if (!seen.has(suffix)) {
          seen.add(suffix);
          next.set(suffix, basket);
        }
      }
    }
    frontier = next;
  }
  throw new Error(`no basket of up to ${maxTaps} taps ends in ${[...wanted].join('/')}`);
}

export function total(products: readonly Product[]): number {
  return products.reduce((sum, p) => sum + p.price, 0);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function productButton(page: Page, name: string) {
  // A tile reads as it shows: name, then (in search results) SKU, then price.
  return page.getByRole('button', { name: new RegExp(`^${escape(name)} `) });
}

/** Finds each product with the search box (the grid shows a page at a time) and taps it. */
export async function addToBasket(page: Page, products: readonly Product[]): Promise<void> {
  const search = page.getByRole('searchbox', { name: 'Search products by name or SKU' });
  for (const p of products) {
    await search.fill(p.sku);
    await productButton(page, p.name).click();
  }
  await search.fill('');
}

export async function basketTotalText(page: Page): Promise<string> {
  return page.getByTestId('basket-total').innerText();
}

/** Basket → Pay → Charge on card: returns once the payment panel (or, if that fast, completion) shows. */
export async function payWholeByCard(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.getByRole('region', { name: 'Take payment' }).waitFor();
  await page.getByRole('button', { name: /^Charge .* on card$/ }).click();
  await page.getByRole('region', { name: /^(Card payment|Sale complete)$/ }).waitFor();
}

/** Basket → Pay → Cash → Exact → Take: returns once the sale is complete. */
export async function payWholeInExactCash(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Pay / }).click();
  const tender = page.getByRole('region', { name: 'Take payment' });
  await tender.getByRole('tab', { name: 'Cash', exact: true }).click();
  await tender.getByRole('button', { name: /^Exact / }).click();
  await tender.getByRole('button', { name: /^Take .* cash$/ }).click();
  await page.getByRole('region', { name: 'Sale complete' }).waitFor();
}

/** With PAYDESK_SCREENSHOT_DIR set, keeps a picture of what the cashier sees (for review). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.PAYDESK_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

/** The sale the UI worked on is the newest; its state is what the services recorded. */
export async function newestSale(host: TestHost) {
  const [sale] = await call(host, 'sales.recent', { limit: 1 });
  assert.ok(sale, 'a sale was recorded');
  return sale;
}
