// The sandbox card machine's report totals, over real HTTP: a known mix of approved, declined and
// cancelled sales, refunds, cashback and a tip adds up to exactly what its X, Z, banking and end of
// day reports say; Z moves `totals_since`; and the training switch records a sale the till never
// started, counted like any other.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CONTROL_PATH, type PayAtCounterSandbox } from '../../../electron/sandbox/pay-at-counter/server';
import type {
  CardReport,
  PayAtCounterClient,
} from '../../../electron/services/payments/pay-at-counter-client';
import { ManualClock } from '../../support/manual-clock';
import { EUR_TERMINAL, GBP_TERMINAL, readUntil, sandboxWithClient } from '../payments/support';

const clock = new ManualClock(Date.parse('2025-03-01T09:00:00Z'));
let sandbox: PayAtCounterSandbox;
let client: PayAtCounterClient;

before(async () => {
  ({ sandbox, client } = await sandboxWithClient({ speed: 50, clock }));
});
after(() => sandbox.close());

async function run(type: 'SALE' | 'REFUND', amount: number, cancel = false) {
  const { transactionId } = await client.startTransaction(GBP_TERMINAL, {
    transactionType: type,
    amount,
    currency: 'GBP',
  });
  if (cancel) await client.cancelTransaction(GBP_TERMINAL, transactionId);
  return readUntil(client, GBP_TERMINAL, transactionId, undefined, { clock });
}

async function report(
  type: 'X_BAL' | 'Z_BAL' | 'BANKING' | 'END_OF_DAY',
  terminalId = GBP_TERMINAL,
): Promise<CardReport> {
  const { reportId } = await client.startReport(terminalId, type);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const r = await client.getReport(terminalId, reportId);
    if (r.finished) return r;
    if (Date.now() > deadline) throw new Error(`report ${type} did not finish within 10 s`);
    await clock.advanceToNextTimer();
  }
}

async function control(body: unknown): Promise<number> {
  const answer = await fetch(`${sandbox.baseUrl}${CONTROL_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await answer.arrayBuffer();
  return answer.status;
}

/** Filled by the first test: what the mix really took, in pence. */
const mix = { sales: 0, salesCount: 0, refunds: 0, cashback: 0, gratuity: 0, numbers: [] as string[] };

test('X report totals are the sums of the approved transactions only, by type, issuer and extra', async () => {
  const chip = await run('SALE', 1000); // approved
  const cashback = await run('SALE', 2005); // approved, + £10.00 cashback entered on the machine
  const tip = await run('SALE', 3006); // approved, + 10% tip
  const declined = await run('SALE', 502); // declined by the bank: not counted
  const cardDeclined = await run('SALE', 803); // declined by the card: not counted
  const cancelled = await run('SALE', 1207, true); // cancelled before the bank step: not counted
  const refund = await run('REFUND', 300); // approved refund
  const contactless = await run('SALE', 401); // approved, another issuer

  assert.equal(declined.result, 'TRANSACTION_UNSUCCESSFUL');
  assert.equal(cardDeclined.result, 'TRANSACTION_UNSUCCESSFUL');
  assert.equal(cancelled.result, 'CANCELLED');
  assert.equal(cashback.amountTotal, 2005 + 1000);
  assert.equal(tip.amountGratuity, 300, 'a 10% tip, rounded down to the penny');
  const approvedSales = [chip, cashback, tip, contactless];
  mix.sales = 1000 + 3005 + 3306 + 401;
  mix.salesCount = 4;
  mix.refunds = 300;
  mix.cashback = 1000;
  mix.gratuity = 300;
  mix.numbers = [chip, cashback, tip, declined, cardDeclined, cancelled, refund, contactless].map(
    (t) => t.transactionNumber!,
  );
  assert.equal(
    approvedSales.reduce((sum, t) => sum + t.amountTotal!, 0),
    mix.sales,
  );

  const x = await report('X_BAL');
  const b = x.balances!;
  assert.equal(b.currency, 'GBP');
  assert.equal(b.salesCount, mix.salesCount);
  assert.equal(b.salesAmount, mix.sales);
  assert.equal(b.refundsCount, 1);
  assert.equal(b.refundsAmount, mix.refunds);
  assert.equal(b.totalAmount, mix.sales - mix.refunds);
  assert.equal(b.cashbackCount, 1);
  assert.equal(b.cashbackAmount, mix.cashback);
  assert.equal(b.gratuityCount, 1);
  assert.equal(b.gratuityAmount, mix.gratuity);
  const issuers = b.issuerTotals;
  const contactlessIssuer = contactless.issuerName!;
  assert.notEqual(contactlessIssuer, chip.issuerName, 'the mix has two issuers');
  assert.equal(issuers[contactlessIssuer]?.salesAmount, 401);
  assert.equal(issuers[chip.issuerName!]?.salesAmount, mix.sales - 401);
  assert.equal(b.totalsSince, '2025-03-01T09:00:00.000Z', 'counting since the machine started');
  assert.equal(x.banking, null, 'an X report has no banking blocks');
  assert.equal((await report('X_BAL')).balances!.salesAmount, mix.sales, 'an X report resets nothing');
  assert.equal((await report('X_BAL', EUR_TERMINAL)).balances!.salesCount, 0, 'each terminal counts its own');
});

test('Z resets the balances and moves totals_since; banking still holds the session', async () => {
  const z = await report('Z_BAL');
  assert.equal(z.balances!.salesAmount, mix.sales, 'the Z report shows what it closes');
  assert.equal(z.banking, null);
  const afterZ = await report('X_BAL');
  assert.equal(afterZ.balances!.salesCount, 0);
  assert.equal(afterZ.balances!.salesAmount, 0);
  assert.equal(afterZ.balances!.cashbackAmount, 0);
  assert.ok(
    Date.parse(afterZ.balances!.totalsSince!) > Date.parse(z.balances!.totalsSince!),
    'totals_since moved',
  );

  const banking = await report('BANKING');
  assert.equal(banking.balances, null, 'banking gives no balances');
  const block = Object.values(banking.banking!)[0]!;
  assert.equal(block.currency, 'GBP');
  assert.equal(block.currentTotals!.salesAmount, mix.sales, 'a Z report does not close the banking session');
  assert.equal(block.currentTotals!.refundsAmount, mix.refunds);
  assert.equal(block.currentTotals!.totalAmount, mix.sales - mix.refunds);
  // The range runs from the first to the last counted transaction (declined ones fall inside).
  assert.deepEqual(block.currentTransactionNumbers, [mix.numbers[0], mix.numbers.at(-1)]);
  assert.deepEqual(block.previousTransactionNumbers, []);
  assert.equal(block.previousTotals!.salesCount, 0);
});

test('banking closes its session: the next one starts empty and shows this one as previous', async () => {
  const sale = await run('SALE', 700);
  const eod = await report('END_OF_DAY');
  const block = Object.values(eod.banking!)[0]!;
  assert.equal(block.currentTotals!.salesAmount, 700);
  assert.deepEqual(block.currentTransactionNumbers, [sale.transactionNumber, sale.transactionNumber]);
  assert.equal(block.previousTotals!.salesAmount, mix.sales);
  assert.deepEqual(block.previousTransactionNumbers, [mix.numbers[0], mix.numbers.at(-1)]);
  assert.equal(eod.balances!.salesAmount, 700, 'end of day carries the balances too');
  const after = await report('X_BAL');
  assert.equal(after.balances!.salesCount, 0, 'end of day resets the balances');
  assert.equal(Object.values((await report('BANKING')).banking!)[0]!.currentTotals!.salesCount, 0);
});

test('the training switch records an approved sale the till never started, counted and numbered', async () => {
  const before = await report('X_BAL');
  assert.equal(await control({ recordUnjournaledSale: { terminalId: GBP_TERMINAL, amount: 1234 } }), 200);
  sandbox.control({ recordUnjournaledSale: { terminalId: GBP_TERMINAL, amount: 566 } });
  const x = await report('X_BAL');
  assert.equal(x.balances!.salesCount, before.balances!.salesCount + 2);
  assert.equal(x.balances!.salesAmount, before.balances!.salesAmount + 1234 + 566);
  const banking = Object.values((await report('BANKING')).banking!)[0]!;
  assert.equal(banking.currentTotals!.salesAmount, 1234 + 566);
  assert.equal(banking.currentTransactionNumbers.length, 2);

  // Refused, recording nothing: an unknown terminal, a bad amount, a busy machine.
  assert.equal(await control({ recordUnjournaledSale: { terminalId: '99999999', amount: 100 } }), 404);
  assert.equal(await control({ recordUnjournaledSale: { terminalId: GBP_TERMINAL, amount: 0 } }), 400);
  assert.equal(await control({ recordUnjournaledSale: { terminalId: GBP_TERMINAL, amount: 12.5 } }), 400);
  const { reportId } = await client.startReport(GBP_TERMINAL, 'X_BAL');
  assert.equal(await control({ recordUnjournaledSale: { terminalId: GBP_TERMINAL, amount: 100 } }), 422);
  while (!(await client.getReport(GBP_TERMINAL, reportId)).finished) await clock.advanceToNextTimer();
  assert.equal(
    (await report('X_BAL')).balances!.salesAmount,
    x.balances!.salesAmount,
    'nothing more was counted',
  );
});
