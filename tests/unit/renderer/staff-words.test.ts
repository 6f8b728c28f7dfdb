// Words the screens build themselves never show an id, a path or a method name: print jobs are
// named by what they print, printers by the shop's name or their kind, and a garbled reply
// between the screen and the services says what to do (the method's name goes to the console).
import '../../support/words';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { printerName, receiptLabel } from '../../../renderer/src/screens/printer/printer-words';
import { terminalStatusWords } from '../../../renderer/src/state/terminals';
import { unwrapReply } from '../../../renderer/src/bridge/contract-client';
import { TillError } from '../../../shared/contract';
import { terminalName } from '../../../shared/terminal-names';
import { tillReportReceiptId } from '../../../shared/till-report-receipts';
import { internalsIn } from '../i18n/staff-words';
import { answerAsSent } from './fake-till';

test('print jobs are named by what they print, reprints and unknown kinds included, never by id', () => {
  const sale = randomUUID();
  const cases: Array<[string, string]> = [
    [`${sale}:sale`, 'Sale receipt'],
    [`${sale}:sale~dup1`, 'Sale receipt'],
    [`${sale}:customer~dup12`, 'Card slip'],
    [`${sale}:merchant-signature`, 'Card slip to sign'],
    [`${sale}:something-new`, 'Receipt'],
    [sale, 'Receipt'],
    [`test-page-preview-1700000000000-${sale.slice(0, 8)}`, 'Test page'],
    // The till's own X and Z slips (till-reports/service.ts names them so).
    [tillReportReceiptId({ kind: 'X' }, sale), 'Till X report (day so far)'],
    [tillReportReceiptId({ kind: 'Z', number: 12 }), 'Till Z report 12'],
    [`${tillReportReceiptId({ kind: 'Z', number: 12 }, sale)}~dup1`, 'Till Z report 12'],
  ];
  for (const [receiptId, words] of cases) {
    assert.equal(receiptLabel(receiptId), words, receiptId);
    assert.deepEqual(internalsIn(receiptLabel(receiptId)), []);
  }
});

test('a printer without a name is called by its kind, never by its id', () => {
  assert.equal(printerName({ name: 'Counter', kind: 'network' }), 'Counter');
  assert.equal(printerName({ name: '  ', kind: 'network' }), 'Network printer');
  assert.equal(printerName({ name: '', kind: 'usb' }), 'USB printer');
  assert.equal(printerName({ name: '', kind: 'preview' }), 'On-screen preview');
  assert.equal(printerName({ name: '', kind: 'something-else' }), 'Printer');
});

test('card machines: the shop’s name, else the last digits; statuses in words', () => {
  assert.equal(terminalName({ '22900001': 'Till 1' }, '22900001'), 'Till 1');
  assert.equal(terminalName({}, '22900002'), 'Card machine ending 0002');
  assert.equal(terminalStatusWords('AVAILABLE'), 'Available');
  assert.equal(terminalStatusWords('BUSY'), 'Busy');
  assert.equal(terminalStatusWords('OFFLINE'), 'Offline');
});

test('a reply the screen cannot read says what to do, without the method name', async () => {
  const warned: unknown[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => warned.push(args.join(' '));
  const garbled = (e: unknown) =>
    e instanceof TillError &&
    e.code === 'malformed_response' &&
    e.words?.key === 'bridge.garbled' &&
    /restart Paydesk/.test(e.message) &&
    internalsIn(e.message).length === 0;
  try {
    // What the screen itself cannot read: no envelope, or an error without its code and words.
    for (const raw of [
      { nonsense: true },
      null,
      { ok: 'yes', value: {} },
      { ok: false, error: { code: 5, message: 'x' } },
      { ok: false, error: { code: 'timeout', message: 'x', retryAfterMs: -1 } },
    ]) {
      assert.throws(() => unwrapReply('payments.duplicate', raw), garbled, JSON.stringify(raw));
    }
    // An answer that is not the method's: the till finds it out before sending, in the same words.
    await assert.rejects(
      answerAsSent('payments.duplicate', { terminalId: '22900001' }, { not: 'a payment' }),
      garbled,
    );
  } finally {
    console.warn = warn;
  }
  assert.ok(warned.length > 0);
  assert.ok(
    warned.every((w) => String(w).includes('payments.duplicate')),
    'the console keeps the method',
  );
});

test('the internals check itself catches what staff must not see', () => {
  for (const bad of [
    `Job ${randomUUID()}`,
    'POST /terminals/22900001/transactions/duplicate answered 404',
    'The till sent an unexpected value for payments.duplicate.',
    'TypeError: fetch failed',
    'Platform failure: DBus error: no session bus',
    'connect ECONNREFUSED 127.0.0.1:9100',
  ])
    assert.notDeepEqual(internalsIn(bad), [], bad);
  for (const good of [
    'A receipt may not have printed — check the Printer screen',
    'Card machine ending 0001 · £12.50',
    'The computer’s keychain did not answer. Sign in to this computer’s desktop, then restart Paydesk.',
  ])
    assert.deepEqual(internalsIn(good), [], good);
});
