// The status bar's connection list: each service's state and detail from the outcome of real
// calls (in staff words), the card machines found offline, the mode, the periodic check on the
// till's clock, and a change announced only when something shown has changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConnectionMonitor } from '../../../electron/services/connections/monitor';
import { TillError, type ErrorCode } from '../../../shared/contract/errors';
import { ManualClock } from '../../support/manual-clock';

function monitored() {
  const clock = new ManualClock();
  const monitor = new ConnectionMonitor(
    [
      { service: 'payAtCounter', mode: 'sandbox' },
      { service: 'distribution', mode: 'live' },
    ],
    clock,
  );
  let changes = 0;
  monitor.onChange(() => changes++);
  const card = () => monitor.list().find((c) => c.service === 'payAtCounter')!;
  return { clock, monitor, card, changes: () => changes };
}

const failing = (code: ErrorCode) => Promise.reject(new TillError(code, `words for ${code}`));

test('every service starts unchecked, in its own mode', () => {
  const { monitor } = monitored();
  assert.deepEqual(monitor.list(), [
    {
      service: 'payAtCounter',
      mode: 'sandbox',
      state: 'unknown',
      detail: 'Not checked yet',
      checkedAt: null,
    },
    { service: 'distribution', mode: 'live', state: 'unknown', detail: 'Not checked yet', checkedAt: null },
  ]);
});

test('a call that answers: online, when checked; the same again announces nothing', async () => {
  const { monitor, card, clock, changes } = monitored();
  assert.equal(await monitor.track('payAtCounter', Promise.resolve(7)), 7);
  assert.deepEqual(card(), {
    service: 'payAtCounter',
    mode: 'sandbox',
    state: 'online',
    detail: 'Connected',
    checkedAt: new Date(clock.now()).toISOString(),
  });
  assert.equal(changes(), 1);
  await clock.advance(1_000);
  await monitor.track('payAtCounter', Promise.resolve(8));
  assert.equal(card().checkedAt, new Date(clock.now()).toISOString(), 'the time of the last check');
  assert.equal(changes(), 1);
});

test('a failed call: offline, a problem, or still online, by what failed; the failure is passed on', async () => {
  const { monitor, card, changes } = monitored();
  const seen: [string, string][] = [];
  const codes: ErrorCode[] = [
    'unreachable',
    'timeout',
    'certificate',
    'bad_credentials',
    'not_configured',
    'service_error',
    'storage',
    'not_found',
    'malformed_response',
  ];
  for (const code of codes) {
    await assert.rejects(monitor.track('payAtCounter', failing(code)), { code });
    seen.push([card().state, card().detail]);
  }
  // Not in staff words (a library's own error, whatever its code): never shown as the detail.
  for (const odd of [
    new Error('odd'),
    Object.assign(new Error('socket odd'), { code: 'unreachable' }),
    Object.assign(new Error('keyring odd'), { code: 'storage' }),
  ]) {
    await assert.rejects(monitor.track('payAtCounter', Promise.reject(odd)), /odd/);
    seen.push([card().state, card().detail]);
  }
  assert.deepEqual(seen, [
    ['offline', 'words for unreachable'],
    ['offline', 'words for timeout'],
    ['offline', 'words for certificate'],
    ['error', 'words for bad_credentials'],
    ['error', 'words for not_configured'],
    ['error', 'words for service_error'],
    ['error', 'words for storage'],
    ['online', 'Connected'],
    ['online', 'Connected'],
    ['online', 'Connected'],
    ['online', 'Connected'],
    ['online', 'Connected'],
  ]);
  assert.equal(changes(), 8, 'each change of words announced, a repeat not');
});

test('a mode change starts the service over as unchecked, with no machines offline', async () => {
  const { monitor, card, changes } = monitored();
  monitor.terminalAnswered('payAtCounter', '22900001', false);
  await monitor.track('payAtCounter', Promise.resolve());
  monitor.setMode('payAtCounter', 'live');
  assert.deepEqual(
    [card().mode, card().state, card().detail, card().offlineTerminals],
    ['live', 'unknown', 'Not checked yet', []],
  );
  assert.equal(changes(), 3);
});

test('a change of state alone, of mode alone, or of the machines offline alone is announced', async () => {
  const { monitor, card, changes } = monitored();
  monitor.setMode('payAtCounter', 'live');
  monitor.setMode('payAtCounter', 'sandbox');
  assert.equal(changes(), 2, 'the mode');
  monitor.terminalAnswered('payAtCounter', '22900001', false);
  monitor.setMode('payAtCounter', 'sandbox');
  assert.deepEqual(card().offlineTerminals, []);
  assert.equal(changes(), 4, 'the machines offline');
  await assert.rejects(monitor.track('payAtCounter', Promise.reject(new TillError('service_error', 'Down'))));
  await assert.rejects(monitor.track('payAtCounter', Promise.reject(new TillError('unreachable', 'Down'))));
  assert.equal(card().state, 'offline');
  assert.equal(changes(), 6, 'the state, with the same words');
});

test('card machines found offline are named until they answer again', () => {
  const { monitor, card, changes } = monitored();
  monitor.terminalAnswered('payAtCounter', '22900001', true);
  assert.equal(changes(), 0, 'a machine that answers was not offline');
  monitor.terminalAnswered('payAtCounter', '22900001', false);
  monitor.terminalAnswered('payAtCounter', '22900001', false);
  monitor.terminalAnswered('payAtCounter', '22900002', false);
  assert.deepEqual(card().offlineTerminals, ['22900001', '22900002']);
  assert.deepEqual([...monitor.offlineTerminals('payAtCounter')], ['22900001', '22900002']);
  assert.equal(changes(), 2);
  monitor.terminalAnswered('payAtCounter', '22900001', true);
  assert.deepEqual(card().offlineTerminals, ['22900002']);
  assert.equal(changes(), 3);
  assert.deepEqual([...monitor.offlineTerminals('distribution')], []);
  monitor.terminalAnswered('merchant', '22900003', false);
  assert.deepEqual([...monitor.offlineTerminals('merchant')], []);
  assert.equal(changes(), 3);
});

test('a service the till does not list is ignored', async () => {
  const { monitor, changes } = monitored();
  await monitor.track('merchant', Promise.resolve());
  monitor.setMode('merchant', 'live');
  assert.equal(monitor.list().length, 2);
  assert.equal(changes(), 0);
});

test('the periodic check runs at once, then every interval; started again it replaces the old; stop ends all', async () => {
  const { monitor, clock } = monitored();
  const checks: string[] = [];
  monitor.startPeriodicCheck('payAtCounter', async () => checks.push(`card ${clock.now()}`), 15_000);
  monitor.startPeriodicCheck('distribution', () => Promise.reject(new Error('down')), 60_000);
  const start = clock.now();
  await clock.advance(30_000);
  assert.deepEqual(checks, [`card ${start}`, `card ${start + 15_000}`, `card ${start + 30_000}`]);
  monitor.startPeriodicCheck('payAtCounter', async () => checks.push('new'), 15_000);
  await clock.advance(15_000);
  assert.deepEqual(checks.slice(3), ['new', 'new'], 'only the new check, once per interval');
  monitor.stop();
  assert.equal(clock.timers, 0);
  await clock.advance(60_000);
  assert.equal(checks.length, 5);
});
