// Browser-host figures: cold start to an interactive till, renderer bundle size, and memory.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../e2e/support/browser';
import type { BenchFigure } from './types';

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

export async function benchShell(runs = 3): Promise<BenchFigure[]> {
  const browser = await launchBrowser();
  const coldStarts: number[] = [];
  const hostReady: number[] = [];
  let rss = 0;
  let heap = 0;
  try {
    for (let i = 0; i < runs; i++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-bench-'));
      const started = performance.now();
      const child = spawn(
        process.execPath,
        ['--enable-source-maps', 'out/host/cli.mjs', '--port', '0', '--data-dir', dataDir],
        {
          stdio: ['ignore', 'pipe', 'ignore'],
        },
      );
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          const m = /Paydesk till: (\S+)/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.once('exit', () => reject(new Error('host exited')));
      });
      hostReady.push(performance.now() - started);
      const page = await browser.newPage();
      await page.goto(url);
      await page
        .getByRole('status')
        .getByText(/Card service: online/)
        .waitFor();
      coldStarts.push(performance.now() - started);
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
    {
      name: 'browser host: process start to till URL printed (median)',
      value: Math.round(median(hostReady)),
      unit: 'ms',
    },
    {
      name: 'browser host: cold start to interactive till (median)',
      value: Math.round(median(coldStarts)),
      unit: 'ms',
    },
    { name: 'renderer JS size (gzip)', value: Math.round(bundle.gzip / 1024), unit: 'KiB' },
    { name: 'renderer JS size (raw)', value: Math.round(bundle.raw / 1024), unit: 'KiB' },
    { name: 'renderer start bundle (gzip)', value: Math.round(startGzip / 1024), unit: 'KiB' },
    { name: 'largest screen chunk (gzip)', value: Math.round(largestLater / 1024), unit: 'KiB' },
    { name: 'browser host RSS after start', value: Math.round(rss / 1024), unit: 'MiB' },
    { name: 'renderer JS heap after start', value: Math.round((heap / 1024 / 1024) * 10) / 10, unit: 'MiB' },
  ];
}
