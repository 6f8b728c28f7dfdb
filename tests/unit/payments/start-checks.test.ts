// What a start checks before anything is sent: the amount (0.01 to 999,999.99), the currency
// (exactly three capitals), an unresolved unknown outcome on the same card machine only, and
// that a reprint goes out as a reprint request, not as a transaction.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { TillError } from '../../../shared/contract/errors';
import { MAX_CARD_AMOUNT } from '../../../shared/money';
import { refusalOf } from '../../support/refusal';
import { scriptedRig, TERMINAL, type Rig } from './scripted-card-machine';
import { EUR_TERMINAL, waitUntil } from './support';

const sale = (saleId: string, amount: number, currency = 'GBP', terminalId = TERMINAL) => ({
  saleId,
  terminalId,
  amount,
  currency,
});

const AMOUNT_WORDS = 'The card amount must be between 0.01 and 999,999.99.';
const CURRENCY_WORDS = 'The currency must be a code such as GBP.';

describe('what a start accepts', () => {
  let rig: Rig;
  beforeEach(() => {
    rig = scriptedRig();
  });
  afterEach(() => rig.cleanup());

  test('the smallest amount, one penny, is sent to the card machine', async () => {
    const p = await rig.service.startSale(sale('s-penny', 1));
    assert.equal(p.state, 'started');
    assert.deepEqual(rig.machine.calls, ['start SALE 1 GBP']);
  });

  test('the largest amount, 999,999.99, is sent to the card machine', async () => {
    const p = await rig.service.startSale(sale('s-most', MAX_CARD_AMOUNT));
    assert.equal(p.state, 'started');
    assert.deepEqual(rig.machine.calls, ['start SALE 99999999 GBP']);
  });

  test('one penny more than 999,999.99 is refused in words and nothing is sent or journaled', async () => {
    const refusal = await refusalOf(rig.service.startSale(sale('s-too-much', MAX_CARD_AMOUNT + 1)));
    assert.equal(refusal.code, 'invalid_input');
    assert.equal(refusal.message, AMOUNT_WORDS);
    assert.equal(rig.machine.calls.length, 0);
    assert.equal(rig.service.listPayments().length, 0);
  });

  test('a refund of nothing is refused in words and nothing is sent', async () => {
    const refusal = await refusalOf(
      rig.service.startRefund({ saleId: 's-zero', terminalId: TERMINAL, amount: 0, currency: 'GBP' }),
    );
    assert.equal(refusal.code, 'invalid_input');
    assert.equal(refusal.message, AMOUNT_WORDS);
    assert.equal(rig.machine.calls.length, 0);
  });

  test('a currency with a fourth letter, before or after the code, is refused and nothing is sent', async () => {
    for (const currency of ['GBPX', 'XGBP']) {
      const refusal = await refusalOf(rig.service.startSale(sale(`s-${currency}`, 500, currency)));
      assert.equal(refusal.code, 'invalid_input', currency);
      assert.equal(refusal.message, CURRENCY_WORDS, currency);
    }
    assert.equal(rig.machine.calls.length, 0);
    assert.equal(rig.service.listPayments().length, 0);
  });
});

describe('an unknown outcome blocks its own card machine only', () => {
  let rig: Rig;
  beforeEach(() => {
    rig = scriptedRig();
  });
  afterEach(() => rig.cleanup());

  async function unknownSaleOnGbpMachine() {
    rig.machine.startFailure = new TillError('service_error', 'The card service failed.');
    const lost = await rig.service.startSale(sale('s-lost', 1000));
    assert.equal(lost.state, 'unknown');
    rig.machine.startFailure = null;
    return lost;
  }

  test('another sale on the same machine is refused in words and nothing more is sent', async () => {
    await unknownSaleOnGbpMachine();
    const refusal = await refusalOf(rig.service.startSale(sale('s-next', 700)));
    assert.equal(refusal.code, 'terminal_busy');
    assert.equal(
      refusal.message,
      'An earlier card payment on this machine has an unknown outcome: resolve it before taking another.',
    );
    assert.deepEqual(
      rig.machine.calls.filter((c) => c.startsWith('start')),
      ['start SALE 1000 GBP'],
    );
  });

  test('a sale on another card machine goes through while it waits for the cashier', async () => {
    const lost = await unknownSaleOnGbpMachine();
    const other = await rig.service.startSale(sale('s-other-machine', 800, 'EUR', EUR_TERMINAL));
    assert.equal(other.state, 'started');
    assert.equal(other.terminalId, EUR_TERMINAL);
    assert.deepEqual(
      rig.machine.calls.filter((c) => c.startsWith('start')),
      ['start SALE 1000 GBP', 'start SALE 800 EUR'],
    );
    assert.equal(rig.service.getPayment(lost.id)?.state, 'unknown');
  });
});

describe('a reprint', () => {
  let rig: Rig;
  beforeEach(() => {
    rig = scriptedRig();
  });
  afterEach(() => rig.cleanup());

  test('goes to the card machine as a reprint request, with no amount or currency', async () => {
    const asked = rig.service.requestDuplicate(TERMINAL);
    asked.catch(() => undefined);
    await waitUntil(
      () => rig.service.listPayments()[0]?.state === 'started',
      'the reprint to be started',
      2_000,
    );
    assert.deepEqual(rig.machine.calls, ['start DUPLICATE']);
    const [row] = rig.service.listPayments();
    assert.equal(row?.type, 'DUPLICATE');
    assert.equal(row?.transactionId, 'tx-1');
  });
});
