// Benchmark: how soon a card machine notification reaches the till's progress event, and what
// that costs in requests, for the runner's adaptive polling and a fixed 1 s poll, in one run
// against the sandbox at speed 1 (real gaps of 0.5–2.5 s between notifications).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  startPayAtCounterSandbox,
  type PayAtCounterSandbox,
} from '../../electron/sandbox/pay-at-counter/server';
import { openDatabase } from '../../electron/services/storage/database';
import { JOURNAL_MIGRATIONS } from '../../electron/services/payments/journal';
import { PayAtCounterClient } from '../../electron/services/payments/pay-at-counter-client';
import {
  createPaymentService,
  type PaymentEvent,
  type PollingPolicy,
} from '../../electron/services/payments/transaction-runner';

export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  goal?: string;
}

const TERMINALS: Array<[string, string]> = [
  ['22900001', 'GBP'],
  ['22900002', 'EUR'],
];
/** chip and PIN, contactless, cashback, gratuity: the everyday scripts. */
const AMOUNTS = [1000, 1201, 1505, 2006];
const ROUNDS = 2;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

interface PolicyRun {
  latencies: number[];
  requestRates: number[];
}

/** Runs ROUNDS sales on both terminals of its own sandbox with one polling policy. */
async function runPolicy(polling: Partial<PollingPolicy>, dir: string, label: string): Promise<PolicyRun> {
  const sandbox: PayAtCounterSandbox = await startPayAtCounterSandbox({ speed: 1 });
  const db = openDatabase(join(dir, `${label}.db`), JOURNAL_MIGRATIONS);
  const client = new PayAtCounterClient({
    baseUrl: sandbox.baseUrl,
    credentials: async () => ({ username: sandbox.username, password: sandbox.password }),
  });
  const service = createPaymentService({ client, db, polling });
  const seenAt: Array<{ paymentId: string; code: string; at: number }> = [];
  service.onEvent((event: PaymentEvent) => {
    if (event.type !== 'progress') return;
    const at = Date.now();
    for (const n of event.newNotifications) seenAt.push({ paymentId: event.paymentId, code: n.code, at });
  });
  const run: PolicyRun = { latencies: [], requestRates: [] };
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      const sales = TERMINALS.map(async ([terminalId, currency], i) => {
        const amount = AMOUNTS[(round * TERMINALS.length + i) % AMOUNTS.length]!;
        const payment = await service.startSale({
          saleId: `${label}-${round}-${i}`,
          terminalId,
          amount,
          currency,
        });
        await service.settled(payment.id);
        const machine = sandbox.timeline(payment.transactionId!);
        const shown = seenAt.filter((s) => s.paymentId === payment.id);
        // Match the n-th occurrence of each code on both sides (codes may repeat).
        const used = new Set<number>();
        for (const stamp of machine) {
          const index = shown.findIndex((s, k) => !used.has(k) && s.code === stamp.code);
          if (index < 0) continue;
          used.add(index);
          run.latencies.push(shown[index]!.at - stamp.at);
        }
        // Rate over the span the transaction was read: (reads - 1) gaps between first and last read.
        const reads = sandbox.stats().transactionReads[payment.transactionId!] ?? [];
        if (reads.length >= 2)
          run.requestRates.push((reads.length - 1) / ((reads.at(-1)! - reads[0]!) / 1000));
      });
      await Promise.all(sales);
    }
  } finally {
    await service.close();
    db.close();
    await sandbox.close();
  }
  return run;
}

function summarise(prefix: string, run: PolicyRun, goals: boolean): BenchResult[] {
  const sorted = [...run.latencies].sort((a, b) => a - b);
  const rate = run.requestRates.reduce((sum, r) => sum + r, 0) / Math.max(1, run.requestRates.length);
  return [
    { name: `${prefix}.notification_to_ui_p50`, value: percentile(sorted, 50), unit: 'ms' },
    {
      name: `${prefix}.notification_to_ui_p95`,
      value: percentile(sorted, 95),
      unit: 'ms',
      ...(goals && { goal: '<= 300' }),
    },
    {
      name: `${prefix}.requests_per_second_per_transaction`,
      value: Math.round(rate * 100) / 100,
      unit: 'req/s',
      ...(goals && { goal: '<= 4' }),
    },
    { name: `${prefix}.samples`, value: run.latencies.length, unit: 'notifications' },
  ];
}

export async function benchPayments(): Promise<BenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-bench-payments-'));
  try {
    // Both policies run at the same time against their own sandboxes, so they see the same load.
    const [adaptive, fixed] = await Promise.all([
      runPolicy({}, dir, 'adaptive'),
      runPolicy({ firstPollMs: 1000, intervalMs: 1000 }, dir, 'fixed-1s'),
    ]);
    return [
      ...summarise('payments.adaptive_poll', adaptive, true),
      ...summarise('payments.fixed_1s_poll', fixed, false),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  benchPayments().then(
    (results) => console.table(results),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
