// Sales history's "card ending in" search reads the card payments through their index on the
// card's last four digits, never by walking every payment the till has taken (which would grow
// with the journal), and finds the sale paid by that card.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { PaymentJournal } from '../../../electron/services/payments/journal';
import type { Db } from '../../../electron/services/storage/database';
import { saleRecord } from './fake-card-service';
import { openPaymentsDatabase, tempDir } from './support';

test("the search by a card's last four digits uses an index, not a walk through every card payment", () => {
  const temp = tempDir();
  const db = openPaymentsDatabase(join(temp.dir, 'till.db'));
  try {
    // The same database, noting every statement the journal prepares.
    const prepared: string[] = [];
    const noting = new Proxy(db, {
      get(target, prop) {
        if (prop === 'prepare') {
          return (sql: string) => {
            prepared.push(sql);
            return target.prepare(sql);
          };
        }
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    }) as Db;
    const journal = new PaymentJournal(noting);
    for (const [saleId, digits] of [
      ['sale-1', '4821'],
      ['sale-2', '1234'],
    ] as const) {
      const row = journal.recordIntent({
        saleId,
        terminalId: '22900001',
        type: 'SALE',
        amount: 1000,
        currency: 'GBP',
      });
      journal.markStarting(row.id);
      journal.markStarted(row.id, `tx-${saleId}`);
      const record = {
        ...saleRecord(`tx-${saleId}`, '22900001', 'SUCCESSFUL'),
        primaryAccountNumber: `************${digits}`,
      };
      assert.equal(journal.saveFinished(row.id, record), true);
    }

    const before = prepared.length;
    assert.deepEqual(journal.saleIdsPaidByCardEnding('4821'), ['sale-1']);
    const searches = prepared.slice(before);
    assert.equal(searches.length, 1, 'the search is one statement');
    const steps = (db.prepare(`EXPLAIN QUERY PLAN ${searches[0]}`).all('4821') as { detail: string }[]).map(
      (s) => s.detail,
    );
    assert.ok(
      steps.some((d) => /^SEARCH card_payments USING INDEX card_payments_card_digits\b/.test(d)),
      `the search reads the card-digits index: ${steps.join(' / ')}`,
    );
    assert.ok(!steps.some((d) => /^SCAN card_payments\b/.test(d)), `no walk: ${steps.join(' / ')}`);
  } finally {
    db.close();
    temp.cleanup();
  }
});
