// The encoder's exact bytes per printer profile, read straight off the stream rather than through
// the decoder (which prints the same either way): escpos-portable styles with ESC ! and cuts with
// ESC d + GS V 00; epson-tm sizes with GS ! (only when the size changes), bolds with ESC E and
// cuts with GS V 41; a style override wins over the profile; every receipt leaves the printer in
// the plain style; and the print-finished request takes exactly four printable ASCII characters.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  encodeReceipt,
  isValidAckId,
  printFinishedRequest,
  type EncodeOptions,
} from '../../../electron/services/printing/escpos-encoder';
import type { ReceiptLine } from '../../../shared/receipt';
import { decodeEscPos } from './escpos-decoder';

const ESC = 0x1b;
const GS = 0x1d;
const LF = 0x0a;
/** ESC @, FS ., ESC R 0, ESC t 19 (CP858). */
const INITIALISE_CP858 = [ESC, 0x40, 0x1c, 0x2e, ESC, 0x52, 0x00, ESC, 0x74, 19];
const base: EncodeOptions = { paperWidth: 80, codePage: 'cp858' };

const text = (value: string, format: string[] = []): ReceiptLine => ({ type: 'TEXT', format, value });
const ascii = (s: string) => [...Buffer.from(s, 'ascii')];

/** The bytes after the initialise sequence, checked to be there. */
function body(bytes: Buffer): number[] {
  assert.deepEqual([...bytes.subarray(0, INITIALISE_CP858.length)], INITIALISE_CP858);
  return [...bytes.subarray(INITIALISE_CP858.length)];
}

test('escpos-portable: one ESC ! byte per style change, ESC d 4 then GS V 00 to cut, plain at the end', () => {
  const lines = [
    text('Big', ['BOLD', 'DOUBLE_HEIGHT']),
    text('plain'),
    { type: 'TICKET_FEED', format: [], value: '' },
    text('Wide', ['DOUBLE_WIDTH']),
  ];
  assert.deepEqual(body(encodeReceipt(lines, { ...base, profile: 'escpos-portable' })), [
    ...[ESC, 0x21, 0x18, ...ascii('Big'), LF],
    ...[ESC, 0x21, 0x00, ...ascii('plain'), LF],
    ...[ESC, 0x64, 4, GS, 0x56, 0x00],
    ...[ESC, 0x21, 0x20, ...ascii('Wide'), LF],
    ...[ESC, 0x21, 0x00],
  ]);
});

test('the default profile is escpos-portable', () => {
  const lines = [text('Big', ['BOLD', 'DOUBLE_HEIGHT']), { type: 'TICKET_FEED', format: [], value: '' }];
  assert.deepEqual(
    [...encodeReceipt(lines, base)],
    [...encodeReceipt(lines, { ...base, profile: 'escpos-portable' })],
  );
});

test('epson-tm: GS ! only when the size changes, ESC E for bold, GS V 41 4 to cut, plain at the end', () => {
  const lines = [
    text('Big', ['BOLD', 'DOUBLE_HEIGHT']),
    text('Still big', ['DOUBLE_HEIGHT']),
    text('Wide', ['DOUBLE_WIDTH']),
    text('Wide bold', ['DOUBLE_WIDTH', 'BOLD']),
    text('plain'),
    { type: 'TICKET_FEED', format: [], value: '' },
    text('Last', ['BOLD', 'DOUBLE_WIDTH', 'DOUBLE_HEIGHT']),
  ];
  assert.deepEqual(body(encodeReceipt(lines, { ...base, profile: 'epson-tm' })), [
    ...[GS, 0x21, 0x01, ESC, 0x45, 1, ...ascii('Big'), LF],
    // Only bold goes: the size stays, so no GS !.
    ...[ESC, 0x45, 0, ...ascii('Still big'), LF],
    // Double height to double width: the size changes, bold does not.
    ...[GS, 0x21, 0x10, ...ascii('Wide'), LF],
    ...[ESC, 0x45, 1, ...ascii('Wide bold'), LF],
    ...[GS, 0x21, 0x00, ESC, 0x45, 0, ...ascii('plain'), LF],
    ...[GS, 0x56, 0x41, 4],
    ...[GS, 0x21, 0x11, ESC, 0x45, 1, ...ascii('Last'), LF],
    // Back to plain, so the next job (or a drawer kick) starts from nothing enlarged.
    ...[GS, 0x21, 0x00, ESC, 0x45, 0],
  ]);
});

test('a style override wins over the profile, in both directions', () => {
  const lines = [text('Big', ['BOLD', 'DOUBLE_HEIGHT'])];
  assert.deepEqual(body(encodeReceipt(lines, { ...base, styleCommands: 'gs-bang' })), [
    ...[GS, 0x21, 0x01, ESC, 0x45, 1, ...ascii('Big'), LF],
    ...[GS, 0x21, 0x00, ESC, 0x45, 0],
  ]);
  assert.deepEqual(body(encodeReceipt(lines, { ...base, profile: 'epson-tm', styleCommands: 'esc-bang' })), [
    ...[ESC, 0x21, 0x18, ...ascii('Big'), LF],
    ...[ESC, 0x21, 0x00],
  ]);
});

test('a receipt that ends styled, with no cut, still ends in the plain style (decoded)', () => {
  for (const profile of ['escpos-portable', 'epson-tm'] as const) {
    const bytes = encodeReceipt([text('TOTAL', ['BOLD', 'DOUBLE_WIDTH', 'DOUBLE_HEIGHT'])], {
      ...base,
      profile,
    });
    // Whatever prints after this receipt on the same connection prints plain.
    const after = decodeEscPos(Buffer.concat([bytes, Buffer.from('next\n', 'ascii')])).lines.at(-1);
    assert.deepEqual(after, { text: 'next', bold: false, doubleHeight: false, doubleWidth: false }, profile);
  }
});

test('a receipt that is plain throughout sends no style command at all', () => {
  for (const profile of ['escpos-portable', 'epson-tm'] as const) {
    assert.deepEqual(body(encodeReceipt([text('a'), text('b')], { ...base, profile })), [
      ...ascii('a'),
      LF,
      ...ascii('b'),
      LF,
    ]);
  }
});

test('the print-finished request: GS ( H 6 0 48 48 and the four id characters', () => {
  assert.deepEqual(
    [...printFinishedRequest('!~Az')],
    [GS, 0x28, 0x48, 0x06, 0x00, 0x30, 0x30, 0x21, 0x7e, 0x41, 0x7a],
  );
  assert.deepEqual(decodeEscPos(printFinishedRequest('q9#Z')).events, [{ type: 'ackRequest', id: 'q9#Z' }]);
});

test('an id that is not exactly four printable ASCII characters is refused with a RangeError', () => {
  for (const bad of ['', 'AB1', 'AB12X', 'XAB12', 'AB 2', ' AB1', 'AB1\n', 'AB£2', 'AB12AB12']) {
    assert.equal(isValidAckId(bad), false, JSON.stringify(bad));
    assert.throws(
      () => printFinishedRequest(bad),
      (e: unknown) => e instanceof RangeError && /4 printable ASCII characters/.test(e.message),
      JSON.stringify(bad),
    );
  }
  for (const good of ['AB12', '!!!!', '~~~~']) assert.equal(isValidAckId(good), true, good);
});
