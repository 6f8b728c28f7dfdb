// The HTTP face of the stand-in supplier: `Authorization: Key …`, the five endpoints of the
// product distribution API, 400 bodies that name the fields at fault, a request-rate limit
// (429 with Retry-After), and the loopback-only control endpoint tests use to make it misbehave.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { readJsonBody, sendJson } from '../../common/http-util';
import type { StandInProduct } from './catalogue';
import { OrderRefused, type OrderBook } from './orders';

export const CONTROL_PATH = '/sandbox/control';

/**
 * What the stand-in does with the next creation: store it, then answer wrongly or not at all
 * ('drop' closes the connection, 'hang' holds it open unanswered); or leave it unstored, as
 * maintenance (503) or by closing the connection once the request has arrived ('drop_unstored').
 */
export type CreationAnswer =
  'normal' | 'drop' | 'hang' | 'malformed' | 'oversize' | 'server_error' | 'maintenance' | 'drop_unstored';

export interface DistributionControl {
  /** Every API request answers 503 (maintenance) while on. */
  maintenance?: boolean;
  /** How the next creation is answered. */
  nextCreationAnswer?: CreationAnswer;
  /** Switches applied just after the next creation is stored (e.g. maintenance starts). */
  afterNextCreation?: DistributionControl;
  /** The next GET is answered with broken JSON, a body far over any size cap, or a 500. */
  nextReadAnswer?: 'malformed' | 'oversize' | 'server_error';
  /** The next `count` API requests answer 429 with this Retry-After. */
  throttleNext?: { count: number; retryAfterSeconds: number };
  /** An order shows this status from now on (a status the spec does not list, for instance). */
  setStatus?: { orderId: number; status: string };
  /** Orders move this many times faster than real time from now on. */
  speed?: number;
}

export interface DistributionStats {
  apiRequests: number;
  /** Creation requests that reached the stand-in (POST or PUT), stored or not. */
  creationRequests: number;
  /** Of those, the ones sent with PUT (the rest came by POST). */
  putCreations: number;
  ordersStored: number;
}

export interface RateLimit {
  limit: number;
  windowMs: number;
}

export interface RouteDeps {
  apiKey: string;
  products: readonly StandInProduct[];
  orders: OrderBook;
  now: () => number;
  rateLimit: RateLimit;
}

const OVERSIZE_BYTES = 3 * 1024 * 1024;

function keyMatches(req: IncomingMessage, apiKey: string): boolean {
  const match = /^Key (.+)$/.exec(req.headers.authorization ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!);
  const wanted = Buffer.from(apiKey);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

function sendBroken(res: ServerResponse, how: 'malformed' | 'oversize' | 'server_error', status = 200): void {
  if (how === 'server_error') return sendJson(res, 500, { message: 'internal error' });
  if (how === 'malformed') {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end('{"id": 1, "status": "rec');
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(`{"padding":"${'x'.repeat(OVERSIZE_BYTES)}"}`);
}

export function createDistributionListener(deps: RouteDeps) {
  const control: Required<Pick<DistributionControl, 'maintenance'>> & DistributionControl = {
    maintenance: false,
  };
  const stats: DistributionStats = { apiRequests: 0, creationRequests: 0, putCreations: 0, ordersStored: 0 };
  const recent: number[] = [];

  const apply = (next: DistributionControl) => {
    if (next.setStatus) deps.orders.setStatus(next.setStatus.orderId, next.setStatus.status);
    if (next.speed !== undefined) deps.orders.setSpeed(next.speed);
    const { setStatus: _set, speed: _speed, ...rest } = next;
    Object.assign(control, rest);
  };

  /** Seconds to wait when over the limit, or null when the request may proceed. */
  const throttled = (): number | null => {
    if (control.throttleNext && control.throttleNext.count > 0) {
      control.throttleNext.count -= 1;
      return control.throttleNext.retryAfterSeconds;
    }
    const now = deps.now();
    while (recent.length > 0 && recent[0]! <= now - deps.rateLimit.windowMs) recent.shift();
    if (recent.length >= deps.rateLimit.limit) {
      return Math.max(1, Math.ceil((recent[0]! + deps.rateLimit.windowMs - now) / 1000));
    }
    recent.push(now);
    return null;
  };

  const create = async (req: IncomingMessage, res: ServerResponse) => {
    stats.creationRequests += 1;
    if (req.method === 'PUT') stats.putCreations += 1;
    const answer = control.nextCreationAnswer ?? 'normal';
    control.nextCreationAnswer = 'normal';
    if (answer === 'maintenance') return sendJson(res, 503, { message: 'offline for maintenance' });
    let body: unknown;
    try {
      body = await readJsonBody(req);
    } catch {
      return sendJson(res, 400, { message: 'The body is not valid JSON', errors: [] });
    }
    // The whole request arrived, and the connection goes before anything is stored.
    if (answer === 'drop_unstored') return void res.socket?.destroy();
    let created: Record<string, unknown>;
    try {
      created = deps.orders.create(body);
    } catch (error) {
      if (error instanceof OrderRefused) {
        return sendJson(res, 400, { message: 'The order is invalid', errors: error.errors });
      }
      throw error;
    }
    stats.ordersStored += 1;
    const after = control.afterNextCreation;
    control.afterNextCreation = undefined;
    if (after) apply(after);
    if (answer === 'drop') return void res.socket?.destroy();
    if (answer === 'hang') return; // answered never; closed when the caller (or the server) goes
    if (answer === 'malformed' || answer === 'oversize') return sendBroken(res, answer);
    if (answer === 'server_error') return sendJson(res, 500, { message: 'internal error' });
    sendJson(res, 200, created);
  };

  const read = (res: ServerResponse, body: unknown) => {
    const broken = control.nextReadAnswer;
    if (broken) {
      control.nextReadAnswer = undefined;
      return sendBroken(res, broken);
    }
    sendJson(res, 200, body);
  };

  const route = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    const method = req.method ?? 'GET';
    if (path === '/orders' && (method === 'POST' || method === 'PUT')) return create(req, res);
    if (method !== 'GET') return sendJson(res, 405, { message: 'method not allowed' });
    if (path === '/products') return read(res, deps.products);
    if (path === '/orders') return read(res, deps.orders.list());
    const item = /^\/(products|orders)\/(\d{1,15})$/.exec(path);
    if (item) {
      const id = Number(item[2]);
      const found = item[1] === 'products' ? deps.products.find((p) => p.id === id) : deps.orders.get(id);
      if (!found)
        return sendJson(res, 404, { message: `${item[1] === 'products' ? 'product' : 'order'} not found` });
      return read(res, found);
    }
    sendJson(res, 404, { message: 'not found' });
  };

  const listener: RequestListener = (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!.replace(/\/+$/, '') || '/';
    if (path === CONTROL_PATH) {
      if (req.method !== 'POST' || !isLoopback(req.socket.remoteAddress))
        return sendJson(res, 404, { message: 'not found' });
      readJsonBody(req)
        .then((body) => {
          apply((body ?? {}) as DistributionControl);
          sendJson(res, 200, { ok: true });
        })
        .catch(() => sendJson(res, 400, { message: 'bad control body' }));
      return;
    }
    stats.apiRequests += 1;
    if (!keyMatches(req, deps.apiKey)) return sendJson(res, 401, { message: 'missing or wrong API key' });
    const wait = throttled();
    if (wait !== null)
      return sendJson(res, 429, { message: 'too many requests' }, { 'retry-after': String(wait) });
    if (control.maintenance)
      return sendJson(res, 503, { message: 'offline for maintenance' }, { 'retry-after': '120' });
    route(req, res, path).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { message: 'internal error' });
    });
  };

  return { listener, apply, stats: () => ({ ...stats }) };
}
