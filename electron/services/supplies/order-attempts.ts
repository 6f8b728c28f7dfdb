// The supplies area's own tables: every order creation is recorded here *before* it is sent
// (its intent), then settled with what became of it, so a lost answer, a crash or a restart
// can never lead to the order being sent a second time unnoticed. Also the shop's usual order.
import type { ReorderItem } from '../../../shared/contract/supplies';
import type { DeliveryAddress } from '../../../shared/supplies';
import type { Db, Migration } from '../storage/database';

export const SUPPLIES_MIGRATIONS: readonly Migration[] = [
  {
    id: 'supplies-1',
    sql: `CREATE TABLE supply_order_attempts (
      id TEXT PRIMARY KEY,
      fingerprint TEXT NOT NULL,
      request TEXT NOT NULL,
      method TEXT NOT NULL,
      known_order_ids TEXT NOT NULL,
      state TEXT NOT NULL CHECK (state IN ('sending', 'placed', 'in_doubt', 'refused', 'not_placed')),
      order_id INTEGER,
      reference_number TEXT,
      total_price INTEGER,
      line_prices TEXT,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    );
    CREATE INDEX supply_order_attempts_state ON supply_order_attempts (state, created_at);
    CREATE INDEX supply_order_attempts_order ON supply_order_attempts (order_id);
    CREATE TABLE supply_reorder_list (
      product_id INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      usual_quantity INTEGER NOT NULL CHECK (usual_quantity > 0),
      position INTEGER NOT NULL
    );`,
  },
  {
    // Each attempt is tied to the supplier it went to (connection.ts `supplierIdentity`): order
    // ids mean something only at their own supplier. Nothing stored before this step says which
    // supplier an attempt went to (the settings kept no history), so earlier rows stay NULL,
    // "unknown", and are treated on the safe side (see OrderAttempts).
    id: 'supplies-2',
    sql: `ALTER TABLE supply_order_attempts ADD COLUMN supplier TEXT;
    CREATE INDEX supply_order_attempts_supplier ON supply_order_attempts (supplier, order_id);`,
  },
];

/**
 * sending: recorded, the request may be on its way. placed: the supplier has it (order_id).
 * in_doubt: sent, answer lost, not found yet. refused / not_placed: certainly nothing ordered.
 */
export type AttemptState = 'sending' | 'placed' | 'in_doubt' | 'refused' | 'not_placed';

export interface OrderRequest {
  address: DeliveryAddress;
  lines: { productId: number; quantity: number }[];
}

export interface AttemptRecord {
  id: string;
  /** The supplier it was sent to; null for attempts recorded before suppliers were (unknown). */
  supplier: string | null;
  fingerprint: string;
  request: OrderRequest;
  method: 'POST' | 'PUT';
  /** The supplier's order ids just before sending: the lost order is none of these. */
  knownOrderIds: number[];
  state: AttemptState;
  orderId: number | null;
  referenceNumber: string | null;
  totalPrice: number | null;
  linePrices: Record<string, number> | null;
  createdAt: number;
  updatedAt: number;
}

interface AttemptRow {
  id: string;
  supplier: string | null;
  fingerprint: string;
  request: string;
  method: string;
  known_order_ids: string;
  state: string;
  order_id: number | null;
  reference_number: string | null;
  total_price: number | null;
  line_prices: string | null;
  created_at: number;
  updated_at: number;
}

function toRecord(row: AttemptRow): AttemptRecord {
  return {
    id: row.id,
    supplier: row.supplier,
    fingerprint: row.fingerprint,
    request: JSON.parse(row.request) as OrderRequest,
    method: row.method === 'PUT' ? 'PUT' : 'POST',
    knownOrderIds: JSON.parse(row.known_order_ids) as number[],
    state: row.state as AttemptState,
    orderId: row.order_id,
    referenceNumber: row.reference_number,
    totalPrice: row.total_price,
    linePrices: row.line_prices ? (JSON.parse(row.line_prices) as Record<string, number>) : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface Settlement {
  state: Exclude<AttemptState, 'sending'>;
  /** Where an attempt of unknown supplier was found (never changes a known one). */
  supplier?: string;
  orderId?: number;
  referenceNumber?: string;
  totalPrice?: number | null;
  linePrices?: Record<string, number> | null;
}

export class OrderAttempts {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** The intent, on disk before the request leaves. */
  begin(
    record: Pick<AttemptRecord, 'id' | 'fingerprint' | 'request' | 'method' | 'knownOrderIds'> & {
      supplier: string;
    },
  ): AttemptRecord {
    const at = this.now();
    this.db
      .prepare(
        `INSERT INTO supply_order_attempts (id, supplier, fingerprint, request, method, known_order_ids, state, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, 'sending', ?, ?)`,
      )
      .run(
        record.id,
        record.supplier,
        record.fingerprint,
        JSON.stringify(record.request),
        record.method,
        JSON.stringify(record.knownOrderIds),
        at,
        at,
      );
    return this.get(record.id)!;
  }

  settle(id: string, settlement: Settlement): AttemptRecord {
    this.db
      .prepare(
        `UPDATE supply_order_attempts SET state = ?, supplier = COALESCE(supplier, ?), order_id = COALESCE(?, order_id),
           reference_number = COALESCE(?, reference_number), total_price = COALESCE(?, total_price),
           line_prices = COALESCE(?, line_prices), updated_at = ? WHERE id = ?`,
      )
      .run(
        settlement.state,
        settlement.supplier ?? null,
        settlement.orderId ?? null,
        settlement.referenceNumber ?? null,
        settlement.totalPrice ?? null,
        settlement.linePrices ? JSON.stringify(settlement.linePrices) : null,
        this.now(),
        id,
      );
    return this.get(id)!;
  }

  get(id: string): AttemptRecord | null {
    const row = this.db.prepare('SELECT * FROM supply_order_attempts WHERE id = ?').get(id) as
      AttemptRow | undefined;
    return row ? toRecord(row) : null;
  }

  /** Sent and not settled: a creation the till cannot yet say was or was not placed. */
  unsettled(): AttemptRecord[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM supply_order_attempts WHERE state IN ('sending', 'in_doubt') ORDER BY created_at`,
      )
      .all() as AttemptRow[];
    return rows.map(toRecord);
  }

  /** At start-up: a creation left "sending" by a crash may have reached the supplier. */
  interruptedAreInDoubt(): number {
    return this.db
      .prepare(`UPDATE supply_order_attempts SET state = 'in_doubt', updated_at = ? WHERE state = 'sending'`)
      .run(this.now()).changes;
  }

  /**
   * The newest placed order of the same lines to the same address at `supplier` since `sinceMs`.
   * One of unknown supplier counts too: asking once too often is the safe side.
   */
  placedSince(supplier: string, fingerprint: string, sinceMs: number): AttemptRecord | null {
    const row = this.db
      .prepare(
        `SELECT * FROM supply_order_attempts WHERE state = 'placed' AND (supplier = ? OR supplier IS NULL)
           AND fingerprint = ? AND created_at >= ? ORDER BY created_at DESC LIMIT 1`,
      )
      .get(supplier, fingerprint, sinceMs) as AttemptRow | undefined;
    return row ? toRecord(row) : null;
  }

  /**
   * This till's record of placing order `orderId` at `supplier`. One of unknown supplier is taken
   * only when it asked for the same lines to the same address (`fingerprint`): another supplier's
   * order of the same number is a different order.
   */
  placedOrder(supplier: string, orderId: number, fingerprint: string): AttemptRecord | null {
    const row = this.db
      .prepare(
        `SELECT * FROM supply_order_attempts WHERE state = 'placed' AND order_id = ?
           AND (supplier = ? OR (supplier IS NULL AND fingerprint = ?))
         ORDER BY supplier IS NULL LIMIT 1`,
      )
      .get(orderId, supplier, fingerprint) as AttemptRow | undefined;
    return row ? toRecord(row) : null;
  }

  /** This till's newest placed orders at `supplier`, newest first (its own record of them). */
  placedAt(supplier: string, limit: number): AttemptRecord[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM supply_order_attempts WHERE state = 'placed' AND supplier = ? AND order_id IS NOT NULL
           ORDER BY created_at DESC LIMIT ?`,
      )
      .all(supplier, limit) as AttemptRow[];
    return rows.map(toRecord);
  }

  /**
   * Order ids this till already knows as its own at `supplier` (a lost order is looked for among
   * the others). Ids of unknown supplier are left out: they must never hide the lost order.
   */
  linkedOrderIds(supplier: string): Set<number> {
    const rows = this.db
      .prepare(`SELECT order_id FROM supply_order_attempts WHERE supplier = ? AND order_id IS NOT NULL`)
      .all(supplier) as { order_id: number }[];
    return new Set(rows.map((r) => r.order_id));
  }

  lastAddress(): DeliveryAddress | null {
    const row = this.db
      .prepare(
        `SELECT request FROM supply_order_attempts WHERE state = 'placed' ORDER BY created_at DESC LIMIT 1`,
      )
      .get() as { request: string } | undefined;
    return row ? (JSON.parse(row.request) as OrderRequest).address : null;
  }

  reorderList(): ReorderItem[] {
    const rows = this.db
      .prepare('SELECT product_id, name, usual_quantity FROM supply_reorder_list ORDER BY position')
      .all() as { product_id: number; name: string; usual_quantity: number }[];
    return rows.map((r) => ({ productId: r.product_id, name: r.name, usualQuantity: r.usual_quantity }));
  }

  saveReorderList(items: readonly ReorderItem[]): ReorderItem[] {
    const insert = this.db.prepare(
      'INSERT OR REPLACE INTO supply_reorder_list (product_id, name, usual_quantity, position) VALUES (?, ?, ?, ?)',
    );
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM supply_reorder_list').run();
      items.forEach((item, index) => insert.run(item.productId, item.name, item.usualQuantity, index));
    })();
    return this.reorderList();
  }
}
