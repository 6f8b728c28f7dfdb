// Cancelling a running card sale, on a card service in memory: an accepted request is "requested",
// a busy machine's refusal is "refused" with the words staff read, and any other failure reaches
// the caller as an error, never as a refusal. Either way the sale is read on to its real result.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { afterEach, beforeEach, test } from 'node:test';
import type { PaymentEvent } from '../../../electron/services/payments/payment-events';
import { createPaymentService } from '../../../electron/services/payments/payment-service';
import type { PaymentService } from '../../../electron/services/payments/transaction-runner';
import type { Db } from '../../../electron/services/storage/database';
import { TillError } from '../../../shared/contract/errors';
import { FakeCardService, settleOnClock, WaitNotingClock } from './fake-card-service';
import { GBP_TERMINAL, gbpSale, openPaymentsDatabase, tempDir, within } from './support';

let temp: ReturnType<typeof tempDir>;
let db: Db;
let clock: WaitNotingClock;
let fake: FakeCardService;
let service: PaymentService;
let events: PaymentEvent[];

beforeEach(() => {
  temp = tempDir();
  db = openPaymentsDatabase(join(temp.dir, 'till.db'));
  clock = new WaitNotingClock(Date.parse('2026-03-02T09:00:00Z'));
  fake = new FakeCardService();
  service = createPaymentService({ client: fake.api, db, clock });
  events = [];
  service.onEvent((event) => events.push(event));
});

afterEach(async () => {
  await within(service.close(), 'the payment service to close', 2_000).catch(() => undefined);
  db.close();
  temp.cleanup();
});

/** A £10.00 sale the card machine has taken and is waiting on (PRESENT_CARD). */
async function runningSale(saleId: string) {
  const sale = await service.startSale(gbpSale(saleId));
  assert.equal(sale.state, 'started');
  assert.equal(sale.transactionId, `tx-${GBP_TERMINAL}`);
  return sale;
}

/** Lets the card machine end the sale with `result` and returns the payment once settled. */
async function endsWith(paymentId: string, result: string) {
  fake.saleResult = result;
  return settleOnClock(clock, service.settled(paymentId));
}

const refusals = () => events.filter((e) => e.type === 'cancel_refused');

test('a cancel the card machine accepts is "requested", and the sale ends with the result the machine gives', async () => {
  const sale = await runningSale('c1');
  assert.deepEqual(await service.cancel(sale.id), { status: 'requested' });
  assert.ok(fake.requests.includes(`cancelTransaction ${GBP_TERMINAL} tx-${GBP_TERMINAL}`));
  assert.deepEqual(refusals(), []);
  const done = await endsWith(sale.id, 'CANCELLED');
  assert.equal(done.state, 'finished');
  assert.equal(done.result, 'CANCELLED');
});

test('a cancel a busy card machine refuses is "refused", staff are told to cancel on the machine, and the real result still comes', async () => {
  const sale = await runningSale('c2');
  fake.cancelAnswer = new TillError('terminal_busy', 'The card machine is busy or refused the request.');
  assert.deepEqual(await service.cancel(sale.id), { status: 'refused' });
  assert.deepEqual(refusals(), [
    {
      type: 'cancel_refused',
      paymentId: sale.id,
      terminalId: GBP_TERMINAL,
      message:
        'The card machine could not cancel now: cancel it on the card machine. Waiting for its result.',
    },
  ]);
  const done = await endsWith(sale.id, 'SUCCESSFUL');
  assert.equal(done.result, 'SUCCESSFUL');
});

test('a cancel that fails for any other reason is an error for the caller, not a refusal', async () => {
  const sale = await runningSale('c3');
  const unreachable = new TillError('unreachable', 'The card service cannot be reached.');
  fake.cancelAnswer = unreachable;
  await assert.rejects(service.cancel(sale.id), unreachable);
  const broken = new Error('socket hang up');
  fake.cancelAnswer = broken;
  await assert.rejects(service.cancel(sale.id), broken);
  assert.deepEqual(refusals(), []);
  assert.equal(fake.readsOf('cancelTransaction'), 2);
  // The sale is not given up: it is read on to its result.
  const done = await endsWith(sale.id, 'SUCCESSFUL');
  assert.equal(done.result, 'SUCCESSFUL');
});
