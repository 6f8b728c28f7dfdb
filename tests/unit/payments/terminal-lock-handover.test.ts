// A card machine handed from a sale that ended to the next job keeps belonging to that job: when
// the card service stops knowing a sale and the cashier asks for a reprint the moment the till
// says its outcome is unknown, the sale's reading loop ending after that does not free the machine.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import type { DuplicateResult } from '../../../electron/services/payments/transaction-runner';
import { TillError } from '../../../shared/contract/errors';
import { refusalOf } from '../../support/refusal';
import { scriptedRig, TERMINAL, type Rig } from './scripted-card-machine';
import { within } from './support';

describe('a card machine handed on when a sale becomes unknown', () => {
  let rig: Rig;
  beforeEach(() => {
    rig = scriptedRig();
  });
  afterEach(() => rig.cleanup());

  test('a reprint asked on hearing "unknown" keeps the machine: a second reprint is refused as busy', async () => {
    const sale = await rig.service.startSale({
      saleId: 's-lost',
      terminalId: TERMINAL,
      amount: 1000,
      currency: 'GBP',
    });
    // From now on the card service answers 404 for the sale: after 5 reads over 10 s the till gives up.
    const read = rig.machine.getTransaction.bind(rig.machine);
    rig.machine.getTransaction = async (terminalId, transactionId) => {
      if (transactionId !== sale.transactionId) return read(terminalId, transactionId);
      rig.machine.calls.push(`read ${transactionId}`);
      throw new TillError('not_found', 'The card service does not know that transaction.');
    };
    let reprint: Promise<DuplicateResult> | null = null;
    rig.service.onEvent((event) => {
      if (event.type === 'unknown' && event.paymentId === sale.id && reprint === null) {
        reprint = rig.service.requestDuplicate(TERMINAL);
        reprint.catch(() => undefined);
      }
    });
    await rig.clock.advance(15_000);
    assert.equal(rig.service.getPayment(sale.id)?.state, 'unknown');
    assert.ok(reprint, 'the reprint was asked for');
    const running = rig.service.listPayments().find((p) => p.type === 'DUPLICATE');
    assert.ok(running && ['started', 'pending'].includes(running.state), running?.state);

    const refusal = await within(
      refusalOf(rig.service.requestDuplicate(TERMINAL)),
      'the second reprint to be refused',
      2_000,
    );
    assert.equal(refusal.code, 'terminal_busy');
    assert.equal(refusal.message, 'A card payment is already running on this card machine.');
    assert.deepEqual(
      rig.machine.calls.filter((c) => c.startsWith('start')),
      ['start SALE 1000 GBP', 'start DUPLICATE'],
    );
  });
});
