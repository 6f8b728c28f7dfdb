// Shop-wide data on the till (docs/shop-server.md, "Shop-wide data"): the feed's own connection,
// the queue of this till's edits and the conflicts, and the Conflicts section's two calls. Built
// only when the till has areas to share; a till with no shop server set never connects.
import type { HandlersOf } from '../../../shared/contract/dispatch';
import { TillError } from '../../../shared/contract/errors';
import type { ShopDataConflict } from '../../../shared/contract/shop-server';
import type { StaffStamp } from '../../../shared/contract/staff';
import type { AuditArea } from '../../../shared/contract';
import type { AuditLog } from '../audit/journal';
import type { Clock } from '../common/clock';
import type { Db } from '../storage/database';
import type { ShopServerConnection } from './connection';
import { ShopDataQueue, type StoredConflict } from './shop-data-queue';
import type { ShopDataArea, ShopDataField, ShopDataKind } from './shop-data-source';
import { ShopFeed } from './shop-feed';
import type { Logger } from '../common/logger';

export interface ShopDataDeps {
  db: Db;
  areas: readonly ShopDataArea[];
  connection: ShopServerConnection;
  server: () => string;
  clock: Clock;
  logger: Logger;
  /** Throws not_allowed unless a manager may use the back office; says who. */
  requireBackOffice: () => StaffStamp | null;
  audit: AuditLog;
  slowLookMs?: number;
  listen?: boolean;
}

const AUDIT_AREA: Record<ShopDataKind, AuditArea> = {
  product: 'catalogue',
  categories: 'catalogue',
  'vat-rates': 'vat',
  staff: 'staff',
  'usual-order': 'shop',
  'shop-settings': 'settings',
};

/** Both versions side by side, field by field, as the area names them. */
export function conflictView(area: ShopDataArea, c: StoredConflict): ShopDataConflict {
  const till = c.tillBody === null ? null : area.describe(c.tillBody);
  const server = c.serverBody === null ? null : area.describe(c.serverBody);
  const fields = new Map<string, { till: ShopDataField['value']; server: ShopDataField['value'] }>();
  for (const f of till?.fields ?? []) fields.set(f.field, { till: f.value, server: null });
  for (const f of server?.fields ?? [])
    fields.set(f.field, { till: fields.get(f.field)?.till ?? null, server: f.value });
  return {
    kind: c.kind,
    key: c.key,
    name: till?.name || server?.name || '',
    fields: [...fields].map(([field, v]) => ({ field, ...v })),
    foundAt: new Date(c.foundAt).toISOString(),
  };
}

export function createShopData(d: ShopDataDeps) {
  const queue = new ShopDataQueue(d.db, d.areas, () => d.clock.now());
  const feed = new ShopFeed({
    connection: d.connection,
    queue,
    server: d.server,
    clock: d.clock,
    logger: d.logger,
    ...(d.slowLookMs !== undefined && { slowLookMs: d.slowLookMs }),
    ...(d.listen !== undefined && { listen: d.listen }),
  });
  const view = () => ({
    conflicts: queue.conflicts().flatMap((c) => {
      const area = queue.area(c.kind);
      return area ? [conflictView(area, c)] : [];
    }),
    waitingEdits: queue.queued().length,
  });
  const handlers: Pick<HandlersOf<'shopServer'>, 'shopServer.conflicts' | 'shopServer.resolveConflict'> = {
    'shopServer.conflicts': () => {
      d.requireBackOffice();
      return view();
    },
    'shopServer.resolveConflict': ({ kind, key, keep }) => {
      const by = d.requireBackOffice();
      const area = queue.area(kind);
      const found = area && queue.conflicts(kind).find((c) => c.key === key);
      if (!area || !found)
        throw new TillError('not_found', 'That change was already settled.', {
          words: { key: 'shopData.conflictGone' },
        });
      const name = conflictView(area, found).name;
      d.db.transaction(() => {
        queue.resolve(kind, key, keep);
        d.audit.record({
          by,
          area: AUDIT_AREA[kind],
          action: keep === 'till' ? 'conflict-kept-till' : 'conflict-kept-server',
          subject: name,
          after: { kept: keep, serverVersion: found.serverVersion },
        });
      })();
      if (keep === 'server') area.announce();
      feed.look();
      return view();
    },
  };
  return { queue, feed, handlers, view };
}

export type ShopData = ReturnType<typeof createShopData>;
