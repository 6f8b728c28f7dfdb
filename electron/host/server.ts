// The browser host: the same till services, the built renderer over HTTP, and the contract
// over a WebSocket. Loopback only; every socket needs this launch's random token, and the
// Host and Origin headers must name this very server (no DNS rebinding, no foreign pages).
// Each socket is held to the limits in connection-guard.ts, and every answer carries the
// security headers (answers.ts).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { resolve } from 'node:path';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { TillEnds } from './till-once-ready';
import { systemClock, type Clock } from '../services/common/clock';
import { closeServer, listenOnLoopback } from '../common/http-util';
import { markStart } from '../common/start-timings';
import { answer, answerOnSocket, securityHeaderLines } from './answers';
import {
  ConnectionGuard,
  DEFAULT_HOST_LIMITS,
  describeFault,
  type HostFault,
  type HostLimits,
} from './connection-guard';
import { serveStatic } from './static-files';
import { HOST_SOCKET_PATH, readHostCall } from '../../shared/host-protocol';

export { DEFAULT_HOST_LIMITS, NOT_READING_CLOSE, type HostFault, type HostLimits } from './connection-guard';

export interface BrowserHostOptions {
  /** Only the contract's two ends are used: calls in, events out (the till may still be opening). */
  till: TillEnds;
  rendererDir: string;
  port?: number;
  /** Fixed token for tests; random per launch otherwise. */
  token?: string;
  /** Tighter or looser limits than DEFAULT_HOST_LIMITS (tests). */
  limits?: Partial<HostLimits>;
  /** Times the stalled-reader checks; the system clock by default. */
  clock?: Clock;
  /** Where limit faults go; worded into `console.warn` by default. */
  onFault?: (fault: HostFault) => void;
}

export interface BrowserHost {
  port: number;
  token: string;
  /** The till's address, token included (in the fragment, so it never reaches a server log). */
  url: string;
  close(): Promise<void>;
}

const MALFORMED_REPLY = {
  ok: false,
  error: { code: 'invalid_input', message: 'Malformed message: expected {kind:"call", id, method, input}.' },
} as const;

export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const token = options.token ?? randomBytes(32).toString('base64url');
  const rendererDir = resolve(options.rendererDir);
  const limits: HostLimits = { ...DEFAULT_HOST_LIMITS, ...options.limits };
  const clock = options.clock ?? systemClock;
  const report = options.onFault ?? ((fault: HostFault) => console.warn(`[host] ${describeFault(fault)}`));
  let port = options.port ?? 0;
  let closing = false;
  const allowedHosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const allowedOrigins = () => new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);

  const server = createServer((req, res) => {
    if (!allowedHosts().has(req.headers.host ?? '')) return answer(res, 421, 'Wrong host');
    if (req.method !== 'GET' && req.method !== 'HEAD') return answer(res, 405, '', { allow: 'GET, HEAD' });
    // Nothing here takes a body; one sent anyway is refused rather than read.
    if (req.headers['transfer-encoding'] || Number(req.headers['content-length'] ?? 0) > 0) {
      return answer(res, 413, 'This server takes no request body');
    }
    const pathname = pathOf(req);
    if (pathname === null) return answer(res, 400, 'Bad address');
    serveStatic(rendererDir, pathname, res);
  });
  // Requests Node cannot parse (bad syntax, oversized headers, too slow) get the same headers.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return socket.destroy();
    const status =
      error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    answerOnSocket(socket, status);
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes });
  wss.on('headers', (headers) => headers.push(...securityHeaderLines()));
  // A handshake ws itself finds wrong (bad key, version, method) is answered here, with headers.
  wss.on('wsClientError', (_error, socket) => answerOnSocket(socket, 400, 'Bad WebSocket request'));
  const expected = Buffer.from(token);
  const tokenMatches = (given: string | null) => {
    const buf = Buffer.from(given ?? '');
    return buf.length === expected.length && timingSafeEqual(buf, expected);
  };

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const refuse = (status: number, body = '', headers: Record<string, string> = {}) =>
      answerOnSocket(socket, status, body, headers);
    const url = urlOf(req);
    if (url?.pathname !== HOST_SOCKET_PATH) return refuse(404);
    if (!allowedHosts().has(req.headers.host ?? '')) return refuse(421);
    if (!allowedOrigins().has(req.headers.origin ?? '')) return refuse(403);
    if (!tokenMatches(url.searchParams.get('token'))) return refuse(401);
    if (closing) return refuse(503, 'The till is shutting down', { 'retry-after': '5' });
    if (wss.clients.size >= limits.maxConnections) {
      report({ kind: 'too_many_connections', open: wss.clients.size });
      return refuse(503, 'Too many screens are connected to this till', { 'retry-after': '5' });
    }
    wss.handleUpgrade(req, socket, head, (ws) => attach(ws));
  });

  function attach(ws: WebSocket): void {
    const guard = new ConnectionGuard(ws, limits, clock, report);
    const unsubscribe = options.till.events.subscribe((event, payload) => {
      guard.send({ kind: 'event', event, payload });
    });
    ws.on('close', unsubscribe);
    // An oversized (ws has already sent 1009) or malformed frame ends this socket, never the host.
    ws.on('error', (error) => {
      report({ kind: 'socket_error', message: error.message });
      guard.close(1011, 'Socket error');
    });
    ws.on('message', async (data, isBinary) => {
      if (ws.readyState !== ws.OPEN) return;
      const call = readHostCall(isBinary ? undefined : parseJson(data.toString()));
      if (!call) return guard.send({ kind: 'reply', id: null, reply: MALFORMED_REPLY });
      const { id, method, input } = call;
      if (!guard.tryStartCall(id)) return;
      try {
        const reply = await options.till.dispatch(method, input);
        guard.send({ kind: 'reply', id, reply });
        markStart('first contract answer');
      } finally {
        guard.endCall();
      }
    });
  }

  port = await listenOnLoopback(server, port);
  return {
    port,
    token,
    url: `http://127.0.0.1:${port}/#token=${token}`,
    async close() {
      closing = true;
      for (const client of wss.clients) client.terminate();
      wss.close();
      await closeServer(server);
    },
  };
}

function urlOf(req: IncomingMessage): URL | null {
  try {
    return new URL(req.url ?? '/', 'http://host');
  } catch {
    return null;
  }
}

function pathOf(req: IncomingMessage): string | null {
  return urlOf(req)?.pathname ?? null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
