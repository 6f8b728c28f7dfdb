// The set-up most browser tests share: a till on the browser host with the shop's people
// (tests/support/staff.ts), someone signed in, and one Chromium page on it; one close for both.
import type { Page } from 'playwright-core';
import type { StaffRole } from '../../../shared/contract';
import { setUpStaff } from '../../support/staff';
import { call } from '../sell-support';
import { launchBrowser, openTill } from './browser';
import { startTestHost, type TestHost } from './host';

export interface StaffedTill {
  host: TestHost;
  page: Page;
  close(): Promise<void>;
}

export async function openStaffedTill(
  options: { signIn?: StaffRole; viewport?: { width: number; height: number } } = {},
): Promise<StaffedTill> {
  const host = await startTestHost({ pinScryptCost: 1024 });
  const browser = await launchBrowser().catch(async (error: unknown) => {
    await host.close();
    throw error;
  });
  const close = async () => {
    await browser.close();
    await host.close();
  };
  try {
    await setUpStaff((method, input) => call(host, method, input), { signIn: options.signIn ?? 'manager' });
    const page = await openTill(
      browser,
      host.host.url,
      options.viewport ? { viewport: options.viewport } : {},
    );
    return { host, page, close };
  } catch (error) {
    await close();
    throw error;
  }
}
