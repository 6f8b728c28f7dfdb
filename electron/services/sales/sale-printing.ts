// What the checkout prints, and when: card slips as the card machine hands them over, and the
// sale receipt on completion (at once, or after the customer's choice, the drawer still opening
// for cash). Printing never decides a sale: a failure is logged and the spool reports its own.
import type { SaleView } from '../../../shared/contract';
import type { ReceiptLine } from '../../../shared/receipt';
import type { CounterSettings } from '../../../shared/settings';
import type { Logger } from '../common/logger';
import type { CardTransaction } from '../payments/pay-at-counter-client';
import type { PrintingService } from '../printing/index';
import type { SaleReceiptInput } from '../printing/sale-receipt';
import { saleReceiptLines } from './sale-receipt-lines';

export type ReceiptSettings = Pick<
  SaleReceiptInput,
  'shop' | 'vatRateBasisPoints' | 'footerLines' | 'paperWidth' | 'locale' | 'timeZone'
>;

export interface SalePrintingOptions {
  printing: Pick<PrintingService, 'printReceipt'> & Partial<Pick<PrintingService, 'openDrawer'>>;
  receiptSettings: () => ReceiptSettings;
  /** The finished card record of a payment (card label, last digits, auth code for the receipt). */
  cardRecord: (paymentId: string) => CardTransaction | null;
  logger: Logger;
  /** The shop's counter rules (receipt after payment); none: the receipt prints at once. */
  counterSettings?: () => CounterSettings;
}

export class SalePrinting {
  constructor(private readonly o: SalePrintingOptions) {}

  /**
   * On completion: the receipt prints at once, or, when the shop asks after payment, waits for the
   * cashier's choice (receipt-choice.ts); a sale with cash still opens the drawer.
   */
  saleCompleted(sale: SaleView): void {
    const hasCash = sale.tenders.some((t) => t.kind === 'cash');
    if (this.o.counterSettings?.().receiptAfterSale !== 'ask') {
      this.slip(`${sale.saleId}:sale`, this.receiptLines(sale), hasCash);
    } else if (hasCash && this.o.printing.openDrawer) {
      this.o.printing.openDrawer(`${sale.saleId}:drawer`).catch((error: unknown) => {
        this.o.logger.error(`could not open the drawer for ${sale.saleId}`, error);
      });
    }
  }

  /** The sale's receipt as it printed when the sale completed (sales history reprints it). */
  receiptLines(sale: SaleView): ReceiptLine[] {
    return saleReceiptLines(sale, this.o.receiptSettings(), this.o.cardRecord);
  }

  slip(receiptId: string, lines: ReceiptLine[], kickDrawer = false): void {
    this.o.printing.printReceipt(receiptId, lines, { kickDrawer }).catch((error: unknown) => {
      // The sale stands whatever the printer does; the spool reports its own problems.
      this.o.logger.error(`could not queue receipt ${receiptId}`, error);
    });
  }
}
