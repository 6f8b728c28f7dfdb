// Card machines as staff know them: the name the shop gives each (kept in the settings, used by
// every list of them), and a machine the card service calls offline named in the top bar's
// status and on the Terminals list while the service itself is online.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { PaymentView, Product } from '../../../shared/contract';
import { basketEndingIn, type TestTill } from '../../support/till';
import { startStaffedTill } from '../../support/staffed-till';

const GBP_TERMINAL = '22900001';
const EUR_TERMINAL = '22900002';

let t: TestTill;
let products: Product[];

before(async () => {
  ({ t, products } = await startStaffedTill());
});
after(() => t.close());

const cardService = async () =>
  (await t.call('status.get', {})).connections.find((c) => c.service === 'payAtCounter')!;
const listed = async (terminalId: string) =>
  (await t.call('terminals.list', {})).find((terminal) => terminal.terminalId === terminalId)!;

test('an unnamed card machine is called by its last digits; a name the shop gives is used from then on', async () => {
  assert.deepEqual(
    [(await listed(GBP_TERMINAL)).name, (await listed(GBP_TERMINAL)).named],
    ['Card machine ending 0001', false],
    'unnamed: the screens word it in their own language',
  );
  await t.call('settings.update', {
    patch: { payAtCounter: { terminalNames: { [GBP_TERMINAL]: '  Till 1 ' } } },
  });
  assert.deepEqual([(await listed(GBP_TERMINAL)).name, (await listed(GBP_TERMINAL)).named], ['Till 1', true]);
  assert.equal((await t.call('terminals.get', { terminalId: GBP_TERMINAL })).name, 'Till 1');
  assert.equal((await listed(EUR_TERMINAL)).name, 'Card machine ending 0002', 'the other keeps its own');
  assert.equal((await listed(EUR_TERMINAL)).named, false);
  assert.equal(
    (await t.call('settings.get', {})).settings.payAtCounter.terminalNames[GBP_TERMINAL],
    'Till 1',
  );
});

test('a blank or over-long name is refused with words, and the old name stays', async () => {
  for (const name of ['   ', 'x'.repeat(41)]) {
    const refused = await t.failure('settings.update', {
      patch: { payAtCounter: { terminalNames: { [GBP_TERMINAL]: name } } },
    });
    assert.equal(refused.code, 'invalid_input');
  }
  assert.equal((await listed(GBP_TERMINAL)).name, 'Till 1');
});

function settled(paymentId: string): Promise<PaymentView> {
  return t.waitForEvent(
    'payments.updated',
    (p) => p.paymentId === paymentId && ['finished', 'unknown', 'failed_to_start'].includes(p.state),
  );
}

test('a card machine the service calls offline shows as offline until it answers again', async () => {
  assert.deepEqual((await cardService()).offlineTerminals ?? [], []);
  // The sandbox plays "terminal offline" (404 to the start) for amounts ending in 09.
  const offlineSale = await t.call('sales.open', { lines: basketEndingIn(products, 9) });
  const refused = await t.failure('sales.payCard', {
    saleId: offlineSale.saleId,
    terminalId: GBP_TERMINAL,
    amount: offlineSale.total,
  });
  assert.equal(refused.code, 'not_found');
  const service = await cardService();
  assert.equal(service.state, 'online', 'the card service itself answered');
  assert.deepEqual(service.offlineTerminals, [GBP_TERMINAL]);
  assert.equal((await listed(GBP_TERMINAL)).status, 'OFFLINE', 'the Terminals list agrees with the top bar');
  assert.equal((await listed(EUR_TERMINAL)).status, 'AVAILABLE');
  assert.equal((await t.call('sales.get', { saleId: offlineSale.saleId })).paid, 0, 'nothing was taken');
  await t.call('sales.abandon', { saleId: offlineSale.saleId });

  const sale = await t.call('sales.open', { lines: basketEndingIn(products, 20) });
  const card = await t.call('sales.payCard', {
    saleId: sale.saleId,
    terminalId: GBP_TERMINAL,
    amount: sale.total,
  });
  assert.equal((await settled(card.paymentId)).successful, true);
  assert.equal((await t.call('sales.get', { saleId: sale.saleId })).paid, sale.total);
  assert.deepEqual((await cardService()).offlineTerminals, []);
  assert.equal((await listed(GBP_TERMINAL)).status, 'AVAILABLE');
});
