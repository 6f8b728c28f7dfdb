// Which stand-ins the composition root starts: in sandbox mode (the default) the sandbox
// services start once, at start, and are shared by every area and closed with the till; a live
// till starts none, not even when its services are asked for; a till whose card service is live
// but whose supplier is still on sandbox starts them only when the supplier is first needed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lazyStandIns, type StandIns } from '../../../electron/services/app/stand-ins';
import { ALL_LIVE, DEAD_ADDRESS, startAppTill } from './support';

test('a sandbox till starts the stand-ins once, at start, says so, and closes them with itself', async () => {
  const t = await startAppTill();
  try {
    assert.equal(t.standIns.starts, 1, 'started before the first call');
    assert.deepEqual(await t.call('app.info', {}), {
      version: 'test-version',
      host: 'browser',
      sandbox: true,
      kiosk: false,
    });
    assert.deepEqual(t.till.info, { version: 'test-version', host: 'browser', sandbox: true, kiosk: false });
    // Every area reaches the same stand-ins: the card service, the supplier, the merchant tools.
    const terminals = await t.call('terminals.list', {});
    assert.deepEqual(terminals.map((x) => x.terminalId).sort(), ['22900001', '22900002']);
    assert.ok((await t.call('supplies.products', {})).products.length > 0);
    assert.equal((await t.call('merchant.status', {})).mode, 'sandbox');
    assert.equal(await t.till.sandbox(), await t.till.sandbox(), 'the same stand-ins each time');
    assert.equal(t.standIns.starts, 1);
    assert.equal(t.standIns.closes, 0);
    // Switched to live while running: the till says so from then on (the start-up info stays).
    t.till.settings.update({ payAtCounter: { mode: 'live', liveBaseUrl: DEAD_ADDRESS } });
    assert.equal((await t.call('app.info', {})).sandbox, false);
    assert.equal(t.till.info.sandbox, true);
  } finally {
    await t.close();
  }
  assert.equal(t.standIns.closes, 1);
});

test('a live till starts no stand-ins, not at start, not when its services are used, not at close', async () => {
  const t = await startAppTill({ settings: ALL_LIVE, kiosk: true, host: 'electron' });
  try {
    assert.deepEqual(await t.call('app.info', {}), {
      version: 'test-version',
      host: 'electron',
      sandbox: false,
      kiosk: true,
    });
    assert.equal(t.till.info.sandbox, false);
    await t.call('status.get', {});
    assert.notEqual((await t.dispatch('terminals.list')).ok, true, 'nothing answers at the live address');
    assert.notEqual((await t.dispatch('supplies.products')).ok, true);
    assert.equal((await t.call('merchant.status', {})).mode, 'live');
    assert.deepEqual((await t.call('catalogue.get', {})).products, [], 'no demo products');
    assert.equal(t.standIns.starts, 0);
  } finally {
    await t.close();
  }
  assert.deepEqual(t.standIns, { starts: 0, closes: 0 });
});

test('a live card service with the supplier on sandbox starts the stand-ins when the supplier is first used', async () => {
  const t = await startAppTill({
    settings: { payAtCounter: { mode: 'live', liveBaseUrl: DEAD_ADDRESS } },
  });
  try {
    assert.equal((await t.call('app.info', {})).sandbox, false, 'the card service decides sandbox mode');
    assert.deepEqual((await t.call('catalogue.get', {})).products, [], 'no seed outside sandbox mode');
    await t.event('status.changed', (s) =>
      s.connections.some((c) => c.service === 'distribution' && c.state === 'online'),
    );
    assert.ok((await t.call('supplies.products', {})).products.length > 0);
    assert.equal(t.standIns.starts, 1);
  } finally {
    await t.close();
  }
  assert.equal(t.standIns.closes, 1);
});

test('lazy stand-ins start on first use only, once, and close only what was started', async () => {
  let starts = 0;
  let closes = 0;
  const start = async (): Promise<StandIns> => {
    starts++;
    return {
      payAtCounter: { baseUrl: DEAD_ADDRESS, username: 'u', password: 'p' },
      distribution: { baseUrl: DEAD_ADDRESS, apiKey: 'k' },
      close: async () => void closes++,
    };
  };
  const unused = lazyStandIns(start);
  await unused.close();
  assert.deepEqual({ starts, closes }, { starts: 0, closes: 0 });

  const used = lazyStandIns(start);
  const first = await used.get();
  assert.equal(await used.get(), first);
  assert.equal(starts, 1);
  await used.close();
  assert.equal(closes, 1);
});
