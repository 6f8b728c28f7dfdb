// Refunds by card: against a recent successful card sale (whole or part), or a standalone amount.
import { useEffect, useState } from 'react';
import type { PaymentView } from '../../../../shared/contract';
import { currencySymbol, formatMoney, parseAmount } from '../../../../shared/money';
import { till } from '../../till';
import { describeCallError } from '../../state/call-errors';
import { useSale } from '../../state/sale';
import { AmountField, amountText } from './AmountField';
import { useTerminals } from '../../state/terminals';
import { TerminalPicker, defaultTerminal } from './TerminalPicker';
import { ManagerPinForm } from '../../components/ManagerPinForm';

/** Gratuity and cashback are not refunded: at most the amount the sale asked for. */
function refundable(p: PaymentView): number {
  return p.amount;
}

function checked(text: string, max: number, currency: string): { minor: number } | { problem: string } {
  const parsed = parseAmount(text);
  if (!parsed.ok) return { problem: parsed.reason };
  if (parsed.minor < 1) return { problem: 'Enter more than zero.' };
  if (parsed.minor > max) return { problem: `At most ${formatMoney(max, currency)}.` };
  return { minor: parsed.minor };
}

function RefundAgainst({ payment, ofOpenSale }: { payment: PaymentView; ofOpenSale: boolean }) {
  const busy = useSale((s) => s.busy);
  const max = refundable(payment);
  const [text, setText] = useState(amountText(max));
  const check = checked(text, max, payment.currency);
  const when = new Date(payment.createdAt).toLocaleString('en-GB');
  return (
    <li className="refund-row" data-testid="refund-row">
      <div className="refund-what">
        <strong>{formatMoney(max, payment.currency)}</strong>
        <span className="hint">
          {ofOpenSale && 'Taken on the open sale · '}
          {when} · card machine {payment.terminalId}
        </span>
      </div>
      <AmountField
        label={`Refund amount for the ${formatMoney(max, payment.currency)} payment of ${when}`}
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
        Refund {'minor' in check ? formatMoney(check.minor, payment.currency) : ''}
      </button>
    </li>
  );
}

function StandaloneRefund() {
  const { terminals } = useTerminals(null);
  const busy = useSale((s) => s.busy);
  const [terminalId, setTerminalId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const chosen =
    terminals?.find((t) => t.terminalId === terminalId) ??
    (terminals ? defaultTerminal(terminals) : undefined);
  const currency = chosen?.currency ?? 'GBP';
  const check = checked(text, 99_999_999, currency);
  return (
    <div className="standalone-refund">
      <h3>Refund without a card sale</h3>
      <div className="row wrap">
        {terminals && terminals.length > 0 && (
          <TerminalPicker terminals={terminals} value={chosen?.terminalId ?? null} onChange={setTerminalId} />
        )}
        <AmountField
          label="Standalone refund amount"
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
          Refund {'minor' in check ? formatMoney(check.minor, currency) : ''}
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
    <section className="refunds panel" aria-label="Refunds">
      <header className="panel-head">
        <h2>Refunds</h2>
        <button
          type="button"
          onClick={() => {
            useSale.getState().setNote(null);
            useSale.getState().setPhase('basket');
          }}
        >
          Back to selling
        </button>
      </header>
      {problem && (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      )}
      {managerNeeded && <ManagerPin reason={managerNeeded} />}
      {loadProblem && <p className="notice notice-error">{loadProblem}</p>}
      <h3>Recent card payments</h3>
      {payments === null && !loadProblem && <p>Loading card payments…</p>}
      {payments && payments.length === 0 && <p className="hint">No successful card payments yet.</p>}
      {payments && payments.length > 0 && (
        <ul className="refund-list" aria-label="Recent card payments">
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
