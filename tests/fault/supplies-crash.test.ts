// Crash test for supplier orders: a child process places an order and is SIGKILLed after the
// supplier stored it but before its answer came back, leaving the attempt "sending" on disk. A
// restarted till on the same database file must treat it as in doubt, hold back new orders
// while it cannot look, and on "Check again" find it: exactly one order at the supplier.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { test } from 'node:test';
import { openDatabase } from '../../electron/services/storage/database';
import { OrderAttempts, SUPPLIES_MIGRATIONS } from '../../electron/services/supplies/order-attempts';
import { OrderOnce } from '../../electron/services/supplies/order-once';
import { tempDir } from '../unit/payments/support';
import {
  expectOutcome,
  GOOD_ADDRESS,
  productIn,
  QUIET_LOG,
  startSupplier,
  type Supplier,
} from '../unit/supplies/support';

const ROOT = resolve(__dirname, '../..');
const CHILD = join(ROOT, 'tests/fault/fixtures/supplies-child.ts');

/** Runs the child until the supplier has stored its order, then SIGKILLs it (the answer held back). */
async function crashMidCreation(supplier: Supplier, dbFile: string, lines: unknown): Promise<string[]> {
  supplier.sandbox.control({ nextCreationAnswer: 'hang' });
  const { baseUrl, apiKey } = supplier.sandbox;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', CHILD, dbFile, baseUrl, apiKey, JSON.stringify(lines)],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const said: string[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += String(chunk)));
  createInterface({ input: child.stdout }).on('line', (line) => said.push(line));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const deadline = Date.now() + 30_000;
  while (supplier.sandbox.stats().ordersStored < 1) {
    if (child.exitCode !== null) assert.fail(`the child exited early: ${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      assert.fail(`the supplier never stored the child's order in 30 s; said=${said.join(' | ')} ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  child.kill('SIGKILL');
  await exited;
  return said;
}

test('killed after the supplier stored the order: in doubt at restart, new orders held, found once', async () => {
  const supplier = await startSupplier();
  const temp = tempDir();
  const dbFile = join(temp.dir, 'till.db');
  const lines = [{ productId: productIn(supplier.sandbox, 'inStock').id, quantity: 3 }];
  const db = { current: null as ReturnType<typeof openDatabase> | null };
  try {
    const said = await crashMidCreation(supplier, dbFile, lines);
    assert.ok(!said.some((l) => l.startsWith('RESULT ')), `killed before any answer: ${said.join(' | ')}`);
    assert.equal(supplier.sandbox.stats().creationRequests, 1);

    // The restarted till, on the crashed one's database file.
    db.current = openDatabase(dbFile, SUPPLIES_MIGRATIONS);
    const attempts = new OrderAttempts(db.current, () => supplier.clock.now());
    const [left] = attempts.unsettled();
    assert.equal(left?.state, 'sending', 'the crash left the intent on disk, not settled');
    const current = supplier.current();
    const { client } = current;
    const orders = new OrderOnce({
      attempts,
      supplier: async () => current,
      orderMethod: () => 'POST',
      names: async () => new Map(),
      clock: supplier.clock,
      log: QUIET_LOG,
      onChange: () => undefined,
    });
    assert.equal(attempts.get(left.id)?.state, 'in_doubt', 'a till that stopped mid-send starts in doubt');
    assert.deepEqual(
      orders.inDoubtList(current.supplier).map((a) => a.attemptId),
      [left.id],
      'the Orders tab lists it',
    );

    // While the supplier cannot be asked, nothing new is sent.
    supplier.sandbox.control({ maintenance: true });
    const other = [{ productId: lines[0]!.productId, quantity: 40 }];
    const held = await orders.place({ lines: other, address: { ...GOOD_ADDRESS }, confirmRepeat: true });
    expectOutcome(held, 'in_doubt');
    assert.equal(supplier.sandbox.stats().creationRequests, 1, 'the new order was held back');

    // "Check again" once the supplier answers: the stored order is found, not sent again.
    supplier.sandbox.control({ maintenance: false });
    const found = expectOutcome(await orders.check(left.id), 'placed');
    const atSupplier = await client.listOrders();
    assert.equal(atSupplier.length, 1, 'exactly one order at the supplier');
    assert.equal(supplier.sandbox.stats().ordersStored, 1);
    assert.equal(found.order.id, atSupplier[0]!.id);
    assert.equal(found.order.lines[0]!.quantity, 3);
    assert.equal(attempts.get(left.id)?.state, 'placed');
    assert.deepEqual(orders.inDoubtList(current.supplier), []);

    // The same order again is a repeat: asked, not sent.
    const again = await orders.place({ lines, address: { ...GOOD_ADDRESS }, confirmRepeat: false });
    expectOutcome(again, 'needs_confirmation');
    assert.equal(supplier.sandbox.stats().creationRequests, 1, 'still one creation request in all');
  } finally {
    db.current?.close();
    await supplier.close();
    temp.cleanup();
  }
});
