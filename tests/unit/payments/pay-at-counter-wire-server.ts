// A stand-in card service for the pay-at-counter client's own tests: a real HTTP server on
// loopback that records every request (method, path, headers, body) and answers exactly what the
// test scripts, so malformed answers, odd statuses and odd values reach the client over the wire.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, listenOnLoopback } from '../../../electron/common/http-util';
import {
  PayAtCounterClient,
  type PayAtCounterClientOptions,
} from '../../../electron/services/payments/pay-at-counter-client';
import type { Logger } from '../../../electron/services/common/logger';

export interface SeenRequest {
  method: string;
  /** The path and query as sent, e.g. "/api/v1/pay-at-counter/terminals?currency=GBP". */
  url: string;
  headers: IncomingMessage['headers'];
  /** The body as text; '' when none was sent. */
  body: string;
}

export interface Answer {
  status: number;
  /** Sent as is when a string; JSON-encoded otherwise; nothing when undefined. */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface WireServer {
  baseUrl: string;
  seen: SeenRequest[];
  /** What the next requests get: a function of the request, or one answer for all. */
  answer: (request: SeenRequest) => Answer;
  close(): Promise<void>;
}

export const API = '/api/v1/pay-at-counter';

export async function startWireServer(): Promise<WireServer> {
  const wire: WireServer = {
    baseUrl: '',
    seen: [],
    answer: () => ({ status: 200, body: { result: [] } }),
    close: async () => undefined,
  };
  const server = createServer((req, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: SeenRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      wire.seen.push(request);
      const { status, body, headers = {} } = wire.answer(request);
      const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
      res.writeHead(status, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text),
        ...headers,
      });
      res.end(text);
    });
  });
  const port = await listenOnLoopback(server);
  wire.baseUrl = `http://127.0.0.1:${port}`;
  wire.close = () => closeServer(server);
  return wire;
}

/** A logger that keeps its lines, to check what went to the log (never to staff). */
export function keptLog(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (m) => lines.push(`INFO ${m}`),
    warn: (m) => lines.push(`WARN ${m}`),
    error: (m) => lines.push(`ERROR ${m}`),
  };
}

/** A client of `wire` signed in as till/secret, with a kept log unless options say otherwise. */
export function clientOf(
  wire: WireServer,
  options: Partial<PayAtCounterClientOptions> = {},
): PayAtCounterClient {
  return new PayAtCounterClient({
    baseUrl: wire.baseUrl,
    credentials: async () => ({ username: 'till', password: 'secret' }),
    timeoutMs: 5_000,
    log: keptLog(),
    ...options,
  });
}

/** A finished sale's record as the spec shows it (amounts are integers in pence). */
export function saleRecord(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'tx-1',
    tid: '22900001',
    transaction_number: '0042',
    transaction_type: 'SALE',
    transaction_result: 'SUCCESSFUL',
    transaction_time: '2026-11-23T09:00:00Z',
    currency: 'GBP',
    amount_base: 1250,
    amount_cashback: 0,
    amount_gratuity: 0,
    amount_total: 1250,
    device_notifications: ['TRANSACTION_FINISHED', 'PIN_ENTERED'],
    receipt_lines: { MERCHANT: [{ type: 'TEXT', format: [], value: 'SALE' }], CUSTOMER: [] },
    ...overrides,
  };
}
