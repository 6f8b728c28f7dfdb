// Sandbox stand-in of the terminal pay-at-counter API (see ../shared/specs). Real HTTP on
// loopback, Basic auth, every answer wrapped in { result }.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { checkBasicAuth, closeServer, listenOnLoopback, sendJson } from '../http-util';

export interface PayAtCounterSandboxOptions {
  port?: number;
  username?: string;
  password?: string;
  /** Multiplies the pace of the card machine; tests use e.g. 20 to run scripts fast. */
  speed?: number;
  /** Clock, for tests. */
  now?: () => Date;
}

export interface SandboxTerminal {
  terminal_id: string;
  currency: string;
  status: 'AVAILABLE' | 'BUSY';
  last_activity: string;
  device_address: string;
}

export interface PayAtCounterSandbox {
  url: string;
  baseUrl: string;
  username: string;
  password: string;
  close(): Promise<void>;
}

export const API_PREFIX = '/api/v1/pay-at-counter';

export async function startPayAtCounterSandbox(options: PayAtCounterSandboxOptions = {}): Promise<PayAtCounterSandbox> {
  const username = options.username ?? 'sandbox-user';
  const password = options.password ?? 'sandbox-password';
  const now = options.now ?? (() => new Date());
  const startedAt = now().toISOString();
  const terminals: SandboxTerminal[] = [
    { terminal_id: '22900001', currency: 'GBP', status: 'AVAILABLE', last_activity: startedAt, device_address: '192.0.2.21:8888' },
    { terminal_id: '22900002', currency: 'EUR', status: 'AVAILABLE', last_activity: startedAt, device_address: '192.0.2.22:8888' },
  ];

  function route(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    if (!url.pathname.startsWith(API_PREFIX)) return sendJson(res, 404, { error: 'not found' });
    if (!checkBasicAuth(req, username, password)) {
      return sendJson(res, 401, { error: 'unauthorised' }, { 'www-authenticate': 'Basic realm="pay-at-counter"' });
    }
    const parts = url.pathname.slice(API_PREFIX.length).split('/').filter(Boolean);
    if (req.method === 'GET' && parts.length === 1 && parts[0] === 'terminals') {
      const currency = url.searchParams.get('currency');
      const status = url.searchParams.get('status');
      const result = terminals.filter((t) => (!currency || t.currency === currency) && (!status || t.status === status));
      return sendJson(res, 200, { result });
    }
    if (req.method === 'GET' && parts.length === 2 && parts[0] === 'terminals') {
      const terminal = terminals.find((t) => t.terminal_id === parts[1]);
      if (!terminal) return sendJson(res, 404, { error: 'terminal not found' });
      return sendJson(res, 200, { result: terminal });
    }
    return sendJson(res, 404, { error: 'not found' });
  }

  const server = createServer((req, res) => {
    try {
      route(req, res);
    } catch {
      sendJson(res, 500, { error: 'internal error' });
    }
  });
  const port = await listenOnLoopback(server, options.port ?? 0);
  const url = `http://127.0.0.1:${port}`;
  return { url, baseUrl: url, username, password, close: () => closeServer(server) };
}
