// Shared set-up for the payments tests: a real sandbox on loopback and a client for it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  startPayAtCounterSandbox,
  type PayAtCounterSandbox,
  type PayAtCounterSandboxOptions,
} from '../../../electron/sandbox/pay-at-counter/server';
import {
  PayAtCounterClient,
  type CardTransaction,
} from '../../../electron/services/payments/pay-at-counter-client';

export const GBP_TERMINAL = '22900001';
export const EUR_TERMINAL = '22900002';

export async function sandboxWithClient(options: PayAtCounterSandboxOptions = {}, timeoutMs = 5_000) {
  const sandbox = await startPayAtCounterSandbox({ speed: 50, ...options });
  const client = clientFor(sandbox, timeoutMs);
  return { sandbox, client };
}

export function clientFor(sandbox: PayAtCounterSandbox, timeoutMs = 5_000): PayAtCounterClient {
  return new PayAtCounterClient({
    baseUrl: sandbox.baseUrl,
    credentials: async () => ({ username: sandbox.username, password: sandbox.password }),
    timeoutMs,
  });
}

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads the transaction until `until` holds (default: finished); fails after `limitMs`. */
export async function readUntil(
  client: PayAtCounterClient,
  terminalId: string,
  transactionId: string,
  until: (t: CardTransaction) => boolean = (t) => t.finished,
  limitMs = 15_000,
): Promise<CardTransaction> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const record = await client.getTransaction(terminalId, transactionId);
    if (until(record)) return record;
    if (Date.now() > deadline)
      throw new Error(`gave up waiting; notifications: ${record.notifications.join(',')}`);
    await delay(20);
  }
}

export function tempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-payments-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function lineValues(lines: ReadonlyArray<{ value: string }>): string[] {
  return lines.map((l) => l.value);
}
