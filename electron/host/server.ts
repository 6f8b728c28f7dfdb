// The browser host: the same till services, the built renderer over HTTP, and the contract
// over a WebSocket. Loopback only; every socket needs this launch's random token, and the
// Host and Origin headers must name this very server (no DNS rebinding, no foreign pages).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { resolve } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Till } from '../services/app/create-till';
import { closeServer, listenOnLoopback } from '../common/http-util';
import { serveStatic, SECURITY_HEADERS } from './static-files';
import { HOST_SOCKET_PATH, hostMessageSchema } from '../../shared/host-protocol';

export interface BrowserHostOptions {
  till: Till;
  rendererDir: string;
  port?: number;
  /** Fixed token for tests; random per launch otherwise. */
  token?: string;
}

export interface BrowserHost {
  port: number;
  token: string;
  /** The till's address, token included (in the fragment, so it never reaches a server log). */
  url: string;
  close(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 1024 * 1024;

export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const token = options.token ?? randomBytes(32).toString('base64url');
  const rendererDir = resolve(options.rendererDir);
  let port = options.port ?? 0;
  const allowedHosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const allowedOrigins = () => new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);

  const server = createServer((req, res) => {
    if (!allowedHosts().has(req.headers.host ?? '')) {
      res.writeHead(421, SECURITY_HEADERS).end('Wrong host');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, SECURITY_HEADERS).end();
      return;
    }
    serveStatic(rendererDir, new URL(req.url ?? '/', 'http://host').pathname, res);
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const expected = Buffer.from(token);
  const tokenMatches = (given: string | null) => {
    const buf = Buffer.from(given ?? '');
    return buf.length === expected.length && timingSafeEqual(buf, expected);
  };

  server.on('upgrade', (req: IncomingMessage, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://host');
    const refuse = (status: number, reason: string) => {
      socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if (url.pathname !== HOST_SOCKET_PATH) return refuse(404, 'Not Found');
    if (!allowedHosts().has(req.headers.host ?? '')) return refuse(421, 'Misdirected Request');
    if (!allowedOrigins().has(req.headers.origin ?? '')) return refuse(403, 'Forbidden');
    if (!tokenMatches(url.searchParams.get('token'))) return refuse(401, 'Unauthorized');
    wss.handleUpgrade(req, socket, head, (ws) => attach(ws));
  });

  function attach(ws: WebSocket): void {
    const unsubscribe = options.till.events.subscribe((event, payload) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ kind: 'event', event, payload }));
    });
    ws.on('close', unsubscribe);
    // An oversized or malformed frame ends this socket, never the host process.
    ws.on('error', () => ws.terminate());
    ws.on('message', async (data, isBinary) => {
      let parsed: unknown;
      try {
        parsed = isBinary ? undefined : JSON.parse(data.toString());
      } catch {
        parsed = undefined;
      }
      const message = hostMessageSchema.safeParse(parsed);
      if (!message.success) {
        ws.send(
          JSON.stringify({
            kind: 'reply',
            id: null,
            reply: {
              ok: false,
              error: {
                code: 'invalid_input',
                message: 'Malformed message: expected {kind:"call", id, method, input}.',
              },
            },
          }),
        );
        return;
      }
      const { id, method, input } = message.data;
      const reply = await options.till.dispatch(method, input);
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ kind: 'reply', id, reply }));
    });
  }

  port = await listenOnLoopback(server, port);
  return {
    port,
    token,
    url: `http://127.0.0.1:${port}/#token=${token}`,
    async close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
      await closeServer(server);
    },
  };
}
