// What the payment service tells its listeners (the sale screen, the host) as a payment runs.
import type { ReceiptCopies, ReceiptLine } from '../../../shared/receipt';
import type { PaymentState, PaymentType, Resolution } from './journal';
import type { DescribedNotification, PaymentAmounts } from './payment-view';

export type PaymentEvent =
  | {
      type: 'progress';
      paymentId: string;
      terminalId: string;
      state: PaymentState;
      notifications: DescribedNotification[];
      newNotifications: DescribedNotification[];
      problem: string | null;
    }
  | {
      type: 'signature_required';
      paymentId: string;
      terminalId: string;
      /** ms since epoch: 80 s after the till first saw SIGNATURE_VERIFICATION. */
      deadline: number;
      /** The merchant copy with SIGN BELOW, to print before deciding (empty if the service gave none). */
      merchantReceipt: ReceiptLine[];
    }
  | { type: 'cancel_refused'; paymentId: string; terminalId: string; message: string }
  | {
      type: 'finished';
      paymentId: string;
      terminalId: string;
      saleId: string | null;
      paymentType: PaymentType;
      result: string | null;
      successful: boolean;
      amounts: PaymentAmounts;
      receipts: ReceiptCopies;
    }
  | {
      type: 'unknown';
      paymentId: string;
      terminalId: string;
      reason: string;
      /** Last status read from the terminal (BUSY: it may still be taking the payment), null if unread. */
      terminalStatus: string | null;
    }
  | { type: 'resolved'; paymentId: string; terminalId: string; resolution: Resolution };

export type PaymentListener = (event: PaymentEvent) => void;
