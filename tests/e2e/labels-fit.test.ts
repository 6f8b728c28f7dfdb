// Every button's words fit inside it at 1024×768, in English and in German (German words run
// longer: "Tagesabschluss" once ran past its button's edge on the Reports screen). Each screen of
// the navigation and its tabs is opened, and the Sell screen with a basket, its discount editor
// and the payment panel, the way a cashier meets them; a button whose text is wider than the
// button (scrollWidth > clientWidth) is named with both widths.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import type { ShopLocale } from '../../shared/format';
import { setUpStaff } from '../support/staff';
import { speaker, type Speaker } from './counter-steps';
import { call } from './sell-support';
import { launchBrowser, openTill, settled } from './support/browser';
import { startTestHost, type TestHost } from './support/host';

const SMALL_SCREEN = { width: 1024, height: 768 };
let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});
after(() => browser?.close());

/** The visible buttons whose words are wider than the button itself, with both widths. */
async function overflowing(page: Page, where: string): Promise<string[]> {
  // Measured once the screen says it is no longer loading (the Reports buttons, which come with the
  // card machines, are waited for by name).
  await settled(page, where);
  const found = await page.evaluate(() =>
    [...document.querySelectorAll('button')]
      .filter((b) => b.checkVisibility() && b.clientWidth > 0 && b.scrollWidth > b.clientWidth)
      .map((b) => {
        const words = (b.innerText || b.getAttribute('aria-label') || '').replace(/\s+/g, ' ').trim();
        return `“${words}” needs ${b.scrollWidth} px, has ${b.clientWidth} px`;
      }),
  );
  return found.map((f) => `${where}: ${f}`);
}

/** A till in `locale` selling in the matching currency, staffed, the manager signed in. */
async function tillIn(
  locale: ShopLocale,
): Promise<{ host: TestHost; page: Page; words: Speaker; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), `paydesk-fit-${locale}-`));
  const currency = locale === 'de-DE' ? 'EUR' : 'GBP';
  writeFileSync(join(dir, 'settings.json'), JSON.stringify({ shop: { currency, locale } }));
  const host = await startTestHost({ dataDir: dir, pinScryptCost: 1024 });
  await setUpStaff((method, input) => call(host, method, input));
  const words = speaker(locale);
  const page = await openTill(browser, host.host.url, {
    viewport: SMALL_SCREEN,
    mainNav: words.t('shell.mainNav'),
  });
  return { host, page, words, dir };
}

async function tabsOf(page: Page, main: Locator, screen: string): Promise<string[]> {
  const found: string[] = [];
  for (const list of await main.getByRole('tablist').all()) {
    const tabs = await list.getByRole('tab').all();
    if (tabs.length > 8) continue; // category filters are data, not places
    for (const tab of tabs) {
      const name = (await tab.innerText()).trim();
      await tab.click();
      found.push(...(await overflowing(page, `${screen} › ${name}`)));
    }
  }
  return found;
}

/** Every screen of the navigation and its tabs; the Reports screen once its buttons are there. */
async function everyScreen(page: Page, words: Speaker): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: words.t('shell.mainNav') });
  const screens = (await menu.getByRole('button').allInnerTexts()).map((s) => s.trim());
  assert.ok(screens.length >= 9, `only ${screens.length} screens`);
  const found = await overflowing(page, 'the navigation');
  for (const screen of screens) {
    await menu.getByRole('button', { name: screen, exact: true }).click();
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1 }).first().waitFor();
    if (screen === words.t('shell.nav.reports'))
      await main.getByRole('button', { name: words.t('reports.choice.END_OF_DAY.name') }).waitFor();
    found.push(...(await overflowing(page, screen)), ...(await tabsOf(page, main, screen)));
  }
  return found;
}

/** The Sell screen as a cashier meets it: a basket, a line's and the basket's discount, payment. */
async function sellScreen(page: Page, words: Speaker): Promise<string[]> {
  const { t } = words;
  await page
    .getByRole('navigation', { name: t('shell.mainNav') })
    .getByRole('button', { name: t('shell.nav.sell'), exact: true })
    .click();
  const search = page.getByRole('searchbox', { name: t('counter.search.label') });
  await search.fill('lat');
  await page.getByText(t('counter.search.enterAdds', { name: 'Latte' })).waitFor();
  await search.press('Enter');
  const basket = page.getByRole('complementary', { name: t('sell.basket.label') });
  await basket.getByText('Latte', { exact: true }).waitFor();
  const found = await overflowing(page, 'Sell with a basket');
  await basket.getByRole('button', { name: t('counter.basket.discountFor', { name: 'Latte' }) }).click();
  found.push(...(await overflowing(page, 'Sell › a line’s discount')));
  await page.keyboard.press('Escape');
  await basket.getByRole('button', { name: t('counter.basket.addBasketDiscount') }).click();
  found.push(...(await overflowing(page, 'Sell › the basket’s discount')));
  await page.keyboard.press('Escape');
  await page.locator('.pay-button').click();
  const tender = page.getByRole('region', { name: t('sell.tender.label') });
  await tender.waitFor();
  for (const method of ['card', 'cash', 'split'] as const) {
    await tender.getByRole('tab', { name: t(`sell.tender.method.${method}`), exact: true }).click();
    found.push(...(await overflowing(page, `Sell › pay › ${method}`)));
  }
  return found;
}

for (const locale of ['de-DE', 'en-GB'] as const) {
  test(`${locale}: every button’s words fit inside it at 1024×768`, async () => {
    const { host, page, words, dir } = await tillIn(locale);
    try {
      const found = [...(await everyScreen(page, words)), ...(await sellScreen(page, words))];
      // The navigation's buttons are on every screen: each problem is told once, where first seen.
      const once = found.filter(
        (f, i) => found.findIndex((g) => g.split(': ')[1] === f.split(': ')[1]) === i,
      );
      assert.deepEqual(once, []);
    } finally {
      await page.context().close();
      await host.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
