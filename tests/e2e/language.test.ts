// The till in German, in Chromium: the language chosen in Settings switches every screen at once
// (no reload), amounts read "1.234,50 €" in a shop that sells in euros, a card sale and a cash
// sale go through with German words, and the receipt prints German words and amounts.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Product } from '../../shared/contract';
import { launchBrowser, openTill } from './support/browser';
import { startTestHost, type TestHost } from './support/host';
import { basketEndingIn, call, chipAndPinSuffixes, newestSale, productButton, total } from './sell-support';

let host: TestHost;
let browser: Browser;
let page: Page;
let products: Product[];
let dataDir: string;

/** "12,50 €" with the no-break space Intl writes; grouping dots for thousands. */
const GERMAN_EUROS = /^-?\d{1,3}(?:\.\d{3})*,\d{2}\u00a0€$/;

before(async () => {
  // A shop that sells in euros; the language is still the default (en-GB) until Settings.
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-language-'));
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ shop: { currency: 'EUR' } }));
  host = await startTestHost({ sandboxSpeed: 20, dataDir });
  browser = await launchBrowser();
  products = (await call(host, 'catalogue.get', {})).products;
  page = await openTill(browser, host.host.url);
});

after(async () => {
  await browser?.close();
  await host?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const nav = (name: string) =>
  page.getByRole('navigation', { name: /^(Main|Hauptmenü)$/ }).getByRole('button', { name });

/** The Sell screen's own parts, found by what they are rather than by their words. */
const payButton = () => page.locator('.pay-button');
const completed = () => page.locator('section.completed');

async function addByName(basket: readonly Product[]): Promise<void> {
  // The Sell screen has one search box, whatever its label says in this language.
  const search = page.getByRole('searchbox').first();
  for (const p of basket) {
    await search.fill(p.sku);
    await productButton(page, p.name).click();
  }
  await search.fill('');
}

test('choosing Deutsch in Settings switches the screens at once, with German formats', async () => {
  await nav('Settings').click();
  const language = page.locator('#language');
  await language.getByTestId('shop-locale').selectOption('de-DE');
  // No reload: the navigation, the heading and the page's language follow at once.
  await nav('Einstellungen').waitFor({ timeout: 5_000 });
  await page.getByRole('heading', { name: 'Einstellungen', level: 1 }).waitFor({ timeout: 5_000 });
  assert.equal(await page.locator('html').getAttribute('lang'), 'de-DE');
  const example = await language.locator('.field-hint').first().innerText();
  assert.match(example, /1\.234,50\u00a0€/, 'the example amount is written the German way');
  assert.equal(
    (await call(host, 'settings.get', {})).settings.shop.locale,
    'de-DE',
    'saved for the next start',
  );
  await nav('Terminals').click();
  await page.getByRole('columnheader', { name: 'Zuletzt aktiv' }).waitFor({ timeout: 5_000 });
});

test('a card sale in German: euros written the German way, paid on the euro card machine', async () => {
  const basket = basketEndingIn(products, chipAndPinSuffixes());
  await nav('Verkaufen').click();
  await addByName(basket);
  await payButton().click();
  const tender = page.getByRole('region', { name: 'Bezahlen' });
  await tender.waitFor({ timeout: 5_000 });
  assert.match(await page.getByTestId('amount-due').innerText(), GERMAN_EUROS);
  await tender.getByRole('button', { name: /mit Karte kassieren$/ }).click();
  await completed().waitFor({ timeout: 10_000 });
  const sale = await newestSale(host);
  assert.equal(sale.currency, 'EUR');
  assert.deepEqual(
    sale.tenders.map((t) => [t.kind, t.amount]),
    [['card', total(basket)]],
  );
  const [payment] = await call(host, 'payments.recent', { limit: 1 });
  assert.ok(payment, 'the card payment is recorded');
  assert.equal(payment.words?.key, 'payment.message.approved', 'the approval travels with its key');
  await completed().getByRole('button', { name: /Esc/ }).last().click();
});

test('a cash sale in German, and its receipt prints German words and amounts', async () => {
  await nav('Verkaufen').click();
  const [product] = products.filter((p) => p.price > 0);
  await addByName([product!]);
  await payButton().click();
  const tender = page.getByRole('region', { name: 'Bezahlen' });
  await tender.waitFor({ timeout: 5_000 });
  await tender.getByRole('tab', { name: 'Bar', exact: true }).click();
  await tender.getByRole('button', { name: /^Passend / }).click();
  await tender.getByText(/^Rückgeld: 0,00\u00a0€$/).waitFor({ timeout: 5_000 });
  await tender.getByRole('button', { name: /bar kassieren$/ }).click();
  await completed().waitFor({ timeout: 10_000 });
  const sale = await newestSale(host);
  assert.equal(sale.state, 'completed');
  assert.deepEqual(
    sale.tenders.map((t) => [t.kind, t.amount, t.given]),
    [['cash', product!.price, product!.price]],
  );

  await nav('Drucker').click();
  const preview = page.getByRole('complementary', { name: 'Belegvorschau' });
  await preview
    .getByText(/^SUMME\s+\d+,\d\d €$/)
    .first()
    .waitFor({ timeout: 10_000 });
  const paper = await preview.innerText();
  assert.match(paper, /Bar\s+\d+,\d\d €/);
  assert.match(paper, /Rückgeld\s+0,00 €/);
  assert.doesNotMatch(paper, /TOTAL|Change due/, 'no English on the German receipt');
});
