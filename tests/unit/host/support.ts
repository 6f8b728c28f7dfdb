// A browser host on loopback in front of a stand-in till whose calls the test controls, and
// clients that speak to it: ws sockets, and raw TCP for what a well-behaved client never sends.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect as connectTcp } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import WebSocket from 'ws';
import {
  startBrowserHost,
  type BrowserHost,
  type BrowserHostOptions,
  type HostFault,
} from '../../../electron/host/server';
import { EventBus } from '../../../electron/services/app/events';
import type { Reply } from '../../../shared/contract/errors';
import { HOST_SOCKET_PATH } from '../../../shared/host-protocol';
import { waitUntil } from '../../support/wait';

export interface LimitedHost {
  host: BrowserHost;
  faults: HostFault[];
  /** Every call the till was asked to run, in order. */
  calls: Array<{ method: string; input: unknown }>;
  /** Resolves with the first fault of this kind (fails after `ms`). */
  fault<K extends HostFault['kind']>(kind: K, ms?: number): Promise<Extract<HostFault, { kind: K }>>;
  close(): Promise<void>;
}

export async function startLimitedHost(
  options: Pick<BrowserHostOptions, 'limits' | 'clock'> & {
    answer?: (method: string, input: unknown) => Promise<Reply> | Reply;
    /** Files of the renderer folder besides index.html, by their path in it. */
    files?: Record<string, string>;
  } = {},
): Promise<LimitedHost> {
  const rendererDir = mkdtempSync(join(tmpdir(), 'paydesk-host-limits-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>till</title>');
  for (const [path, text] of Object.entries(options.files ?? {})) {
    mkdirSync(dirname(join(rendererDir, path)), { recursive: true });
    writeFileSync(join(rendererDir, path), text);
  }
  const faults: HostFault[] = [];
  const calls: LimitedHost['calls'] = [];
  const answer = options.answer ?? (() => ({ ok: true, value: 'done' }));
  const host = await startBrowserHost({
    till: {
      events: new EventBus(),
      dispatch: async (method: unknown, input: unknown) => {
        calls.push({ method: String(method), input });
        return answer(String(method), input);
      },
    },
    rendererDir,
    limits: options.limits,
    clock: options.clock,
    onFault: (fault) => faults.push(fault),
  });
  return {
    host,
    faults,
    calls,
    fault: (kind, ms = 10_000) =>
      waitUntil(() => faults.find((f) => f.kind === kind) as never, `the host to report ${kind}`, ms),
    async close() {
      await host.close();
      rmSync(rendererDir, { recursive: true, force: true });
    },
  };
}

export function socketUrl(host: BrowserHost): string {
  return `ws://127.0.0.1:${host.port}${HOST_SOCKET_PATH}?token=${encodeURIComponent(host.token)}`;
}

export const ownOrigin = (host: BrowserHost) => ({ origin: `http://127.0.0.1:${host.port}` });

export interface Client {
  ws: WebSocket;
  /** Reply frames received, by call id. */
  replies: Map<number | null, Reply>;
  call(id: number, method?: string, input?: unknown): void;
  reply(id: number | null, ms?: number): Promise<Reply>;
  closed: Promise<{ code: number; reason: string }>;
  /** The headers of the 101 that opened it. */
  upgradeHeaders: Record<string, string>;
}

/** Opens a socket; resolves with the HTTP status when the upgrade is refused. */
export function openClient(host: BrowserHost): Promise<Client | { refused: number }> {
  const ws = new WebSocket(socketUrl(host), { headers: ownOrigin(host) });
  const replies = new Map<number | null, Reply>();
  let upgradeHeaders: Record<string, string> = {};
  ws.once('upgrade', (res) => (upgradeHeaders = res.headers as Record<string, string>));
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as { kind: string; id: number | null; reply: Reply };
    if (frame.kind === 'reply') replies.set(frame.id, frame.reply);
  });
  const closed = new Promise<{ code: number; reason: string }>((done) =>
    ws.once('close', (code, reason) => done({ code, reason: String(reason) })),
  );
  return new Promise((resolve, reject) => {
    ws.once('open', () =>
      resolve({
        ws,
        replies,
        closed,
        upgradeHeaders,
        call: (id, method = 'test.call', input = {}) =>
          ws.send(JSON.stringify({ kind: 'call', id, method, input })),
        reply: (id, ms = 5_000) => waitUntil(() => replies.get(id), `the reply to call ${id}`, ms),
      }),
    );
    ws.once('unexpected-response', (_req, res) => resolve({ refused: res.statusCode ?? 0 }));
    ws.once('error', reject);
  });
}

export async function mustOpen(host: BrowserHost): Promise<Client> {
  const client = await openClient(host);
  if ('refused' in client) throw new Error(`the socket was refused with ${client.refused}`);
  return client;
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends bytes as they are over TCP and reads the answer until the server closes. */
export function rawExchange(port: number, request: string | Buffer, ms = 5_000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connectTcp(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within ${ms} ms`));
    }, ms);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined); // a reset after the answer is fine
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.write(request);
  });
}
