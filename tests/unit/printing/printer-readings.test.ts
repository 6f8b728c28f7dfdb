// From status bits to what the cashier sees: each DLE EOT and USB port-status bit on its own, the
// order in which conditions win, readiness, the status record's freshness and the preview printer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../support/manual-clock';
import {
  isStatusByte,
  parseRealTimeStatus,
} from '../../../electron/services/printing/transports/realtime-status';
import {
  conditionOf,
  isReady,
  unreachable,
  type PrinterStatus,
} from '../../../electron/services/printing/transports/transport';
import { parsePortStatus } from '../../../electron/services/printing/transports/usb';
import { PrinterStatusRecord } from '../../../electron/services/printing/printer-status';
import { PreviewTransport } from '../../../electron/services/printing/transports/preview';
import { READY } from './scripted-spool';

const QUIET = 0x12; // bits 1 and 4 set, nothing to report

test('DLE EOT: each bit alone gives its own flag and words', () => {
  const read = (bytes: Partial<Parameters<typeof parseRealTimeStatus>[0]>) => {
    const { online, paperEnd, paperNearEnd, coverOpen, error, detail } = parseRealTimeStatus({
      printer: QUIET,
      offlineCause: QUIET,
      error: QUIET,
      paper: QUIET,
      ...bytes,
    });
    return { online, paperEnd, paperNearEnd, coverOpen, error, detail };
  };
  const flags = (changes: Partial<PrinterStatus>) => ({ ...READY, ...changes });
  assert.deepEqual(read({}), flags({}));
  assert.deepEqual(read({ printer: QUIET | 0x08 }), flags({ online: false, detail: 'offline' }));
  assert.deepEqual(read({ offlineCause: QUIET | 0x04 }), flags({ coverOpen: true, detail: 'cover open' }));
  assert.deepEqual(read({ offlineCause: QUIET | 0x20 }), flags({ paperEnd: true, detail: 'paper end' }));
  assert.deepEqual(read({ offlineCause: QUIET | 0x40 }), flags({ error: true, detail: 'error' }));
  assert.deepEqual(read({ error: QUIET | 0x08 }), flags({ error: true, detail: 'cutter error' }));
  assert.deepEqual(read({ error: QUIET | 0x20 }), flags({ error: true, detail: 'unrecoverable error' }));
  assert.deepEqual(read({ error: QUIET | 0x40 }), flags({ error: true, detail: 'auto-recoverable error' }));
  assert.deepEqual(read({ paper: QUIET | 0x20 }), flags({ paperEnd: true, detail: 'paper end' }));
  assert.deepEqual(read({ paper: QUIET | 0x40 }), flags({ paperEnd: true, detail: 'paper end' }));
  assert.deepEqual(read({ paper: QUIET | 0x04 }), flags({ paperNearEnd: true, detail: 'paper near end' }));
  assert.deepEqual(read({ paper: QUIET | 0x08 }), flags({ paperNearEnd: true, detail: 'paper near end' }));
  // Bits the table leaves alone say nothing.
  assert.deepEqual(read({ printer: QUIET | 0x04 | 0x20 | 0x40, error: QUIET | 0x04 }), flags({}));
});

test('DLE EOT: several conditions are named together, "offline" only when nothing says why', () => {
  const all = parseRealTimeStatus({
    printer: QUIET | 0x08,
    offlineCause: QUIET | 0x04 | 0x20,
    error: QUIET | 0x08 | 0x20,
    paper: QUIET | 0x0c | 0x60,
  });
  assert.equal(all.detail, 'paper end, cover open, cutter error');
  assert.equal(all.paperNearEnd, true, 'the flag stays; only the words leave out "near end"');
  const unrecoverableFirst = parseRealTimeStatus({
    printer: QUIET | 0x08,
    offlineCause: QUIET,
    error: QUIET | 0x20 | 0x40,
    paper: QUIET | 0x04,
  });
  assert.equal(unrecoverableFirst.detail, 'unrecoverable error, paper near end');
});

test('a status byte has bits 1 and 4 set and bits 0 and 7 clear; other bits are free', () => {
  for (const byte of [0x12, 0x16, 0x1a, 0x1e, 0x32, 0x52, 0x72, 0x7e]) assert.equal(isStatusByte(byte), true);
  for (const byte of [0x13, 0x92, 0x10, 0x02, 0x00, 0x37, 0x22, 0xff])
    assert.equal(isStatusByte(byte), false);
});

test('USB port status: paper empty, not selected and error, each alone and together', () => {
  const read = (byte: number) => {
    const { online, paperEnd, error, detail } = parsePortStatus(byte);
    return { online, paperEnd, error, detail };
  };
  assert.deepEqual(read(0x18), { online: true, paperEnd: false, error: false, detail: 'ready' });
  assert.deepEqual(read(0x38), { online: true, paperEnd: true, error: false, detail: 'paper end' });
  assert.deepEqual(read(0x08), { online: false, paperEnd: false, error: false, detail: 'offline' });
  assert.deepEqual(read(0x10), { online: true, paperEnd: false, error: true, detail: 'error' });
  assert.deepEqual(read(0x00), { online: false, paperEnd: false, error: true, detail: 'offline, error' });
  // Paper out also clears "not error" on most printers: the paper is the news.
  assert.deepEqual(read(0x30), { online: true, paperEnd: true, error: true, detail: 'paper end' });
  assert.deepEqual(read(0x18 | 0x47), { online: true, paperEnd: false, error: false, detail: 'ready' });
});

test('conditions: unreachable, paper end, cover open, error, offline, then near end, in that order', () => {
  let reading: PrinterStatus = {
    online: false,
    paperEnd: true,
    paperNearEnd: true,
    coverOpen: true,
    error: true,
    detail: '',
    unreachable: true,
  };
  const order: string[] = [];
  const clear: (keyof PrinterStatus)[] = ['unreachable', 'paperEnd', 'coverOpen', 'error'];
  for (const flag of clear) {
    order.push(conditionOf(reading));
    reading = { ...reading, [flag]: flag === 'unreachable' ? undefined : false };
  }
  order.push(conditionOf(reading));
  reading = { ...reading, online: true };
  order.push(conditionOf(reading));
  reading = { ...reading, paperNearEnd: false };
  order.push(conditionOf(reading));
  assert.deepEqual(order, [
    'unreachable',
    'paper_end',
    'cover_open',
    'error',
    'offline',
    'paper_near_end',
    'ready',
  ]);
  assert.equal(conditionOf('unknown'), 'unknown');
});

test('ready to print: online with paper, cover shut and no error; near end still prints', () => {
  assert.equal(isReady(READY), true);
  assert.equal(isReady({ ...READY, paperNearEnd: true }), true);
  assert.equal(isReady('unknown'), true, 'no status channel: try the job');
  for (const blocker of [{ online: false }, { paperEnd: true }, { coverOpen: true }, { error: true }])
    assert.equal(isReady({ ...READY, ...blocker }), false, JSON.stringify(blocker));
  assert.deepEqual(unreachable('not answering'), {
    online: false,
    paperEnd: false,
    paperNearEnd: false,
    coverOpen: false,
    error: false,
    detail: 'not answering',
    unreachable: true,
  });
  assert.equal(isReady(unreachable('x')), false);
});

test('the status record: not checked at first, then each reading with its time, fresh for a while', async () => {
  const clock = new ManualClock();
  const record = new PrinterStatusRecord(
    { id: 'counter', name: 'Counter', transport: { kind: 'usb' } },
    clock,
  );
  assert.deepEqual(record.withCounts(2, 1), {
    printerId: 'counter',
    name: 'Counter',
    kind: 'usb',
    condition: 'not_checked',
    detail: '',
    checkedAt: null,
    pending: 2,
    uncertain: 1,
  });
  assert.equal(record.isFresh(1000), false, 'never answered');

  assert.equal(record.record({ ...READY, paperNearEnd: true, detail: 'paper near end' }), true);
  const first = record.withCounts(0, 0);
  assert.deepEqual(
    { condition: first.condition, detail: first.detail, checkedAt: first.checkedAt },
    { condition: 'paper_near_end', detail: 'paper near end', checkedAt: new Date(clock.now()).toISOString() },
  );
  assert.equal(record.isFresh(1000), true);
  await clock.advance(999);
  assert.equal(record.isFresh(1000), true, 'younger than the limit');
  await clock.advance(1);
  assert.equal(record.isFresh(1000), false, 'as old as the limit');

  assert.equal(record.record({ ...READY, paperNearEnd: true, detail: 'paper near end' }), false, 'same news');
  assert.equal(record.withCounts(0, 0).checkedAt, new Date(clock.now()).toISOString(), 'but a new time');
  assert.equal(record.isFresh(1000), true, 'and fresh again');
  assert.equal(record.record({ ...READY, paperNearEnd: true, detail: 'other words' }), true, 'new words');
  assert.equal(record.record('unknown'), true);
  assert.deepEqual(
    { condition: record.withCounts(0, 0).condition, detail: record.withCounts(0, 0).detail },
    { condition: 'unknown', detail: 'this connection cannot report status' },
  );
  assert.equal(record.recordUnreachable('not answering'), true);
  assert.equal(record.withCounts(0, 0).condition, 'unreachable');
  assert.equal(record.recordUnreachable('not answering'), false);
  assert.equal(record.record({ ...READY, detail: 'not answering' }), true, 'same words, new condition');
});

test('the on-screen preview is always ready and keeps only the latest byte streams', async () => {
  const preview = new PreviewTransport(2);
  assert.deepEqual(await preview.status(), {
    online: true,
    paperEnd: false,
    paperNearEnd: false,
    coverOpen: false,
    error: false,
    detail: 'preview',
  });
  assert.deepEqual(preview.recent(), [], 'nothing printed yet');
  assert.equal(preview.canConfirm, false);
  const one = Buffer.from('one');
  await preview.write(one);
  one.write('ONE'); // the caller's buffer changing later does not change what was printed
  await preview.write(Buffer.from('two'));
  assert.deepEqual(
    preview.recent().map((b) => b.toString()),
    ['one', 'two'],
  );
  await preview.write(Buffer.from('three'));
  assert.deepEqual(
    preview.recent().map((b) => b.toString()),
    ['two', 'three'],
  );
  assert.equal(new PreviewTransport().kind, 'preview');
});
