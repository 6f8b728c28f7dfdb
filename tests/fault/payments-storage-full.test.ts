// A card payment while the disk fills up, for real: the journal's SQLite file lives on a small
// tmpfs (mounted here; needs root) that the test fills with a file mid-payment, so SQLite itself
// fails its writes. The payment must not be dropped: it keeps its card machine, keeps being read,
// can still be cancelled, and its outcome is written the moment space is freed. A start whose
// intent or 'starting' mark cannot be saved is refused in words and nothing is sent.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test, type TestContext } from 'node:test';
import { startPayAtCounterSandbox } from '../../electron/sandbox/pay-at-counter/server';
import { SAVE_RETRY_MS } from '../../electron/services/payments/held-writes';
import {
  createPaymentService,
  type PaymentService,
} from '../../electron/services/payments/transaction-runner';
import type { Db } from '../../electron/services/storage/database';
import { StorageHealth } from '../../electron/services/storage/storage-health';
import { TillError } from '../../shared/contract/errors';
import { ManualClock } from '../support/manual-clock';
import {
  clientFor,
  driveClock,
  gbpSale,
  openPaymentsDatabase,
  settledWithin,
  waitUntil,
  within,
} from '../unit/payments/support';

/** A 4 MiB tmpfs in a temp folder: a disk the test can fill and free. */
function smallDisk(t: TestContext): { dir: string; fill(): number; free(): void; remove(): void } | null {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m,mode=0700', 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    t.skip(`a tmpfs cannot be mounted here (needs root): ${String(error).split('\n')[0]}`);
    return null;
  }
  const filler = join(dir, 'filler');
  return {
    dir,
    /** Writes a file until the disk refuses even 512 bytes; returns the bytes written. */
    fill() {
      const fd = openSync(filler, 'a');
      let written = 0;
      try {
        for (const size of [64 * 1024, 4096, 512]) {
          const chunk = Buffer.alloc(size, 1);
          try {
            for (;;) written += writeSync(fd, chunk);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          }
        }
      } finally {
        closeSync(fd);
      }
      return written;
    },
    free: () => rmSync(filler, { force: true }),
    remove() {
      execFileSync('umount', [dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What the database file itself holds for a payment, read past the runner. */
function onDisk(db: Db, id: string): { state: string; result: string | null; total: number | null } | null {
  const row = db.prepare('SELECT state, result, record FROM card_payments WHERE id = ?').get(id) as
    { state: string; result: string | null; record: string | null } | undefined;
  if (!row) return null;
  const total = row.record ? (JSON.parse(row.record) as { amountTotal: number | null }).amountTotal : null;
  return { state: row.state, result: row.result, total };
}

async function setUp(t: TestContext) {
  const disk = smallDisk(t);
  if (!disk) return null;
  // The card machine moves only when the test moves its clock; the runner's clock runs fast.
  const machineClock = new ManualClock(Date.now());
  const sandbox = await startPayAtCounterSandbox({ clock: machineClock, speed: 1 });
  const db = openPaymentsDatabase(join(disk.dir, 'till.db'));
  const clock = new ManualClock(Date.now());
  const driver = driveClock(clock);
  const storageHealth = new StorageHealth();
  let fillAfterIntent = false;
  const service: PaymentService = createPaymentService({
    client: clientFor(sandbox),
    db,
    clock,
    storageHealth,
    afterIntent: () => {
      if (!fillAfterIntent) return;
      fillAfterIntent = false;
      disk.fill();
    },
  });
  return {
    disk,
    sandbox,
    db,
    service,
    storageHealth,
    fillBetweenIntentAndStarting: () => (fillAfterIntent = true),
    /** Moves the card machine on, a second at a time, until `done` holds. */
    async runMachineUntil(done: () => boolean, what: string) {
      for (let second = 0; second < 60 && !done(); second++) {
        const asked = sandbox.stats().apiRequests;
        await machineClock.advance(1_000);
        // The till asks twice more (the second ask surely began after the move) before the
        // machine moves on: on a loaded computer the card machine otherwise ran past the moment
        // a test waits for (a cancel then came after the card was taken, and was refused).
        await waitUntil(
          () => done() || sandbox.stats().apiRequests >= asked + 2,
          `the till to ask the card service after machine second ${second + 1}`,
        );
      }
      await waitUntil(done, what);
    },
    async cleanup() {
      await service.close();
      await driver.stop();
      db.close();
      await sandbox.close();
      disk.remove();
    },
  };
}

type Rig = NonNullable<Awaited<ReturnType<typeof setUp>>>;

/** Resolves true if the payment settles within a short real wait, false if it is still held. */
async function settlesSoon(rig: Rig, id: string): Promise<boolean> {
  return within(
    Promise.race([
      rig.service.settled(id).then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 300)),
    ]),
    'the settled check',
  );
}

describe('the disk fills up in the middle of a card payment', () => {
  test('the sale is still read to its end, keeps its card machine, and is written when space is freed', async (t) => {
    const rig = await setUp(t);
    if (!rig) return;
    try {
      const sale = await rig.service.startSale(gbpSale('full-1', 1000));
      assert.equal(sale.state, 'started');
      const filled = rig.disk.fill();
      t.diagnostic(`filled the disk with ${filled} bytes`);

      await rig.runMachineUntil(
        () => rig.service.getPayment(sale.id)?.state === 'finished',
        'the runner to read the sale to its end with the disk full',
      );
      const inMemory = rig.service.getPayment(sale.id)!;
      assert.equal(inMemory.successful, true);
      assert.equal(inMemory.amounts?.total, 1000);
      assert.equal(rig.storageHealth.status().state, 'full', 'the till says it cannot save');
      assert.equal(onDisk(rig.db, sale.id)?.state, 'started', 'the file does not have the outcome yet');
      await assert.rejects(
        rig.service.startSale(gbpSale('full-2')),
        (e: TillError) => e.code === 'terminal_busy',
      );
      assert.equal(rig.sandbox.stats().startRequests, 1, 'nothing else was sent to the card machine');
      assert.equal(await settlesSoon(rig, sale.id), false, 'not settled while its outcome is unsaved');

      rig.disk.free();
      const settled = await settledWithin(rig.service, sale.id, SAVE_RETRY_MS * 5);
      assert.equal(settled.state, 'finished');
      assert.equal(settled.successful, true);
      assert.deepEqual(onDisk(rig.db, sale.id), { state: 'finished', result: 'SUCCESSFUL', total: 1000 });
      assert.equal(rig.storageHealth.status().state, 'ok');

      const next = await rig.service.startSale(gbpSale('full-3', 1500));
      await rig.runMachineUntil(() => rig.service.getPayment(next.id)?.state === 'finished', 'the next sale');
      assert.deepEqual(onDisk(rig.db, next.id), { state: 'finished', result: 'SUCCESSFUL', total: 1500 });
    } finally {
      await rig.cleanup();
    }
  });

  test('cancel still finds the payment; the cancelled outcome is written once space is freed', async (t) => {
    const rig = await setUp(t);
    if (!rig) return;
    try {
      const sale = await rig.service.startSale(gbpSale('full-cancel', 2000));
      rig.disk.fill();
      await rig.runMachineUntil(
        () => rig.service.getPayment(sale.id)?.state === 'pending',
        'the first notification (its write fails)',
      );
      assert.equal(rig.storageHealth.status().state, 'full');
      assert.equal(onDisk(rig.db, sale.id)?.state, 'started');

      assert.deepEqual(await rig.service.cancel(sale.id), { status: 'requested' });
      await rig.runMachineUntil(
        () => rig.service.getPayment(sale.id)?.state === 'finished',
        'the cancelled result to be read',
      );
      assert.equal(rig.service.getPayment(sale.id)!.result, 'CANCELLED');

      rig.disk.free();
      const settled = await settledWithin(rig.service, sale.id, SAVE_RETRY_MS * 5);
      assert.equal(settled.successful, false);
      assert.deepEqual(
        { ...onDisk(rig.db, sale.id), total: undefined },
        { state: 'finished', result: 'CANCELLED', total: undefined },
      );
    } finally {
      await rig.cleanup();
    }
  });
});

describe('a start that cannot be saved is not sent', () => {
  test('a full disk before the intent: refused in words, nothing sent; a sale goes through once freed', async (t) => {
    const rig = await setUp(t);
    if (!rig) return;
    try {
      rig.disk.fill();
      const error = await rig.service.startSale(gbpSale('no-intent')).catch((e: unknown) => e);
      assert.ok(error instanceof TillError && error.code === 'storage', String(error));
      assert.doesNotMatch(error.message, /SQLITE|ENOSPC|\//);
      assert.equal(rig.sandbox.stats().startRequests, 0);
      rig.disk.free();
      const sale = await rig.service.startSale(gbpSale('after-free', 1000));
      await rig.runMachineUntil(() => rig.service.getPayment(sale.id)?.state === 'finished', 'the sale');
      assert.equal(onDisk(rig.db, sale.id)?.result, 'SUCCESSFUL');
    } finally {
      await rig.cleanup();
    }
  });

  test("the disk fills between the intent and 'starting': nothing sent, written as not sent, machine free", async (t) => {
    const rig = await setUp(t);
    if (!rig) return;
    try {
      rig.fillBetweenIntentAndStarting();
      const error = await rig.service.startSale(gbpSale('no-starting')).catch((e: unknown) => e);
      assert.ok(error instanceof TillError && error.code === 'storage', String(error));
      assert.equal(rig.sandbox.stats().startRequests, 0, 'the start never left');
      const [row] = rig.service.listPayments();
      assert.ok(row);
      assert.equal(row.state, 'cancelled_locally');
      assert.equal(onDisk(rig.db, row.id)?.state, 'intent');
      rig.disk.free();
      await waitUntil(
        () => onDisk(rig.db, row.id)?.state === 'cancelled_locally',
        'the not-sent mark on disk',
      );
      const sale = await rig.service.startSale(gbpSale('after-free-2', 1000));
      await rig.runMachineUntil(() => rig.service.getPayment(sale.id)?.state === 'finished', 'the sale');
    } finally {
      await rig.cleanup();
    }
  });
});
