// Browser-host figures: a start to an interactive till and where its time goes, for a daily start
// (yesterday's data folder and browser profile) and a first start (both new); renderer bundle
// size, and memory.
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseStartTimings } from '../../electron/common/start-timings';
import { HOST_BUNDLE, HOST_NODE_FLAGS, hostEnv } from '../../scripts/build-if-stale.mjs';
import { launchBrowser, launchBrowserKeepingProfile } from '../e2e/support/browser';
import { cpuUsedSince, descendantsCpu, processCpuMs } from './process-cpu';
import type { Page } from 'playwright-core';
import type { BenchFigure } from './types';

/** The parts of a cold start, in order: the host's own marks, then what Chromium and the bench see. */
const START_PARTS = [
  'host modules loaded',
  'listening',
  'till URL printed',
  'database ready',
  'till ready',
  'first contract answer',
  'first paint',
  'interactive',
  'interactive as the bench noticed it',
] as const;
type StartPart = (typeof START_PARTS)[number];

/** What the page writes to its console once the till is interactive (see STAMP_ONLINE). */
const ONLINE_SIGNAL = 'paydesk-bench: interactive';

/**
 * Notes in the page when the status bar first says the card service is online, by the page's own
 * clock as first paint is, once that frame is drawn (a frame, then a turn), and says so on the
 * console. The bench waits for that line, not with a Playwright locator: a locator's wait runs
 * Playwright's selector engine in the page, on the same thread as the till's start, and asks the
 * page for the status bar's role and text again and again while it starts. A kiosk has no such
 * guest: the start is timed without it.
 */
const STAMP_ONLINE = `(() => {
  const seen = new MutationObserver(() => {
    const bar = document.querySelector('.status-bar[role=status]');
    if (!bar || !/Card service: online/.test(bar.textContent || '')) return;
    seen.disconnect();
    requestAnimationFrame(() =>
      setTimeout(() => {
        window.__paydeskOnlineAt = performance.timeOrigin + performance.now();
        console.debug(${JSON.stringify(ONLINE_SIGNAL)});
      }, 0),
    );
  });
  seen.observe(document, { subtree: true, childList: true, characterData: true });
})();`;

/** Opens the till at `url` in `page` (already open) and waits until the page says it is interactive. */
async function openUntilInteractive(page: Page, url: string): Promise<void> {
  await page.addInitScript({ content: STAMP_ONLINE });
  const online = page.waitForEvent('console', {
    predicate: (message) => message.text() === ONLINE_SIGNAL,
    timeout: 60_000,
  });
  // Awaited below; if the page never gets there, the error that stops the start is the one told.
  online.catch(() => undefined);
  await page.goto(url);
  await online;
}

/** When the page became interactive and first painted, by its own clock (epoch ms). */
async function pageStamps(page: Page): Promise<{ interactiveAt: number; paintAt: number | null }> {
  // A string, as the stamp is: the page runs it as written.
  const interactiveAt = (await page.evaluate('window.__paydeskOnlineAt')) as number;
  const paintAt = await page.evaluate(() => {
    const first = performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint');
    return first ? performance.timeOrigin + first.startTime : null;
  });
  return { interactiveAt, paintAt };
}

function rssKiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

export function rendererBundle(): { raw: number; gzip: number } {
  const dir = 'out/renderer/assets';
  let raw = 0;
  let gzip = 0;
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.js'))) {
    const bytes = readFileSync(join(dir, f));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip };
}

interface BudgetCheck {
  startGzip: number;
  later: Array<{ file: string; gzip: number }>;
}
// A plain-JavaScript script: loaded by path so the type checker does not look for its types.
const budgetScript = '../../scripts/bundle-budget.mjs';

/** What the page loads before it can show anything, and the largest chunk loaded later (gzip bytes). */
export async function rendererStartAndChunks(): Promise<{ startGzip: number; largestLater: number }> {
  const { checkBudgets, readManifest, gzipSizeIn } = (await import(budgetScript)) as {
    checkBudgets: (manifest: unknown, gzipSize: (file: string) => number) => BudgetCheck;
    readManifest: (dir: string) => unknown;
    gzipSizeIn: (dir: string) => (file: string) => number;
  };
  const { startGzip, later } = checkBudgets(readManifest('out/renderer'), gzipSizeIn('out/renderer'));
  return { startGzip, largestLater: Math.max(0, ...later.map((c) => c.gzip)) };
}

/** What one start showed: when each part was reached, in ms from the spawn. */
interface TimedStart {
  parts: Map<StartPart, number>;
  cpuAtListening: number | undefined;
  /** CPU time the host and the browser's processes used from the spawn to interactive. */
  cpuUntilInteractive: number;
  /** The host's part of it. */
  hostCpuUntilInteractive: number;
}

/**
 * Starts the browser host on `dataDir` and opens the till in `page` (already open, as a kiosk's
 * browser or the Electron shell's window is: making the page is the bench's cost, not the
 * till's), until the card service shows online. `measure` runs while the till is still up.
 */
async function timeStart(
  page: Page,
  dataDir: string,
  port: number,
  measure?: (hostPid: number, url: string) => Promise<void>,
): Promise<TimedStart> {
  const parts = new Map<StartPart, number>();
  // What the bench and Chromium see is timed from the spawn, in epoch ms (performance.timeOrigin).
  const cpuBefore = descendantsCpu(process.pid);
  const spawnedAt = performance.timeOrigin + performance.now();
  const since = (epochMs: number) => epochMs - spawnedAt;
  const child = spawn(
    process.execPath,
    [...HOST_NODE_FLAGS, HOST_BUNDLE, '--port', String(port), '--data-dir', dataDir],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...hostEnv(), PAYDESK_START_TIMINGS: '1' } },
  );
  try {
    let marks = '';
    child.stderr.on('data', (c: Buffer) => (marks += c.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        const m = /Paydesk till: (\S+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.once('exit', () => reject(new Error(`host exited: ${marks}`)));
    });
    parts.set('till URL printed', since(performance.timeOrigin + performance.now()));
    await openUntilInteractive(page, url);
    parts.set('interactive as the bench noticed it', since(performance.timeOrigin + performance.now()));
    const cpuUntilInteractive = cpuUsedSince(cpuBefore, descendantsCpu(process.pid));
    const hostCpuUntilInteractive = processCpuMs(child.pid!);
    const { interactiveAt, paintAt } = await pageStamps(page);
    parts.set('interactive', since(interactiveAt));
    if (paintAt !== null) parts.set('first paint', since(paintAt));
    const timings = parseStartTimings(marks);
    for (const step of HOST_MARKS) {
      const mark = timings.get(step);
      if (mark) parts.set(step, since(mark.at));
    }
    if (measure) await measure(child.pid!, url);
    return {
      parts,
      cpuAtListening: timings.get('listening')?.cpuMs,
      cpuUntilInteractive,
      hostCpuUntilInteractive,
    };
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
  }
}

const HOST_MARKS = [
  'host modules loaded',
  'listening',
  'database ready',
  'till ready',
  'first contract answer',
] as const;

function medians(starts: TimedStart[], label: string, goal?: string): BenchFigure[] {
  const figures: BenchFigure[] = [];
  for (const part of START_PARTS) {
    const values = starts.flatMap((s) => s.parts.get(part) ?? []);
    if (values.length === 0) continue;
    figures.push({
      name: `${label}: ${part} (median)`,
      value: Math.round(median(values)),
      unit: 'ms',
      ...(part === 'interactive' && goal && { goal }),
    });
  }
  const cpu = starts.flatMap((s) => s.cpuAtListening ?? []);
  if (cpu.length > 0)
    figures.push({
      name: `${label}: CPU time used until listening (median)`,
      value: Math.round(median(cpu)),
      unit: 'ms',
    });
  // On two cores a start can be no shorter than half of this, however well its parts overlap.
  figures.push({
    name: `${label}: CPU time of the host and the browser until interactive (median)`,
    value: Math.round(median(starts.map((s) => s.cpuUntilInteractive))),
    unit: 'ms',
  });
  figures.push({
    name: `${label}: the host's part of that CPU time (median)`,
    value: Math.round(median(starts.map((s) => s.hostCpuUntilInteractive))),
    unit: 'ms',
  });
  return figures;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The first start on a counter PC: a new data folder (every migration runs) and a browser that
 * has never opened the till. Also where the host's memory and the page's heap are read.
 */
async function firstStarts(runs: number): Promise<{ starts: TimedStart[]; rss: number; heap: number }> {
  const browser = await launchBrowser('kiosk');
  const starts: TimedStart[] = [];
  let rss = 0;
  let heap = 0;
  try {
    for (let i = 0; i < runs; i++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-bench-'));
      const page = await browser.newPage();
      const last = i === runs - 1;
      starts.push(
        await timeStart(
          page,
          dataDir,
          0,
          last
            ? async (pid) => {
                await page.waitForTimeout(500);
                rss = rssKiB(pid);
                const cdp = await page.context().newCDPSession(page);
                await cdp.send('HeapProfiler.collectGarbage');
                const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
                heap = usage.usedSize;
              }
            : undefined,
        ),
      );
      await page.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  } finally {
    await browser.close();
  }
  return { starts, rss, heap };
}

/** The page's own part of a start: from its navigation to interactive, the till already open (ms). */
interface PageAlone {
  interactive: number;
  firstPaint: number | null;
}

/**
 * Opening the till on a morning: the shop's data folder from yesterday, and a kiosk browser that
 * keeps its profile and opens the till at the same address. Two untimed starts first: Chromium
 * keeps a script's compiled code from its second load on. With the last start's till still open,
 * the page is opened `runs` times more (one untimed): what the page takes on its own, the floor
 * under a start however fast the till opens.
 */
async function dailyStarts(runs: number): Promise<{ starts: TimedStart[]; pageAlone: PageAlone[] }> {
  const profileDir = mkdtempSync(join(tmpdir(), 'paydesk-bench-browser-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-bench-'));
  const port = await freePort();
  const browser = await launchBrowserKeepingProfile(profileDir);
  const starts: TimedStart[] = [];
  const pageAlone: PageAlone[] = [];
  const openPageAlone = async (_hostPid: number, url: string) => {
    for (let i = 0; i < runs + 1; i++) {
      const page = await browser.newPage();
      const openedAt = performance.timeOrigin + performance.now();
      await openUntilInteractive(page, url);
      const { interactiveAt, paintAt } = await pageStamps(page);
      if (i >= 1)
        pageAlone.push({
          interactive: interactiveAt - openedAt,
          firstPaint: paintAt === null ? null : paintAt - openedAt,
        });
      await page.close();
    }
  };
  try {
    for (let i = 0; i < runs + 2; i++) {
      const page = await browser.newPage();
      const start = await timeStart(page, dataDir, port, i === runs + 1 ? openPageAlone : undefined);
      if (i >= 2) starts.push(start);
      await page.close();
    }
  } finally {
    await browser.close();
    rmSync(profileDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { starts, pageAlone };
}

export async function benchShell(runs = 5): Promise<BenchFigure[]> {
  const daily = await dailyStarts(runs);
  const first = await firstStarts(runs);
  const paints = daily.pageAlone.flatMap((p) => p.firstPaint ?? []);
  const { rss, heap } = first;
  const bundle = rendererBundle();
  const { startGzip, largestLater } = await rendererStartAndChunks();
  return [
    ...medians(daily.starts, "daily start (the shop's data, the browser's kept cache)", '≤ 600 ms'),
    {
      name: 'the page alone, the till already open: interactive (median)',
      value: Math.round(median(daily.pageAlone.map((p) => p.interactive))),
      unit: 'ms',
    },
    ...(paints.length > 0
      ? [{ name: 'the page alone: first paint (median)', value: Math.round(median(paints)), unit: 'ms' }]
      : []),
    ...medians(first.starts, 'first start (new data folder, empty browser cache)'),
    { name: 'renderer JS size (gzip)', value: Math.round(bundle.gzip / 1024), unit: 'KiB' },
    { name: 'renderer JS size (raw)', value: Math.round(bundle.raw / 1024), unit: 'KiB' },
    {
      name: 'renderer start bundle (gzip)',
      value: Math.round(startGzip / 1024),
      unit: 'KiB',
      goal: '≤ 150 KiB',
    },
    {
      name: 'largest screen chunk (gzip)',
      value: Math.round(largestLater / 1024),
      unit: 'KiB',
      goal: '≤ 40 KiB',
    },
    { name: 'browser host RSS after start', value: Math.round(rss / 1024), unit: 'MiB', goal: '≤ 120 MiB' },
    { name: 'renderer JS heap after start', value: Math.round((heap / 1024 / 1024) * 10) / 10, unit: 'MiB' },
  ];
}
