// What the sandbox card machine keeps: its transactions and reports as they run, and the ways it
// says no. The HTTP routes turn a refusal into a status code; the machine never speaks HTTP.
import type { ReceiptLine } from '../../../shared/receipt';
import type { Pace } from './pace';
import type { balancesOf, bankingOf } from './reports';
import type { CardProfile, SandboxScriptInfo } from './scripts';

export interface NotificationStamp {
  code: string;
  /** Clock time (epoch ms) when the card machine added it. */
  at: number;
}

export interface TransactionRecord {
  id: string;
  tid: string;
  number: string;
  type: string;
  script: SandboxScriptInfo;
  currency: string;
  card: CardProfile;
  amountBase: number;
  amountCashback: number;
  amountGratuity: number;
  notifications: NotificationStamp[];
  result: string | null;
  bankStepReached: boolean;
  cancelRequested: boolean;
  signature: 'waiting' | 'accepted' | 'declined' | 'timeout' | null;
  declinedBy?: 'BANK' | 'CARD';
  authCode: string;
  reference: string;
  createdAt: string;
  updatedAt: string;
  receipts: { MERCHANT: ReceiptLine[]; CUSTOMER: ReceiptLine[] } | null;
  /** Ends the current pause early (cancel, signature answer). */
  interrupt?: () => void;
}

export interface ReportRecord {
  id: string;
  tid: string;
  type: string;
  result: string | null;
  notifications: NotificationStamp[];
  createdAt: string;
  updatedAt: string;
  balances?: ReturnType<typeof balancesOf>;
  banking?: ReturnType<typeof bankingOf>;
  receiptLines: ReceiptLine[];
}

export type RefusalReason =
  'busy' | 'offline' | 'internal_error' | 'too_late_to_cancel' | 'no_signature_awaited' | 'bad_request';

/** The card machine will not do what was asked. */
export class Refusal extends Error {
  constructor(readonly reason: RefusalReason) {
    super(reason);
  }
}

/** Adds a notification to a running transaction or report, stamped with the clock's time. */
export function notify(pace: Pace, item: TransactionRecord | ReportRecord, code: string): void {
  item.notifications.push({ code, at: pace.clock.now() });
  item.updatedAt = pace.isoNow();
}
