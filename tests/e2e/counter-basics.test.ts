// The counter in Chromium against the real services: a card sale with a basket discount above the
// shop's limit, approved by a supervisor's PIN; a parked sale resumed after the till restarts on
// the same data folder; a No-sale journaled with who and why; and a three-item sale by name with
// the keyboard only, every key press counted (the target is 15 or fewer). The steps are shared
// with the German flow (tests/e2e/counter-steps.ts).
import { after, before, test } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Product } from '../../shared/contract';
import { setUpStaff, type TestStaff } from '../support/staff';
import { launchBrowser, openTill } from './support/browser';
import { startTestHost, type TestHost } from './support/host';
import { call } from './sell-support';
import {
  cardSaleWithSupervisorDiscount,
  keyboardThreeItemSale,
  noSaleWithApproval,
  parkedSaleSurvivesRestart,
  speaker,
  type Counter,
} from './counter-steps';

const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-counter-e2e-'));
let host: TestHost;
let browser: Browser;
let page: Page;
let products: Product[];
let staff: TestStaff;
const counter: Counter = { page: () => page, host: () => host, words: speaker('en-GB'), currency: 'GBP' };
const contract: Parameters<typeof setUpStaff>[0] = (method, input) => call(host, method, input);

before(async () => {
  host = await startTestHost({ dataDir });
  browser = await launchBrowser();
  staff = await setUpStaff(contract, { signIn: 'cashier' });
  products = (await call(host, 'catalogue.get', {})).products;
  page = await openTill(browser, host.host.url);
});

after(async () => {
  await browser?.close();
  await host?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('a card sale with a 20 % basket discount waits for a supervisor’s PIN, then pays by card', async () => {
  await cardSaleWithSupervisorDiscount(counter, products);
});

test('a No-sale asks a supervisor for a cashier and is journaled with both names and the reason', async () => {
  await noSaleWithApproval(counter, 'Change for the float');
});

test('the keyboard alone sells three items by name in 15 keys or fewer', async () => {
  await keyboardThreeItemSale(counter, products);
});

test('a parked sale survives a restart of the till and is resumed', async () => {
  await parkedSaleSurvivesRestart(counter, products, async () => {
    await page.close();
    await host.close();
    host = await startTestHost({ dataDir });
    await staff.signIn('cashier');
    page = await openTill(browser, host.host.url);
  });
});
