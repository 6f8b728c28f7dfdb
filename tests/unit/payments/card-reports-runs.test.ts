// Card machine reports through the payment service, on a card service in memory and a manual
// clock: a report is read until finished at the card service's pace, backs off on failed reads,
// ends when reads keep failing for five minutes, holds its machine (and only its machine) while it
// runs, and ends at once when the service closes.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { afterEach, beforeEach, test } from 'node:test';
import { createPaymentService } from '../../../electron/services/payments/payment-service';
import type { PaymentService } from '../../../electron/services/payments/transaction-runner';
import type { Db } from '../../../electron/services/storage/database';
import { reportUnreadableError } from '../../../electron/services/payments/pay-at-counter-errors';
import { TillError } from '../../../shared/contract/errors';
import { FakeCardService, reportRecord, settleOnClock, WaitNotingClock } from './fake-card-service';
import { EUR_TERMINAL, GBP_TERMINAL, gbpSale, openPaymentsDatabase, tempDir, within } from './support';

let temp: ReturnType<typeof tempDir>;
let db: Db;
let clock: WaitNotingClock;
let fake: FakeCardService;
let service: PaymentService;

beforeEach(() => {
  temp = tempDir();
  db = openPaymentsDatabase(join(temp.dir, 'till.db'));
  clock = new WaitNotingClock(Date.parse('2026-03-02T09:00:00Z'));
  fake = new FakeCardService();
  service = createPaymentService({ client: fake.api, db, clock });
});

afterEach(async () => {
  // A planted fault may keep close() waiting; the test has failed by then, so do not hang here.
  await within(service.close(), 'the payment service to close', 2_000).catch(() => undefined);
  db.close();
  temp.cleanup();
});

/** `work` rejects with a TillError of `code` and exactly `message`. */
async function refusedWith(work: Promise<unknown>, code: string, message: string): Promise<void> {
  await assert.rejects(work, (error: unknown) => {
    assert.ok(error instanceof TillError, String(error));
    assert.equal(error.code, code);
    assert.equal(error.message, message);
    return true;
  });
}

const unfinished = reportRecord('any', false);
const finishedWith = (salesAmount: number) => reportRecord('any', true, salesAmount);
const failedRead = () => new TillError('service_error', 'The card service answered 500.');

test('a report is read until the card machine finishes it, at most every 250 ms, and the finished report is returned', async () => {
  fake.reportAnswers = [unfinished, unfinished, finishedWith(4200)];
  const report = await settleOnClock(clock, service.runReport(GBP_TERMINAL, 'X_BAL'));
  assert.equal(report.id, 'R1');
  assert.equal(report.result, 'COMPLETE');
  assert.equal(report.balances?.salesAmount, 4200);
  assert.equal(fake.readsOf('getReport'), 3);
  // 120 ms before the first read, then 250 ms between the starts of reads.
  assert.deepEqual(clock.waits, [120, 250, 250]);
  assert.deepEqual(fake.requests.slice(0, 2), [
    `startReport ${GBP_TERMINAL}`,
    `getReport ${GBP_TERMINAL} R1`,
  ]);
});

test('failed reads wait 0.5 s, 1 s, 2 s; a good read starts the count again', async () => {
  fake.reportAnswers = [failedRead(), failedRead(), failedRead(), unfinished, failedRead(), finishedWith(0)];
  const report = await settleOnClock(clock, service.runReport(GBP_TERMINAL, 'Z_BAL'));
  assert.equal(report.result, 'COMPLETE');
  assert.equal(fake.readsOf('getReport'), 6);
  assert.deepEqual(clock.waits, [120, 500, 1000, 2000, 250, 500]);
});

test('a report whose reads keep failing for five minutes ends, saying so, and frees its machine', async () => {
  fake.reportAnswers = [failedRead()];
  const startedAt = clock.now();
  await refusedWith(
    settleOnClock(clock, service.runReport(GBP_TERMINAL, 'Z_BAL')),
    'service_error',
    reportUnreadableError(null).message,
  );
  // Reads at 120, 620, 1,620, 3,620, 7,620 ms, then every 5 s: the one 300 s after the first ends it.
  assert.equal(clock.now() - startedAt, 302_620);
  assert.equal(fake.readsOf('getReport'), 64);
  const sale = await service.startSale(gbpSale('after'));
  assert.equal(sale.state, 'started', 'the machine is free again');
});

test('a good read between failed ones starts the five minutes again', async () => {
  const failing = (n: number) => Array.from({ length: n }, failedRead);
  // About 3.9 minutes of failed reads, one good read, then as long again.
  fake.reportAnswers = [...failing(50), unfinished, ...failing(50), finishedWith(0)];
  const report = await settleOnClock(clock, service.runReport(GBP_TERMINAL, 'X_BAL'));
  assert.equal(report.result, 'COMPLETE');
});

test('no report starts on a card machine where a sale is running; the other machine still runs one', async () => {
  const sale = await service.startSale(gbpSale('s1'));
  assert.equal(sale.state, 'started');
  await refusedWith(
    service.runReport(GBP_TERMINAL, 'X_BAL'),
    'terminal_busy',
    'A card payment is running on this card machine.',
  );
  assert.equal(fake.readsOf('startReport'), 0);
  fake.reportAnswers = [finishedWith(0)];
  const other = await settleOnClock(clock, service.runReport(EUR_TERMINAL, 'X_BAL'));
  assert.equal(other.result, 'COMPLETE');
  assert.deepEqual(
    fake.requests.filter((r) => r.startsWith('startReport')),
    [`startReport ${EUR_TERMINAL}`],
  );
});

test('while a report runs no sale starts on its machine; once it has finished, a sale starts there', async () => {
  fake.reportAnswers = [unfinished, finishedWith(0)];
  const running = service.runReport(GBP_TERMINAL, 'BANKING');
  await refusedWith(
    service.startSale(gbpSale('during')),
    'terminal_busy',
    'A card payment is already running on this card machine.',
  );
  assert.equal(fake.readsOf('startTransaction'), 0);
  assert.equal((await settleOnClock(clock, running)).result, 'COMPLETE');
  const after = await service.startSale(gbpSale('after'));
  assert.equal(after.state, 'started');
  assert.equal(fake.readsOf('startTransaction'), 1);
});

test('a report whose start the card service refuses leaves its machine free for the next one', async () => {
  const refusal = new TillError('not_found', 'No such card machine.');
  const startReport = fake.api.startReport;
  fake.api.startReport = async () => {
    throw refusal;
  };
  await assert.rejects(service.runReport(GBP_TERMINAL, 'END_OF_DAY'), refusal);
  fake.api.startReport = startReport;
  fake.reportAnswers = [finishedWith(0)];
  assert.equal(
    (await settleOnClock(clock, service.runReport(GBP_TERMINAL, 'END_OF_DAY'))).result,
    'COMPLETE',
  );
});

test('a report asked for while the service shuts down is refused without a request', async () => {
  await service.close();
  await refusedWith(
    service.runReport(GBP_TERMINAL, 'X_BAL'),
    'conflict',
    'The payment service is shutting down.',
  );
  assert.deepEqual(fake.requests, []);
});

test('closing the service ends a running report at once, saying so, and reads no more', async () => {
  fake.reportAnswers = [unfinished];
  const running = service.runReport(GBP_TERMINAL, 'X_BAL');
  running.catch(() => undefined);
  for (let i = 0; i < 3; i++) await clock.advanceToNextTimer();
  const readsBefore = fake.readsOf('getReport');
  assert.ok(readsBefore >= 2, `read ${readsBefore} times before closing`);
  await within(service.close(), 'close() while a report runs', 2_000);
  await refusedWith(running, 'conflict', 'The payment service closed before the report finished.');
  await clock.advance(10_000);
  assert.equal(fake.readsOf('getReport'), readsBefore);
});

test('closing the service ends the reports running on every card machine', async () => {
  fake.reportAnswers = [unfinished];
  const gbp = service.runReport(GBP_TERMINAL, 'X_BAL');
  const eur = service.runReport(EUR_TERMINAL, 'X_BAL');
  gbp.catch(() => undefined);
  eur.catch(() => undefined);
  for (let i = 0; i < 4; i++) await clock.advanceToNextTimer();
  assert.ok(fake.readsOf(`getReport ${GBP_TERMINAL}`) >= 1 && fake.readsOf(`getReport ${EUR_TERMINAL}`) >= 1);
  await within(service.close(), 'close() while two reports run', 2_000);
  const closed = 'The payment service closed before the report finished.';
  await refusedWith(gbp, 'conflict', closed);
  await refusedWith(eur, 'conflict', closed);
});
