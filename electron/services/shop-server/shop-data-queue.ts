// The till's record of the shop-wide data (no PostgreSQL here, so it is tested without a server):
// for the server it is joined to, the mark (the shop's change sequence applied up to), each row's
// version as last agreed with the server, the queue of this till's own edits (each with the
// version it was based on), and the conflicts a manager has to decide. This till's edits are found
// by comparing each area's rows with the last agreed ones, so the areas' own code for editing is
// untouched. Rules:
// - an edit is queued with the version it was based on; edited again before it went up, it keeps
//   that base; edited back to the agreed row, it leaves the queue;
// - a server row for a key with an edit waiting is not applied: the edit goes up on its old base
//   and the server answers with a conflict, so neither side is lost;
// - while a conflict is open, the server's newer versions replace its server side and this till's
//   further edits its till side; nothing is applied until a manager chooses.
import type { Db, Migration } from '../storage/database';
import { canonicalJson, type ShopDataArea, type ShopDataKind } from './shop-data-source';

export const SHOP_DATA_TILL_MIGRATIONS: readonly Migration[] = [
  {
    id: 'shop-server-shop-data-1',
    sql: `CREATE TABLE shop_data_state (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      server TEXT NOT NULL,
      mark INTEGER NOT NULL,
      joined INTEGER NOT NULL
    );
    CREATE TABLE shop_data_agreed (
      kind TEXT NOT NULL, key TEXT NOT NULL, version INTEGER NOT NULL, body TEXT,
      PRIMARY KEY (kind, key)
    );
    CREATE TABLE shop_data_queue (
      kind TEXT NOT NULL, key TEXT NOT NULL, base_version INTEGER NOT NULL, body TEXT,
      queued_at INTEGER NOT NULL,
      PRIMARY KEY (kind, key)
    );
    CREATE TABLE shop_data_conflicts (
      kind TEXT NOT NULL, key TEXT NOT NULL, till_body TEXT, server_version INTEGER NOT NULL,
      server_body TEXT, found_at INTEGER NOT NULL,
      PRIMARY KEY (kind, key)
    );`,
  },
];

/** A row as the server sent it. */
export interface ServerRow {
  kind: string;
  key: string;
  version: number;
  changeSeq: number;
  /** null: removed on the server. */
  body: unknown;
}

export interface QueuedEdit {
  kind: ShopDataKind;
  key: string;
  baseVersion: number;
  body: unknown;
}

export interface StoredConflict {
  kind: ShopDataKind;
  key: string;
  tillBody: unknown;
  serverVersion: number;
  serverBody: unknown;
  foundAt: number;
}

const text = (body: unknown) => (body === null || body === undefined ? null : canonicalJson(body));
const parsed = (body: string | null): unknown => (body === null ? null : JSON.parse(body));

export class ShopDataQueue {
  private readonly areas: Map<string, ShopDataArea>;
  /** Rows the areas could not take, kept for the log and the tests. */
  refused: { kind: string; key: string; reason: string }[] = [];

  constructor(
    private readonly db: Db,
    areas: readonly ShopDataArea[],
    private readonly now: () => number,
  ) {
    this.areas = new Map(areas.map((a) => [a.kind, a]));
  }

  /**
   * Starts over when the server (address and login) is not the one the record is for: nothing is
   * agreed yet, the mark is 0, and the till's own rows wait for the join (joined = false).
   */
  useServer(server: string): void {
    const row = this.db.prepare('SELECT server FROM shop_data_state WHERE id = 1').get() as
      { server: string } | undefined;
    if (row?.server === server) return;
    this.db.transaction(() => {
      for (const table of ['shop_data_agreed', 'shop_data_queue', 'shop_data_conflicts'])
        this.db.prepare(`DELETE FROM ${table}`).run();
      this.db
        .prepare(
          `INSERT INTO shop_data_state (id, server, mark, joined) VALUES (1, ?, 0, 0)
           ON CONFLICT (id) DO UPDATE SET server = excluded.server, mark = 0, joined = 0`,
        )
        .run(server);
    })();
  }

  private state(): { server: string; mark: number; joined: number } | undefined {
    return this.db.prepare('SELECT server, mark, joined FROM shop_data_state WHERE id = 1').get() as
      { server: string; mark: number; joined: number } | undefined;
  }

  /** The shop's change sequence applied up to (0 before the first look). */
  mark(): number {
    return this.state()?.mark ?? 0;
  }

  /** Whether this till has taken the server's rows once (its own edits are tracked from then on). */
  joined(): boolean {
    return this.state()?.joined === 1;
  }

  markJoined(): void {
    this.db.prepare('UPDATE shop_data_state SET joined = 1 WHERE id = 1').run();
  }

  /**
   * Compares every area's rows with the last agreed ones and queues what this till changed. Only
   * once joined: before that, the till's rows are its own and go up at the join.
   */
  recordLocalEdits(): number {
    if (!this.joined()) return 0;
    let queued = 0;
    this.db.transaction(() => {
      for (const area of this.areas.values()) {
        const agreed = this.agreedOf(area.kind);
        const queue = new Map(this.queued(area.kind).map((q) => [q.key, q]));
        const conflicts = new Set(this.conflicts(area.kind).map((c) => c.key));
        const rows = area.rows();
        // Queued keys too: one no longer in the area's rows (a product this till added became the
        // server's same-SKU product when it came down) has nothing left to send.
        for (const key of new Set([...rows.keys(), ...agreed.keys(), ...queue.keys()])) {
          const now = text(rows.get(key));
          // A row such an area never removes left under this key: it took another (merged).
          if (now === null && area.neverRemoves) {
            if (queue.has(key)) this.dequeue(area.kind, key);
            continue;
          }
          if (conflicts.has(key)) {
            this.db
              .prepare('UPDATE shop_data_conflicts SET till_body = ? WHERE kind = ? AND key = ?')
              .run(now, area.kind, key);
            continue;
          }
          const was = agreed.get(key);
          const waiting = queue.get(key);
          if (now === (was?.body ?? null)) {
            if (waiting) this.dequeue(area.kind, key);
            continue;
          }
          if (waiting && text(waiting.body) === now) continue;
          this.db
            .prepare(
              `INSERT INTO shop_data_queue (kind, key, base_version, body, queued_at) VALUES (?, ?, ?, ?, ?)
               ON CONFLICT (kind, key) DO UPDATE SET body = excluded.body`,
            )
            .run(area.kind, key, was?.version ?? 0, now, this.now());
          queued++;
        }
      }
    })();
    return queued;
  }

  /**
   * Takes one batch of the server's rows (in its change order): applies each through its area
   * unless this till has an edit waiting or a conflict open for it, and moves the mark, in one
   * transaction. Returns the areas that changed (to announce after).
   */
  applyServerRows(rows: readonly ServerRow[]): ShopDataArea[] {
    const touched = new Set<ShopDataArea>();
    // Read once per batch: a batch holds each key at most once.
    const agreed = new Map<string, Map<string, { version: number; body: string | null }>>();
    const agreedOf = (kind: ShopDataKind) => {
      let known = agreed.get(kind);
      if (!known) agreed.set(kind, (known = this.agreedOf(kind)));
      return known;
    };
    const waiting = new Map(this.queued().map((q) => [`${q.kind}|${q.key}`, q]));
    const open = new Set(this.conflicts().map((c) => `${c.kind}|${c.key}`));
    this.db.transaction(() => {
      let run: { area: ShopDataArea; rows: ServerRow[] } | null = null;
      const flush = () => {
        if (!run) return;
        const { area } = run;
        const { refused } = area.apply(run.rows.map((r) => ({ key: r.key, body: r.body })));
        for (const r of refused) this.refused.push({ kind: area.kind, ...r });
        touched.add(area);
        run = null;
      };
      for (const row of rows) {
        const area = this.areas.get(row.kind);
        if (!area) continue; // a kind this till does not keep (a newer till's)
        const id = `${row.kind}|${row.key}`;
        const known = agreedOf(area.kind).get(row.key);
        if (known && known.version >= row.version) continue; // this till's own write, back
        if (open.has(id)) {
          this.db
            .prepare(
              'UPDATE shop_data_conflicts SET server_version = ?, server_body = ? WHERE kind = ? AND key = ?',
            )
            .run(row.version, text(row.body), row.kind, row.key);
          continue;
        }
        const edit = waiting.get(id);
        if (edit && text(edit.body) !== text(row.body)) continue;
        if (edit) this.dequeue(area.kind, row.key);
        if (run && run.area !== area) flush();
        run ??= { area, rows: [] };
        run.rows.push(row);
        this.agree(area.kind, row.key, row.version, row.body);
      }
      flush();
      const last = rows.at(-1);
      if (last)
        this.db.prepare('UPDATE shop_data_state SET mark = MAX(mark, ?) WHERE id = 1').run(last.changeSeq);
    })();
    return [...touched];
  }

  /** This till's edits waiting to go up, oldest first. */
  queued(kind?: ShopDataKind): QueuedEdit[] {
    return (
      this.db
        .prepare(
          `SELECT kind, key, base_version, body FROM shop_data_queue
           WHERE @kind IS NULL OR kind = @kind ORDER BY queued_at, kind, key`,
        )
        .all({ kind: kind ?? null }) as {
        kind: ShopDataKind;
        key: string;
        base_version: number;
        body: string | null;
      }[]
    ).map((r) => ({ kind: r.kind, key: r.key, baseVersion: r.base_version, body: parsed(r.body) }));
  }

  /** The server took the edit (or already had it): agreed at the version it gave. */
  written(edit: QueuedEdit, version: number, serverBody: unknown): void {
    this.db.transaction(() => {
      this.agree(edit.kind, edit.key, version, serverBody);
      const still = this.queued(edit.kind).find((q) => q.key === edit.key);
      // Edited again while it was on its way: the newer edit stays queued on the new base.
      if (still && text(still.body) !== text(edit.body))
        this.db
          .prepare('UPDATE shop_data_queue SET base_version = ? WHERE kind = ? AND key = ?')
          .run(version, edit.kind, edit.key);
      else this.dequeue(edit.kind, edit.key);
    })();
  }

  /**
   * The server already has this row under another key (a product another till added with the same
   * SKU first): the till's row takes the server's key and body, and its own key is forgotten.
   * Returns the area to announce.
   */
  merged(edit: QueuedEdit, server: { key: string; version: number; body: unknown }): ShopDataArea | null {
    const area = this.areas.get(edit.kind);
    if (!area) return null;
    this.db.transaction(() => {
      this.dequeue(edit.kind, edit.key);
      this.db.prepare('DELETE FROM shop_data_agreed WHERE kind = ? AND key = ?').run(edit.kind, edit.key);
      const { refused } = area.apply([{ key: server.key, body: server.body }]);
      for (const r of refused) this.refused.push({ kind: edit.kind, ...r });
      this.agree(edit.kind, server.key, server.version, server.body);
    })();
    return area;
  }

  /** The server had moved on from the edit's base: both kept for a manager to choose. */
  conflicted(edit: QueuedEdit, serverVersion: number, serverBody: unknown): void {
    this.db.transaction(() => {
      const still = this.queued(edit.kind).find((q) => q.key === edit.key);
      this.db
        .prepare(
          `INSERT INTO shop_data_conflicts (kind, key, till_body, server_version, server_body, found_at)
           VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (kind, key) DO UPDATE SET till_body = excluded.till_body,
             server_version = excluded.server_version, server_body = excluded.server_body`,
        )
        .run(
          edit.kind,
          edit.key,
          text(still?.body ?? edit.body),
          serverVersion,
          text(serverBody),
          this.now(),
        );
      this.dequeue(edit.kind, edit.key);
    })();
  }

  conflicts(kind?: ShopDataKind): StoredConflict[] {
    return (
      this.db
        .prepare(
          `SELECT kind, key, till_body, server_version, server_body, found_at FROM shop_data_conflicts
           WHERE @kind IS NULL OR kind = @kind ORDER BY found_at, kind, key`,
        )
        .all({ kind: kind ?? null }) as {
        kind: ShopDataKind;
        key: string;
        till_body: string | null;
        server_version: number;
        server_body: string | null;
        found_at: number;
      }[]
    ).map((r) => ({
      kind: r.kind,
      key: r.key,
      tillBody: parsed(r.till_body),
      serverVersion: r.server_version,
      serverBody: parsed(r.server_body),
      foundAt: r.found_at,
    }));
  }

  /**
   * A manager chose. 'till': this till's version goes up, based on the server's version they saw
   * (if the server moved on again meanwhile, that is a new conflict). 'server': the server's
   * version is applied here. Returns the area to announce, or null when the conflict was gone.
   */
  resolve(kind: ShopDataKind, key: string, keep: 'till' | 'server'): StoredConflict | null {
    const conflict = this.conflicts(kind).find((c) => c.key === key);
    const area = this.areas.get(kind);
    if (!conflict || !area) return null;
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM shop_data_conflicts WHERE kind = ? AND key = ?').run(kind, key);
      if (keep === 'till') {
        this.db
          .prepare(
            `INSERT INTO shop_data_queue (kind, key, base_version, body, queued_at) VALUES (?, ?, ?, ?, ?)
             ON CONFLICT (kind, key) DO UPDATE SET base_version = excluded.base_version, body = excluded.body`,
          )
          .run(kind, key, conflict.serverVersion, text(conflict.tillBody), this.now());
        // What the till's version is based on now: the server's, as the manager saw it.
        this.agree(kind, key, conflict.serverVersion, conflict.serverBody);
      } else {
        const { refused } = area.apply([{ key, body: conflict.serverBody }]);
        for (const r of refused) this.refused.push({ kind, ...r });
        this.agree(kind, key, conflict.serverVersion, conflict.serverBody);
      }
    })();
    return conflict;
  }

  area(kind: ShopDataKind): ShopDataArea | undefined {
    return this.areas.get(kind);
  }

  private agreedOf(kind: ShopDataKind): Map<string, { version: number; body: string | null }> {
    return new Map(
      (
        this.db.prepare('SELECT key, version, body FROM shop_data_agreed WHERE kind = ?').all(kind) as {
          key: string;
          version: number;
          body: string | null;
        }[]
      ).map((r) => [r.key, { version: r.version, body: r.body }]),
    );
  }

  private agree(kind: string, key: string, version: number, body: unknown): void {
    this.db
      .prepare(
        `INSERT INTO shop_data_agreed (kind, key, version, body) VALUES (?, ?, ?, ?)
         ON CONFLICT (kind, key) DO UPDATE SET version = excluded.version, body = excluded.body`,
      )
      .run(kind, key, version, text(body));
  }

  private dequeue(kind: string, key: string): void {
    this.db.prepare('DELETE FROM shop_data_queue WHERE kind = ? AND key = ?').run(kind, key);
  }
}
