// The top bar's receipt printer in one word from every printer's status, and the board that
// announces the bar only when something the cashier would see changed. The whole till's bar, per
// service, is in wiring.test.ts; a live till's unreachable services here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StatusBoard, summarisePrinter } from '../../../electron/services/app/status';
import type { PrinterStatusView } from '../../../electron/services/printing/printer-status';
import type { ConnectionState, StorageStatus, TillStatus } from '../../../shared/contract';
import { Emitter } from '../../../shared/emitter';
import { ALL_LIVE, startAppTill } from './support';

function printer(over: Partial<PrinterStatusView> = {}): PrinterStatusView {
  return {
    printerId: 'counter',
    name: 'Counter printer',
    kind: 'network',
    condition: 'ready',
    detail: 'ready',
    checkedAt: null,
    pending: 0,
    uncertain: 0,
    ...over,
  };
}
const PREVIEW = printer({ printerId: 'preview', kind: 'preview', pending: 1, uncertain: 2 });

test('no receipt printer, or the preview, or a printer no longer listed: said so, with the queue summed', () => {
  const statuses = [printer({ pending: 2, uncertain: 1 }), PREVIEW];
  assert.deepEqual(summarisePrinter(null, statuses), {
    state: 'not_configured',
    detail: 'No receipt printer is chosen',
    queued: 3,
    uncertain: 3,
  });
  for (const id of ['preview', 'gone']) {
    assert.deepEqual(summarisePrinter(id, statuses), {
      state: 'preview',
      detail: 'Receipts show on screen',
      queued: 3,
      uncertain: 3,
    });
  }
});

test('a working printer is ready, or printing while jobs wait; any other condition holds it', () => {
  for (const condition of ['ready', 'paper_near_end', 'unknown', 'not_checked'] as const) {
    assert.equal(summarisePrinter('counter', [printer({ condition })]).state, 'ready', condition);
    assert.equal(
      summarisePrinter('counter', [printer({ condition, pending: 1 })]).state,
      'printing',
      condition,
    );
  }
  const held = summarisePrinter('counter', [
    printer({ condition: 'cover_open', detail: 'The cover is open' }),
  ]);
  assert.deepEqual(held, { state: 'held', detail: 'The cover is open', queued: 0, uncertain: 0 });
  assert.equal(summarisePrinter('counter', [printer({ condition: 'paper_end', pending: 3 })]).state, 'held');
});

test('an offline or unreachable printer is offline in staff words, never the socket’s message', () => {
  for (const condition of ['offline', 'unreachable'] as const) {
    assert.deepEqual(
      summarisePrinter('counter', [printer({ condition, detail: 'connect ECONNREFUSED 127.0.0.1:9100' })]),
      {
        state: 'offline',
        detail: 'The receipt printer cannot be reached: check it is on and connected.',
        queued: 0,
        uncertain: 0,
      },
    );
  }
});

test('the board announces a change the cashier would see, and only then', () => {
  const connectionChanges = new Emitter<void>();
  const storageChanges = new Emitter<StorageStatus>();
  let storage: StorageStatus = { state: 'ok', detail: '' };
  const monitored: ConnectionState = {
    service: 'payAtCounter',
    mode: 'sandbox',
    state: 'online',
    detail: 'Connected',
    checkedAt: null,
  };
  const announced: TillStatus[] = [];
  const board = new StatusBoard(
    { list: () => [monitored], onChange: (listener) => connectionChanges.on(listener) },
    { status: () => storage, onChange: (listener) => storageChanges.on(() => listener(storage)) },
    (status) => announced.push(status),
  );
  assert.deepEqual(board.status(), {
    connections: [monitored],
    printer: { state: 'preview', detail: 'Receipts show on screen', queued: 0, uncertain: 0 },
    storage,
  });

  const merchant: ConnectionState = {
    service: 'merchant',
    mode: 'live',
    state: 'signed_out',
    detail: 'Not signed in',
    checkedAt: '1',
  };
  board.setConnection(merchant);
  board.setConnection({ ...merchant, checkedAt: '2' }); // only the time moved: nothing to show
  assert.equal(announced.length, 1);
  assert.deepEqual(announced[0]!.connections, [monitored, merchant]);
  board.setConnection({ ...merchant, state: 'online' });
  board.setConnection({ ...merchant, state: 'online', detail: 'Signed in to Corner Café' });
  board.setConnection({ ...merchant, state: 'online', detail: 'Signed in to Corner Café', mode: 'sandbox' });
  assert.equal(announced.length, 4);
  assert.equal(board.status().connections.length, 2, 'one entry per service');

  const ready = { state: 'ready', detail: 'ready', queued: 0, uncertain: 0 } as const;
  board.setPrinter(ready);
  board.setPrinter({ ...ready });
  assert.equal(announced.length, 5);
  assert.deepEqual(announced[4]!.printer, ready);
  board.setPrinter({ ...ready, queued: 1 });
  assert.equal(announced.length, 6);

  connectionChanges.fire(undefined);
  storage = { state: 'full', detail: 'The disk is full.' };
  storageChanges.fire(storage);
  assert.equal(announced.length, 8);
  assert.deepEqual(announced[7]!.storage, storage);
});

test('a live till’s bar shows each service live, and unreachable once checked', async () => {
  const t = await startAppTill({ settings: ALL_LIVE });
  try {
    const checked = await t.event('status.changed', (s) =>
      ['payAtCounter', 'distribution'].every((service) =>
        s.connections.some((c) => c.service === service && c.state !== 'unknown'),
      ),
    );
    for (const c of checked.connections) assert.equal(c.mode, 'live', c.service);
    const card = checked.connections.find((c) => c.service === 'payAtCounter')!;
    assert.notEqual(card.state, 'online');
    assert.equal((await t.call('status.get', {})).connections.length, 3);
  } finally {
    await t.close();
  }
});
