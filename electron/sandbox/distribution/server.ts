// Sandbox stand-in of the product distribution API (see ../shared/specs): real HTTP on
// loopback, Key auth, a café's supplies catalogue, orders that move through their statuses as
// (sped-up, injectable) time passes. routes.ts speaks HTTP; orders.ts keeps the orders.
import { createServer } from 'node:http';
import type { Clock } from '../../../shared/clock';
import { closeServer, listenOnLoopback } from '../../common/http-util';
import { standInCatalogue, type StandInProduct } from './catalogue';
import { OrderBook } from './orders';
import {
  createDistributionListener,
  type DistributionControl,
  type DistributionStats,
  type RateLimit,
} from './routes';

export type { DistributionControl, DistributionStats, CreationAnswer, RateLimit } from './routes';
export { CONTROL_PATH } from './routes';
export { STATUS_TIMES } from './orders';
export type { StandInProduct } from './catalogue';

export interface DistributionSandboxOptions {
  port?: number;
  apiKey?: string;
  /** How many times faster than real time orders move on (received … invoiced take a day at 1). */
  speed?: number;
  clock?: Pick<Clock, 'now'>;
  /** Requests per rolling window before 429; 120 a minute by default. */
  rateLimit?: RateLimit;
}

export interface DistributionSandbox {
  baseUrl: string;
  apiKey: string;
  products: readonly StandInProduct[];
  control(next: DistributionControl): void;
  stats(): DistributionStats;
  close(): Promise<void>;
}

export async function startDistributionSandbox(
  options: DistributionSandboxOptions = {},
): Promise<DistributionSandbox> {
  const now = () => (options.clock ?? Date).now();
  const products = standInCatalogue();
  const orders = new OrderBook({
    products,
    now,
    speed: options.speed && options.speed > 0 ? options.speed : 1,
  });
  const routes = createDistributionListener({
    apiKey: options.apiKey ?? 'sandbox-distribution-key',
    products,
    orders,
    now,
    rateLimit: options.rateLimit ?? { limit: 120, windowMs: 60_000 },
  });
  const server = createServer(routes.listener);
  const port = await listenOnLoopback(server, options.port ?? 0);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey: options.apiKey ?? 'sandbox-distribution-key',
    products,
    control: routes.apply,
    stats: routes.stats,
    close: () => closeServer(server),
  };
}
