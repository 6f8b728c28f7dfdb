// The card payment as the cashier follows it: the runner's journal view plus what only the
// till's UI needs (signature deadline, a refused cancel), worded for the counter.
import type { PaymentView as ContractPaymentView } from '../../../shared/contract';
import { formatMoney } from '../../../shared/money';
import {
  describeResult,
  mismatchResolvedText,
  mismatchText,
  type PaymentView as RunnerPaymentView,
} from '../payments/transaction-runner';

/** Once the card machine has contacted the bank, a cancel can no longer work. */
const BANK_STEP = new Set([
  'CONNECTING',
  'CONNECTION_MADE',
  'APPROVED',
  'DECLINED',
  'SIGNATURE_VERIFICATION',
]);
/** What only this run of the till knows about a payment (not journaled: a restart clears it). */
export interface PaymentUiState {
  cancelRefused?: boolean;
}

function stateOf(view: RunnerPaymentView): ContractPaymentView['state'] {
  switch (view.state) {
    case 'intent':
    case 'starting':
      return 'starting';
    case 'started':
    case 'pending':
      return view.awaitingSignature ? 'signature' : 'in_progress';
    case 'unknown':
      return view.resolution ? 'finished' : 'unknown';
    case 'needs_manager':
      return view.resolution ? 'finished' : 'needs_manager';
    case 'failed_to_start':
    case 'cancelled_locally':
      return 'failed_to_start';
    default:
      return 'finished';
  }
}

function messageFor(
  view: RunnerPaymentView,
  state: ContractPaymentView['state'],
  ui: PaymentUiState,
): string {
  const money = (minor: number | null) => (minor === null ? '' : formatMoney(minor, view.currency ?? 'GBP'));
  switch (state) {
    case 'starting':
      return 'Sending the payment to the card machine…';
    case 'in_progress': {
      const last = view.notifications.at(-1);
      const now = last ? last.text : 'Waiting for the card machine…';
      return ui.cancelRefused
        ? `The card machine would not cancel: cancel it on the card machine. ${now}`
        : now;
    }
    case 'signature':
      return 'Compare the signature on the printed slip with the card, then accept or decline.';
    case 'unknown':
      return `${view.problem ?? 'The answer from the card service was lost.'} The till will not send this payment again. Check the card machine’s screen: did the payment go through?`;
    case 'failed_to_start':
      return view.problem ?? 'The payment did not reach the card machine. Nothing was charged.';
    case 'needs_manager':
      return view.mismatch ? mismatchText(view.mismatch) : 'Ask a manager.';
    case 'finished': {
      if (view.resolution && view.mismatch) return mismatchResolvedText(view.resolution);
      if (view.resolution) {
        return view.resolution.outcome === 'paid'
          ? 'Recorded as paid after checking the card machine.'
          : 'Recorded as not paid after checking the card machine.';
      }
      if (view.successful) {
        const extra: string[] = [];
        if (view.amounts?.gratuity) extra.push(`tip ${money(view.amounts.gratuity)}`);
        if (view.amounts?.cashback) extra.push(`cashback ${money(view.amounts.cashback)} — hand it over`);
        const total = view.amounts?.total ?? view.amount;
        return `${view.type === 'REFUND' ? 'Refunded' : 'Approved'}: ${money(total)}${extra.length ? ` (${extra.join(', ')})` : ''}.`;
      }
      return `${describeResult(view.result)}. Nothing was charged: try the card again, take cash, or abandon the sale.`;
    }
  }
}

export function toContractPaymentView(view: RunnerPaymentView, ui: PaymentUiState = {}): ContractPaymentView {
  const state = stateOf(view);
  const codes = view.notifications.map((n) => n.code);
  return {
    paymentId: view.id,
    saleId: view.saleId,
    type: view.type,
    terminalId: view.terminalId,
    amount: view.amount ?? 0,
    currency: view.currency ?? '',
    state,
    result: view.result,
    successful: view.successful,
    notifications: view.notifications.map((n) => ({ code: n.code, words: n.text })),
    canCancel: state === 'in_progress' && !ui.cancelRefused && !codes.some((c) => BANK_STEP.has(c)),
    cancelRefused: ui.cancelRefused ?? false,
    signatureDeadline: view.awaitingSignature
      ? new Date(view.awaitingSignature.deadline).toISOString()
      : null,
    amountTotal: view.amounts?.total ?? null,
    amountGratuity: view.amounts?.gratuity ?? null,
    amountCashback: view.amounts?.cashback ?? null,
    mismatch: view.mismatch,
    staff: view.staff,
    message: messageFor(view, state, ui),
    createdAt: view.createdAt,
    updatedAt: view.updatedAt,
  };
}
