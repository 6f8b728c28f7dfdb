// The outbox's batches read with their window from the till's change log: the same rows, in the
// same order, as asking every source for a whole batch, but each source is asked only for its own
// rows in the batch (no bodies read to be dropped: the catch-up bench's till-side time halved).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { journalSources } from '../../../electron/services/app/journal-sources';
import type { JournalEntry, JournalSource } from '../../../electron/services/shop-server/journal-source';
import { createLogger } from '../../../electron/services/common/logger';
import type { ShopServerLink } from '../../../electron/services/shop-server/connection';
import { nextBatch, Outbox } from '../../../electron/services/shop-server/outbox';
import { lastChangeSeq, nextWindow } from '../../../electron/services/storage/journal-changes';
import { ManualClock } from '../../support/manual-clock';
import { openTillSide, type TillSide } from '../../support/shop-server';

/** Sales, No-sales and a sale left open and completed later (it moves to the end of the log). */
function mixedDay(side: TillSide): void {
  const noSale = side.db.prepare(
    "INSERT INTO no_sales (reason, by_staff, at, drawer) VALUES ('Change for the float', NULL, '2026-12-07T09:00:00Z', 'opened')",
  );
  side.sell(3);
  noSale.run();
  const open = side.ledger.open('GBP', [
    { productId: 'cake', sku: 'C', name: 'Cake', quantity: 1, unitPrice: 375, lineTotal: 375, vatRate: 2000 },
  ]);
  noSale.run();
  side.sell(4);
  noSale.run();
  side.ledger.addTender(open.saleId, { kind: 'cash', amount: 375, given: 500 });
  side.sell(2);
}

test('each batch is the next changes of every kind in order, each source asked only for its share', () => {
  const side = openTillSide();
  try {
    mixedDay(side);
    const { sources, window } = journalSources(side.db);
    const asked: { kind: string; limit: number; rows: number }[] = [];
    const counted: JournalSource[] = sources.map((s) => ({
      kind: s.kind,
      after(seq, limit) {
        const rows = s.after(seq, limit);
        asked.push({ kind: s.kind, limit, rows: rows.length });
        return rows;
      },
    }));
    const seen: JournalEntry[] = [];
    let batches = 0;
    for (let mark = 0; ; batches++) {
      asked.length = 0;
      const extent = window(mark, 4);
      const batch = nextBatch(counted, mark, 4, extent);
      if (batch.length === 0) break;
      assert.deepEqual(batch, nextBatch(sources, mark, 4), 'the same batch as asking every source for 4');
      assert.equal(extent.last, batch[batch.length - 1]!.seq);
      assert.equal(
        asked.reduce((n, a) => n + a.rows, 0),
        batch.length,
        'no row read only to be dropped',
      );
      for (const a of asked) assert.equal(a.rows, a.limit, `${a.kind}: asked for exactly its rows`);
      seen.push(...batch);
      mark = batch[batch.length - 1]!.seq;
    }
    const log = side.db
      .prepare('SELECT change_seq AS seq, kind, local_id AS id FROM journal_changes ORDER BY change_seq')
      .all() as { seq: number; kind: string; id: string }[];
    assert.equal(log.length, 13, 'ten sales and three No-sales');
    assert.deepEqual(
      seen.map((e) => ({ seq: e.seq, kind: e.kind, id: e.id })),
      log,
    );
    assert.equal(batches, 4);
  } finally {
    side.close();
  }
});

test('the window counts each kind among the next changes only, and is empty past the end', () => {
  const side = openTillSide();
  try {
    mixedDay(side);
    const log = side.db
      .prepare('SELECT change_seq AS seq, kind FROM journal_changes ORDER BY change_seq')
      .all() as {
      seq: number;
      kind: string;
    }[];
    // Changes 4 to 9 of the log: after the third, six of them.
    const six = log.slice(3, 9);
    const expected: Record<string, number> = {};
    for (const c of six) expected[c.kind] = (expected[c.kind] ?? 0) + 1;
    assert.deepEqual(nextWindow(side.db, log[2]!.seq, 6), { last: log[8]!.seq, counts: expected });
    const end = log[log.length - 1]!.seq;
    assert.deepEqual(nextWindow(side.db, end, 6), { last: end, counts: {} });
  } finally {
    side.close();
  }
});

test('a row a source gives beyond the window is left for the next batch', () => {
  const entry = (seq: number, kind: JournalEntry['kind']): JournalEntry => ({
    seq,
    kind,
    id: `${kind}${seq}`,
    body: {},
  });
  const from = (kind: JournalEntry['kind'], rows: JournalEntry[]): JournalSource => ({
    kind,
    after: (seq, limit) => rows.filter((r) => r.seq > seq).slice(0, limit),
  });
  // Read after the window was: No-sale 5 was written, then sale 3 changed again (now 6). Taking 6
  // would move the mark past 5, which would never be sent.
  const sources = [
    from('sale', [entry(1, 'sale'), entry(6, 'sale')]),
    from('no-sale', [entry(2, 'no-sale'), entry(4, 'no-sale'), entry(5, 'no-sale')]),
  ];
  const batch = nextBatch(sources, 0, 4, { last: 4, counts: { sale: 2, 'no-sale': 2 } });
  assert.deepEqual(
    batch.map((e) => e.seq),
    [1, 2, 4],
  );
});

test('the outbox reads each batch through its window and sends them in order', async () => {
  const side = openTillSide();
  try {
    mixedDay(side);
    const { sources, window } = journalSources(side.db);
    const asked: { limit: number; rows: number }[] = [];
    const counted: JournalSource[] = sources.map((s) => ({
      kind: s.kind,
      after(seq, limit) {
        const rows = s.after(seq, limit);
        asked.push({ limit, rows: rows.length });
        return rows;
      },
    }));
    // The link's client as far as the outbox uses it: the mark read at connect, and each batch.
    const sent: { seq: number }[][] = [];
    const client = {
      query: async (sql: string, values?: unknown[]) => {
        if (sql.includes('send_journal_batch'))
          sent.push(JSON.parse(String(values![0])) as { seq: number }[]);
        return { rows: [] };
      },
    };
    const link = { client, shopId: 1, tillNumber: 1 } as unknown as ShopServerLink;
    const outbox = new Outbox({
      connection: { link: () => link, lost: () => undefined, onChange: () => () => undefined },
      sources: counted,
      window,
      lastLocalSeq: () => lastChangeSeq(side.db),
      waitingSales: () => 0,
      acknowledged: { get: () => 0, set: () => undefined },
      held: { hold: () => undefined, release: () => undefined, count: () => 0 },
      resync: { changedUpTo: () => [], restampAbove: () => undefined },
      clock: new ManualClock(),
      logger: createLogger('next-batch-test', () => undefined),
      batchSize: 4,
    });
    await outbox.pump();
    assert.deepEqual(
      sent.map((b) => b.length),
      [4, 4, 4, 1],
    );
    assert.equal(
      asked.reduce((n, a) => n + a.rows, 0),
      13,
      'each row read once',
    );
    assert.ok(asked.every((a) => a.rows === a.limit && a.limit <= 4));
    assert.equal(outbox.view().upToDate, true);
    await outbox.close();
  } finally {
    side.close();
  }
});
