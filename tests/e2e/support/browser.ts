// Debian's Chromium driven by playwright-core (Playwright cannot download its own browsers here).
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The whole browser, as a counter PC's kiosk runs it: what the benchmarks measure. */
const FULL_CHROMIUM = '/usr/bin/chromium';
/**
 * The same Chromium's headless shell (Debian's chromium-headless-shell, what Playwright itself runs
 * headless tests in): the same Blink and V8 without the browser's user interface, so a test file
 * starts and drives its pages with less work (the e2e suite 6 min 42 s → 6 min 4 s, one file at a
 * time). The whole browser where it is not installed.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** The tests' Chromium (the headless shell if installed) or the kiosk's; $PAYDESK_CHROMIUM overrides both. */
function launchOptions(use: 'tests' | 'kiosk') {
  const executablePath =
    process.env.PAYDESK_CHROMIUM ||
    (use === 'tests' && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
  if (!existsSync(executablePath))
    throw new Error(`Chromium not found at ${executablePath}: install Debian's chromium package.`);
  return { executablePath, headless: true, args: ARGS };
}

/** A browser whose every context starts empty: no cache, no stored pages. */
export async function launchBrowser(use: 'tests' | 'kiosk' = 'tests'): Promise<Browser> {
  return chromium.launch(launchOptions(use));
}

/**
 * The kiosk's browser keeping its profile (cache, compiled code) in `profileDir` from one launch
 * to the next, as a counter PC's does.
 */
export async function launchBrowserKeepingProfile(profileDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, launchOptions('kiosk'));
}

/**
 * Opens the till and waits until the shell is interactive (the nav is rendered). With
 * `controlTime`, the page's clock is Playwright's from the first script on: it runs at real
 * time, and `page.clock.fastForward()` moves the page's countdowns along with a test's clock.
 */
export async function openTill(
  browser: Browser,
  url: string,
  options: {
    controlTime?: boolean;
    viewport?: { width: number; height: number };
    /** The main navigation's name in the till's language ("Hauptmenü" on a German till). */
    mainNav?: string;
  } = {},
): Promise<Page> {
  // A page in its own context: nothing one test's page keeps (storage, cookies) reaches another's.
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 800 } });
  const page = await context.newPage();
  if (options.controlTime) await page.clock.install();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  (page as Page & { problems?: string[] }).problems = problems;
  await page.goto(url);
  await page.getByRole('navigation', { name: options.mainNav ?? 'Main' }).waitFor();
  return page;
}

export function pageProblems(page: Page): string[] {
  return (page as Page & { problems?: string[] }).problems ?? [];
}

/** "Loading …" in either language: a screen still saying it is fetching is not checked yet. */
const LOADING = /^(Loading|Checking)[^.]*…$|(geladen|geprüft) …$/;

/** Waits until the page has stopped saying it is loading (the wait names what it waited for). */
export async function settled(page: Page, where: string): Promise<void> {
  try {
    await page.getByText(LOADING).first().waitFor({ state: 'detached', timeout: 10_000 });
  } catch {
    throw new Error(`${where} still says it is loading after 10 s`);
  }
}

/** Opens a screen from the main navigation and waits for its heading. */
export async function goToScreen(page: Page, screen: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: screen, exact: true })
    .click();
  await page.getByRole('heading', { level: 1, name: screen }).waitFor();
}

/**
 * Where a test keeps a screenshot for people to look at: test-results/screenshots in the repo
 * (git-ignored), or $PAYDESK_SCREENSHOTS; never a fixed path shared with other runs.
 */
export function screenshotPath(name: string): string {
  const folder = resolve(process.env.PAYDESK_SCREENSHOTS ?? join('test-results', 'screenshots'));
  mkdirSync(folder, { recursive: true });
  return join(folder, `${name}.png`);
}

/**
 * A USB barcode scanner: the code's keys and Enter reach the page as one burst of real key
 * events, the way the operating system delivers a scanner's. `keyboard.type` waits for each key
 * to be handled before sending the next, so on a busy machine its gaps can look like a person's.
 */
export async function scanBarcode(page: Page, code: string): Promise<void> {
  const session = await page.context().newCDPSession(page);
  try {
    const keys = [...code].map((char) => ({
      key: char,
      code: /\d/.test(char) ? `Digit${char}` : `Key${char.toUpperCase()}`,
      text: char,
      windowsVirtualKeyCode: char.toUpperCase().charCodeAt(0),
    }));
    keys.push({ key: 'Enter', code: 'Enter', text: '\r', windowsVirtualKeyCode: 13 });
    // Stamped as the computer stamps a scanner's keys when they arrive, 4 ms apart. Unstamped, the
    // browser stamps each key as it takes it from the protocol, and on a busy machine those stamps
    // came more than 35 ms apart (a CI run took the scan for typing).
    const sentAt = Date.now() / 1000;
    const at = (step: number) => sentAt + step * 0.002;
    await Promise.all(
      keys.flatMap((key, i) => [
        session.send('Input.dispatchKeyEvent', {
          type: 'keyDown',
          unmodifiedText: key.text,
          timestamp: at(2 * i),
          ...key,
        }),
        session.send('Input.dispatchKeyEvent', {
          type: 'keyUp',
          key: key.key,
          code: key.code,
          timestamp: at(2 * i + 1),
        }),
      ]),
    );
  } finally {
    await session.detach();
  }
}
