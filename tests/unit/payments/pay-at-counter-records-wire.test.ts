// The card service's records as the till reads them off the wire: every field of a transaction
// and a report lands in its camelCase place, amounts are whole pence (digit strings too), empty
// values become null, anything that is not plain whole pence refuses the answer, and the slips
// come in with no raw control character.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { refusalOf } from '../../support/refusal';
import {
  clientOf,
  keptLog,
  saleRecord,
  startWireServer,
  type WireServer,
} from './pay-at-counter-wire-server';

const NOT_UNDERSTOOD = {
  code: 'malformed_response',
  message: 'The card service sent an answer the till does not understand.',
};

describe('pay-at-counter records', () => {
  let wire: WireServer;
  before(async () => {
    wire = await startWireServer();
  });
  after(() => wire.close());
  const answering = (result: unknown) => {
    wire.answer = () => ({ status: 200, body: { result } });
    return clientOf(wire);
  };
  const transaction = (overrides: Record<string, unknown>) =>
    answering(saleRecord(overrides)).getTransaction('22900001', 'tx-1');

  test('a finished sale lands field by field in the till’s shape', async () => {
    const receipt = { MERCHANT: [{ type: 'TEXT', format: ['BOLD'], value: 'SALE' }], CUSTOMER: [] };
    const tx = await transaction({
      application_id: 'A0000000031010',
      application_label: 'VISA CREDIT',
      auth_code: '123456',
      reference_number: 'R-77',
      amount_cashback: 500,
      amount_gratuity: 150,
      amount_total: 1900,
      issuer_name: 'VISA',
      card_holder_verification_method: 'PIN',
      date_of_expiry: '12/29',
      date_of_start: '01/24',
      payment_method: 'ICC',
      primary_account_number: '************0119',
      primary_account_number_sequence: '01',
      created_at: '2026-11-23T08:59:58Z',
      updated_at: '2026-11-23T09:00:01Z',
      receipt_lines: receipt,
      an_undocumented_field: 'kept out',
    });
    assert.deepEqual(tx, {
      id: 'tx-1',
      terminalId: '22900001',
      transactionNumber: '0042',
      transactionType: 'SALE',
      result: 'SUCCESSFUL',
      finished: true,
      transactionTime: '2026-11-23T09:00:00Z',
      applicationId: 'A0000000031010',
      applicationLabel: 'VISA CREDIT',
      authCode: '123456',
      referenceNumber: 'R-77',
      currency: 'GBP',
      amountBase: 1250,
      amountCashback: 500,
      amountGratuity: 150,
      amountTotal: 1900,
      issuerName: 'VISA',
      cardholderVerificationMethod: 'PIN',
      dateOfExpiry: '12/29',
      dateOfStart: '01/24',
      paymentMethod: 'ICC',
      primaryAccountNumber: '************0119',
      primaryAccountNumberSequence: '01',
      notifications: ['TRANSACTION_FINISHED', 'PIN_ENTERED'],
      createdAt: '2026-11-23T08:59:58Z',
      updatedAt: '2026-11-23T09:00:01Z',
      receipts: receipt,
    });
  });

  test('amounts may come as digit strings of whole pence, a refund’s negative too', async () => {
    const tx = await transaction({
      amount_base: '1250',
      amount_cashback: '-250',
      amount_gratuity: '0',
      amount_total: '1000',
    });
    assert.deepEqual(
      [tx.amountBase, tx.amountCashback, tx.amountGratuity, tx.amountTotal],
      [1250, -250, 0, 1000],
    );
  });

  test('a pending record’s empty strings, nulls and missing fields are all null', async () => {
    const tx = await transaction({
      tid: '',
      transaction_number: null,
      transaction_result: '',
      transaction_time: undefined,
      auth_code: '',
      currency: '',
      amount_base: '',
      amount_cashback: null,
      amount_total: '',
      device_notifications: ['CONNECTING'],
      receipt_lines: null,
    });
    assert.equal(tx.terminalId, null);
    assert.equal(tx.transactionNumber, null);
    assert.equal(tx.result, null);
    assert.equal(tx.transactionTime, null);
    assert.equal(tx.authCode, null);
    assert.equal(tx.currency, null);
    assert.equal(tx.amountBase, null);
    assert.equal(tx.amountCashback, null);
    assert.equal(tx.amountTotal, null);
    assert.equal(tx.finished, false);
    assert.deepEqual(tx.receipts, { MERCHANT: [], CUSTOMER: [] });
  });

  test('an amount that is not plain whole pence refuses the whole answer', async () => {
    for (const amount of [' 1250', '1250 ', '12.50', '1e3', '£12', 'abc', '-', 12.5, ['1250'], true]) {
      const refusal = await refusalOf(transaction({ amount_total: amount }));
      assert.deepEqual(refusal, NOT_UNDERSTOOD, `amount_total ${JSON.stringify(amount)}`);
    }
  });

  test('no notifications (null or missing) is an empty list, and not finished', async () => {
    for (const device_notifications of [null, undefined]) {
      const tx = await transaction({ device_notifications, transaction_result: null });
      assert.deepEqual(tx.notifications, []);
      assert.equal(tx.finished, false);
      const report = await answering({ id: 'rep-1', device_notifications }).getReport('22900001', 'rep-1');
      assert.deepEqual(report.notifications, []);
      assert.equal(report.finished, false);
    }
  });

  test('a record without an id, or with a text where a list belongs, is not understood', async () => {
    assert.deepEqual(await refusalOf(transaction({ id: undefined })), NOT_UNDERSTOOD);
    assert.deepEqual(await refusalOf(transaction({ tid: 22900001 })), NOT_UNDERSTOOD);
    assert.deepEqual(
      await refusalOf(transaction({ device_notifications: 'TRANSACTION_FINISHED' })),
      NOT_UNDERSTOOD,
    );
  });

  test('terminals keep their id, currency and status; one without a currency is not understood', async () => {
    const terminal = {
      terminal_id: '22900001',
      currency: 'GBP',
      status: 'AVAILABLE',
      last_activity: null,
      device_address: '10.0.0.7',
      model: 'dropped',
    };
    assert.deepEqual(await answering([terminal]).listTerminals(), [
      {
        terminal_id: '22900001',
        currency: 'GBP',
        status: 'AVAILABLE',
        last_activity: null,
        device_address: '10.0.0.7',
      },
    ]);
    const { currency: _dropped, ...withoutCurrency } = terminal;
    assert.deepEqual(await refusalOf(answering([withoutCurrency]).listTerminals()), NOT_UNDERSTOOD);
  });

  test('an end-of-day report lands field by field: banking per acquirer, balances, totals, slip', async () => {
    const visa = {
      currency: 'GBP',
      total_amount: 3000,
      total_refunds_amount: 300,
      total_sales_amount: 3300,
      total_refunds_count: 1,
      total_sales_count: 2,
    };
    const visaRead = {
      currency: 'GBP',
      totalAmount: 3000,
      refundsAmount: 300,
      salesAmount: 3300,
      refundsCount: 1,
      salesCount: 2,
    };
    const report = await answering({
      id: 'rep-1',
      tid: '22900001',
      report_type: 'END_OF_DAY',
      report_result: 'SUCCESSFUL',
      report_time: '2026-11-23T22:00:00Z',
      device_notifications: ['REPORT_STARTED'],
      created_at: '2026-11-23T21:59:00Z',
      updated_at: '2026-11-23T22:00:01Z',
      banking: {
        ACQ1: {
          currency: 'GBP',
          current_session_issuer_totals: { VISA: visa },
          current_session_totals: { total_amount: 3000 },
          current_session_transaction_numbers: ['0001', '0002', '0003'],
        },
      },
      balances: {
        issuer_totals: { VISA: visa, MASTERCARD: { total_sales_count: 4 } },
        currency: 'GBP',
        total_cashback_amount: 500,
        total_cashback_count: 1,
        total_gratuity_amount: 150,
        total_gratuity_count: 2,
        total_refunds_amount: 300,
        total_refunds_count: 1,
        total_sales_amount: 3300,
        total_sales_count: 2,
        total_amount: 3000,
        totals_since: '2026-11-23T06:00:00Z',
      },
      receipt_lines: [{ type: 'TEXT', value: 'END OF DAY' }],
    }).getReport('22900001', 'rep-1');
    const empty = {
      currency: null,
      totalAmount: 0,
      refundsAmount: 0,
      salesAmount: 0,
      refundsCount: 0,
      salesCount: 0,
    };
    assert.deepEqual(report, {
      id: 'rep-1',
      terminalId: '22900001',
      reportType: 'END_OF_DAY',
      result: 'SUCCESSFUL',
      // A result is there, so the report is finished whatever the notifications say.
      finished: true,
      reportTime: '2026-11-23T22:00:00Z',
      notifications: ['REPORT_STARTED'],
      createdAt: '2026-11-23T21:59:00Z',
      updatedAt: '2026-11-23T22:00:01Z',
      banking: {
        ACQ1: {
          currency: 'GBP',
          currentIssuerTotals: { VISA: visaRead },
          previousIssuerTotals: {},
          currentTotals: { ...empty, totalAmount: 3000 },
          previousTotals: null,
          currentTransactionNumbers: ['0001', '0002', '0003'],
          previousTransactionNumbers: [],
        },
      },
      balances: {
        issuerTotals: { VISA: visaRead, MASTERCARD: { ...empty, salesCount: 4 } },
        currency: 'GBP',
        cashbackAmount: 500,
        cashbackCount: 1,
        gratuityAmount: 150,
        gratuityCount: 2,
        refundsAmount: 300,
        refundsCount: 1,
        salesAmount: 3300,
        salesCount: 2,
        totalAmount: 3000,
        totalsSince: '2026-11-23T06:00:00Z',
      },
      receiptLines: [{ type: 'TEXT', format: [], value: 'END OF DAY' }],
    });
  });

  test('a report still running: nothing but its id; REPORT_FINISHED alone finishes it', async () => {
    const running = await answering({ id: 'rep-2' }).getReport('22900001', 'rep-2');
    assert.deepEqual(running, {
      id: 'rep-2',
      terminalId: null,
      reportType: null,
      result: null,
      finished: false,
      reportTime: null,
      notifications: [],
      createdAt: null,
      updatedAt: null,
      banking: null,
      balances: null,
      receiptLines: [],
    });
    const done = await answering({
      id: 'rep-2',
      device_notifications: ['REPORT_FINISHED'],
      balances: {},
      banking: { ACQ2: {} },
    }).getReport('22900001', 'rep-2');
    assert.equal(done.finished, true);
    assert.deepEqual(done.banking, {
      ACQ2: {
        currency: null,
        currentIssuerTotals: {},
        previousIssuerTotals: {},
        currentTotals: null,
        previousTotals: null,
        currentTransactionNumbers: [],
        previousTransactionNumbers: [],
      },
    });
    assert.equal(done.balances?.currency, null);
    assert.equal(done.balances?.totalsSince, null);
    assert.deepEqual(done.balances?.issuerTotals, {});
  });

  test('a start answer may name the new transaction or report by id alone', async () => {
    const client = answering({ id: 'tx-5' });
    assert.deepEqual(await client.startTransaction('22900001', { transactionType: 'REFUND', amount: 300 }), {
      transactionId: 'tx-5',
    });
    assert.deepEqual(await client.startDuplicate('22900001'), { transactionId: 'tx-5' });
    const both = answering({ transaction_id: 'tx-6', id: 'other' });
    assert.deepEqual(await both.startTransaction('22900001', { transactionType: 'SALE', amount: 1 }), {
      transactionId: 'tx-6',
    });
    // Without any id the answer is refused, and the log says which id was missing.
    const log = keptLog();
    wire.answer = () => ({ status: 201, body: { result: {} } });
    assert.deepEqual(await refusalOf(clientOf(wire, { log }).startDuplicate('22900001')), NOT_UNDERSTOOD);
    assert.deepEqual(
      await refusalOf(clientOf(wire, { log }).startReport('22900001', 'X_BAL')),
      NOT_UNDERSTOOD,
    );
    assert.equal(log.lines.length, 2);
    assert.match(
      log.lines[0] ?? '',
      /^WARN Unexpected answer to POST \/terminals\/22900001\/transactions\/duplicate: .*no transaction id/s,
    );
    assert.match(
      log.lines[1] ?? '',
      /^WARN Unexpected answer to POST \/terminals\/22900001\/reports: .*no report id/s,
    );
    assert.deepEqual(await answering({ id: 'rep-5' }).startReport('22900001', 'X_BAL'), {
      reportId: 'rep-5',
    });
    assert.deepEqual(await answering({ report_id: 'rep-6', id: 'other' }).startReport('22900001', 'Z_BAL'), {
      reportId: 'rep-6',
    });
    assert.deepEqual(JSON.parse(wire.seen.at(-1)?.body ?? ''), { type: 'Z_BAL' });
    assert.deepEqual(
      await refusalOf(answering({ report_id: '' }).startReport('22900001', 'BANKING')),
      NOT_UNDERSTOOD,
    );
  });

  test('the card machine’s slips come in with no raw control character: ESC, GS, NUL, BEL become ?', async () => {
    // As a misbehaving card service might send them: printer commands and noise inside the text.
    const raw = 'AUTH\x00CODE\x07 \x1b@\x1dV\x00123\x7f\x9b €5 Müller\tPIN\r\nOK\rX\nY';
    const clean = 'AUTH?CODE? ?@?V?123?? €5 Müller PIN\nOK?X\nY';
    const line = (value: string) => ({ type: 'TEXT', format: ['BOLD'], value });
    const tx = await transaction({
      receipt_lines: { MERCHANT: [line(raw)], CUSTOMER: [line('\x1b!\x10TOTAL')] },
    });
    assert.deepEqual(tx.receipts, { MERCHANT: [line(clean)], CUSTOMER: [line('?!?TOTAL')] });
    const report = await answering({
      id: 'rep-1',
      report_type: 'X_BAL',
      device_notifications: ['REPORT_FINISHED'],
      receipt_lines: [line(raw), { type: 'LINE_SEPARATOR', format: [], value: '' }],
    }).getReport('22900001', 'rep-1');
    assert.deepEqual(report.receiptLines, [line(clean), { type: 'LINE_SEPARATOR', format: [], value: '' }]);
  });

  test('a slip line of 200 characters is printed; one of 201 refuses the answer', async () => {
    const log = keptLog();
    const line = (chars: number) => ({ type: 'TEXT', format: [], value: 'x'.repeat(chars) });
    const slip = (chars: number) => ({ MERCHANT: [line(10)], CUSTOMER: [line(5), line(chars), line(3)] });
    wire.answer = () => ({ status: 200, body: { result: saleRecord({ receipt_lines: slip(200) }) } });
    const tx = await clientOf(wire, { log }).getTransaction('22900001', 'tx-1');
    assert.equal(tx.receipts.CUSTOMER[1]?.value.length, 200);
    wire.answer = () => ({ status: 200, body: { result: saleRecord({ receipt_lines: slip(201) }) } });
    const refusal = await refusalOf(clientOf(wire, { log }).getTransaction('22900001', 'tx-1'));
    assert.deepEqual(refusal.words, { key: 'cardService.slipTooLong' });
    assert.deepEqual(log.lines, [
      "WARN Refused the card service's answer to GET /terminals/22900001/transactions/tx-1: CUSTOMER copy has a line of 201 characters (limit 200)",
    ]);
    // Empty copies are within every limit.
    wire.answer = () => ({
      status: 200,
      body: { result: saleRecord({ receipt_lines: { MERCHANT: [], CUSTOMER: [] } }) },
    });
    assert.deepEqual((await clientOf(wire).getTransaction('22900001', 'tx-1')).receipts, {
      MERCHANT: [],
      CUSTOMER: [],
    });
  });
});
