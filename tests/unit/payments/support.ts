// Shared set-up for the payments tests: a real sandbox on loopback and a client for it, a database
// opened the way the till opens it, a manual clock that runs fast beside the sandbox, and waits
// that give up with a message naming what they waited for.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  startPayAtCounterSandbox,
  type PayAtCounterSandbox,
  type PayAtCounterSandboxOptions,
} from '../../../electron/sandbox/pay-at-counter/server';
import { closeServer, listenOnLoopback, sendJson } from '../../../electron/common/http-util';
import {
  PayAtCounterClient,
  type CardTransaction,
} from '../../../electron/services/payments/pay-at-counter-client';
import { JOURNAL_MIGRATIONS } from '../../../electron/services/payments/journal';
import { waitUntil, within } from '../../support/wait';
import type { PaymentService, StartSaleInput } from '../../../electron/services/payments/transaction-runner';
import { openDatabase, type Db } from '../../../electron/services/storage/database';
import type { ManualClock } from '../../support/manual-clock';

// The waits live in tests/support/wait.ts; the payments tests reach them through here too.
export { waitUntil, within };

export { driveClock } from '../../support/manual-clock';

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

/** A sale on the GBP card machine, £10.00 unless `amount` (pence) says otherwise. */
export function gbpSale(saleId: string, amount = 1000): StartSaleInput {
  return { saleId, terminalId: GBP_TERMINAL, amount, currency: 'GBP' };
}

/** Takes a £10.00 sale on the GBP card machine and checks it succeeds, proving the machine is free. */
export async function assertSaleGoesThrough(service: PaymentService, saleId: string): Promise<void> {
  const sale = await service.startSale(gbpSale(saleId));
  assert.equal((await settledWithin(service, sale.id)).result, 'SUCCESSFUL');
}

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The till database with the journal's migrations, as the composition root opens it. */
export function openPaymentsDatabase(file: string): Db {
  return openDatabase(file, JOURNAL_MIGRATIONS);
}

/** service.settled(id), failing with the payment's state if it has not settled in time. */
export function settledWithin(service: PaymentService, paymentId: string, limitMs = 15_000) {
  return within(
    service.settled(paymentId),
    () => `card payment ${paymentId} to settle (it is ${service.getPayment(paymentId)?.state ?? 'missing'})`,
    limitMs,
  );
}

/**
 * Reads the transaction until `until` holds (default: finished); fails after `limitMs` of real
 * time. With `clock` (the sandbox's manual clock), each read is followed by the card machine's
 * next step instead of a real pause, so every state is seen and nothing waits.
 */
export async function readUntil(
  client: PayAtCounterClient,
  terminalId: string,
  transactionId: string,
  until: (t: CardTransaction) => boolean = (t) => t.finished,
  { clock, limitMs = 15_000 }: { clock?: ManualClock; limitMs?: number } = {},
): Promise<CardTransaction> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const record = await client.getTransaction(terminalId, transactionId);
    if (until(record)) return record;
    if (Date.now() > deadline) {
      throw new Error(
        `gave up after ${limitMs} ms waiting for transaction ${transactionId} on ${terminalId}; notifications: ${record.notifications.join(',')}`,
      );
    }
    await (clock ? clock.advanceToNextTimer() : delay(20));
  }
}

export function tempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-payments-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function lineValues(lines: ReadonlyArray<{ value: string }>): string[] {
  return lines.map((l) => l.value);
}

/** What the proxy does with one request: pass it on, answer instead, or pass it on and replace the answer. */
export type ProxyAction = 'forward' | { answer: number } | { forwardThenAnswer: number };

export interface CardServiceProxy {
  baseUrl: string;
  /** Requests that reached the proxy, as "METHOD /path". */
  seen: string[];
  close(): Promise<void>;
}

/**
 * A real HTTP server on loopback in front of the sandbox, standing in for a proxy or gateway
 * that loses, replaces or invents answers. `decide` sees the method and the path after the base URL.
 */
export async function startCardServiceProxy(
  targetBaseUrl: string,
  decide: (method: string, path: string) => ProxyAction,
): Promise<CardServiceProxy> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const method = req.method ?? 'GET';
      const path = req.url ?? '/';
      seen.push(`${method} ${path}`);
      const action = decide(method, path);
      if (action !== 'forward' && 'answer' in action) {
        return sendJson(res, action.answer, { error: 'from the proxy' });
      }
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const upstream = await fetch(`${targetBaseUrl}${path}`, {
        method,
        headers: {
          authorization: req.headers.authorization ?? '',
          'content-type': req.headers['content-type'] ?? 'application/json',
        },
        body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
      });
      const text = await upstream.text();
      if (action !== 'forward') return sendJson(res, action.forwardThenAnswer, { error: 'from the proxy' });
      res.writeHead(upstream.status, { 'content-type': 'application/json' });
      res.end(text);
    })().catch((error: unknown) => {
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  const port = await listenOnLoopback(server);
  return { baseUrl: `http://127.0.0.1:${port}`, seen, close: () => closeServer(server) };
}
