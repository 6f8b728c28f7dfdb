// Refunds by card: against a recent successful card sale (whole or part), or a standalone amount.
import { useEffect, useState } from 'react';
import type { PaymentView } from '../../../../shared/contract';
import { currencySymbol, formatMoney, parseAmount } from '../../../../shared/money';
import { till } from '../../till';
import { describeCallError } from '../../state/call-errors';
import { useSale } from '../../state/sale';
import { AmountField, amountText } from './AmountField';
import { useTerminalName, useTerminals } from '../../state/terminals';
import { TerminalPicker } from './TerminalPicker';
import { ManagerPinForm } from '../../components/ManagerPinForm';
import { i18n, useFormat, useTranslation } from '../../i18n';

/** Gratuity and cashback are not refunded: at most the amount the sale asked for. */
function refundable(p: PaymentView): number {
  return p.amount;
}

function checked(text: string, max: number, currency: string): { minor: number } | { problem: string } {
  const parsed = parseAmount(text);
  if (!parsed.ok) return { problem: i18n.t(`amount.${parsed.problem}`, { text }) };
  if (parsed.minor < 1) return { problem: i18n.t('sell.tender.moreThanZero') };
  if (parsed.minor > max)
    return { problem: i18n.t('sell.tender.atMost', { amount: formatMoney(max, currency) }) };
  return { minor: parsed.minor };
}

function RefundAgainst({ payment, ofOpenSale }: { payment: PaymentView; ofOpenSale: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const busy = useSale((s) => s.busy);
  const max = refundable(payment);
  const [text, setText] = useState(amountText(max));
  const check = checked(text, max, payment.currency);
  const when = format.dateTime(payment.createdAt);
  const terminalName = useTerminalName();
  return (
    <li className="refund-row" data-testid="refund-row">
      <div className="refund-what">
        <strong>{formatMoney(max, payment.currency)}</strong>
        <span className="hint">
          {t(ofOpenSale ? 'sell.refunds.onOpenSale' : 'sell.refunds.takenAt', {
            when,
            terminal: terminalName(payment.terminalId),
          })}
        </span>
      </div>
      <AmountField
        label={t('sell.refunds.amountFor', { amount: formatMoney(max, payment.currency), when })}
        value={text}
        onChange={setText}
        symbol={currencySymbol(payment.currency)}
        problem={'problem' in check ? check.problem : null}
      />
      <button
        type="button"
        className="primary"
        disabled={busy || !('minor' in check)}
        onClick={() =>
          'minor' in check &&
          void useSale.getState().refund(payment.terminalId, check.minor, payment.paymentId)
        }
      >
        {'minor' in check
          ? t('sell.refunds.refund', { amount: formatMoney(check.minor, payment.currency) })
          : t('sell.refunds.refundNoAmount')}
      </button>
    </li>
  );
}

function StandaloneRefund() {
  const { t } = useTranslation();
  const { terminals, preferred } = useTerminals(null);
  const busy = useSale((s) => s.busy);
  const [terminalId, setTerminalId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const chosen = terminals?.find((t) => t.terminalId === terminalId) ?? preferred;
  const currency = chosen?.currency ?? 'GBP';
  const check = checked(text, 99_999_999, currency);
  return (
    <div className="standalone-refund">
      <h3>{t('sell.refunds.standalone')}</h3>
      <div className="row wrap">
        {terminals && terminals.length > 0 && (
          <TerminalPicker terminals={terminals} value={chosen?.terminalId ?? null} onChange={setTerminalId} />
        )}
        <AmountField
          label={t('sell.refunds.standaloneAmount')}
          value={text}
          onChange={setText}
          symbol={currencySymbol(currency)}
          problem={text !== '' && 'problem' in check ? check.problem : null}
        />
        <button
          type="button"
          className="primary"
          disabled={busy || !chosen || !('minor' in check)}
          onClick={() =>
            chosen && 'minor' in check && void useSale.getState().refund(chosen.terminalId, check.minor)
          }
        >
          {'minor' in check
            ? t('sell.refunds.refund', { amount: formatMoney(check.minor, currency) })
            : t('sell.refunds.refundNoAmount')}
        </button>
      </div>
    </div>
  );
}

function ManagerPin({ reason }: { reason: string }) {
  const busy = useSale((s) => s.busy);
  return (
    <ManagerPinForm reason={reason} busy={busy} onApprove={(pin) => useSale.getState().unlockManager(pin)} />
  );
}

export function RefundsPanel() {
  const { t } = useTranslation();
  const problem = useSale((s) => s.problem);
  const openSaleId = useSale((s) => (s.sale?.state === 'open' ? s.sale.saleId : null));
  const ofOpenSale = (p: PaymentView) => openSaleId !== null && p.saleId === openSaleId;
  const managerNeeded = useSale((s) => s.managerNeeded);
  const [payments, setPayments] = useState<PaymentView[] | null>(null);
  const [loadProblem, setLoadProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!till) return;
    let live = true;
    till
      .invoke('payments.recent', { limit: 50 })
      .then((list) => live && setPayments(list.filter((p) => p.type === 'SALE' && p.successful)))
      .catch((error: unknown) => live && setLoadProblem(describeCallError(error)));
    return () => {
      live = false;
    };
  }, []);

  return (
    <section className="refunds panel" aria-label={t('sell.refunds.label')}>
      <header className="panel-head">
        <h2>{t('sell.refunds.title')}</h2>
        <button
          type="button"
          onClick={() => {
            useSale.getState().setNote(null);
            useSale.getState().setPhase('basket');
          }}
        >
          {t('sell.refunds.back')}
        </button>
      </header>
      {problem && (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      )}
      {managerNeeded && <ManagerPin reason={managerNeeded} />}
      {loadProblem && <p className="notice notice-error">{loadProblem}</p>}
      <h3>{t('sell.refunds.recent')}</h3>
      {payments === null && !loadProblem && <p>{t('sell.refunds.loading')}</p>}
      {payments && payments.length === 0 && <p className="hint">{t('sell.refunds.none')}</p>}
      {payments && payments.length > 0 && (
        <ul className="refund-list" aria-label={t('sell.refunds.recent')}>
          {/* The open sale's own card payments first: the refund path when it cannot be abandoned. */}
          {[...payments]
            .sort((a, b) => Number(ofOpenSale(b)) - Number(ofOpenSale(a)))
            .map((p) => (
              <RefundAgainst key={p.paymentId} payment={p} ofOpenSale={ofOpenSale(p)} />
            ))}
        </ul>
      )}
      <StandaloneRefund />
    </section>
  );
}
