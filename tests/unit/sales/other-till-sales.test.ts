// Another till's sale kept on this till so it can be refunded here: the sale as its journal body
// went up reads back as the very sale its own till shows (but for the till's number on the receipt);
// the step that lets sale_refunds name such a sale keeps every refund and the journal's triggers;
// a refund of a kept sale counts in this till's cash-up and reports under the other till's number.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { TILL_MIGRATIONS } from '../../../electron/services/app/migrations';
import { salesJournal } from '../../../electron/services/sales/journal-export';
import {
  OTHER_TILL_SALES_MIGRATIONS,
  OtherTillSales,
  saleViewFromJournal,
} from '../../../electron/services/sales/other-till-sales';
import { RefundRecords } from '../../../electron/services/sales/refund-records';
import { SalesLedger } from '../../../electron/services/sales/sales-ledger';
import { applyMigrations, openDatabase, type Db } from '../../../electron/services/storage/database';

const BARISTA = { id: 's-1', name: 'Bo Barista', role: 'cashier' as const };

function withDb(work: (db: Db, file: string) => void, migrations = TILL_MIGRATIONS) {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-other-tills-'));
  const file = join(dir, 'till.sqlite');
  const db = openDatabase(file, migrations);
  try {
    work(db, file);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function cardAndCashSale(ledger: SalesLedger) {
  const sale = ledger.open(
    'GBP',
    [
      {
        productId: 'p',
        sku: 'P',
        name: 'Teapot',
        quantity: 2,
        unitPrice: 400,
        lineTotal: 800,
        vatRate: 2000,
      },
      { productId: 'c', sku: 'C', name: 'Cup', quantity: 1, unitPrice: 150, lineTotal: 150, vatRate: 500 },
    ],
    BARISTA,
  );
  ledger.addTender(sale.saleId, { kind: 'card', amount: 600, paymentId: 'pay-1', by: BARISTA });
  ledger.addTender(sale.saleId, { kind: 'cash', amount: 350, given: 500, by: BARISTA });
  return ledger.get(sale.saleId);
}

test('a sale’s journal body reads back as the sale its till shows, with that till’s number', () => {
  withDb((db) => {
    const ledger = new SalesLedger(db);
    const sale = cardAndCashSale(ledger);
    const entry = salesJournal(db)
      .sales.after(0, 10)
      .find((e) => e.id === sale.saleId)!;
    // As it comes back from PostgreSQL: JSON, nothing more.
    const body = JSON.parse(JSON.stringify(entry.body)) as Record<string, unknown>;
    const view = saleViewFromJournal({ tillNumber: 2, body });
    assert.deepEqual(view, { ...sale, receiptNumber: '2-000001' });
    assert.equal(view.change, 150);
  });
});

test('the step that lets a refund name another till’s sale keeps every refund, and the journal triggers', () => {
  withDb(
    (db) => {
      const ledger = new SalesLedger(db);
      const sale = cardAndCashSale(ledger);
      db.prepare(
        `INSERT INTO sale_refunds (id, sale_id, state, currency, total, card_amount, cash_amount, reason, created_at, completed_at)
       VALUES ('r-old', ?, 'completed', 'GBP', 400, 0, 400, 'Chipped', '2026-12-07T10:00:00.000Z', '2026-12-07T10:00:00.000Z')`,
      ).run(sale.saleId);
      db.prepare(
        "INSERT INTO sale_refund_lines (refund_id, line_index, quantity, amount) VALUES ('r-old', 0, 1, 400)",
      ).run();
      assert.throws(
        () =>
          db
            .prepare(
              `INSERT INTO sale_refunds (id, sale_id, state, currency, total, card_amount, cash_amount, reason, created_at)
             VALUES ('r-x', 'elsewhere', 'card_pending', 'GBP', 1, 0, 1, 'x', 'now')`,
            )
            .run(),
        /FOREIGN KEY/,
        'before the step, a refund names only this till’s sales',
      );
      applyMigrations(db, TILL_MIGRATIONS);
      const kept = db.prepare('SELECT id, sale_id, total FROM sale_refunds').all();
      assert.deepEqual(kept, [{ id: 'r-old', sale_id: sale.saleId, total: 400 }]);
      assert.equal(db.pragma('foreign_keys', { simple: true }), 1, 'foreign keys are on again');
      const stamp = () =>
        (
          db
            .prepare("SELECT change_seq FROM journal_changes WHERE kind = 'refund' AND local_id = 'r-new'")
            .get() as { change_seq: number } | undefined
        )?.change_seq;
      db.prepare(
        `INSERT INTO sale_refunds (id, sale_id, state, currency, total, card_amount, cash_amount, reason, created_at)
       VALUES ('r-new', 'sale-of-till-2', 'card_pending', 'GBP', 150, 150, 0, 'Cold', '2026-12-07T11:00:00.000Z')`,
      ).run();
      const inserted = stamp();
      assert.ok(inserted, 'an insert is stamped for the outbox');
      db.prepare("UPDATE sale_refunds SET state = 'failed' WHERE id = 'r-new'").run();
      assert.ok(stamp()! > inserted, 'an update is stamped again');
      assert.throws(
        () =>
          db
            .prepare(
              "INSERT INTO sale_refund_lines (refund_id, line_index, quantity, amount) VALUES ('none', 0, 1, 1)",
            )
            .run(),
        /FOREIGN KEY/,
        'a refund line still names a refund that exists',
      );
    },
    TILL_MIGRATIONS.filter((m) => !OTHER_TILL_SALES_MIGRATIONS.includes(m)),
  );
});

test('a step that would leave a broken reference is refused whole, and foreign keys stay on', () => {
  withDb((db) => {
    db.exec(`CREATE TABLE parent (id TEXT PRIMARY KEY); CREATE TABLE child (p TEXT REFERENCES parent (id));
      INSERT INTO parent VALUES ('a'); INSERT INTO child VALUES ('a');`);
    assert.throws(
      () => applyMigrations(db, [{ id: 'bad-rebuild', rebuildsTables: true, sql: 'DELETE FROM parent;' }]),
      /references that do not hold/,
    );
    assert.deepEqual(db.prepare('SELECT id FROM parent').all(), [{ id: 'a' }]);
    assert.equal(db.prepare("SELECT 1 FROM schema_migrations WHERE id = 'bad-rebuild'").get(), undefined);
    assert.equal(db.pragma('foreign_keys', { simple: true }), 1);
  });
});

test('a refund of a kept sale counts in this till’s cash-up and reports under the other till’s number', () => {
  withDb((db) => {
    const theirs = new SalesLedger(db);
    // Made "on till 2": its body, kept here, and the row removed from this till's own sales.
    const sale = cardAndCashSale(theirs);
    const body = salesJournal(db)
      .sales.after(0, 10)
      .find((e) => e.id === sale.saleId)!.body as Record<string, unknown>;
    db.prepare('DELETE FROM tenders WHERE sale_id = ?').run(sale.saleId);
    db.prepare('DELETE FROM sales WHERE id = ?').run(sale.saleId);
    const other = new OtherTillSales(db);
    other.keep({ tillNumber: 2, body }, '2026-12-07T12:00:00.000Z');
    assert.deepEqual(other.get(sale.saleId), { tillNumber: 2, body: JSON.parse(JSON.stringify(body)) });
    assert.equal(other.get('nobody'), null);
    db.prepare(
      `INSERT INTO sale_refunds (id, sale_id, state, currency, total, card_amount, cash_amount, reason, created_at, completed_at)
       VALUES ('r-1', ?, 'completed', 'GBP', 150, 0, 150, 'Cold', '2026-12-07T12:00:01.000Z', '2026-12-07T12:00:01.000Z')`,
    ).run(sale.saleId);
    db.prepare(
      "INSERT INTO sale_refund_lines (refund_id, line_index, quantity, amount) VALUES ('r-1', 1, 1, 150)",
    ).run();
    const records = new RefundRecords(
      db,
      (id) => saleViewFromJournal(other.get(id)!),
      (n) => `1-${n}`,
    );
    const since = '2026-12-07T00:00:00.000Z';
    const until = '2026-12-08T00:00:00.000Z';
    assert.deepEqual(
      records.cashGivenBack(since, until).map((c) => [c.saleId, c.amount, c.receiptNumber]),
      [[sale.saleId, 150, '2-000001']],
    );
    assert.deepEqual(
      records.completedWithItems(since, until).map((r) => [r.receiptNumber, r.lines]),
      [['2-000001', [{ productId: 'c', name: 'Cup', quantity: 1, amount: 150, vatRate: 500 }]]],
    );
    assert.equal(records.forSale(sale.saleId)[0]!.receiptNumber, '2-000001');
  });
});
