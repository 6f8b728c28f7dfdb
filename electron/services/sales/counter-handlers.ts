// The counter's side of the contract: parked sales, No-sale and the receipt after payment.
import type { HandlersOf } from '../../../shared/contract/dispatch';
import type { ReceiptChoiceView, SaleView, StaffStamp } from '../../../shared/contract';
import { TillError } from '../../../shared/contract/errors';
import { formatMoney } from '../../../shared/money';
import { priceBasket } from '../../../shared/pricing';
import { refuseOversizedDiscount } from './sale-pricing';
import type { ProductCatalogue } from '../catalogue/store';
import type { PrintingService } from '../printing/index';
import type { Checkout } from './checkout';
import type { NoSales } from './no-sale';
import type { ParkedSales } from './parked';
import type { SalesLedger } from './sales-ledger';

export interface CounterHandlerDeps {
  ledger: SalesLedger;
  checkout: Checkout;
  catalogue: ProductCatalogue;
  parked: ParkedSales;
  noSales: NoSales;
  printing: () => Promise<Pick<PrintingService, 'printReceipt' | 'reprint'>>;
  serving: () => StaffStamp | null;
  requireNoSale: () => StaffStamp | null;
}

/** Prints a completed sale's receipt: the first time as it is, after that marked as a copy. */
async function printSaleReceipt(deps: CounterHandlerDeps, sale: SaleView): Promise<ReceiptChoiceView> {
  if (sale.state !== 'completed') {
    throw new TillError(
      'conflict',
      'This sale is not paid yet: take payment first, then print its receipt.',
      {
        words: { key: 'receipt.notPaid' },
      },
    );
  }
  const printing = await deps.printing();
  const job = await printing.printReceipt(`${sale.saleId}:sale`, deps.checkout.saleReceiptLines(sale));
  const receipt = { receiptNumber: sale.receiptNumber };
  const params = { receipt: sale.receiptNumber };
  if (job.state === 'printed' || job.state === 'uncertain') {
    await printing.reprint(job.id);
    return {
      ...receipt,
      outcome: 'copy',
      message: `Receipt ${sale.receiptNumber} is printing again, marked as a copy.`,
      words: { key: 'receipt.copy', params },
    };
  }
  if (job.state === 'cancelled') {
    throw new TillError(
      'conflict',
      `Receipt ${sale.receiptNumber} was cancelled in the print queue: print it again from the Printer screen.`,
      { words: { key: 'receipt.cancelled', params } },
    );
  }
  return {
    ...receipt,
    outcome: 'printed',
    message: `Receipt ${sale.receiptNumber} is printing.`,
    words: { key: 'receipt.printing', params },
  };
}

/** Money taken on an open sale keeps it from being parked: it is finished or refunded instead. */
function setAsideForParking(deps: CounterHandlerDeps, saleId: string): void {
  const sale = deps.ledger.get(saleId);
  if (sale.state !== 'open')
    throw new TillError('conflict', `This sale is already ${sale.state}: it cannot be parked.`, {
      words: { key: `park.already.${sale.state}` },
    });
  if (sale.paid > 0) {
    throw new TillError(
      'conflict',
      `${formatMoney(sale.paid, sale.currency)} was already taken on this sale, so it cannot be parked: take the rest and finish it, or refund what was taken.`,
      { words: { key: 'park.partPaid', params: { paid: { minor: sale.paid, currency: sale.currency } } } },
    );
  }
  deps.checkout.abandon(saleId, 'parked');
}

export function counterHandlers(deps: CounterHandlerDeps): HandlersOf<'counter'> {
  const { parked, serving } = deps;
  return {
    'counter.park': ({ lines, discount, note, saleId }) => {
      const by = serving();
      const catalogue = deps.catalogue.all();
      const products = deps.catalogue.byIds(lines.map((l) => l.productId));
      // The total shown in the list; the sale is priced (and any discount approved) when resumed.
      // A product gone from the catalogue keeps no discount (resuming says it is no longer for sale).
      const known = lines.map((l) => ({ line: l, product: products.get(l.productId) }));
      const pricing = known.map(({ line, product }) => ({
        unitPrice: line.priceOverride?.unitPrice ?? product?.price ?? 0,
        quantity: line.quantity,
        discount: product ? line.discount : null,
      }));
      // A discount larger than what it applies to is refused here too, never parked capped.
      refuseOversizedDiscount(pricing, discount, (i) => known[i]!.product!.name, catalogue.currency);
      const priced = priceBasket(pricing, discount);
      if (saleId) setAsideForParking(deps, saleId);
      return parked.park({
        lines,
        discount: discount ?? null,
        note: note ?? '',
        itemCount: lines.reduce((n, l) => n + l.quantity, 0),
        total: priced.total,
        currency: catalogue.currency,
        parkedBy: by,
      });
    },
    'counter.parked': () => parked.list(),
    'counter.resume': ({ parkedId }) => {
      serving();
      return parked.take(parkedId);
    },
    'counter.noSale': ({ reason }) => deps.noSales.record(reason, deps.requireNoSale()),
    'counter.noSales': ({ limit }) => deps.noSales.recent(limit),
    'counter.printReceipt': ({ saleId }) => {
      serving();
      return printSaleReceipt(deps, deps.ledger.get(saleId));
    },
    'counter.reprintLast': () => {
      serving();
      const last = deps.ledger.lastCompleted();
      if (!last)
        throw new TillError('not_found', 'No sale has been completed on this till yet.', {
          words: { key: 'receipt.noneYet' },
        });
      return printSaleReceipt(deps, last);
    },
  };
}
