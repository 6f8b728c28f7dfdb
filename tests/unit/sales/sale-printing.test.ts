// When the printer cannot take a sale's receipt, or the drawer will not open, the sale stands and
// the till's log says which sale and why, so the failure can be followed up.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { saleViewSchema, type SaleView } from '../../../shared/contract';
import { createLogger } from '../../../electron/services/common/logger';
import { SalePrinting } from '../../../electron/services/sales/sale-printing';
import { waitUntil } from '../../support/wait';

let cashSale: SaleView;

before(() => {
  cashSale = saleViewSchema.parse({
    saleId: 'sale-9',
    receiptNumber: 'R-0009',
    state: 'completed',
    currency: 'GBP',
    lines: [
      {
        productId: 'p1',
        sku: 'MUG',
        name: 'Blue mug',
        quantity: 1,
        unitPrice: 850,
        lineTotal: 850,
        vatRate: null,
      },
    ],
    total: 850,
    paid: 850,
    due: 0,
    change: 150,
    refunded: 0,
    tenders: [
      {
        kind: 'cash',
        amount: 850,
        given: 1000,
        paymentId: null,
        reference: null,
        needsReconciliation: false,
      },
    ],
    createdAt: '2026-03-04T16:10:00.000Z',
    completedAt: '2026-03-04T16:12:00.000Z',
  });
});

/** The till's log as written, without each line's time stamp. */
function logWithoutTimes(): { lines: string[]; logger: ReturnType<typeof createLogger> } {
  const lines: string[] = [];
  const logger = createLogger('sales', (line) => lines.push(line.replace(/^\S+ /, '')));
  return { lines, logger };
}

function printingFor(
  receiptAfterSale: 'print' | 'ask',
  logger: ReturnType<typeof createLogger>,
): SalePrinting {
  return new SalePrinting({
    printing: {
      printReceipt: () => Promise.reject(new Error('the spool is full')),
      openDrawer: () => Promise.reject(new Error('the drawer is jammed')),
    },
    receiptSettings: () => ({ shop: { name: 'Corner Books', addressLines: [] }, paperWidth: 80 }),
    cardRecord: () => null,
    logger,
    counterSettings: () => ({ discountLimitBasisPoints: 1000, receiptAfterSale }),
  });
}

test('a receipt the printer cannot take is logged with the sale and the reason, and the sale stands', async () => {
  const { lines, logger } = logWithoutTimes();
  assert.doesNotThrow(() => printingFor('print', logger).saleCompleted(cashSale));
  await waitUntil(() => lines.length > 0, 'the log line', 2_000);
  assert.deepEqual(lines, ['ERROR [sales] could not queue receipt sale-9:sale Error: the spool is full']);
});

test('when the receipt waits for the customer, a drawer that will not open is logged with the sale', async () => {
  const { lines, logger } = logWithoutTimes();
  assert.doesNotThrow(() => printingFor('ask', logger).saleCompleted(cashSale));
  await waitUntil(() => lines.length > 0, 'the log line', 2_000);
  assert.deepEqual(lines, ['ERROR [sales] could not open the drawer for sale-9 Error: the drawer is jammed']);
});
