// When the drawer opens on completing a sale: with its receipt for a cash sale, or on its own
// (under the sale's own job id) when the receipt waits for the customer; never for a sale paid
// only by card, and never for a card slip.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { saleViewSchema, type SaleView } from '../../../shared/contract';
import { createLogger } from '../../../electron/services/common/logger';
import { SalePrinting } from '../../../electron/services/sales/sale-printing';

function sale(saleId: string, kind: 'cash' | 'card'): SaleView {
  return saleViewSchema.parse({
    saleId,
    receiptNumber: `R-${saleId}`,
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
    change: 0,
    refunded: 0,
    tenders: [
      {
        kind,
        amount: 850,
        given: kind === 'cash' ? 850 : null,
        paymentId: kind === 'card' ? `pay-${saleId}` : null,
        reference: null,
        needsReconciliation: false,
      },
    ],
    createdAt: '2026-03-04T16:10:00.000Z',
    completedAt: '2026-03-04T16:12:00.000Z',
  });
}

/** A printer that notes each receipt (with its drawer kick) and each drawer opening. */
function counterWith(receiptAfterSale: 'print' | 'ask') {
  const receipts: Array<{ id: string; kickDrawer: boolean }> = [];
  const drawers: string[] = [];
  const printing = new SalePrinting({
    printing: {
      printReceipt: async (id, _lines, options) => {
        receipts.push({ id, kickDrawer: options?.kickDrawer ?? false });
        return { jobId: id } as never;
      },
      openDrawer: async (id) => {
        drawers.push(id);
        return { jobId: id } as never;
      },
    },
    receiptSettings: () => ({ shop: { name: 'Corner Books', addressLines: [] }, paperWidth: 80 }),
    cardRecord: () => null,
    logger: createLogger('sales', () => {}),
    counterSettings: () => ({ discountLimitBasisPoints: 1000, receiptAfterSale }),
  });
  return { printing, receipts, drawers };
}

test('receipt at once: a cash sale kicks the drawer with its receipt, a card sale does not', () => {
  const { printing, receipts, drawers } = counterWith('print');
  printing.saleCompleted(sale('s1', 'cash'));
  printing.saleCompleted(sale('s2', 'card'));
  assert.deepEqual(receipts, [
    { id: 's1:sale', kickDrawer: true },
    { id: 's2:sale', kickDrawer: false },
  ]);
  assert.deepEqual(drawers, []);
});

test('receipt after the customer chooses: each cash sale opens the drawer under its own id, a card sale not at all', () => {
  const { printing, receipts, drawers } = counterWith('ask');
  printing.saleCompleted(sale('s1', 'cash'));
  printing.saleCompleted(sale('s2', 'card'));
  printing.saleCompleted(sale('s3', 'cash'));
  assert.deepEqual(drawers, ['s1:drawer', 's3:drawer']);
  assert.deepEqual(receipts, [], 'the receipt waits for the customer');
});

test('a slip printed on its own never kicks the drawer', () => {
  const { printing, receipts } = counterWith('print');
  printing.slip('pay-1:customer', [{ type: 'TEXT', format: [], value: 'CARD SLIP' }] as never);
  assert.deepEqual(receipts, [{ id: 'pay-1:customer', kickDrawer: false }]);
});
