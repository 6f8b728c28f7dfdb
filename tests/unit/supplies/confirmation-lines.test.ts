// The printed order confirmation line by line, on 58 mm paper (32 columns) in en-GB and UTC:
// heading, reference, when placed, status in staff words, each line with its amount (or none),
// the total when known, the delivery address as given, and when it was printed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildOrderConfirmation } from '../../../electron/services/supplies/confirmation-receipt';
import type { SupplyOrder } from '../../../shared/contract';
import { GOOD_ADDRESS } from './support';

const PRINTED_AT = new Date(Date.UTC(2026, 10, 23, 10, 30));

const plain = (value: string) => ({ type: 'TEXT', format: [], value });
const bold = (value: string) => ({ type: 'TEXT', format: ['BOLD'], value });
const rule = { type: 'LINE_SEPARATOR', format: [], value: '' };

const HEADING = [
  bold('Corner Café'),
  { type: 'TEXT', format: ['BOLD', 'DOUBLE_HEIGHT'], value: 'SUPPLIES ORDER' },
  { type: 'DOUBLE_LINE_SEPARATOR', format: [], value: '' },
  plain('Order SUP-0000042'),
];
const FOOT = [rule, plain('Printed 23/11/2026 10:30'), { type: 'TICKET_FEED', format: [], value: '' }];

function order(changes: Partial<SupplyOrder>): SupplyOrder {
  return {
    id: 42,
    referenceNumber: 'SUP-0000042',
    status: 'pending',
    statusWords: 'Being prepared',
    stage: 1,
    lines: [],
    address: { ...GOOD_ADDRESS },
    shipments: [],
    totalPrice: null,
    placedAt: null,
    ...changes,
  };
}

const printed = (o: SupplyOrder) =>
  buildOrderConfirmation({
    order: o,
    shopName: 'Corner Café',
    currency: 'GBP',
    paperWidth: 58,
    printedAt: PRINTED_AT,
    locale: 'en-GB',
    timeZone: 'UTC',
  });

test('an order placed here: when, its stage in words, priced and unpriced lines, the total', () => {
  const lines = printed(
    order({
      placedAt: '2026-11-23T09:05:00.000Z',
      lines: [
        { productId: 101, name: 'Till rolls', quantity: 2, price: 350 },
        { productId: 102, name: null, quantity: 1, price: 1200 },
        { productId: 103, name: 'Pens', quantity: 3, price: null },
      ],
      totalPrice: 1900,
      // No first name: the name line is the last name alone, with no space before it.
      address: { ...GOOD_ADDRESS, firstName: '' },
    }),
  );
  assert.deepEqual(lines, [
    ...HEADING,
    plain('Placed 23/11/2026 09:05'),
    plain('Status: Being prepared'),
    rule,
    plain('2 x Till rolls             £7.00'),
    // Too long to share a row with its amount: the amount goes on the row below, to the right.
    plain('1 x Product no longer listed'),
    plain('                          £12.00'),
    plain('3 x Pens'),
    rule,
    bold('TOTAL                     £19.00'),
    rule,
    bold('Deliver to'),
    plain('Baker'),
    plain('Corner Café'),
    plain('12 High Street'),
    plain('London'),
    plain('SW1A 1AA'),
    plain('United Kingdom'),
    plain('Tel 020 7946 0000'),
    ...FOOT,
  ]);
});

test('another till’s order: no "Placed" line, no total, the supplier’s own status quoted, the notes', () => {
  const lines = printed(
    order({
      status: 'on hold',
      statusWords: 'The supplier says “on hold”',
      stage: null,
      lines: [{ productId: 101, name: 'Till rolls', quantity: 1, price: null }],
      address: { ...GOOD_ADDRESS, companyName: '', notes: 'Back door' },
    }),
  );
  assert.deepEqual(lines, [
    ...HEADING,
    plain('Status: The supplier says "on hold"'),
    rule,
    plain('1 x Till rolls'),
    rule,
    bold('Deliver to'),
    plain('Ada Baker'),
    plain('12 High Street'),
    plain('London'),
    plain('SW1A 1AA'),
    plain('United Kingdom'),
    plain('Tel 020 7946 0000'),
    plain('Notes: Back door'),
    ...FOOT,
  ]);
});

test('the status in words for each stage, and when the supplier gave none', () => {
  const statusLine = (o: SupplyOrder) => printed(o).find((l) => l.value.startsWith('Status: '))!.value;
  assert.deepEqual(
    [0, 1, 2, 3, 4].map((stage) => statusLine(order({ stage }))),
    [
      'Status: Received by the supplier',
      'Status: Being prepared',
      'Status: Part of it is on its way',
      'Status: On its way',
      'Status: Delivered and invoiced',
    ],
  );
  assert.equal(statusLine(order({ status: '', stage: null })), 'Status: The supplier gave no status');
});
