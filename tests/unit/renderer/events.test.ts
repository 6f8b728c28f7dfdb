// The one place the renderer follows the services' events: each event reaches its store,
// printing changes refresh the Printer screen once per burst (on an injected clock), the
// link coming back reloads the shell, and stopping removes every subscription.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { EventName, SettingsView, TillStatus } from '../../../shared/contract';
import { Emitter } from '../../../shared/emitter';
import { followTillEvents } from '../../../renderer/src/state/events';
import { createPrintingStore, REFRESH_DEBOUNCE_MS } from '../../../renderer/src/state/printing';
import { createSaleStore } from '../../../renderer/src/state/sale';
import { createSettingsStore } from '../../../renderer/src/state/settings';
import { createShellStore } from '../../../renderer/src/state/shell';
import { ManualClock, settleMicrotasks } from '../../support/manual-clock';
import { FakeTill, paymentView, saleView } from './fake-till';

const EVENTS: EventName[] = [
  'status.changed',
  'payments.updated',
  'sales.updated',
  'settings.changed',
  'printing.changed',
];

// Only identity matters here: the stores keep what the event carried.
const status = { connections: [], printer: null } as unknown as TillStatus;
const settings = { manager: { pinSet: true, unlockedUntil: null } } as unknown as SettingsView;

function setUp() {
  const fake = new FakeTill()
    .answer('printing.printers', () => [])
    .answer('printing.jobs', () => [])
    .answer('printing.preview', () => [])
    .answer('app.info', () => ({ sandbox: true }) as never)
    .answer('status.get', () => status);
  const clock = new ManualClock();
  const connection = new Emitter<boolean>();
  const stores = {
    shell: createShellStore(fake),
    sale: createSaleStore(fake, clock),
    printing: createPrintingStore(fake),
    settings: createSettingsStore(fake, clock),
  };
  const stop = followTillEvents(fake, stores, { connection, clock });
  return { fake, clock, connection, stores, stop };
}

test('each event reaches its store', () => {
  const { fake, stores, stop } = setUp();
  fake.emit('status.changed', status);
  assert.equal(stores.shell.getState().status, status);
  fake.emit('settings.changed', settings);
  assert.equal(stores.settings.getState().view, settings);

  stores.sale.setState({ sale: saleView(), payment: paymentView(), phase: 'payment' });
  fake.emit('payments.updated', paymentView({ state: 'signature', updatedAt: '2026-11-23T09:00:04.000Z' }));
  assert.equal(stores.sale.getState().payment?.state, 'signature');
  fake.emit('sales.updated', saleView({ state: 'completed', paid: 935, due: 0 }));
  assert.equal(stores.sale.getState().phase, 'completed');
  stop();
});

test('printing changes refresh the Printer screen once per burst, only while it shows', async () => {
  const { fake, clock, stores, stop } = setUp();
  const loads = () => fake.callsOf('printing.printers').length;

  fake.emit('printing.changed', { job: null });
  await clock.advance(REFRESH_DEBOUNCE_MS);
  assert.equal(loads(), 0, 'not on the Printer screen: nothing to refresh');

  stores.shell.getState().go('printer');
  for (let i = 0; i < 5; i += 1) fake.emit('printing.changed', { job: null });
  await clock.advance(REFRESH_DEBOUNCE_MS - 1);
  assert.equal(loads(), 0, 'still gathering the burst');
  await clock.advance(1);
  await settleMicrotasks();
  assert.equal(loads(), 1, 'one refresh for five changes');
  assert.deepEqual(stores.printing.getState().jobs, []);

  fake.emit('printing.changed', { job: null });
  stop();
  await clock.advance(REFRESH_DEBOUNCE_MS);
  assert.equal(loads(), 1, 'a refresh pending when stopped never runs');
  assert.equal(clock.timers, 0);
});

test('the link coming back reloads the shell; going shows it as down', async () => {
  const { fake, connection, stores, stop } = setUp();
  connection.fire(false);
  assert.equal(stores.shell.getState().linked, false);
  assert.equal(fake.callsOf('app.info').length, 0);
  connection.fire(true);
  await settleMicrotasks();
  assert.equal(stores.shell.getState().linked, true);
  assert.equal(fake.callsOf('app.info').length, 1);
  assert.equal(fake.callsOf('status.get').length, 1);
  assert.equal(stores.shell.getState().status, status);
  stop();
  assert.equal(connection.size, 0);
});

test('stopping removes every subscription', () => {
  const { fake, stop } = setUp();
  for (const event of EVENTS) assert.equal(fake.listeners(event), 1, event);
  stop();
  for (const event of EVENTS) assert.equal(fake.listeners(event), 0, event);
});
