// A read of one card transaction that comes back with another transaction's record is refused
// as not understood: its result must never become this payment's outcome. The log says which
// record came back; staff read only that the answer was not understood.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { refusalOf } from '../../support/refusal';
import {
  clientOf,
  keptLog,
  saleRecord,
  startWireServer,
  type WireServer,
} from './pay-at-counter-wire-server';

let wire: WireServer;
before(async () => {
  wire = await startWireServer();
});
after(() => wire.close());

test('the record of another transaction is refused, and the log names the one that came back', async () => {
  wire.answer = () => ({ status: 200, body: { result: saleRecord({ id: 'tx-2' }) } });
  const log = keptLog();
  const refusal = await refusalOf(clientOf(wire, { log }).getTransaction('22900001', 'tx-1'));
  assert.equal(refusal.code, 'malformed_response');
  assert.equal(refusal.message, 'The card service sent an answer the till does not understand.');
  assert.ok(
    log.lines.some((line) => line.startsWith('WARN') && line.includes('tx-2')),
    log.lines.join('\n'),
  );
});

test('the record of the transaction asked for is taken', async () => {
  wire.answer = () => ({ status: 200, body: { result: saleRecord({ id: 'tx-1' }) } });
  const record = await clientOf(wire).getTransaction('22900001', 'tx-1');
  assert.equal(record.id, 'tx-1');
  assert.equal(record.amountTotal, 1250);
  assert.equal(record.result, 'SUCCESSFUL');
});
