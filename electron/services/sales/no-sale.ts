// No-sale: the drawer opened without a sale, for a reason, journaled with who before the drawer
// is asked to open. The drawer opens through the receipt printer's drawer kick; with no drawer set
// up, the No-sale is still journaled and the cashier is told to open it by hand.
import type { NoSaleView, StaffStamp } from '../../../shared/contract';
import type { Clock } from '../common/clock';
import type { Logger } from '../common/logger';
import type { PrintingService } from '../printing/index';
import type { Db, Migration } from '../storage/database';

export const NO_SALE_MIGRATIONS: readonly Migration[] = [
  {
    id: 'no-sales-1',
    sql: `CREATE TABLE no_sales (
      id INTEGER PRIMARY KEY,
      reason TEXT NOT NULL,
      by_staff TEXT,
      at TEXT NOT NULL,
      drawer TEXT NOT NULL
    );`,
  },
];

type DrawerOutcome = NoSaleView['drawer'];

const MESSAGES: Record<DrawerOutcome, string> = {
  opened: 'Drawer opened. The No-sale is recorded with your name and reason.',
  no_drawer:
    'The No-sale is recorded, but no cash drawer is set up on the receipt printer: open the drawer with its key.',
  failed:
    'The No-sale is recorded, but the drawer could not be opened through the printer: open it with its key, and look at the printer.',
};

interface NoSaleRow {
  id: number;
  reason: string;
  by_staff: string | null;
  at: string;
  drawer: DrawerOutcome;
}

const toView = (row: NoSaleRow): NoSaleView => ({
  noSaleId: row.id,
  reason: row.reason,
  by: row.by_staff ? (JSON.parse(row.by_staff) as StaffStamp) : null,
  at: row.at,
  drawer: row.drawer,
  message: MESSAGES[row.drawer],
  words: { key: `noSale.drawer.${row.drawer}` },
});

export class NoSales {
  constructor(
    private readonly o: {
      db: Db;
      clock: Clock;
      openDrawer: () => Promise<Pick<PrintingService, 'openDrawer'>>;
      logger: Logger;
    },
  ) {}

  async record(reason: string, by: StaffStamp | null): Promise<NoSaleView> {
    // Journaled first: a drawer that opens is never left without its record.
    const { lastInsertRowid } = this.o.db
      .prepare("INSERT INTO no_sales (reason, by_staff, at, drawer) VALUES (?, ?, ?, 'failed')")
      .run(reason, by ? JSON.stringify(by) : null, new Date(this.o.clock.now()).toISOString());
    const id = Number(lastInsertRowid);
    let drawer: DrawerOutcome = 'failed';
    try {
      const job = await (await this.o.openDrawer()).openDrawer(`no-sale-${id}`);
      drawer = job ? 'opened' : 'no_drawer';
    } catch (error) {
      this.o.logger.error(`no-sale ${id}: the drawer kick could not be queued`, error);
    }
    this.o.db.prepare('UPDATE no_sales SET drawer = ? WHERE id = ?').run(drawer, id);
    return this.get(id);
  }

  get(id: number): NoSaleView {
    return toView(this.o.db.prepare('SELECT * FROM no_sales WHERE id = ?').get(id) as NoSaleRow);
  }

  /** No-sales in (since, until] (ISO times), oldest first: the till's X and Z reports count them. */
  between(since: string, until: string): NoSaleView[] {
    const rows = this.o.db
      .prepare('SELECT * FROM no_sales WHERE at > ? AND at <= ? ORDER BY id')
      .all(since, until) as NoSaleRow[];
    return rows.map(toView);
  }

  recent(limit: number): NoSaleView[] {
    const rows = this.o.db
      .prepare('SELECT * FROM no_sales ORDER BY id DESC LIMIT ?')
      .all(limit) as NoSaleRow[];
    return rows.map(toView);
  }
}
