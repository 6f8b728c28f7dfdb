// The card payment as the cashier follows it: the runner's journal view plus what only the
// till's UI needs (signature deadline, a refused cancel), worded for the counter.
import type { PaymentView as ContractPaymentView, Words } from '../../../shared/contract';
import { formatMoney } from '../../../shared/money';
import {
  mismatchResolvedText,
  mismatchText,
  type PaymentView as RunnerPaymentView,
} from '../payments/transaction-runner';
import { notificationWord, resultWord } from '../payments/wording';

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

/** The cashier's message in English (logs, fallback) and by key for the screens' catalogues. */
interface Message {
  text: string;
  words?: Words;
}

function messageFor(
  view: RunnerPaymentView,
  state: ContractPaymentView['state'],
  ui: PaymentUiState,
): Message {
  const currency = view.currency ?? 'GBP';
  const said = (text: string, key: string, params?: Words['params']): Message => ({
    text,
    words: { key: `payment.message.${key}`, ...(params && { params }) },
  });
  switch (state) {
    case 'starting':
      return said('Sending the payment to the card machine…', 'starting');
    case 'in_progress': {
      const last = view.notifications.at(-1);
      const now = last
        ? notificationWord(last.code)
        : { key: 'payment.message.waiting', english: 'Waiting for the card machine…' };
      return ui.cancelRefused
        ? said(
            `The card machine would not cancel: cancel it on the card machine. ${now.english}`,
            'cancelRefused',
            {
              now,
            },
          )
        : said(now.english, 'now', { now });
    }
    case 'signature':
      return said(
        'Compare the signature on the printed slip with the card, then accept or decline.',
        'signature',
      );
    case 'unknown':
      // The problem is the runner's English, journaled before the screens' words existed.
      return view.problem
        ? said(
            `${view.problem} The till will not send this payment again. Check the card machine’s screen: did the payment go through?`,
            'unknownBecause',
            { problem: view.problem },
          )
        : said(
            'The answer from the card service was lost. The till will not send this payment again. Check the card machine’s screen: did the payment go through?',
            'unknown',
          );
    case 'failed_to_start':
      return view.problem
        ? { text: view.problem }
        : said('The payment did not reach the card machine. Nothing was charged.', 'notSent');
    case 'needs_manager':
      return view.mismatch ? { text: mismatchText(view.mismatch) } : said('Ask a manager.', 'askManager');
    case 'finished': {
      if (view.resolution && view.mismatch) return { text: mismatchResolvedText(view.resolution) };
      if (view.resolution) {
        return view.resolution.outcome === 'paid'
          ? said('Recorded as paid after checking the card machine.', 'resolvedPaid')
          : said('Recorded as not paid after checking the card machine.', 'resolvedNotPaid');
      }
      if (view.successful) return paidMessage(view, currency);
      const result = resultWord(view.result);
      return said(
        `${result.english}. Nothing was charged: try the card again, take cash, or abandon the sale.`,
        'notPaid',
        { result },
      );
    }
  }
}

/** "Approved: £12.00 (tip £1.00, cashback £5.00 — hand it over)."; each case is its own sentence by key. */
function paidMessage(view: RunnerPaymentView, currency: string): Message {
  const money = (minor: number) => formatMoney(minor, currency);
  const total = view.amounts?.total ?? view.amount ?? 0;
  const tip = view.amounts?.gratuity ?? 0;
  const cashback = view.amounts?.cashback ?? 0;
  const params = {
    total: { minor: total, currency },
    tip: { minor: tip, currency },
    cashback: { minor: cashback, currency },
  };
  const refund = view.type === 'REFUND';
  const done = refund ? 'Refunded' : 'Approved';
  const said = (text: string, extras: string): Message => ({
    text: `${done}: ${money(total)}${text}.`,
    words: { key: `payment.message.${refund ? 'refunded' : 'approved'}${extras}`, params },
  });
  if (tip && cashback)
    return said(` (tip ${money(tip)}, cashback ${money(cashback)} — hand it over)`, 'TipCashback');
  if (tip) return said(` (tip ${money(tip)})`, 'Tip');
  if (cashback) return said(` (cashback ${money(cashback)} — hand it over)`, 'Cashback');
  return said('', '');
}

function wordedMessage(message: Message): Pick<ContractPaymentView, 'message' | 'words'> {
  return { message: message.text, ...(message.words && { words: message.words }) };
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
    ...wordedMessage(messageFor(view, state, ui)),
    ...(state === 'unknown' &&
      view.problem && {
        unknownReason: wordedMessage({
          text: view.problem,
          ...(view.problemWords && { words: view.problemWords }),
        }),
      }),
    createdAt: view.createdAt,
    updatedAt: view.updatedAt,
  };
}
