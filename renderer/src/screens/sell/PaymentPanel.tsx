// Following one card payment (sale or refund): what the card machine says in cashier words,
// cancel while it can be cancelled, the signature check with its 80-second countdown, the final
// result with what to do next, the unknown outcome the cashier must settle by hand, and an
// approval that did not match the request, which a manager settles.
import { useEffect, useState } from 'react';
import type { PaymentView } from '../../../../shared/contract';
import { formatMoney } from '../../../../shared/money';
import { ManagerPinForm } from '../../components/ManagerPinForm';
import { mismatchFigures } from '../../state/payment-views';
import { StopSaleButton } from './StopSale';
import { useSale } from '../../state/sale';

const RESULT_HEADINGS: Record<string, string> = {
  SUCCESSFUL: 'Approved',
  TRANSACTION_UNSUCCESSFUL: 'Declined: not paid',
  CANCELLED: 'Cancelled: not paid',
  CANCELLED_BY_USER: 'Cancelled on the card machine: not paid',
  VOID: 'Void: not paid',
  TIMED_OUT: 'Timed out: not paid',
  SIGNATURE_VERIFICATION_TIMEOUT: 'Signature check timed out: not paid',
  FAILED_ERROR: 'Card machine error: not paid',
  FAILED_NOT_SUPPORTED: 'Not supported by the card machine: not paid',
};

export function resultHeading(payment: PaymentView): string {
  // The card machine's own result (SUCCESSFUL) did not decide it: a manager did.
  if (payment.mismatch)
    return payment.successful ? 'Paid: settled by a manager' : 'Not paid: settled by a manager';
  if (payment.successful) return payment.type === 'REFUND' ? 'Refunded' : 'Approved';
  if (payment.state === 'failed_to_start') return 'The payment did not start: not paid';
  if (payment.result && RESULT_HEADINGS[payment.result]) return RESULT_HEADINGS[payment.result]!;
  return payment.result ? `${payment.result}: not paid` : 'Not paid';
}

function secondsLeft(deadline: string | null): number | null {
  if (!deadline) return null;
  const at = Date.parse(deadline);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function SignatureCheck({ payment }: { payment: PaymentView }) {
  const busy = useSale((s) => s.busy);
  const [left, setLeft] = useState(() => secondsLeft(payment.signatureDeadline));
  useEffect(() => {
    const timer = setInterval(() => setLeft(secondsLeft(payment.signatureDeadline)), 250);
    return () => clearInterval(timer);
  }, [payment.signatureDeadline]);
  return (
    <div className="signature" role="group" aria-label="Signature check">
      <p className="signature-ask">
        Ask the customer to sign the merchant copy, then compare it with the signature on the card.
      </p>
      {left !== null && (
        <p className={left <= 15 ? 'countdown urgent' : 'countdown'} data-testid="signature-countdown">
          {left} s left to answer
        </p>
      )}
      <div className="row">
        <button
          type="button"
          className="primary big"
          disabled={busy}
          onClick={() => void useSale.getState().answerSignature(true)}
        >
          Accept signature
        </button>
        <button
          type="button"
          className="danger big"
          disabled={busy}
          onClick={() => void useSale.getState().answerSignature(false)}
        >
          Decline signature
        </button>
      </div>
    </div>
  );
}

function UnknownOutcome({ payment }: { payment: PaymentView }) {
  const busy = useSale((s) => s.busy);
  const { resolveUnknown, printLastReceipt } = useSale.getState();
  return (
    <div className="unknown" role="alert">
      <h3>Was it paid? Check the card machine</h3>
      <p>
        The answer from the card service was lost, so the till does not know whether this payment went
        through. The till will <strong>not</strong> try again (that could charge the customer twice). Look at
        the card machine's screen or its last receipt, then say what happened.
      </p>
      <div className="row">
        <button
          type="button"
          className="primary big"
          disabled={busy}
          onClick={() => void resolveUnknown('paid')}
        >
          It was paid
        </button>
        <button type="button" className="big" disabled={busy} onClick={() => void resolveUnknown('not_paid')}>
          It was not paid
        </button>
        <button type="button" className="big" disabled={busy} onClick={() => void printLastReceipt()}>
          Print last receipt
        </button>
      </div>
      <p className="hint">Card machine {payment.terminalId}</p>
    </div>
  );
}

function ApprovalMismatch({ payment }: { payment: PaymentView }) {
  const busy = useSale((s) => s.busy);
  const managerNeeded = useSale((s) => s.managerNeeded);
  const [note, setNote] = useState('');
  const { resolveMismatch, printLastReceipt, unlockManager } = useSale.getState();
  const figures = payment.mismatch ? mismatchFigures(payment.mismatch) : null;
  const noted = note.trim().length > 0;
  return (
    <div className="unknown mismatch" role="alert">
      <h3>Not paid yet: ask a manager</h3>
      <p data-testid="mismatch-message">{payment.message}</p>
      {figures && (
        <dl className="mismatch-figures">
          <dt>The till asked for</dt>
          <dd>{figures.asked}</dd>
          <dt>The card machine answered</dt>
          <dd>{figures.answered}</dd>
        </dl>
      )}
      <p>
        The till has <strong>not</strong> recorded this as paid. A manager checks the card machine and its
        last receipt, writes what they found, then settles it.
      </p>
      <label className="field">
        What the manager checked
        <input value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} />
      </label>
      <div className="row">
        <button
          type="button"
          className="primary big"
          disabled={busy || !noted}
          onClick={() => void resolveMismatch('paid', note.trim())}
        >
          Paid {formatMoney(payment.amount, payment.currency)} as asked
        </button>
        <button
          type="button"
          className="big"
          disabled={busy || !noted}
          onClick={() => void resolveMismatch('not_paid', note.trim())}
        >
          Not paid
        </button>
        <button type="button" className="big" disabled={busy} onClick={() => void printLastReceipt()}>
          Print last receipt
        </button>
      </div>
      {managerNeeded && <ManagerPinForm reason={managerNeeded} busy={busy} onApprove={unlockManager} />}
    </div>
  );
}

function FinalResult({ payment }: { payment: PaymentView }) {
  const sale = useSale((s) => s.sale);
  const busy = useSale((s) => s.busy);
  const { leavePayment, setTenderMethod } = useSale.getState();
  const extras = payment.mismatch
    ? []
    : [
        payment.amountGratuity ? `gratuity ${formatMoney(payment.amountGratuity, payment.currency)}` : null,
        payment.amountCashback ? `cashback ${formatMoney(payment.amountCashback, payment.currency)}` : null,
      ].filter(Boolean);
  // A manager settled a mismatch for the amount the till asked: the card machine's figures do not count.
  const total = payment.mismatch ? payment.amount : (payment.amountTotal ?? payment.amount);
  if (payment.successful)
    return (
      <div className="result ok" role="status">
        <h3>{resultHeading(payment)}</h3>
        <p className="result-amount">
          {formatMoney(total, payment.currency)}
          {extras.length > 0 && <span className="extras"> including {extras.join(' and ')}</span>}
        </p>
        {extras.length > 0 && payment.amountCashback ? (
          <p className="notice notice-warn">
            Give the customer {formatMoney(payment.amountCashback, payment.currency)} cashback from the
            drawer.
          </p>
        ) : null}
        <button type="button" className="primary big" onClick={leavePayment}>
          {payment.type === 'REFUND'
            ? 'Done'
            : sale && sale.due > 0
              ? `Take the rest (${formatMoney(sale.due, sale.currency)})`
              : 'Continue'}
        </button>
      </div>
    );
  return (
    <div className="result failed" role="alert">
      <h3>{resultHeading(payment)}</h3>
      <p>{payment.message}</p>
      {payment.type === 'REFUND' ? (
        <button type="button" className="big" onClick={leavePayment}>
          Back to refunds
        </button>
      ) : (
        <div className="row">
          <button type="button" className="primary big" disabled={busy} onClick={leavePayment}>
            Try card again
          </button>
          <button
            type="button"
            className="big"
            disabled={busy}
            onClick={() => {
              leavePayment();
              setTenderMethod('cash');
            }}
          >
            Pay cash
          </button>
          {sale && <StopSaleButton sale={sale} busy={busy} big />}
        </div>
      )}
    </div>
  );
}

export function PaymentPanel({ payment }: { payment: PaymentView }) {
  const busy = useSale((s) => s.busy);
  const problem = useSale((s) => s.problem);
  const note = useSale((s) => s.note);
  const waiting =
    payment.state === 'starting' || payment.state === 'in_progress' || payment.state === 'signature';
  const title = payment.type === 'REFUND' ? 'Card refund' : 'Card payment';

  return (
    <section className="payment panel" aria-label={title}>
      <header className="panel-head">
        <div>
          <h2>
            {title} {formatMoney(payment.amount, payment.currency)}
          </h2>
          <p className="hint">Card machine {payment.terminalId}</p>
        </div>
        {waiting && <span className="spinner" aria-hidden="true" />}
      </header>
      {problem && (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      )}
      {payment.cancelRefused && waiting && (
        <p className="notice notice-error cancel-refused" role="alert">
          Cancel it on the card machine. The till keeps waiting for its answer.
        </p>
      )}
      {waiting && payment.state !== 'signature' && (
        <p className="payment-message" role="status" aria-live="polite" data-testid="payment-message">
          {payment.message}
        </p>
      )}
      <ol className="device-log" aria-label="Card machine messages">
        {payment.notifications.map((n, i) => (
          <li
            key={`${n.code}-${i}`}
            className={i === payment.notifications.length - 1 ? 'latest' : undefined}
          >
            {n.words}
          </li>
        ))}
      </ol>
      {payment.state === 'signature' && <SignatureCheck payment={payment} />}
      {payment.state === 'unknown' && <UnknownOutcome payment={payment} />}
      {payment.state === 'needs_manager' && <ApprovalMismatch payment={payment} />}
      {(payment.state === 'finished' || payment.state === 'failed_to_start') && (
        <FinalResult payment={payment} />
      )}
      {note && <p className="hint">{note}</p>}
      {waiting && payment.canCancel && (
        <footer className="panel-foot">
          <button
            type="button"
            className="danger-outline big"
            disabled={busy}
            onClick={() => void useSale.getState().cancelPayment()}
          >
            Cancel payment
          </button>
        </footer>
      )}
    </section>
  );
}
