// The pictures in docs/screenshots/: every screen of the main navigation and a sale in progress,
// at 1024×768 (the smallest till screen Paydesk supports). Written only when asked
// (`npm run screenshots`, which sets PAYDESK_DOC_SCREENSHOTS=1), so `npm test` writes nothing to
// the repository.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, openTill } from './support/browser';
import { startTestHost } from './support/host';
import { call } from './sell-support';
import { setUpStaff, TEST_STAFF } from '../support/staff';

const WANTED = process.env.PAYDESK_DOC_SCREENSHOTS === '1';
const FOLDER = resolve('docs', 'screenshots');

const fileName = (name: string) =>
  `${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}.png`;

async function shoot(page: Page, name: string): Promise<void> {
  // Spinners and the caret stop where they are, so two runs give the same picture.
  await page.screenshot({ path: join(FOLDER, fileName(name)), animations: 'disabled', caret: 'hide' });
}

test(
  'screenshots of every screen at 1024×768 into docs/screenshots',
  { skip: WANTED ? false : 'only with PAYDESK_DOC_SCREENSHOTS=1 (npm run screenshots)' },
  async () => {
    mkdirSync(FOLDER, { recursive: true });
    const host = await startTestHost({ pinScryptCost: 1024 });
    const browser = await launchBrowser();
    try {
      await setUpStaff((method, input) => call(host, method, input), { signIn: 'manager' });
      await call(host, 'settings.update', {
        patch: { shop: { name: 'Corner Café' }, payAtCounter: { terminalNames: { '22900001': 'Till 1' } } },
      });
      const page = await openTill(browser, host.host.url, { viewport: { width: 1024, height: 768 } });
      const nav = page.getByRole('navigation', { name: 'Main' });
      const open = async (screen: string) => {
        await nav.getByRole('button', { name: screen, exact: true }).click();
        await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
        await page
          .getByText(/^(Loading|Checking)[^.]*…$/)
          .first()
          .waitFor({ state: 'detached', timeout: 10_000 });
      };

      // A sale under way: three products in the basket, then the payment panel.
      await open('Sell');
      const { products } = await call(host, 'catalogue.get', {});
      for (const product of products.slice(0, 3))
        await page
          .getByRole('button', { name: new RegExp(`^${product.name}`) })
          .first()
          .click();
      await shoot(page, 'sell-basket');
      await page.getByRole('button', { name: /^Pay / }).click();
      await page.getByRole('region', { name: 'Take payment' }).waitFor();
      await shoot(page, 'sell-payment');

      // A finished cash sale (History, reports) and its receipt on the preview (Printer screen).
      const done = await call(host, 'sales.open', { lines: [{ productId: products[4]!.id, quantity: 2 }] });
      await call(host, 'sales.payCash', { saleId: done.saleId, amountGiven: done.total });

      const screens = (await nav.getByRole('button').allInnerTexts()).map((s) => s.trim());
      for (const screen of screens) {
        if (screen === 'Sell') continue; // shown above, with a sale under way
        await open(screen);
        await shoot(page, screen);
      }

      await page.getByRole('button', { name: `Serving: ${TEST_STAFF.manager.name}. Switch cashier` }).click();
      await page.getByRole('dialog', { name: 'Who is serving?' }).waitFor();
      await shoot(page, 'staff-sign-in');
      assert.ok(screens.length >= 9, `the nav lists ${screens.length} screens`);
    } finally {
      await browser.close();
      await host.close();
    }
  },
);
