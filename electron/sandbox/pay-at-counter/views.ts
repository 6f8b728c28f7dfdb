// Records as the API shows them (the spec's field names). A running transaction shows only its id
// and notifications (plus the merchant copy while a signature is checked); everything else appears
// when it has finished.
import type { ReportRecord, TransactionRecord } from './records';
import type { SandboxTerminal, TerminalState } from './terminals';

export function terminalView(state: TerminalState): SandboxTerminal {
  return { ...state.info, status: state.active ? 'BUSY' : 'AVAILABLE' };
}

/** `state` is the transaction's terminal: a DUPLICATE shows the data of its last finished sale. */
export function transactionView(tx: TransactionRecord, state: TerminalState) {
  const finished = tx.result !== null;
  const base = {
    id: tx.id,
    tid: tx.tid,
    transaction_number: tx.number,
    transaction_type: tx.type,
    transaction_time: tx.createdAt,
    currency: tx.currency,
    // Newest first, like Connect: clients must not depend on the order.
    device_notifications: tx.notifications.map((n) => n.code).reverse(),
    created_at: tx.createdAt,
    updated_at: tx.updatedAt,
  };
  if (!finished) {
    return tx.receipts ? { ...base, receipt_lines: tx.receipts } : base;
  }
  const source = tx.type === 'DUPLICATE' ? state.lastFinished : tx;
  const card = source?.card;
  const approved = tx.result === 'SUCCESSFUL';
  return {
    ...base,
    transaction_result: tx.result,
    application_id: card?.applicationId ?? '',
    application_label: card?.applicationLabel ?? '',
    auth_code: source?.authCode ?? '',
    reference_number: source ? source.reference : '',
    amount_base: source?.amountBase ?? 0,
    amount_cashback: approved ? (source?.amountCashback ?? 0) : 0,
    amount_gratuity: approved ? (source?.amountGratuity ?? 0) : 0,
    amount_total: source ? source.amountBase + source.amountCashback + source.amountGratuity : 0,
    issuer_name: card?.issuerName ?? '',
    card_holder_verification_method: card?.verification ?? '',
    date_of_expiry: card?.expiry ?? '',
    date_of_start: null,
    payment_method: card?.paymentMethod ?? '',
    primary_account_number: card?.pan ?? '',
    primary_account_number_sequence: card?.panSequence ?? '',
    receipt_lines: tx.receipts ?? { MERCHANT: [], CUSTOMER: [] },
  };
}

export function reportView(report: ReportRecord) {
  const base = {
    id: report.id,
    tid: report.tid,
    report_type: report.type,
    report_time: report.createdAt,
    device_notifications: report.notifications.map((n) => n.code).reverse(),
    created_at: report.createdAt,
    updated_at: report.updatedAt,
  };
  if (report.result === null) return base;
  return {
    ...base,
    report_result: report.result,
    ...(report.balances && { balances: report.balances }),
    ...(report.banking && { banking: report.banking }),
    receipt_lines: report.receiptLines,
  };
}
