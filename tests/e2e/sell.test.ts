// The Sell screen in Chromium against the real services: grid, search and categories, basket
// editing, barcode scans, cash with change, and split tender (card for part, cash for the rest).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import type { Product } from '../../shared/contract';
import { formatMoney } from '../../shared/money';
import { launchBrowser, openTill, pageProblems, scanBarcode } from './support/browser';
import { startTestHost, type TestHost } from './support/host';
import { addToBasket, call, newestSale, productButton, screenshot } from './sell-support';

let host: TestHost;
let browser: Browser;
let page: Page;
let products: Product[];
let categories: string[];

before(async () => {
  host = await startTestHost({ sandboxSpeed: 20 });
  browser = await launchBrowser();
  const catalogue = await call(host, 'catalogue.get', {});
  products = catalogue.products;
  categories = catalogue.categories;
  page = await openTill(browser, host.host.url);
});

after(async () => {
  await browser?.close();
  await host?.close();
});

const basketLines = () => page.getByTestId('basket-line');
const basketTotal = () => page.getByTestId('basket-total');
const search = () => page.getByRole('searchbox', { name: 'Search products by name or SKU' });

test('the grid filters by category and by name or SKU', async () => {
  await page.getByRole('tablist', { name: 'Categories' }).waitFor();
  const category = categories[1]!;
  await page.getByRole('tab', { name: category }).click();
  const inCategory = products.filter((p) => p.category === category);
  await page.getByText(`${inCategory.length} product${inCategory.length === 1 ? '' : 's'}`).waitFor();
  const tiles = page.getByTestId('product-grid').getByRole('button');
  assert.equal(await tiles.count(), Math.min(inCategory.length, 48));
  await page.getByRole('tab', { name: 'All' }).click();

  const target = products[3]!;
  await search().fill(target.sku);
  await page.getByText('1 product', { exact: true }).waitFor();
  assert.equal(await tiles.count(), 1);
  await productButton(page, target.name).waitFor();
  // Keyboard selling: Enter on a search that leaves one product adds it and clears the search.
  await search().press('Enter');
  await page.getByRole('button', { name: `Remove ${target.name} from the basket` }).click();
  assert.equal(await search().inputValue(), '');
  assert.equal(await basketLines().count(), 0);

  const word = target.name.split(' ')[0]!.toLowerCase();
  const byName = products.filter((p) => `${p.name} ${p.sku}`.toLowerCase().includes(word));
  await search().fill(word.toUpperCase());
  await page
    .getByText(`${byName.length} product${byName.length === 1 ? '' : 's'}`, { exact: true })
    .waitFor();
  await search().fill('');
});

test('the basket adds, counts up and down, removes a line, and clears only after confirming', async () => {
  const [a, b] = [products[0]!, products[1]!];
  await addToBasket(page, [a, a, b]);
  assert.equal(await basketLines().count(), 2);
  assert.equal(await basketTotal().innerText(), formatMoney(a.price * 2 + b.price, 'GBP'));
  await page.getByRole('button', { name: `One more ${b.name}` }).click();
  await page.getByRole('button', { name: `One fewer ${a.name}` }).click();
  assert.equal(await basketTotal().innerText(), formatMoney(a.price + b.price * 2, 'GBP'));
  await page.getByRole('button', { name: `Remove ${a.name} from the basket` }).click();
  assert.equal(await basketLines().count(), 1);
  assert.equal(await basketTotal().innerText(), formatMoney(b.price * 2, 'GBP'));

  await page.getByRole('button', { name: 'Clear basket' }).click();
  await page.getByRole('button', { name: 'Keep items' }).click();
  assert.equal(await basketLines().count(), 1, 'keeping the items keeps them');
  await page.getByRole('button', { name: 'Clear basket' }).click();
  await page
    .getByRole('alertdialog', { name: 'Clear the basket?' })
    .getByRole('button', { name: 'Yes, clear basket' })
    .click();
  assert.equal(await basketLines().count(), 0);
  assert.equal(await basketTotal().innerText(), formatMoney(0, 'GBP'));
});

test('a barcode scan adds the product, even while the search box has focus, without typing into it', async () => {
  const [a, b] = [products[5]!, products[6]!];
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await scanBarcode(page, a.sku);
  await page.getByText(`Scanned: ${a.name}`).waitFor();

  await search().fill('cr');
  await search().focus();
  await scanBarcode(page, b.sku);
  await page.getByText(`Scanned: ${b.name}`).waitFor();
  assert.equal(await search().inputValue(), 'cr', 'the scanned digits were taken out of the search box');
  assert.equal(await basketLines().count(), 2);
  assert.equal(await basketTotal().innerText(), formatMoney(a.price + b.price, 'GBP'));

  // A person typing slowly in the search box is not a scanner: the digits stay a search, and
  // Enter adds the highlighted match (keyboard selling), not a scanned product.
  await search().fill('');
  await search().pressSequentially(b.sku.slice(0, 6), { delay: 80 });
  assert.equal(await search().inputValue(), b.sku.slice(0, 6));
  await page.getByText(/Enter adds /).waitFor();
  await search().press('Enter');
  assert.equal(await basketLines().count(), 3);
  await page
    .getByRole('button', { name: /^Remove .* from the basket$/ })
    .last()
    .click();
  assert.equal(await basketLines().count(), 2);

  // A code typed by hand whose last keys come fast (a scanner slowed by a busy machine, or a
  // quick typist) is not taken as a scan of the fast part: Enter adds the product the whole code names.
  await search().fill('');
  await search().pressSequentially(a.sku.slice(0, 5), { delay: 80 });
  await scanBarcode(page, a.sku.slice(5));
  await page.getByRole('group', { name: `Quantity of ${a.name}: 2` }).waitFor();
  assert.equal(await basketLines().count(), 2);
  assert.equal(await basketTotal().innerText(), formatMoney(2 * a.price + b.price, 'GBP'));
  assert.equal(await search().inputValue(), '', 'the typed code left the search box');
  await page.getByRole('button', { name: `One fewer ${a.name}` }).click();
  await page.getByRole('group', { name: `Quantity of ${a.name}: 1` }).waitFor();
  await search().fill('');
  await screenshot(page, 'sell-basket');
});

test('a scan is still a scan on a till slow to handle each key: the keys’ own times count', async () => {
  const c = products[7]!;
  const linesBefore = await basketLines().count();
  // Each key's handling held up 50 ms after the scanner has seen it, as a slow counter PC that
  // re-renders the search after every key would: handled one by one, the keys come 50 ms apart.
  // (A string: the tests' TypeScript transform would name a function inside a page function.)
  await page.evaluate(`{
    const hold = () => {
      const until = performance.now() + 50;
      while (performance.now() < until);
    };
    window.addEventListener('keydown', hold);
    window.releaseKeys = () => window.removeEventListener('keydown', hold);
  }`);
  try {
    await search().fill('');
    await search().focus();
    await scanBarcode(page, c.sku);
    await page.getByText(`Scanned: ${c.name}`).waitFor();
  } finally {
    await page.evaluate(() => (window as unknown as { releaseKeys: () => void }).releaseKeys());
  }
  assert.equal(await search().inputValue(), '', 'the scanned code was left in the search box');
  assert.equal(await basketLines().count(), linesBefore + 1);
  await page.getByRole('button', { name: `Remove ${c.name} from the basket` }).click();
  assert.equal(await basketLines().count(), linesBefore);
});

test('cash: quick £20 shows the change due, and the sale completes with it', async () => {
  const due = Number((await basketTotal().innerText()).replace(/[£,.]/g, ''));
  assert.ok(due > 0 && due < 2000, 'the scanned basket is under £20');
  await page.getByRole('button', { name: /^Pay / }).click();
  const tender = page.getByRole('region', { name: 'Take payment' });
  await tender.getByRole('tab', { name: 'Cash', exact: true }).click();
  await tender.getByRole('button', { name: '£20' }).click();
  await tender.getByText(`Change due: ${formatMoney(2000 - due, 'GBP')}`).waitFor();
  await screenshot(page, 'sell-cash');
  await tender.getByRole('button', { name: 'Take £20.00 cash' }).click();
  const done = page.getByRole('region', { name: 'Sale complete' });
  await done.waitFor();
  assert.equal(
    await done.getByTestId('change-due').innerText(),
    `Change due ${formatMoney(2000 - due, 'GBP')}`,
  );
  const sale = await newestSale(host);
  assert.equal(sale.state, 'completed');
  assert.equal(sale.change, 2000 - due);
  await done.getByRole('button', { name: 'New sale' }).click();
  assert.equal(await basketLines().count(), 0);
});

test('split tender: card for part (amount edited), then cash for the rest', async () => {
  const basket = products.filter((p) => p.price > 150).slice(0, 3);
  await addToBasket(page, basket);
  const due = basket.reduce((sum, p) => sum + p.price, 0);
  await page.getByRole('button', { name: /^Pay / }).click();
  const tender = page.getByRole('region', { name: 'Take payment' });
  await tender.getByRole('tab', { name: 'Split card + cash' }).click();
  const cardAmount = tender.getByRole('textbox', { name: 'Card amount' });
  assert.equal(
    await cardAmount.inputValue(),
    (due / 100).toFixed(2),
    'the card amount starts at the amount due',
  );
  // £1.00 ends in 00: the sandbox plays chip and PIN.
  await cardAmount.fill('1.00');
  await tender
    .getByText(`The rest, ${formatMoney(due - 100, 'GBP')}, is taken in cash after the card.`)
    .waitFor();
  await tender.getByRole('button', { name: 'Charge £1.00 on card' }).click();
  const payment = page.getByRole('region', { name: 'Card payment' });
  await payment.getByRole('status').filter({ hasText: 'Approved' }).waitFor();
  const open = await newestSale(host);
  assert.equal(open.state, 'open', 'a part payment does not complete the sale');
  assert.equal(open.paid, 100);
  await payment.getByRole('button', { name: `Take the rest (${formatMoney(due - 100, 'GBP')})` }).click();
  await tender.getByRole('tab', { name: 'Cash', exact: true, selected: true }).waitFor();
  // A reload in the middle comes back to the same sale, its basket and what is still due.
  await page.reload();
  await tender.getByRole('tab', { name: 'Cash', exact: true, selected: true }).waitFor();
  assert.equal(await tender.getByTestId('amount-due').innerText(), formatMoney(due - 100, 'GBP'));
  assert.equal(await basketLines().count(), basket.length);
  await tender.getByRole('button', { name: /^Exact / }).click();
  await tender.getByRole('button', { name: `Take ${formatMoney(due - 100, 'GBP')} cash` }).click();
  await page.getByRole('region', { name: 'Sale complete' }).waitFor();
  const sale = await newestSale(host);
  assert.equal(sale.state, 'completed');
  assert.deepEqual(
    sale.tenders.map((t) => [t.kind, t.amount]),
    [
      ['card', 100],
      ['cash', due - 100],
    ],
  );
  await page.getByRole('button', { name: 'New sale' }).click();
  assert.deepEqual(pageProblems(page), []);
});

test('Enter pressed straight after typing adds what was typed; the arrows pick among several matches', async () => {
  const flapjack = products.find((p) => p.name === 'Flapjack')!;
  // No waiting for the grid to catch up with the typing: Enter acts on the text in the field.
  await search().fill('flapj');
  await search().press('Enter');
  await page.getByRole('button', { name: `Remove ${flapjack.name} from the basket` }).waitFor();
  assert.equal(await search().inputValue(), '');

  await search().fill('lat');
  const tiles = page.getByTestId('product-grid').getByRole('button');
  await page.getByText(/^\d+ products$/).waitFor();
  assert.ok((await tiles.count()) >= 3, 'several lattes match');
  const names = await tiles.locator('.product-name').allInnerTexts();
  await page.getByText(`Enter adds ${names[0]}`).waitFor();
  await search().press('ArrowDown');
  await search().press('ArrowDown');
  await search().press('ArrowUp');
  await page.getByText(`Enter adds ${names[1]}`).waitFor();
  await search().press('Enter');
  await page.getByRole('button', { name: `Remove ${names[1]} from the basket` }).waitFor();
  assert.equal(await basketLines().count(), 2);

  // Nothing matching: Enter says so instead of doing nothing.
  await search().fill('zzqx');
  await search().press('Enter');
  await page.getByText('No product matches “zzqx”.').waitFor();
  assert.equal(await basketLines().count(), 2);
  await search().fill('');
  await page.getByRole('button', { name: 'Clear basket' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, clear basket' }).click();
});

/** Tiles wholly inside the window and the grid's visible area, each with its name, price and SKU shown. */
async function tilesInView() {
  return page.getByTestId('product-grid').evaluate((grid) => {
    const clip = grid.getBoundingClientRect();
    const bottom = Math.min(clip.bottom, window.innerHeight);
    const right = Math.min(clip.right, window.innerWidth);
    return [...grid.querySelectorAll('button')]
      .filter((tile) => {
        const r = tile.getBoundingClientRect();
        return r.top >= clip.top && r.left >= clip.left && r.bottom <= bottom && r.right <= right;
      })
      .map((tile) => ({
        name: tile.querySelector('.product-name')?.textContent ?? '',
        price: tile.querySelector('.product-price')?.textContent ?? '',
        text: (tile as HTMLElement).innerText,
      }));
  });
}

test('1024×768 shows at least 12 whole tiles with name and price (no SKU); larger windows show more', async () => {
  await search().fill('');
  const seen: Record<string, number> = {};
  for (const [width, height] of [
    [1024, 768],
    [1280, 800],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => window.scrollTo(0, 0));
    const tiles = await tilesInView();
    seen[`${width}×${height}`] = tiles.length;
    for (const tile of tiles) {
      const product = products.find((p) => p.name === tile.name);
      assert.ok(product, `a tile names a product (“${tile.name}”)`);
      assert.equal(tile.price, formatMoney(product.price, 'GBP'), `${tile.name} shows its price`);
      assert.ok(!tile.text.includes(product.sku), `${tile.name} does not show its SKU`);
    }
  }
  console.log(`whole tiles in view: ${JSON.stringify(seen)}`);
  assert.ok(seen['1024×768']! >= 12, `1024×768 shows ${seen['1024×768']} whole tiles`);
  assert.ok(seen['1280×800']! > seen['1024×768']!, '1280×800 uses the extra space');
  assert.ok(seen['1920×1080']! > seen['1280×800']!, '1920×1080 uses the extra space');
  await page.setViewportSize({ width: 1280, height: 800 });
  assert.deepEqual(pageProblems(page), []);
});
