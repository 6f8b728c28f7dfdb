// `npm run bench -- --json <file>`: runs every benchmark, prints a table, writes the figures.
// `--only backup,catalogue` runs those suites alone.
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { benchShell } from './shell';
import type { BenchFigure } from './types';

interface Suite {
  name: string;
  load: () => Promise<() => Promise<BenchFigure[]>>;
}

const suites: Suite[] = [
  { name: 'shell', load: async () => () => benchShell() },
  { name: 'payments', load: async () => (await import('./payments')).benchPayments },
  { name: 'sell-screen', load: async () => (await import('./sell-screen')).benchSellScreen },
  { name: 'printing', load: async () => (await import('./printing')).benchPrinting },
  { name: 'receipts', load: async () => (await import('./receipt-latency')).benchReceiptLatency },
  { name: 'catalogue', load: async () => (await import('./catalogue')).benchCatalogue },
  { name: 'till-reports', load: async () => (await import('./till-reports')).benchTillReports },
  {
    name: 'report-contributions',
    load: async () => (await import('./report-contributions')).benchReportContributions,
  },
  { name: 'backup', load: async () => (await import('./backup')).benchBackup },
  { name: 'shop-server', load: async () => (await import('./shop-server')).benchShopServer },
  {
    name: 'shop-server-reports',
    load: async () => (await import('./shop-server-reports')).benchShopServerReports,
  },
  { name: 'shop-data', load: async () => (await import('./shop-server-shop-data')).benchShopData },
];

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { json: { type: 'string' }, only: { type: 'string' } } });
  const results: Array<BenchFigure & { suite: string }> = [];
  for (const suite of suites) {
    if (values.only && !values.only.split(',').includes(suite.name)) continue;
    const run = await suite.load();
    console.error(`running ${suite.name}…`);
    for (const figure of await run()) results.push({ suite: suite.name, ...figure });
  }
  const width = Math.max(...results.map((r) => r.name.length), 10);
  console.log(`${'benchmark'.padEnd(width)}  ${'value'.padStart(10)}  unit    goal`);
  for (const r of results) {
    console.log(
      `${r.name.padEnd(width)}  ${String(r.value).padStart(10)}  ${r.unit.padEnd(6)}  ${r.goal ?? ''}`,
    );
  }
  if (values.json) {
    const doc = {
      generatedAt: new Date().toISOString(),
      machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', node: process.version },
      results,
    };
    writeFileSync(values.json, `${JSON.stringify(doc, null, 2)}\n`);
    console.error(`wrote ${values.json}`);
  }
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
