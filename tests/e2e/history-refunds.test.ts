// Sales history and itemised refunds in Chromium against the real till services: a card sale of
// two items is found on the History screen by its receipt number, then refunded item by item:
// the first item back to the card, the second part to the card and part in cash. The services'
// own record is checked after each step (amounts in minor units, the card refunds linked to the
// sale's card payment). The steps are shared with the German flow (tests/e2e/counter-steps.ts).
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { screenshotPath } from './support/browser';
import type { TestHost } from './support/host';
import { openStaffedTill } from './support/staffed-till';
import { call } from './sell-support';
import { paidByCard, refundableBasket, refundItemByItem, speaker, type Counter } from './counter-steps';

let host: TestHost;
let page: Page;
let close: (() => Promise<void>) | undefined;
const counter: Counter = { page: () => page, host: () => host, words: speaker('en-GB'), currency: 'GBP' };

before(async () => {
  ({ host, page, close } = await openStaffedTill()); // the manager is signed in
});

after(() => close?.());

test('a sale found by its receipt number is refunded item by item, to the card and in cash', async () => {
  const { products } = await call(host, 'catalogue.get', {});
  const { first, second } = refundableBasket(products);
  const sale = await paidByCard(counter, [
    { productId: first.id, quantity: 2 },
    { productId: second.id, quantity: 1 },
  ]);
  // Another sale, so the search has something to leave out.
  await paidByCard(counter, [{ productId: first.id, quantity: 1 }]);
  await refundItemByItem(counter, sale, first, second);
  await page.screenshot({ path: screenshotPath('history-refunds'), fullPage: true });
});
