// Sandbox stand-in of the terminal pay-at-counter API (see ../shared/specs). Real HTTP on
// loopback, Basic auth, every answer wrapped in { result }. The card machine plays the script
// chosen by the amount's last two digits (scripts.ts) at a human pace, divided by `speed`.
// This file only wires: routes.ts speaks HTTP, transaction-machine.ts and report-machine.ts
// run the card machines, pace.ts holds time. README.md beside it is the map.
import { createServer } from 'node:http';
import { closeServer, listenOnLoopback } from '../../common/http-util';
import { SandboxControls, type RateLimit, type SandboxControl, type SandboxStats } from './controls';
import { Pace, realTime, type SandboxClock } from './pace';
import { Refusal, type NotificationStamp } from './records';
import { ReportMachine } from './report-machine';
import { createRequestListener } from './routes';
import { Terminals } from './terminals';
import { TransactionMachine } from './transaction-machine';

export type { SandboxClock, SandboxTimer } from './pace';
export type { SandboxControl, SandboxStats } from './controls';
export type { NotificationStamp } from './records';
export type { SandboxTerminal } from './terminals';
export { API_PREFIX, CONTROL_PATH } from './routes';
export { SIGNATURE_TIMEOUT_MS } from './transaction-machine';
export { SANDBOX_SCRIPTS, scriptForAmount } from './scripts';

export interface PayAtCounterSandboxOptions {
  port?: number;
  username?: string;
  password?: string;
  /** Multiplies the pace of the card machine; tests use e.g. 20 to run scripts fast. */
  speed?: number;
  /** Time for notification stamps, rate limits and every pause; real time by default. */
  clock?: SandboxClock;
  /** Time for record timestamps (created_at, last_activity, report times); the clock's by default. */
  now?: () => Date;
  /** Rolling-window limit on API requests; over it the answer is 429 with Retry-After. */
  rateLimit?: RateLimit;
  /** Answer a cancel with 204 (older Connect) instead of 202. */
  legacyCancel?: boolean;
}

export interface PayAtCounterSandbox {
  url: string;
  baseUrl: string;
  username: string;
  password: string;
  close(): Promise<void>;
  control(next: SandboxControl): void;
  stats(): SandboxStats;
  /** Notifications of a transaction, oldest first, with the time each was added. */
  timeline(transactionId: string): NotificationStamp[];
}

export async function startPayAtCounterSandbox(
  options: PayAtCounterSandboxOptions = {},
): Promise<PayAtCounterSandbox> {
  const username = options.username ?? 'sandbox-user';
  const password = options.password ?? 'sandbox-password';
  const pace = new Pace(options.clock ?? realTime, options.speed, options.now);
  const terminals = new Terminals(pace);
  const transactions = new TransactionMachine(terminals, pace);
  const controls = new SandboxControls(pace.clock, options.rateLimit, (tid, amount) => {
    const state = terminals.get(tid);
    if (!state) throw new Refusal('offline');
    transactions.recordUnjournaledSale(state, amount);
  });
  const server = createServer(
    createRequestListener({
      username,
      password,
      legacyCancel: options.legacyCancel ?? false,
      pace,
      terminals,
      transactions,
      reports: new ReportMachine(terminals, pace),
      controls,
    }),
  );
  const port = await listenOnLoopback(server, options.port ?? 0);
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    baseUrl: url,
    username,
    password,
    close: async () => {
      pace.close();
      await closeServer(server);
    },
    control: (next) => controls.apply(next),
    stats: () => controls.snapshot(),
    timeline: (id) => transactions.timeline(id),
  };
}
