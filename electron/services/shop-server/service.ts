// The shop server on the till: the connection, the outbox and their word for the top bar, built
// from the settings. A till with no shop server set builds this too but never connects: nothing is
// sent, no pill shows, and the rest of the till runs exactly as before.
import type { HandlersOf } from '../../../shared/contract/dispatch';
import type { ShopServerStatus } from '../../../shared/contract/shop-server';
import type { Settings } from '../../../shared/settings';
import type { Clock } from '../common/clock';
import type { Logger } from '../common/logger';
import type { Db, Migration } from '../storage/database';
import { changedUpTo, restampAbove } from '../storage/journal-changes';
import type { SecretStore } from '../storage/secret-store';
import type { SettingsStore } from '../storage/settings';
import { connectShopServer, ShopServerConnection, type LinkState } from './connection';
import type { TillJournal } from './journal-source';
import { createShopData, type ShopDataDeps } from './shop-data-service';
import { Outbox, type AcknowledgedMark, type HeldRows, type OutboxView } from './outbox';
import { problemOf, shopServerWords, type ShopServerWords } from './words';
import { createAcrossTills, type AcrossTills } from './across-tills';
import { OtherTillSales } from '../sales/other-till-sales';
import { changeSeqOf } from '../storage/journal-changes';

/** Where the till last knew its mark on the server (the count of what waits while offline). */
export const SHOP_SERVER_TILL_MIGRATIONS: readonly Migration[] = [
  {
    id: 'shop-server-outbox-1',
    sql: `CREATE TABLE shop_server_outbox (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      server TEXT NOT NULL,
      acknowledged_seq INTEGER NOT NULL
    );`,
  },
  {
    id: 'shop-server-outbox-2',
    // Rows the shop server refused (the outbox went on past them): what the top bar counts.
    sql: `CREATE TABLE shop_server_held (
      kind TEXT NOT NULL,
      local_id TEXT NOT NULL,
      change_seq INTEGER NOT NULL,
      reason TEXT NOT NULL,
      held_at TEXT NOT NULL,
      PRIMARY KEY (kind, local_id)
    );`,
  },
];

/** The rows the server refused, kept in the till's database until a newer version of each goes. */
export function heldIn(db: Db, clock: Pick<Clock, 'now'>): HeldRows {
  return {
    hold(entry, reason) {
      db.prepare(
        `INSERT INTO shop_server_held (kind, local_id, change_seq, reason, held_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (kind, local_id) DO UPDATE SET change_seq = excluded.change_seq,
           reason = excluded.reason, held_at = excluded.held_at`,
      ).run(entry.kind, entry.id, entry.seq, reason, new Date(clock.now()).toISOString());
    },
    release(entries) {
      const release = db.prepare(
        'DELETE FROM shop_server_held WHERE kind = ? AND local_id = ? AND change_seq < ?',
      );
      db.transaction(() => {
        for (const e of entries) release.run(e.kind, e.id, e.seq);
      })();
    },
    count() {
      return (db.prepare('SELECT count(*) AS n FROM shop_server_held').get() as { n: number }).n;
    },
  };
}

/** The mark kept in the till's database, for one server and login (another one starts at 0). */
export function acknowledgedIn(db: Db, server: () => string): AcknowledgedMark {
  return {
    get() {
      const row = db.prepare('SELECT server, acknowledged_seq FROM shop_server_outbox WHERE id = 1').get() as
        { server: string; acknowledged_seq: number } | undefined;
      return row && row.server === server() ? row.acknowledged_seq : 0;
    },
    set(seq) {
      db.prepare(
        `INSERT INTO shop_server_outbox (id, server, acknowledged_seq) VALUES (1, ?, ?)
         ON CONFLICT (id) DO UPDATE SET server = excluded.server, acknowledged_seq = excluded.acknowledged_seq`,
      ).run(server(), seq);
    },
  };
}

const said = (words: ShopServerWords) => ({ message: words.message, words: words.words });

/** The top bar's word for the shop server, from the connection and the outbox. */
export function shopServerStatus(
  enabled: boolean,
  link: LinkState,
  outbox: OutboxView | null,
): ShopServerStatus {
  const waiting = outbox?.waitingSales ?? 0;
  const status = (state: ShopServerStatus['state'], pill: ShopServerWords, detail?: ShopServerWords) => ({
    state,
    waitingSales: waiting,
    pill: pill.message,
    pillWords: pill.words,
    detail: detail?.message ?? '',
    ...(detail && { detailWords: detail.words }),
  });
  const count = (
    one: 'sendingOne' | 'offlineOne',
    many: 'sending' | 'offline',
    none: 'sendingOther' | 'offlineNothing',
  ) =>
    waiting === 1
      ? shopServerWords(one)
      : waiting > 1
        ? shopServerWords(many, { count: waiting })
        : shopServerWords(none);
  if (!enabled || link.state === 'off') return status('off', shopServerWords('notSetUp'));
  if (link.state === 'connecting') return status('connecting', shopServerWords('connecting'));
  if (link.state === 'refused') return status('refused', shopServerWords('refused'), link.problem.said);
  if (link.state === 'offline')
    return status('offline', count('offlineOne', 'offline', 'offlineNothing'), link.problem.said);
  const held = outbox?.heldRows ?? 0;
  const heldDetail = held > 0 ? shopServerWords('heldDetail') : undefined;
  if (outbox && !outbox.upToDate)
    return status('sending', count('sendingOne', 'sending', 'sendingOther'), heldDetail);
  if (held > 0)
    return status(
      'up_to_date',
      held === 1 ? shopServerWords('heldOne') : shopServerWords('held', { count: held }),
      heldDetail,
    );
  return status('up_to_date', shopServerWords('upToDate'));
}

export interface ShopServerDeps {
  db: Db;
  settings: SettingsStore;
  secrets: Pick<SecretStore, 'get'>;
  clock: Clock;
  logger: Logger;
  /** Every area's journal (app/journal-sources.ts). */
  journal: TillJournal;
  lastLocalSeq: () => number;
  /** The top bar's word changed (null: no shop server, no pill). */
  onStatus: (status: ShopServerStatus | null) => void;
  /** Shop-wide data: each area's rows (app/shop-data-areas.ts), and who may settle conflicts. */
  shopData: Pick<ShopDataDeps, 'areas' | 'requireBackOffice' | 'audit'>;
}

export function createShopServer(d: ShopServerDeps) {
  const current = () => d.settings.load().shopServer;
  const password = async () => {
    try {
      return await d.secrets.get('shopServer.password', 'live');
    } catch (error) {
      d.logger.warn('shop server: the password could not be read from the keychain', error);
      return null;
    }
  };
  const connect = () =>
    new ShopServerConnection({ settings: current, password, clock: d.clock, logger: d.logger });
  const connection = connect();
  // The shop-wide data's own login session: its LISTEN and edits never share the outbox's batches.
  const feedConnection = connect();
  const serverId = () => `${current().address ?? ''}|${current().login ?? ''}`;
  const shopData = createShopData({
    ...d.shopData,
    db: d.db,
    connection: feedConnection,
    server: serverId,
    clock: d.clock,
    logger: d.logger,
  });
  let last = '';
  const announce = () => {
    const next = status();
    const text = JSON.stringify(next);
    if (text === last) return;
    last = text;
    d.onStatus(next.state === 'off' ? null : next);
  };
  const acknowledged = acknowledgedIn(d.db, serverId);
  const outbox = new Outbox({
    connection,
    sources: d.journal.sources,
    window: (mark, limit) => d.journal.window(mark, limit),
    lastLocalSeq: d.lastLocalSeq,
    waitingSales: (seq) => d.journal.completedSalesAfter(seq),
    acknowledged,
    held: heldIn(d.db, d.clock),
    resync: {
      changedUpTo: (seq) => changedUpTo(d.db, seq),
      restampAbove: (seq, rows) => restampAbove(d.db, seq, rows),
    },
    clock: d.clock,
    logger: d.logger,
    onChange: announce,
  });
  const status = () => shopServerStatus(current().enabled, connection.state(), outbox.view());

  const handlers: HandlersOf<'shopServer'> = {
    ...shopData.handlers,
    'shopServer.status': () => status(),
    'shopServer.testConnection': async () => {
      try {
        const link = await connectShopServer({ settings: current(), password: await password() });
        await link.close();
        // The kept connection follows a test that passes (after a password or address was mended).
        if (connection.state().state !== 'connected') connection.restart();
        if (feedConnection.state().state !== 'connected') feedConnection.restart();
        return {
          ok: true,
          ...said(shopServerWords('testOk', { number: link.tillNumber, shop: link.shopName })),
        };
      } catch (error) {
        const problem = problemOf(error);
        d.logger.warn(`shop server: connection test did not pass (${problem.key})`, problem.cause ?? error);
        return { ok: false, ...said(problem.said) };
      }
    },
  };

  connection.restart();
  feedConnection.restart();
  return {
    handlers,
    status,
    /** Something was written on the till: the outbox sends it soon. */
    nudge: () => outbox.nudge(),
    /** A manager may have edited shop-wide data (catalogue, staff): noted, and sent when connected. */
    shopDataEdited: () => {
      if (current().enabled) shopData.feed.noteLocalEdits();
    },
    /** The shop server's settings changed: connect again (or stop). */
    followSettings(next: Settings, previous: Settings) {
      if (JSON.stringify(next.shopServer) !== JSON.stringify(previous.shopServer)) {
        connection.restart();
        feedConnection.restart();
      }
    },
    /** The password in the keychain changed. */
    secretsChanged: () => {
      connection.restart();
      feedConnection.restart();
    },
    outbox,
    connection,
    /** A link of its own for one piece of work (History and refunds across tills), closed by the caller. */
    openLink: async () => connectShopServer({ settings: current(), password: await password() }),
    /** The highest change sequence this till knows to be on the server. */
    sentUpTo: () => acknowledged.get(),
    shopData,
    async close() {
      await outbox.close();
      await shopData.feed.close();
      await connection.stop();
      await feedConnection.stop();
    },
  };
}

export type ShopServer = ReturnType<typeof createShopServer>;

export interface AcrossTillsWiring {
  db: Db;
  settings: SettingsStore;
  clock: Clock;
  logger: Logger;
  /** Built after History (whose refunds use the gate): read when first needed. */
  shopServer: () => ShopServer;
}

/** History and refunds across tills, over the till's shop server (across-tills.ts). */
export function acrossTillsOn(w: AcrossTillsWiring): AcrossTills {
  const settings = () => w.settings.load();
  // Other tills' sales this till refunds are kept in its own database (sales/other-till-sales.ts).
  return createAcrossTills({
    enabled: () => settings().shopServer.enabled,
    online: () => w.shopServer().connection.link() !== null,
    open: () => w.shopServer().openLink(),
    ownTill: () => settings().shopServer.tillNumber ?? 0,
    isSent: (saleId) => (changeSeqOf(w.db, 'sale', saleId) ?? Infinity) <= w.shopServer().sentUpTo(),
    otherSales: new OtherTillSales(w.db),
    ownTerminal: () => settings().payAtCounter.defaultTerminalId,
    now: () => w.clock.now(),
    logger: w.logger,
  });
}
