// Which of the till's card payments belong to a banking session. Banking gives no start time, only
// the transaction numbers of the session it closes and of the one before; a payment the card
// machine never gave a number for (decided paid by a manager) belongs to the session by when it
// was taken: after the till's last banking check of that card machine, up to this one.
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import {
  bankingBlock,
  bankingOfAcquirers,
  bankingReport,
  harness,
  HOUR,
  journal,
  MINUTE,
  TERMINAL,
  totals,
  xReport,
  type Harness,
} from './support';

let h: Harness;
afterEach(() => h.close());

const bank = () => h.service.check(TERMINAL, 'BANKING');
const kinds = (view: Awaited<ReturnType<typeof bank>>) =>
  view.differences.map((d) => [d.kind, d.amount, d.receiptNumber, d.transactionNumbers]);

test('a card payment decided paid by hand is counted in the banking session it was taken in, once', async () => {
  h = harness();
  const firstCheck = h.clock.now();
  // First session: one the card machine never answered (decided paid; it was its number 0001),
  // then an ordinary one, 0002.
  journal(h, { id: 'p1', amount: 800, at: firstCheck - 2 * HOUR, decided: 'paid', hasId: false });
  journal(h, { id: 'p2', amount: 1000, at: firstCheck - HOUR, number: '0002' });
  h.reports.push(bankingReport(totals(2, 1800), ['0001', '0002']));
  const first = await bank();
  assert.deepEqual(first.till, totals(2, 1800), 'the first session counts the decided payment');
  assert.deepEqual(kinds(first), []);

  // Second session: an ordinary 0003, and one decided paid (its number 0004 never reached the till).
  journal(h, { id: 'p3', amount: 2000, at: firstCheck + HOUR / 2, number: '0003' });
  journal(h, { id: 'p4', amount: 1500, at: firstCheck + HOUR, decided: 'paid', hasId: false });
  await h.clock.advance(2 * HOUR);
  h.reports.push(bankingReport(totals(2, 3500), ['0003', '0004'], ['0001', '0002'], totals(2, 1800)));
  const second = await bank();
  assert.deepEqual(second.till, totals(2, 3500), 'p4 counts here; p1 and p2 stay in the first session');
  assert.deepEqual(kinds(second), []);
  assert.equal(second.transactionsChecked, 1, 'only p3 could be read back');
});

test('a decided payment taken before the last banking check is not counted again, one taken after is', async () => {
  h = harness();
  const firstCheck = h.clock.now();
  h.reports.push(bankingReport(totals(0, 0), []));
  assert.deepEqual((await bank()).till, totals(0, 0));

  journal(h, { id: 'before', amount: 300, at: firstCheck - 1, decided: 'paid', hasId: false });
  journal(h, { id: 'after', amount: 400, at: firstCheck + 1, decided: 'paid', hasId: false });
  journal(h, { id: 'refused', amount: 900, at: firstCheck + 2, decided: 'not_paid', hasId: false });
  await h.clock.advance(HOUR);
  // Started after this check read the time: the next session's.
  journal(h, { id: 'next', amount: 5000, at: h.clock.now() + 1, decided: 'paid', hasId: false });
  h.reports.push(bankingReport(totals(1, 400), ['0007', '0007'], ['0006', '0006'], totals(1, 300)));
  const view = await bank();
  assert.deepEqual(view.till, totals(1, 400));
  assert.deepEqual(kinds(view), []);
});

test('the decided payment missing from the card machine shows as the till’s, with its sale', async () => {
  h = harness();
  journal(h, { id: 'p1', amount: 1200, at: h.clock.now() - HOUR, number: '0001' });
  journal(h, { id: 'p2', amount: 650, at: h.clock.now() - HOUR / 2, decided: 'paid', hasId: false });
  h.reports.push(bankingReport(totals(1, 1200), ['0001', '0001'], ['0000', '0000'], totals(1, 10)));
  const view = await bank();
  assert.deepEqual(view.till, totals(2, 1850));
  assert.deepEqual(kinds(view), [['till_only', -650, null, []]]);
  assert.match(view.differences[0]!.title, /^1 sale of £6\.50 in the till is not on the card machine$/);
});

test('a card machine that never banked: its declines before the first counted sale are compared too', async () => {
  h = harness();
  const at = h.clock.now() - HOUR;
  // 0001 declined on both sides; 0002 approved in the till, but the card machine voided it.
  journal(h, { id: 'p1', amount: 500, at, number: '0001', result: 'TRANSACTION_UNSUCCESSFUL' });
  journal(h, { id: 'p2', amount: 900, at: at + 1, number: '0002' }, { result: 'VOID' });
  journal(h, { id: 'p3', amount: 1000, at: at + 2, number: '0003' });
  // Banking lists only counted transactions: the session's numbers start at 0003.
  h.reports.push(bankingReport(totals(1, 1000), ['0003', '0003']));
  const view = await bank();
  assert.equal(view.transactionsChecked, 3, 'every payment of the first session is read back');
  assert.deepEqual(view.till, totals(2, 1900));
  assert.deepEqual(kinds(view), [['till_only', -900, 'R-sale-p2', ['0002']]]);
  assert.match(
    view.differences[0]!.title,
    /card payment of £9\.00 \(sale R-sale-p2\) that the card machine did not count/,
  );
});

test('after a banking session, the payments numbered up to its last number stay out', async () => {
  h = harness();
  const at = h.clock.now() - HOUR;
  journal(h, { id: 'p1', amount: 100, at, number: '0041' });
  journal(h, { id: 'p2', amount: 200, at: at + 1, number: '0042' });
  journal(h, { id: 'p3', amount: 400, at: at + 2, number: '0043' });
  journal(h, { id: 'p4', amount: 800, at: at + 3, number: '0045' });
  // The card machine banked 0041 to 0042 without this till (its own end of day).
  h.reports.push(bankingReport(totals(4, 1200 + 1600), ['0043', '0046'], ['0041', '0042'], totals(2, 300)));
  const view = await bank();
  assert.deepEqual(view.till, totals(2, 1200));
  assert.equal(view.transactionsChecked, 2);
  assert.deepEqual(kinds(view), [['terminal_only', 1600, null, ['0044', '0046']]]);
  assert.match(view.differences[0]!.title, /^2 sales of £16\.00 on the card machine are not in the till$/);
});

test('a session of declines only gives no numbers: the next session still starts after the till’s check', async () => {
  h = harness();
  journal(h, {
    id: 'p1',
    amount: 500,
    at: h.clock.now() - HOUR,
    number: '0001',
    result: 'TRANSACTION_UNSUCCESSFUL',
  });
  h.reports.push(bankingReport(totals(0, 0), []));
  assert.equal((await bank()).transactionsChecked, 1);

  journal(h, { id: 'p2', amount: 700, at: h.clock.now() + HOUR / 2, number: '0002' });
  await h.clock.advance(HOUR);
  h.reports.push(bankingReport(totals(1, 700), ['0002', '0002']));
  const view = await bank();
  assert.equal(view.transactionsChecked, 1, 'the decline of the first session is not read again');
  assert.deepEqual(view.till, totals(1, 700));
  assert.deepEqual(kinds(view), []);
});

test('the session starts at the last banking check, not an X check or an older banking one', async () => {
  h = harness();
  const start = h.clock.now();
  h.reports.push(bankingReport(totals(0, 0), []));
  await bank();
  journal(h, { id: 'a', amount: 300, at: start + 30 * MINUTE, decided: 'paid', hasId: false });
  await h.clock.advance(HOUR);
  h.reports.push(bankingReport(totals(1, 300), ['0001', '0001']));
  assert.deepEqual((await bank()).till, totals(1, 300));

  journal(h, { id: 'b', amount: 400, at: h.clock.now() + 15 * MINUTE, decided: 'paid', hasId: false });
  await h.clock.advance(30 * MINUTE);
  h.reports.push(xReport(totals(1, 400), new Date(start + HOUR).toISOString()));
  await h.service.check(TERMINAL, 'X_BAL');
  await h.clock.advance(30 * MINUTE);
  h.reports.push(bankingReport(totals(1, 400), ['0002', '0002'], ['0001', '0001'], totals(1, 300)));
  const view = await bank();
  assert.deepEqual(view.till, totals(1, 400), 'b only: a was banked, the X check closed nothing');
  assert.deepEqual(kinds(view), []);
  const week = new Date(h.clock.now() - 7 * 24 * HOUR).toISOString();
  assert.equal(h.asked.journalSince.at(-1), week, 'banking gives no start: the journal of the last week');
  assert.equal(h.asked.manualSince.at(-1), week);
});

test('a banking report that failed or gave no totals is refused in staff words, and nothing is kept', async () => {
  h = harness();
  h.reports.push({ ...bankingReport(totals(1, 100), ['0001', '0001']), result: 'FAILED' });
  h.reports.push(bankingOfAcquirers({}));
  for (let i = 0; i < 2; i++)
    await assert.rejects(bank(), {
      code: 'service_error',
      message: 'The card machine could not give its totals. Try the check again in a minute.',
    });
  assert.deepEqual(h.service.history(10), []);
});

test('acquirers list their numbers in any order: the session runs from the lowest to the highest', async () => {
  h = harness();
  const at = h.clock.now() - HOUR;
  journal(h, { id: 'p9', amount: 900, at, number: '9' });
  journal(h, { id: 'p11', amount: 1100, at: at + 1, number: '11' });
  h.reports.push(
    bankingOfAcquirers({
      VISA: bankingBlock(totals(2, 1100 + 1200), ['12', '11']),
      MASTERCARD: bankingBlock(totals(2, 900 + 1000), ['10', '9']),
    }),
  );
  assert.deepEqual(kinds(await bank()), [['terminal_only', 2200, null, ['10', '12']]]);
});

test('the previous session ends at its highest number, however the card machine lists them', async () => {
  h = harness();
  journal(h, { id: 'p3', amount: 300, at: h.clock.now() - 2 * HOUR, number: '0003' });
  journal(h, { id: 'p4', amount: 400, at: h.clock.now() - HOUR, number: '0004' });
  h.reports.push(bankingReport(totals(1, 400), ['0004'], ['0001', '0003', '0002'], totals(3, 600)));
  const view = await bank();
  assert.deepEqual(view.till, totals(1, 400), '0003 was banked in the session before');
  assert.deepEqual(kinds(view), []);
});

test('a decided payment taken the moment of the last banking check is that session’s; one taken now is this one’s', async () => {
  h = harness();
  const firstCheck = h.clock.now();
  h.reports.push(bankingReport(totals(0, 0), []));
  await bank();
  journal(h, { id: 'at-check', amount: 300, at: firstCheck, decided: 'paid', hasId: false });
  await h.clock.advance(HOUR);
  journal(h, { id: 'now', amount: 400, at: h.clock.now(), decided: 'paid', hasId: false });
  h.reports.push(bankingReport(totals(1, 400), ['0002'], ['0001'], totals(1, 300)));
  const view = await bank();
  assert.deepEqual(view.till, totals(1, 400));
  assert.deepEqual(kinds(view), []);
});

test('a note on a banking difference explains it in that session only: the next banking check is a new one', async () => {
  h = harness();
  h.reports.push(bankingReport(totals(1, 500), ['0001']));
  const first = await bank();
  h.service.resolve(first.id, first.differences[0]!.id, 'Keyed on the card machine at the market');
  await h.clock.advance(HOUR);
  h.reports.push(bankingReport(totals(1, 500), ['0002'], ['0001'], totals(1, 500)));
  assert.deepEqual(kinds(await bank()), [['terminal_only', 500, null, ['0002']]]);
});
