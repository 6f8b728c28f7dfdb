// The till's one connection to the shop server (PostgreSQL), signed in with this till's own login.
// TLS when the server offers it ("prefer", as libpq's sslmode=prefer), or required with a
// certificate this computer trusts ("verify"). At connect it reads the schema's number and which
// till this login is, and refuses in words (never a crash) when they do not fit this till. Kept
// open with a back-off through the injected Clock: 1 s, doubling to a minute while the server is
// away; once a minute while it refuses this till (a person has to act).
import type pg from 'pg';
import type { ShopServerSettings } from '../../../shared/settings';
import { parseShopServerAddress } from '../../../shared/settings';
import { Emitter } from '../../../shared/emitter';
import type { Clock, TimerHandle } from '../common/clock';
import type { Logger } from '../common/logger';
import { schemaVersion } from './migrate';
import { SHOP_SCHEMA_VERSION } from './schema/index';
import { isNoTls, problemOf, ShopServerProblem } from './words';

/** A signed-in connection, and who this till is on the server. */
export interface ShopServerLink {
  client: pg.Client;
  shopId: number;
  shopName: string;
  tillNumber: number;
  tillName: string;
  /** Whether the connection is encrypted (TLS). */
  encrypted: boolean;
  close(): Promise<void>;
}

export interface ConnectInput {
  settings: ShopServerSettings;
  password: string | null;
  /** The schema this till was built for (tests pass another). */
  schemaVersion?: number;
  connectTimeoutMs?: number;
  /** A query the server does not answer in this time fails (a cut network never hangs the till). */
  queryTimeoutMs?: number;
  /** How long closing waits for the server's goodbye before dropping the socket (tests). */
  endWaitMs?: number;
  /** Called once when an open connection breaks. */
  onLost?: (error: unknown) => void;
}

const CONNECT_TIMEOUT_MS = 10_000;
const QUERY_TIMEOUT_MS = 30_000;
/** A network that stops answering is noticed by TCP keep-alive probes from this long on. */
const KEEPALIVE_DELAY_MS = 10_000;
/** How long a goodbye to the server may take before the socket is simply dropped. */
const END_WAIT_MS = 2_000;

/**
 * Closes a client without waiting on a server that no longer answers: pg's end() waits for the
 * other side to close, which on a dead network may be never; after `waitMs` the socket is dropped.
 */
export async function endClient(client: pg.Client, waitMs = END_WAIT_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const ended = client.end().then(
    () => true,
    () => true,
  );
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), waitMs);
  });
  try {
    if (!(await Promise.race([ended, late])))
      (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  } finally {
    clearTimeout(timer);
  }
}

async function open(config: pg.ClientConfig, onLost: (error: unknown) => void): Promise<pg.Client> {
  // PostgreSQL's client loads with the first connection: a till without a shop server never needs it.
  const { default: postgres } = await import('pg');
  const client = new postgres.Client(config);
  let connected = false;
  let lostOnce = false;
  const lose = (error: unknown) => {
    if (!connected || lostOnce) return;
    lostOnce = true;
    onLost(error);
  };
  // Without a listener an 'error' event would end the process: a dropped server is an ordinary day.
  client.on('error', lose);
  client.on('end', () => lose(new Error('Connection terminated')));
  try {
    await client.connect();
  } catch (error) {
    await endClient(client);
    throw error;
  }
  connected = true;
  return client;
}

/** Signs in to the shop server and checks it fits this till; a ShopServerProblem says why not. */
export async function connectShopServer(input: ConnectInput): Promise<ShopServerLink> {
  const { settings } = input;
  if (
    !settings.enabled ||
    settings.address === null ||
    settings.login === null ||
    settings.tillNumber === null
  )
    throw new ShopServerProblem('notSetUp', 'refused');
  if (!input.password) throw new ShopServerProblem('noPassword', 'refused');
  const { host, port, database } = parseShopServerAddress(settings.address);
  let closing = false;
  const onLost = (error: unknown) => {
    if (!closing) input.onLost?.(error);
  };
  const config: pg.ClientConfig = {
    host,
    port,
    database,
    user: settings.login,
    password: input.password,
    connectionTimeoutMillis: input.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    query_timeout: input.queryTimeoutMs ?? QUERY_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    application_name: `Paydesk till ${settings.tillNumber}`,
  };
  let client: pg.Client;
  let encrypted = true;
  try {
    client = await open({ ...config, ssl: { rejectUnauthorized: settings.tls === 'verify' } }, onLost);
  } catch (error) {
    if (settings.tls !== 'prefer' || !isNoTls(error)) throw problemOf(error);
    try {
      client = await open({ ...config, ssl: false }, onLost);
      encrypted = false;
    } catch (plain) {
      throw problemOf(plain);
    }
  }
  const close = async () => {
    closing = true;
    await endClient(client, input.endWaitMs);
  };
  try {
    const expected = input.schemaVersion ?? SHOP_SCHEMA_VERSION;
    const version = await schemaVersion(client);
    if (version < expected) throw new ShopServerProblem('serverOutdated', 'refused');
    if (version > expected) throw new ShopServerProblem('tillOutdated', 'refused');
    const { rows } = await client.query<{ shop_id: number; number: number; name: string; shop: string }>(
      `SELECT t.shop_id, t.number, t.name, s.name AS shop FROM tills t JOIN shops s ON s.id = t.shop_id
        WHERE t.role = current_user`,
    );
    const till = rows[0];
    if (!till) throw new ShopServerProblem('notATill', 'refused');
    if (till.number !== settings.tillNumber)
      throw new ShopServerProblem('wrongNumber', 'refused', {
        server: till.number,
        till: settings.tillNumber,
      });
    return {
      client,
      shopId: till.shop_id,
      shopName: till.shop,
      tillNumber: till.number,
      tillName: till.name,
      encrypted,
      close,
    };
  } catch (error) {
    await close();
    throw problemOf(error);
  }
}

export type LinkState =
  | { state: 'off' }
  | { state: 'connecting' }
  | { state: 'connected'; link: ShopServerLink }
  | { state: 'offline' | 'refused'; problem: ShopServerProblem };

export interface ShopServerConnectionOptions {
  settings: () => ShopServerSettings;
  /** This till's password, from the keychain (null when none is saved). */
  password: () => Promise<string | null>;
  clock: Clock;
  logger: Logger;
  /** Tests pass their own timings, or a schema number. */
  backoff?: { firstMs?: number; maxMs?: number; refusedMs?: number; steadyMs?: number };
  connect?: (input: ConnectInput) => Promise<ShopServerLink>;
  schemaVersion?: number;
}

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;
const REFUSED_RETRY_MS = 60_000;
/** A link that lasted this long was a good one: when it breaks, the back-off starts again. */
const STEADY_LINK_MS = 60_000;

/** Keeps one link to the shop server open while it is set and on; says how it stands. */
export class ShopServerConnection {
  private current: LinkState = { state: 'off' };
  private timer: TimerHandle | null = null;
  private delay: number;
  /** Each connect attempt's turn: a late answer from an attempt that was superseded is dropped. */
  private turn = 0;
  private readonly changes = new Emitter<LinkState>();
  private readonly firstMs: number;
  private readonly maxMs: number;
  private readonly refusedMs: number;
  private readonly steadyMs: number;
  /** When the current link was made (its age decides whether its loss resets the back-off). */
  private connectedAt = 0;

  constructor(private readonly o: ShopServerConnectionOptions) {
    this.firstMs = o.backoff?.firstMs ?? FIRST_RETRY_MS;
    this.maxMs = o.backoff?.maxMs ?? MAX_RETRY_MS;
    this.refusedMs = o.backoff?.refusedMs ?? REFUSED_RETRY_MS;
    this.steadyMs = o.backoff?.steadyMs ?? STEADY_LINK_MS;
    this.delay = this.firstMs;
  }

  state(): LinkState {
    return this.current;
  }

  link(): ShopServerLink | null {
    return this.current.state === 'connected' ? this.current.link : null;
  }

  onChange(listener: (state: LinkState) => void): () => void {
    return this.changes.on(listener);
  }

  /** Connects now (at start, after a settings or password change): off when the settings say so. */
  restart(): void {
    this.cancelTimer();
    const turn = ++this.turn;
    void this.drop().then(() => {
      if (turn !== this.turn) return;
      if (!this.o.settings().enabled) return this.set({ state: 'off' });
      this.delay = this.firstMs;
      this.set({ state: 'connecting' });
      void this.attempt(turn);
    });
  }

  /** A query on the link failed: the link is closed and tried again after the back-off. */
  lost(error: unknown): void {
    if (this.current.state !== 'connected') return;
    const problem = problemOf(error);
    this.o.logger.warn('shop server: connection lost', error);
    const link = this.current.link;
    // A link that fails straight after it was made (a server that takes the login and then drops
    // every query) keeps the back-off growing instead of knocking every second.
    if (this.o.clock.now() - this.connectedAt >= this.steadyMs) this.delay = this.firstMs;
    this.fail(problem, ++this.turn);
    void link.close();
  }

  async stop(): Promise<void> {
    this.turn++;
    this.cancelTimer();
    await this.drop();
    this.set({ state: 'off' });
    this.changes.clear();
  }

  private async attempt(turn: number): Promise<void> {
    let link: ShopServerLink;
    try {
      link = await (this.o.connect ?? connectShopServer)({
        settings: this.o.settings(),
        password: await this.o.password(),
        ...(this.o.schemaVersion !== undefined && { schemaVersion: this.o.schemaVersion }),
        onLost: (error) => {
          if (this.link() === link) this.lost(error);
        },
      });
    } catch (error) {
      if (turn !== this.turn) return;
      const problem = problemOf(error);
      this.o.logger.warn(`shop server: not connected (${problem.key})`, problem.cause ?? error);
      this.fail(problem, turn);
      return;
    }
    if (turn !== this.turn) {
      await link.close();
      return;
    }
    this.connectedAt = this.o.clock.now();
    this.o.logger.info(
      `shop server: connected as till ${link.tillNumber}${link.encrypted ? ' (TLS)' : ' (not encrypted)'}`,
    );
    this.set({ state: 'connected', link });
  }

  private fail(problem: ShopServerProblem, turn: number): void {
    this.set({ state: problem.kind, problem });
    const wait = problem.kind === 'refused' ? this.refusedMs : this.delay;
    if (problem.kind === 'offline') this.delay = Math.min(this.delay * 2, this.maxMs);
    this.cancelTimer();
    this.timer = this.o.clock.setTimer(() => {
      this.timer = null;
      if (turn === this.turn) void this.attempt(turn);
    }, wait);
  }

  private async drop(): Promise<void> {
    const link = this.link();
    if (link) await link.close();
  }

  private cancelTimer(): void {
    this.timer?.cancel();
    this.timer = null;
  }

  private set(next: LinkState): void {
    this.current = next;
    this.changes.fire(next);
  }
}
