// The Terminals handlers on their own, over the stand-in card service: with no list of machines
// found offline, each machine shows the status the service gives it, under the shop's name, with
// its last activity and network address as the service gives them.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { terminalHandlers, toTerminal } from '../../../electron/services/terminals/handlers';
import { PayAtCounterClient } from '../../../electron/services/payments/pay-at-counter-client';
import {
  startPayAtCounterSandbox,
  type PayAtCounterSandbox,
} from '../../../electron/sandbox/pay-at-counter/server';

/** The stand-in's record time: each machine's last activity is its start until it is used. */
const STARTED_AT = '2026-11-23T09:00:00.000Z';

let sandbox: PayAtCounterSandbox;
before(async () => {
  sandbox = await startPayAtCounterSandbox({ speed: 50, now: () => new Date(STARTED_AT) });
});
after(() => sandbox.close());

test('with nothing known offline, machines show the service’s own status, under the shop’s names', async () => {
  const client = new PayAtCounterClient({
    baseUrl: sandbox.baseUrl,
    credentials: async () => ({ username: sandbox.username, password: sandbox.password }),
  });
  const tracked: string[] = [];
  const handlers = terminalHandlers(
    async () => client,
    (work) => {
      tracked.push('call');
      return work;
    },
    () => ({ '22900002': 'Bar' }),
  );
  const listed = await handlers['terminals.list']({});
  assert.deepEqual(
    listed.map((t) => [t.terminalId, t.name, t.currency, t.status]),
    [
      ['22900001', 'Card machine ending 0001', 'GBP', 'AVAILABLE'],
      ['22900002', 'Bar', 'EUR', 'AVAILABLE'],
    ],
  );
  const one = await handlers['terminals.get']({ terminalId: '22900002' });
  assert.deepEqual([one.name, one.status], ['Bar', 'AVAILABLE']);
  assert.equal(tracked.length, 2, 'each read is told to the status bar');
});

test('a machine shows its last activity and network address as the service gives them, and none when it gives none', async () => {
  const client = new PayAtCounterClient({
    baseUrl: sandbox.baseUrl,
    credentials: async () => ({ username: sandbox.username, password: sandbox.password }),
  });
  const handlers = terminalHandlers(
    async () => client,
    (work) => work,
    () => ({}),
  );
  const one = await handlers['terminals.get']({ terminalId: '22900002' });
  assert.deepEqual([one.lastActivity, one.deviceAddress], [STARTED_AT, '192.0.2.22:8888']);
  // The service may leave both out (or send null): the screen then shows none, never "undefined".
  const bare = toTerminal({ terminal_id: '22900001', currency: 'GBP', status: 'AVAILABLE' }, {});
  assert.deepEqual([bare.lastActivity, bare.deviceAddress], [null, null]);
});
