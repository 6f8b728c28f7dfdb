// The counter's and History's steps in Chromium, in either of the till's languages: each step
// finds what it taps by the catalogue's words (renderer/src/i18n) in that language and checks the
// services' own record, so the English tests (counter-basics, history-refunds) and the German one
// (german-flow) run the very same steps.
import '../support/words';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import type { Product, SaleView } from '../../shared/contract';
import type { ShopLocale } from '../../shared/format';
import { amountText, formatMoney } from '../../shared/money';
import { priceBasket } from '../../shared/pricing';
import { i18n } from '../../renderer/src/i18n';
import { TEST_STAFF } from '../support/staff';
import { waitUntil } from '../support/wait';
import { axeViolations } from './support/axe';
import { pageProblems } from './support/browser';
import type { TestHost } from './support/host';
import { call, chipAndPinSuffixes, newestSale } from './sell-support';

export interface Speaker {
  locale: ShopLocale;
  /** The catalogue's words in this language. */
  t(key: string, params?: Record<string, unknown>): string;
  money(minor: number, currency: string): string;
  /** An amount as a cashier types it ("1,00" in German). */
  typed(minor: number): string;
}

export function speaker(locale: ShopLocale): Speaker {
  const t = i18n.getFixedT(locale);
  return {
    locale,
    t: (key, params) => t(key as never, params as never) as unknown as string,
    money: (minor, currency) => formatMoney(minor, currency, { locale }),
    typed: (minor) => amountText(minor, locale),
  };
}

/** What the steps work on: getters, as a restart of the till replaces the host and the page. */
export interface Counter {
  page(): Page;
  host(): TestHost;
  words: Speaker;
  /** The shop's currency (the catalogue's prices are in it). */
  currency: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The sandbox's card machine for a currency (electron/sandbox/pay-at-counter/terminals.ts). */
export const sandboxTerminalFor = (currency: string) => (currency === 'EUR' ? '22900002' : '22900001');

export const searchBox = (c: Counter) =>
  c.page().getByRole('searchbox', { name: c.words.t('counter.search.label') });
/**
 * Esc on a completed sale: the next sale's search box. Pressed once, at once: an Esc in the sale's
 * first instant (its card call or receipt still on the way) starts the next sale when that is back.
 */
export async function nextSale(c: Counter): Promise<void> {
  await c.page().keyboard.press('Escape');
  await searchBox(c).waitFor();
}
export const basketPanel = (c: Counter) =>
  c.page().getByRole('complementary', { name: c.words.t('sell.basket.label') });
export const saleComplete = (c: Counter) =>
  c.page().getByRole('region', { name: c.words.t('sell.completed.label') });

/** Opens a screen from the main navigation (`screen` as in `shell.nav`) and waits for its heading. */
export async function goTo(c: Counter, screen: string, heading: string): Promise<void> {
  await c
    .page()
    .getByRole('navigation', { name: c.words.t('shell.mainNav') })
    .getByRole('button', { name: c.words.t(`shell.nav.${screen}`), exact: true })
    .click();
  await c
    .page()
    .getByRole('heading', { level: 1, name: c.words.t(heading) })
    .waitFor();
}

/** Types into the search field until Enter would add `name`, the only match, then presses Enter. */
export async function addByTyping(c: Counter, typed: string, name: string): Promise<void> {
  await searchBox(c).pressSequentially(typed, { delay: 60 });
  await c.page().getByText(c.words.t('counter.search.enterAdds', { name })).waitFor();
  await searchBox(c).press('Enter');
}

/** The approval form inside `within`: the supervisor taps their name and types their own PIN. */
async function approveBySupervisor(c: Counter, within: Locator): Promise<void> {
  const who = TEST_STAFF.supervisor;
  const approval = within.getByRole('form', { name: c.words.t('approval.label.supervisor') });
  await approval.getByRole('button', { name: new RegExp(escape(who.name)) }).click();
  await approval.getByLabel(c.words.t('signIn.pinLabel', { name: who.name })).fill(who.pin);
  await approval.getByRole('button', { name: c.words.t('approval.approve') }).click();
}

/** One product and a count whose total after 20 % off ends in pence the sandbox plays as chip and PIN. */
export function discountedCardBasket(products: readonly Product[]): {
  product: Product;
  quantity: number;
  total: number;
} {
  const wanted = chipAndPinSuffixes();
  for (const product of products.filter((p) => p.price > 0 && /^[A-Za-z ]+$/.test(p.name))) {
    for (let quantity = 2; quantity <= 9; quantity++) {
      const { total } = priceBasket([{ unitPrice: product.price, quantity }], {
        kind: 'percent',
        basisPoints: 2000,
      });
      if (wanted.has(total % 100)) return { product, quantity, total };
    }
  }
  throw new Error('no basket fits');
}

/** Typed quantity, a 20 % basket discount the cashier may not give alone, the supervisor's PIN, card. */
export async function cardSaleWithSupervisorDiscount(c: Counter, products: readonly Product[]) {
  const { t } = c.words;
  const page = c.page();
  const money = (minor: number) => c.words.money(minor, c.currency);
  const { product, quantity, total } = discountedCardBasket(products);
  await searchBox(c).focus();
  await searchBox(c).pressSequentially(`${quantity}*`, { delay: 60 });
  await page
    .getByTestId('pending-quantity')
    .filter({ hasText: `× ${quantity}` })
    .waitFor();
  await addByTyping(c, product.name, product.name);
  const basket = basketPanel(c);
  await basket
    .getByRole('group', { name: t('sell.basket.quantityOf', { name: product.name, quantity }) })
    .waitFor();

  await basket.getByRole('button', { name: t('counter.basket.addBasketDiscount') }).click();
  const editor = basket.getByRole('form', { name: t('counter.basket.basketDiscount') });
  await editor.getByLabel(t('counter.discount.amountLabel'), { exact: true }).fill('20');
  await editor.getByRole('button', { name: t('counter.discount.apply') }).click();
  assert.equal(await page.getByTestId('basket-total').innerText(), money(total));

  await basket.getByRole('button', { name: t('sell.basket.pay', { amount: money(total) }) }).click();
  await basket.getByRole('form', { name: t('approval.label.supervisor') }).waitFor();
  // The services' refusal, in the till's language.
  await basket
    .getByRole('alert')
    .filter({ hasText: t('services.staff.askApprover.discount') })
    .waitFor();
  assert.equal(
    (await call(c.host(), 'sales.recent', { limit: 5 })).length,
    0,
    'no sale opened before approval',
  );

  await approveBySupervisor(c, basket);
  await page.getByRole('region', { name: t('sell.tender.label') }).waitFor();
  await page.getByRole('button', { name: t('sell.tender.charge', { amount: money(total) }) }).click();
  await saleComplete(c).waitFor({ timeout: 20_000 });

  const sale = await newestSale(c.host());
  assert.equal(sale.state, 'completed');
  assert.equal(sale.currency, c.currency);
  assert.equal(sale.total, total);
  assert.deepEqual(
    sale.tenders.map((tender) => [tender.kind, tender.amount]),
    [['card', total]],
  );
  assert.equal(sale.discount?.value, 2000);
  assert.equal(sale.discount?.by?.name, TEST_STAFF.cashier.name);
  assert.equal(sale.discount?.by?.approvedBy?.name, TEST_STAFF.supervisor.name);
  await nextSale(c);
}

/** A No-sale by the cashier, approved by the supervisor, journaled with both names and the reason. */
export async function noSaleWithApproval(c: Counter, reason: string): Promise<void> {
  const { t } = c.words;
  const page = c.page();
  await page.getByRole('button', { name: t('counter.noSale.button') }).click();
  const form = page.getByRole('region', { name: t('counter.noSale.title') });
  await form.getByLabel(t('counter.noSale.reason')).fill(reason);
  await form.getByRole('button', { name: t('counter.noSale.open') }).click();
  await approveBySupervisor(c, form);
  // No printer drawer is set up in this till: journaled, and the cashier is told to use the key.
  await page
    .getByRole('status')
    .filter({ hasText: t('services.noSale.drawer.no_drawer') })
    .waitFor();
  const [noSale] = await call(c.host(), 'counter.noSales', { limit: 1 });
  assert.equal(noSale?.reason, reason);
  assert.equal(noSale?.by?.name, TEST_STAFF.cashier.name);
  assert.equal(noSale?.by?.approvedBy?.name, TEST_STAFF.supervisor.name);
  assert.equal(await form.count(), 0, 'the form closed');
}

/** Latte, Cinnamon bun and Cola by name, paid exact in cash (F4): returns the keys pressed. */
export async function keyboardThreeItemSale(c: Counter, products: readonly Product[]): Promise<string[]> {
  const page = c.page();
  const picks = ['Latte', 'Cinnamon bun', 'Cola 330ml'];
  const keys: string[] = [];
  const press = async (key: string) => {
    keys.push(key);
    await page.keyboard.press(key);
  };
  assert.equal(
    await page.evaluate(() => document.activeElement?.id),
    'sell-search',
    'the search field is ready',
  );
  for (const [typed, name] of [
    ['lat', picks[0]!],
    ['bun', picks[1]!],
    ['col', picks[2]!],
  ] as const) {
    for (const key of typed) await press(key);
    await page.getByText(c.words.t('counter.search.enterAdds', { name })).waitFor();
    await press('Enter');
    await basketPanel(c).getByText(name, { exact: true }).waitFor();
  }
  await press('F4'); // exact cash
  await saleComplete(c).waitFor();
  console.log(`keyboard-only three-item sale (${c.words.locale}): ${keys.length} keys (${keys.join(' ')})`);
  assert.ok(keys.length <= 15, `${keys.length} keys`);

  const sale = await newestSale(c.host());
  assert.equal(sale.state, 'completed');
  assert.deepEqual(
    sale.lines.map((l) => [l.name, l.quantity]),
    picks.map((n) => [n, 1]),
  );
  const expected = picks.reduce((sum, n) => sum + products.find((p) => p.name === n)!.price, 0);
  assert.equal(sale.total, expected);
  assert.deepEqual(
    sale.tenders.map((t) => [t.kind, t.amount, t.given]),
    [['cash', expected, expected]],
  );
  await press('Escape');
  await searchBox(c).waitFor();
  return keys;
}

/**
 * Two flat whites and a flapjack parked (F6); `restart` stops the till and starts it again on the
 * same data folder (new host, new page, the cashier signed in); the sale is resumed and paid (F4).
 */
export async function parkedSaleSurvivesRestart(
  c: Counter,
  products: readonly Product[],
  restart: () => Promise<void>,
): Promise<void> {
  const { t } = c.words;
  const [a, b] = [
    products.find((p) => p.name === 'Flat white')!,
    products.find((p) => p.name === 'Flapjack')!,
  ];
  await searchBox(c).pressSequentially('2*', { delay: 60 });
  await addByTyping(c, 'flat', a.name);
  await addByTyping(c, 'flapj', b.name);
  await basketPanel(c).getByText(b.name, { exact: true }).waitFor();
  await c.page().keyboard.press('F6');
  await c
    .page()
    .getByRole('button', { name: t('counter.parked.button', { count: 1 }) })
    .waitFor();
  assert.equal(
    await c.page().getByTestId('basket-line').count(),
    0,
    'the basket is free for the next customer',
  );
  assert.deepEqual(pageProblems(c.page()), []);

  await restart();
  const page = c.page();
  await page.getByRole('button', { name: t('counter.parked.button', { count: 1 }) }).click();
  await page
    .getByRole('region', { name: t('counter.parked.title') })
    .getByRole('button', { name: t('counter.parked.resume') })
    .click();
  await basketPanel(c).getByText(a.name, { exact: true }).waitFor();
  await basketPanel(c)
    .getByRole('group', { name: t('sell.basket.quantityOf', { name: a.name, quantity: 2 }) })
    .waitFor();
  const expected = a.price * 2 + b.price;
  assert.equal(await page.getByTestId('basket-total').innerText(), c.words.money(expected, c.currency));
  await page.keyboard.press('F4');
  await saleComplete(c).waitFor();
  const sale = await newestSale(c.host());
  assert.equal(sale.state, 'completed');
  assert.equal(sale.total, expected);
  assert.deepEqual(await call(c.host(), 'counter.parked', {}), []);
  assert.deepEqual(pageProblems(page), []);
  await page.keyboard.press('Escape');
}

/** The sandbox card machine simply approves amounts whose last two digits no script claims. */
const approved = (amount: number) => chipAndPinSuffixes().has(amount % 100);

/** Two products and a basket (2 of the first, 1 of the second) the card machine approves. */
export function refundableBasket(products: readonly Product[]): { first: Product; second: Product } {
  const pool = products.filter((p) => p.price >= 300 && approved(p.price));
  for (const first of pool)
    for (const second of pool)
      if (first.id !== second.id && approved(first.price * 2 + second.price)) return { first, second };
  throw new Error('no basket the sandbox approves');
}

/** A sale paid by card through the contract (as the Sell screen would), once completed. */
export async function paidByCard(
  c: Counter,
  lines: Array<{ productId: string; quantity: number }>,
): Promise<SaleView> {
  const host = c.host();
  const sale = await call(host, 'sales.open', { lines });
  const terminalId = sandboxTerminalFor(sale.currency);
  await call(host, 'sales.payCard', { saleId: sale.saleId, terminalId, amount: sale.total });
  return waitUntil(
    async () => {
      const now = await call(host, 'sales.get', { saleId: sale.saleId });
      return now.state === 'completed' && now;
    },
    `card sale ${sale.receiptNumber} to complete`,
    20_000,
  );
}

/**
 * History: the sale found by its receipt number (only it listed), then refunded item by item: one
 * of the first item all to the card, the second £1.00 (or 1,00 €) to the card and the rest in cash.
 * Checks axe on the list and on the opened sale, and the services' record of both refunds.
 */
export async function refundItemByItem(
  c: Counter,
  sale: SaleView,
  first: Product,
  second: Product,
): Promise<void> {
  const { t } = c.words;
  const page = c.page();
  const money = (minor: number) => c.words.money(minor, sale.currency);
  await goTo(c, 'history', 'history.title');
  const search = page.getByRole('form', { name: t('history.search.title') });
  await search.getByLabel(t('history.search.receiptNumber')).fill(sale.receiptNumber);
  await search.getByRole('button', { name: t('history.search.find') }).click();
  const results = page.getByRole('region', { name: t('history.results.title') });
  const open = results.getByRole('button', {
    // An accessible name turns the no-break space of "10,15 €" into a plain one.
    name: new RegExp(`^${sale.receiptNumber} .*${escape(money(sale.total)).replace(/\u00a0/g, '\\s')}`),
  });
  await open.waitFor({ timeout: 10_000 });
  // The sale is also in the list shown before the search answers: wait for the searched list.
  await waitUntil(
    async () => (await results.getByRole('listitem').count()) === 1,
    'only the sale asked for in the History list',
    10_000,
  );
  assert.deepEqual(await axeViolations(page), [], 'the History screen’s list');
  await open.click();

  const panel = page.getByRole('region', { name: t('history.sale.title', { receipt: sale.receiptNumber }) });
  await panel.waitFor();
  const form = panel.getByRole('form', { name: t('history.refund.title') });
  const latest = panel.getByRole('status', { name: t('history.refunds.latest') });
  const howMany = (p: Product, left: number) => t('history.refund.howMany', { name: p.name, left });

  // One of the first item, all of it back to the card.
  await form.getByLabel(howMany(first, 2)).fill('1');
  await form.getByLabel(t('history.refund.reason')).fill('Faulty');
  await form.getByRole('button', { name: t('history.refund.submit', { total: money(first.price) }) }).click();
  await latest
    .getByText(t('history.refunds.doneCard', { total: money(first.price), card: money(first.price) }))
    .waitFor({ timeout: 20_000 });

  // The second item: 1.00 to the card, the rest in cash from the drawer.
  const cash = second.price - 100;
  const [toCard] = t('history.refund.toCard', { digits: '\u0001', most: '' }).split('\u0001');
  await form.getByLabel(howMany(second, 1)).fill('1');
  await form.getByLabel(new RegExp(`^${escape(toCard!)}`)).fill(c.words.typed(100));
  await form
    .getByRole('status', { name: t('history.refund.splitLabel') })
    .getByText(t('history.refund.split', { total: money(second.price), card: money(100), cash: money(cash) }))
    .waitFor();
  await form.getByLabel(t('history.refund.reason')).fill('Wrong colour');
  await form
    .getByRole('button', { name: t('history.refund.submit', { total: money(second.price) }) })
    .click();
  await latest
    .getByText(
      t('history.refunds.doneSplit', { total: money(second.price), card: money(100), cash: money(cash) }),
    )
    .waitFor({ timeout: 20_000 });
  assert.deepEqual(await axeViolations(page), [], 'an opened sale with its refunds');

  // The services' record: two refunds linked to the sale, card parts on its card payment.
  const record = await call(c.host(), 'history.sale', { saleId: sale.saleId });
  assert.deepEqual(
    record.refunds.map((r) => [r.state, r.total, r.cardAmount, r.cashAmount, r.reason]),
    [
      ['completed', first.price, first.price, 0, 'Faulty'],
      ['completed', second.price, 100, cash, 'Wrong colour'],
    ],
  );
  assert.deepEqual(
    record.lines.map((l) => l.refundableQuantity),
    [1, 0],
  );
  const original = sale.tenders[0]!.paymentId!;
  for (const refund of record.refunds) {
    const payment = await call(c.host(), 'payments.get', { paymentId: refund.cardPaymentId! });
    assert.equal(payment.type, 'REFUND');
    assert.equal(payment.successful, true);
    assert.equal(payment.saleId, sale.saleId);
    assert.equal(refund.originalPaymentId, original);
  }
  assert.equal(record.cards[0]!.refundableLeft, sale.total - first.price - 100);
  assert.deepEqual(pageProblems(page), []);
}

/**
 * History on a till with a shop server: another till's sale found by its receipt number, shown as
 * made on that till, and `quantity` of its item refunded in cash from this till's drawer. Checks
 * axe on the list and on the opened sale with its refund.
 */
export async function refundAnotherTillsSaleInCash(
  c: Counter,
  sale: { receipt: string; till: { name: string; number: number }; currency: string },
  refund: { item: string; left: number; quantity: number; total: number; reason: string },
): Promise<void> {
  const { t } = c.words;
  const page = c.page();
  const money = (minor: number) => c.words.money(minor, sale.currency);
  await goTo(c, 'history', 'history.title');
  const search = page.getByRole('form', { name: t('history.search.title') });
  await search.getByLabel(t('history.search.receiptNumber')).fill(sale.receipt);
  await search.getByRole('button', { name: t('history.search.find') }).click();
  const results = page.getByRole('region', { name: t('history.results.title') });
  const tillName = t('history.till.named', sale.till);
  const open = results.getByRole('button', {
    name: new RegExp(`^${escape(sale.receipt)} .*${escape(tillName)}`),
  });
  await open.waitFor({ timeout: 15_000 });
  assert.deepEqual(await axeViolations(page), [], 'the list with another till’s sale');
  await open.click();

  const panel = page.getByRole('region', { name: t('history.sale.title', { receipt: sale.receipt }) });
  await panel.getByText(t('history.till.madeOn', { till: tillName }), { exact: false }).waitFor();
  const form = panel.getByRole('form', { name: t('history.refund.title') });
  await form
    .getByLabel(t('history.refund.howMany', { name: refund.item, left: refund.left }))
    .fill(String(refund.quantity));
  await form.getByLabel(t('history.refund.reason')).fill(refund.reason);
  await form
    .getByRole('button', { name: t('history.refund.submit', { total: money(refund.total) }) })
    .click();
  await panel
    .getByRole('status', { name: t('history.refunds.latest') })
    .getByText(t('history.refunds.doneCash', { total: money(refund.total), cash: money(refund.total) }))
    .waitFor({ timeout: 20_000 });
  assert.deepEqual(await axeViolations(page), [], 'another till’s sale with its refund');
}

/** "Who is serving?": `who` taps their name and types their own PIN; then serves. */
export async function switchServing(c: Counter, from: string, who: { name: string; pin: string }) {
  const { t } = c.words;
  const page = c.page();
  await page.getByRole('button', { name: t('signIn.servingSwitch', { name: from }) }).click();
  const dialog = page.getByRole('dialog', { name: t('signIn.title') });
  await dialog.getByRole('button', { name: new RegExp(`^${escape(who.name)}`) }).click({ timeout: 15_000 });
  await dialog.getByLabel(t('signIn.pinLabel', { name: who.name })).fill(who.pin);
  await dialog.getByRole('button', { name: t('signIn.signIn') }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: t('signIn.servingSwitch', { name: who.name }) }).waitFor();
}
