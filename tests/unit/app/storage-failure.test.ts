// A storage failure in any method reaches staff in words that say what happened and what to do,
// never as an internal error: here the till's database file damaged under the running till
// (another program wrote over it), found when the till next reads it. At start, sales records too
// damaged to check the open sales still let the till start (saying so, refusing to sell), while
// any other failure there stops the start.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { closeSync, existsSync, openSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../../electron/services/storage/database';
import { ManualClock } from '../../support/manual-clock';
import { TEST_STAFF } from '../../support/staff';
import { ALL_LIVE, startAppTill } from './support';

test('a database damaged under the running till is said so in staff words, and the failure logged', async () => {
  const errors: string[] = [];
  const t = await startAppTill({
    logger: { info: () => {}, warn: () => {}, error: (message) => errors.push(message) },
  });
  try {
    const file = join(t.dataDir, 'paydesk.sqlite');
    // Everything written so far moved into the file itself, then the file overwritten with zeros.
    const other = openDatabase(file);
    other.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    other.close();
    writeFileSync(file, Buffer.alloc(statSync(file).size));
    const reply = await t.dispatch('sales.recent', { limit: 5 });
    assert.deepEqual(reply, {
      ok: false,
      error: {
        code: 'storage',
        message:
          'That could not be saved: the till’s sales records are damaged. Do not sell on this till: ask whoever looks after it to restore the latest backup.',
      },
    });
    assert.deepEqual(errors, ['method sales.recent failed']);
    assert.equal((await t.call('status.get', {})).storage.state, 'damaged');
  } finally {
    await t.close();
  }
});

/** A data folder (kept) whose till was closed with one sale still open; its id and the products. */
async function folderWithAnOpenSale() {
  const first = await startAppTill();
  try {
    const manager = await first.call('staff.createFirstManager', TEST_STAFF.manager);
    const products = (await first.call('catalogue.get', {})).products;
    const sale = await first.call('sales.open', { lines: [{ productId: products[0]!.id, quantity: 1 }] });
    return { dataDir: first.dataDir, saleId: sale.saleId, products, managerId: manager.people[0]!.id };
  } finally {
    await first.close({ keep: true });
  }
}

/** Runs `change` on the closed till's database, everything moved into the file itself first. */
function changeDatabase<T>(dataDir: string, change: (db: Db) => T): T {
  const db = openDatabase(join(dataDir, 'paydesk.sqlite'));
  try {
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    return change(db);
  } finally {
    db.close();
  }
}

test('sales records too damaged to check the open sales at start: the till starts, says so and refuses to sell', async () => {
  const { dataDir, products, managerId } = await folderWithAnOpenSale();
  try {
    // The first page of the sales table wiped (a bad disk sector): the sales cannot be read.
    const page = changeDatabase(dataDir, (db) => {
      const root = db.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'sales'").get() as {
        rootpage: number;
      };
      const size = db.pragma('page_size', { simple: true }) as number;
      return { offset: (root.rootpage - 1) * size, size };
    });
    const fd = openSync(join(dataDir, 'paydesk.sqlite'), 'r+');
    writeSync(fd, Buffer.alloc(page.size), 0, page.size, page.offset);
    closeSync(fd);

    const errors: string[] = [];
    const t = await startAppTill({
      dataDir,
      logger: { info: () => {}, warn: () => {}, error: (message) => errors.push(message) },
    });
    try {
      assert.ok(errors.includes('open sales could not be checked at start'), errors.join('\n'));
      assert.deepEqual((await t.call('status.get', {})).storage, {
        state: 'damaged',
        detail:
          'The till’s sales records are damaged or older than the last receipt it printed. Do not sell on this till: ask whoever looks after it to restore the latest backup.',
      });
      await t.call('staff.signIn', { staffId: managerId, pin: TEST_STAFF.manager.pin });
      assert.deepEqual(
        await t.failure('sales.open', { lines: [{ productId: products[0]!.id, quantity: 1 }] }),
        {
          code: 'storage',
          message:
            'A new sale cannot start: the till’s sales records are damaged or older than the last receipt it printed. Do not sell on this till: ask whoever looks after it to restore the latest backup.',
        },
      );
    } finally {
      await t.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('an open sale that cannot be checked at start for any other reason stops the start, leaving nothing running', async () => {
  const { dataDir, saleId } = await folderWithAnOpenSale();
  try {
    // Its lines cut off mid-write by a program other than the till: the file itself is sound.
    changeDatabase(dataDir, (db) => db.prepare('UPDATE sales SET lines = ? WHERE id = ?').run('[{', saleId));
    const clock = new ManualClock(Date.parse('2026-03-02T09:00:00Z'));
    await assert.rejects(startAppTill({ dataDir, settings: ALL_LIVE, clock }), SyntaxError);
    assert.equal(clock.timers, 0, 'no connection check, checkpoint or sign-out left to run');
    assert.ok(
      !existsSync(join(dataDir, 'paydesk.sqlite-wal')),
      'the database was closed (its last close ends the WAL file)',
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
