// Settings changes that would be unsafe are refused before anything is saved.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { basketEndingIn, startTestTill, type TestTill } from '../../support/till';

let t: TestTill;
before(async () => {
  t = await startTestTill();
});
after(() => t.close());

test('no service goes live until a manager PIN is set', async () => {
  const refused = await t.failure('settings.update', {
    patch: { payAtCounter: { mode: 'live', liveBaseUrl: 'https://cards.example.com' } },
  });
  assert.equal(refused.code, 'not_allowed');
  assert.equal((await t.call('settings.get', {})).settings.payAtCounter.mode, 'sandbox');
});

test('a device printer must be a printer device node, not any file', async () => {
  for (const devicePath of ['/home/shop/.bashrc', '/dev/usb/lp0/../../etc/passwd', 'lp0']) {
    const refused = await t.failure('settings.update', {
      patch: {
        printers: [
          { id: 'preview', transport: 'preview' },
          { id: 'p', transport: 'device', devicePath },
        ],
      },
    });
    assert.equal(refused.code, 'invalid_input', devicePath);
  }
  const ok = await t.call('settings.update', {
    patch: {
      printers: [
        { id: 'preview', transport: 'preview' },
        { id: 'p', transport: 'device', devicePath: '/dev/usb/lp0' },
      ],
    },
  });
  assert.equal(ok.settings.printers[1]!.devicePath, '/dev/usb/lp0');
});

test('with a PIN set, settings need the manager and the card service cannot change under a running payment', async () => {
  // Setting the first PIN creates the manager "Manager", signed in; once they sign out
  // (manager.lock), settings need their PIN again.
  await t.call('manager.setPin', { newPin: '4826' });
  await t.call('manager.lock', {});
  assert.equal((await t.failure('settings.update', { patch: { kioskMode: true } })).code, 'not_allowed');
  assert.equal((await t.call('manager.unlock', { pin: '4826' })).ok, true);
  const { people } = await t.call('staff.session', {});
  assert.deepEqual(
    people.map((p) => [p.name, p.role]),
    [['Manager', 'manager']],
  );
  assert.equal((await t.call('staff.signIn', { staffId: people[0]!.id, pin: '4826' })).ok, true);
  const { products } = await t.call('catalogue.get', {});
  const sale = await t.call('sales.open', { lines: basketEndingIn(products, 7) }); // slow card
  const card = await t.call('sales.payCard', {
    saleId: sale.saleId,
    terminalId: '22900001',
    amount: sale.total,
  });
  const refused = await t.failure('settings.update', { patch: { payAtCounter: { mode: 'sandbox' } } });
  assert.equal(refused.code, 'conflict');
  await t.call('payments.cancel', { paymentId: card.paymentId });
  await t.waitForEvent('payments.updated', (p) => p.paymentId === card.paymentId && p.state === 'finished');
  assert.equal(
    (await t.call('settings.update', { patch: { payAtCounter: { mode: 'sandbox' } } })).settings.payAtCounter
      .mode,
    'sandbox',
  );
});
