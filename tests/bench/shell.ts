// Browser-host figures: cold start to an interactive till and where its time goes, renderer
// bundle size, and memory.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseStartTimings } from '../../electron/common/start-timings';
import { HOST_BUNDLE, HOST_NODE_FLAGS, hostEnv } from '../../scripts/build-if-stale.mjs';
import { launchBrowser } from '../e2e/support/browser';
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
] as const;
type StartPart = (typeof START_PARTS)[number];

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

export async function benchShell(runs = 5): Promise<BenchFigure[]> {
  const browser = await launchBrowser();
  const parts = new Map<StartPart, number[]>(START_PARTS.map((p) => [p, []]));
  const cpuAtListening: number[] = [];
  let rss = 0;
  let heap = 0;
  try {
    for (let i = 0; i < runs; i++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-bench-'));
      // The page is open before the till starts, as a kiosk's browser or the Electron shell's
      // window is: making a Playwright page (a context of its own) is the bench's cost, not the till's.
      const page = await browser.newPage();
      // What the bench and Chromium see is timed from the spawn, in epoch ms (performance.timeOrigin).
      const spawnedAt = performance.timeOrigin + performance.now();
      const since = (epochMs: number) => epochMs - spawnedAt;
      const child = spawn(
        process.execPath,
        [...HOST_NODE_FLAGS, HOST_BUNDLE, '--port', '0', '--data-dir', dataDir],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...hostEnv(), PAYDESK_START_TIMINGS: '1' },
        },
      );
      let marks = '';
      child.stderr.on('data', (c: Buffer) => (marks += c.toString()));
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          const m = /Paydesk till: (\S+)/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.once('exit', () => reject(new Error('host exited')));
      });
      parts.get('till URL printed')!.push(since(performance.timeOrigin + performance.now()));
      await page.goto(url);
      await page
        .getByRole('status')
        .getByText(/Card service: online/)
        .waitFor();
      parts.get('interactive')!.push(since(performance.timeOrigin + performance.now()));
      const paint = await page.evaluate(() => {
        const first = performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint');
        return first ? performance.timeOrigin + first.startTime : null;
      });
      if (paint !== null) parts.get('first paint')!.push(since(paint));
      const timings = parseStartTimings(marks);
      for (const step of [
        'host modules loaded',
        'listening',
        'database ready',
        'till ready',
        'first contract answer',
      ] as const) {
        const mark = timings.get(step);
        if (mark) parts.get(step)!.push(since(mark.at));
      }
      const listening = timings.get('listening');
      if (listening) cpuAtListening.push(listening.cpuMs);
      if (i === runs - 1) {
        await page.waitForTimeout(500);
        rss = rssKiB(child.pid!);
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('HeapProfiler.collectGarbage');
        const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
        heap = usage.usedSize;
      }
      await page.close();
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    }
  } finally {
    await browser.close();
  }
  const bundle = rendererBundle();
  const { startGzip, largestLater } = await rendererStartAndChunks();
  return [
    ...START_PARTS.filter((part) => parts.get(part)!.length > 0).map((part) => ({
      name: `browser host cold start: ${part} (median)`,
      value: Math.round(median(parts.get(part)!)),
      unit: 'ms',
      ...(part === 'interactive' && { goal: '≤ 600 ms' }),
    })),
    {
      name: 'browser host cold start: CPU time used until listening (median)',
      value: Math.round(median(cpuAtListening)),
      unit: 'ms',
    },
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
