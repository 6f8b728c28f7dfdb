// Following one card payment (sale or refund): what the card machine says in cashier words,
// cancel while it can be cancelled, the signature check with its 80-second countdown, the final
// result with what to do next, the unknown outcome the cashier must settle by hand (with why it
// is unknown), and an approval that did not match the request, which a manager settles.
import { useEffect, useState } from 'react';
import type { PaymentView } from '../../../../shared/contract';
import { formatMoney } from '../../../../shared/money';
import { ManagerPinForm } from '../../components/ManagerPinForm';
import { mismatchFigures } from '../../state/payment-views';
import { StopSaleButton } from './StopSale';
import { UnknownOutcome } from './UnknownOutcome';
import { useSale } from '../../state/sale';
import { useTerminalName } from '../../state/terminals';
import { notificationText, paymentMessage } from '../../i18n/words';
import { i18n, Trans, useTranslation } from '../../i18n';

export function resultHeading(payment: PaymentView): string {
  // The card machine's own result (SUCCESSFUL) did not decide it: a manager did.
  if (payment.mismatch)
    return i18n.t(payment.successful ? 'sell.payment.paidByManager' : 'sell.payment.notPaidByManager');
  if (payment.successful)
    return i18n.t(payment.type === 'REFUND' ? 'sell.payment.refunded' : 'sell.payment.approved');
  if (payment.state === 'failed_to_start') return i18n.t('sell.payment.notStarted');
  // Each documented result has its heading (`sell.payment.heading.<RESULT>`); others are shown as sent.
  const heading = `sell.payment.heading.${payment.result}`;
  if (payment.result && i18n.exists(heading)) return i18n.t(heading as never);
  return payment.result
    ? i18n.t('sell.payment.otherResult', { result: payment.result })
    : i18n.t('sell.payment.notPaid');
}

function secondsLeft(deadline: string | null): number | null {
  if (!deadline) return null;
  const at = Date.parse(deadline);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function SignatureCheck({ payment }: { payment: PaymentView }) {
  const { t } = useTranslation();
  const busy = useSale((s) => s.busy);
  const [left, setLeft] = useState(() => secondsLeft(payment.signatureDeadline));
  useEffect(() => {
    const timer = setInterval(() => setLeft(secondsLeft(payment.signatureDeadline)), 250);
    return () => clearInterval(timer);
  }, [payment.signatureDeadline]);
  return (
    <div className="signature" role="group" aria-label={t('sell.payment.signatureLabel')}>
      <p className="signature-ask">{t('sell.payment.signatureAsk')}</p>
      {left !== null && (
        <p className={left <= 15 ? 'countdown urgent' : 'countdown'} data-testid="signature-countdown">
          {t('sell.payment.secondsLeft', { seconds: left })}
        </p>
      )}
      <div className="row">
        <button
          type="button"
          className="primary big"
          disabled={busy}
          onClick={() => void useSale.getState().answerSignature(true)}
        >
          {t('sell.payment.accept')}
        </button>
        <button
          type="button"
          className="danger big"
          disabled={busy}
          onClick={() => void useSale.getState().answerSignature(false)}
        >
          {t('sell.payment.decline')}
        </button>
      </div>
    </div>
  );
}

function ApprovalMismatch({ payment }: { payment: PaymentView }) {
  const { t } = useTranslation();
  const busy = useSale((s) => s.busy);
  const managerNeeded = useSale((s) => s.managerNeeded);
  const [note, setNote] = useState('');
  const { resolveMismatch, printLastReceipt, unlockManager } = useSale.getState();
  const figures = payment.mismatch ? mismatchFigures(payment.mismatch) : null;
  const noted = note.trim().length > 0;
  return (
    <div className="unknown mismatch" role="alert">
      <h3>{t('sell.payment.mismatchTitle')}</h3>
      <p data-testid="mismatch-message">{paymentMessage(payment)}</p>
      {figures && (
        <dl className="mismatch-figures">
          <dt>{t('sell.payment.asked')}</dt>
          <dd>{figures.asked}</dd>
          <dt>{t('sell.payment.answered')}</dt>
          <dd>{figures.answered}</dd>
        </dl>
      )}
      <p>
        <Trans t={t} i18nKey="sell.payment.mismatchText" components={{ strong: <strong /> }} />
      </p>
      <label className="field">
        {t('sell.payment.managerChecked')}
        <input value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} />
      </label>
      <div className="row">
        <button
          type="button"
          className="primary big"
          disabled={busy || !noted}
          onClick={() => void resolveMismatch('paid', note.trim())}
        >
          {t('sell.payment.paidAsAsked', { amount: formatMoney(payment.amount, payment.currency) })}
        </button>
        <button
          type="button"
          className="big"
          disabled={busy || !noted}
          onClick={() => void resolveMismatch('not_paid', note.trim())}
        >
          {t('sell.payment.notPaid')}
        </button>
        <button type="button" className="big" disabled={busy} onClick={() => void printLastReceipt()}>
          {t('sell.payment.printLast')}
        </button>
      </div>
      {managerNeeded && <ManagerPinForm reason={managerNeeded} busy={busy} onApprove={unlockManager} />}
    </div>
  );
}

function FinalResult({ payment }: { payment: PaymentView }) {
  const { t } = useTranslation();
  const sale = useSale((s) => s.sale);
  const busy = useSale((s) => s.busy);
  const { leavePayment, setTenderMethod } = useSale.getState();
  const money = (minor: number) => formatMoney(minor, payment.currency);
  const gratuity = payment.mismatch ? 0 : (payment.amountGratuity ?? 0);
  const cashback = payment.mismatch ? 0 : (payment.amountCashback ?? 0);
  const extras =
    gratuity && cashback
      ? t('sell.payment.gratuityAndCashback', { gratuity: money(gratuity), cashback: money(cashback) })
      : gratuity
        ? t('sell.payment.gratuity', { amount: money(gratuity) })
        : cashback
          ? t('sell.payment.cashback', { amount: money(cashback) })
          : null;
  // A manager settled a mismatch for the amount the till asked: the card machine's figures do not count.
  const total = payment.mismatch ? payment.amount : (payment.amountTotal ?? payment.amount);
  if (payment.successful)
    return (
      <div className="result ok" role="status">
        <h3>{resultHeading(payment)}</h3>
        <p className="result-amount">
          {formatMoney(total, payment.currency)}
          {extras && <span className="extras">{t('sell.payment.including', { extras })}</span>}
        </p>
        {cashback ? (
          <p className="notice notice-warn">{t('sell.payment.giveCashback', { amount: money(cashback) })}</p>
        ) : null}
        <button type="button" className="primary big" onClick={leavePayment}>
          {payment.type === 'REFUND'
            ? t('sell.payment.done')
            : sale && sale.due > 0
              ? t('sell.payment.takeRest', { amount: formatMoney(sale.due, sale.currency) })
              : t('sell.payment.continue')}
        </button>
      </div>
    );
  return (
    <div className="result failed" role="alert">
      <h3>{resultHeading(payment)}</h3>
      <p>{paymentMessage(payment)}</p>
      {payment.type === 'REFUND' ? (
        <button type="button" className="big" onClick={leavePayment}>
          {t('sell.payment.backToRefunds')}
        </button>
      ) : (
        <div className="row">
          <button type="button" className="primary big" disabled={busy} onClick={leavePayment}>
            {t('sell.payment.tryAgain')}
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
            {t('sell.payment.payCash')}
          </button>
          {sale && <StopSaleButton sale={sale} busy={busy} big />}
        </div>
      )}
    </div>
  );
}

export function PaymentPanel({ payment }: { payment: PaymentView }) {
  const { t } = useTranslation();
  const busy = useSale((s) => s.busy);
  const problem = useSale((s) => s.problem);
  const note = useSale((s) => s.note);
  const waiting =
    payment.state === 'starting' || payment.state === 'in_progress' || payment.state === 'signature';
  const refund = payment.type === 'REFUND';
  const title = t(refund ? 'sell.payment.refundLabel' : 'sell.payment.paymentLabel');
  const terminalName = useTerminalName();

  return (
    <section className="payment panel" aria-label={title}>
      <header className="panel-head">
        <div>
          <h2>
            {t(refund ? 'sell.payment.refundTitle' : 'sell.payment.paymentTitle', {
              amount: formatMoney(payment.amount, payment.currency),
            })}
          </h2>
          <p className="hint">{terminalName(payment.terminalId)}</p>
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
          {t('sell.payment.cancelOnMachine')}
        </p>
      )}
      {waiting && payment.state !== 'signature' && (
        <p className="payment-message" role="status" aria-live="polite" data-testid="payment-message">
          {paymentMessage(payment)}
        </p>
      )}
      <ol className="device-log" aria-label={t('sell.payment.machineMessages')}>
        {payment.notifications.map((n, i) => (
          <li
            key={`${n.code}-${i}`}
            className={i === payment.notifications.length - 1 ? 'latest' : undefined}
          >
            {notificationText(n.code, n.words)}
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
            {t('sell.payment.cancel')}
          </button>
        </footer>
      )}
    </section>
  );
}
