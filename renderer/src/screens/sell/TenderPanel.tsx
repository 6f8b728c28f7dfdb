// Taking payment for the open sale: card (the whole amount due), cash (with change), or split
// (part by card, the rest by cash). When the card service cannot be reached the panel says so
// at once and offers cash, or recording a card taken on the card machine on its own.
import { useEffect, useState } from 'react';
import type { SaleView } from '../../../../shared/contract';
import { currencySymbol, formatMoney, parseAmount } from '../../../../shared/money';
import { useShell } from '../../state/shell';
import { useSale, type TenderMethod } from '../../state/sale';
import { AmountField, Keypad, amountText } from './AmountField';
import { useTerminals } from '../../state/terminals';
import { TerminalPicker, defaultTerminal } from './TerminalPicker';
import { heldOn, StopSaleButton } from './StopSale';

const METHODS: Array<{ id: TenderMethod; label: string }> = [
  { id: 'card', label: 'Card' },
  { id: 'cash', label: 'Cash' },
  { id: 'split', label: 'Split card + cash' },
];

/** Why the card service is not usable right now, or null when it is. */
export function useCardServiceProblem(): string | null {
  const connection = useShell((s) => s.status?.connections.find((c) => c.service === 'payAtCounter'));
  const failedAt = useSale((s) => s.cardServiceDownAt);
  if (connection && (connection.state === 'offline' || connection.state === 'error')) {
    const detail = connection.detail.replace(/\.$/, '');
    return !detail || /cannot be reached/i.test(detail)
      ? 'The card service cannot be reached.'
      : `The card service cannot be reached (${detail}).`;
  }
  // A failed call counts until the status has seen the service answer since.
  const answeredSince =
    connection?.state === 'online' && connection.checkedAt && failedAt && connection.checkedAt > failedAt;
  if (failedAt && !answeredSince) return 'The card service did not answer.';
  return null;
}

/** Checks a typed amount against 1 .. max, in cashier words. */
function checkAmount(text: string, max: number, currency: string): { minor: number } | { problem: string } {
  const parsed = parseAmount(text);
  if (!parsed.ok) return { problem: parsed.reason };
  if (parsed.minor < 1) return { problem: 'Enter more than zero.' };
  if (parsed.minor > max) return { problem: `At most ${formatMoney(max, currency)}.` };
  return { minor: parsed.minor };
}

function CardTender({
  sale,
  editable,
  serviceProblem,
}: {
  sale: SaleView;
  editable: boolean;
  serviceProblem: string | null;
}) {
  const { terminals, problem: listProblem } = useTerminals(sale.currency);
  const terminalId = useSale((s) => s.terminalId);
  const busy = useSale((s) => s.busy);
  const [text, setText] = useState(amountText(sale.due));
  useEffect(() => setText(amountText(sale.due)), [sale.due]);

  useEffect(() => {
    if (!terminals) return;
    if (terminalId && terminals.some((t) => t.terminalId === terminalId)) return;
    const first = defaultTerminal(terminals);
    if (first) useSale.getState().setTerminal(first.terminalId);
  }, [terminals, terminalId]);

  const checked = editable ? checkAmount(text, sale.due, sale.currency) : { minor: sale.due };
  const amount = 'minor' in checked ? checked.minor : null;

  return (
    <div className="tender-body">
      {terminals && terminals.length > 0 && (
        <TerminalPicker
          terminals={terminals}
          value={terminalId}
          onChange={(id) => useSale.getState().setTerminal(id)}
        />
      )}
      {terminals && terminals.length === 0 && (
        <p className="notice notice-warn">No card machine takes {sale.currency}. Take cash instead.</p>
      )}
      {listProblem && !serviceProblem && <p className="notice notice-warn">{listProblem}</p>}
      {editable && (
        <>
          <AmountField
            label="Card amount"
            value={text}
            onChange={setText}
            symbol={currencySymbol(sale.currency)}
            problem={'problem' in checked ? checked.problem : null}
          />
          <p className="hint">
            The rest, {amount !== null ? formatMoney(sale.due - amount, sale.currency) : '—'}, is taken in
            cash after the card.
          </p>
        </>
      )}
      <button
        type="button"
        className={serviceProblem ? 'big' : 'primary big'}
        disabled={busy || amount === null || !terminalId}
        onClick={() => amount !== null && void useSale.getState().payCard(amount)}
      >
        Charge {amount !== null ? formatMoney(amount, sale.currency) : ''} on card
      </button>
      {serviceProblem && <ManualCard sale={sale} amount={amount} />}
    </div>
  );
}

/** The card was taken on the card machine on its own: recorded with its reference for reconciliation. */
function ManualCard({ sale, amount }: { sale: SaleView; amount: number | null }) {
  const [open, setOpen] = useState(false);
  const [reference, setReference] = useState('');
  const busy = useSale((s) => s.busy);
  if (!open)
    return (
      <button type="button" className="big" onClick={() => setOpen(true)}>
        Card taken on the card machine
      </button>
    );
  return (
    <div className="manual-card">
      <p>
        Take {amount !== null ? formatMoney(amount, sale.currency) : 'the amount'} on the card machine itself,
        then type the reference from its receipt. The payment is flagged to check against the card machine's
        totals.
      </p>
      <label className="field">
        Reference from the card slip
        <input value={reference} maxLength={40} onChange={(e) => setReference(e.target.value)} />
      </label>
      <button
        type="button"
        className="primary"
        disabled={busy || amount === null || reference.trim() === ''}
        onClick={() => amount !== null && void useSale.getState().recordManualCard(amount, reference.trim())}
      >
        Record card payment
      </button>
    </div>
  );
}

const QUICK_NOTES = [500, 1000, 2000];

function CashTender({ sale }: { sale: SaleView }) {
  const [text, setText] = useState('');
  const busy = useSale((s) => s.busy);
  const parsed = parseAmount(text);
  const given = parsed.ok ? parsed.minor : null;
  const change = given !== null ? given - sale.due : null;
  const symbol = currencySymbol(sale.currency);

  return (
    <div className="tender-body cash">
      <div className="cash-entry">
        <AmountField
          label="Cash given"
          value={text}
          onChange={setText}
          symbol={symbol}
          problem={text !== '' && !parsed.ok ? parsed.reason : null}
        />
        <div className="quick-cash" role="group" aria-label="Quick cash amounts">
          <button type="button" onClick={() => setText(amountText(sale.due))}>
            Exact {formatMoney(sale.due, sale.currency)}
          </button>
          {QUICK_NOTES.map((note) => (
            <button key={note} type="button" onClick={() => setText(amountText(note))}>
              {formatMoney(note, sale.currency).replace(/\.00$/, '')}
            </button>
          ))}
        </div>
        <p className="change-due" aria-live="polite">
          {change === null
            ? ' '
            : change >= 0
              ? `Change due: ${formatMoney(change, sale.currency)}`
              : `Still due after this cash: ${formatMoney(-change, sale.currency)}`}
        </p>
        <button
          type="button"
          className="primary big"
          disabled={busy || given === null || given < 1}
          onClick={() => given !== null && void useSale.getState().payCash(given)}
        >
          Take {given !== null ? formatMoney(given, sale.currency) : ''} cash
        </button>
      </div>
      <Keypad value={text} onChange={setText} label="Cash keypad" />
    </div>
  );
}

export function TenderPanel({ sale }: { sale: SaleView }) {
  const serviceProblem = useCardServiceProblem();
  const problem = useSale((s) => s.problem);
  const busy = useSale((s) => s.busy);
  const method = useSale((s) => s.tenderMethod);
  const setMethod = useSale((s) => s.setTenderMethod);

  return (
    <section className="tender panel" aria-label="Take payment">
      <header className="panel-head">
        <div>
          <h2>Take payment</h2>
          <p className="due-line">
            Amount due <strong data-testid="amount-due">{formatMoney(sale.due, sale.currency)}</strong>
            {sale.paid > 0 && (
              <span className="paid-line"> · {formatMoney(sale.paid, sale.currency)} already paid</span>
            )}
            {sale.refunded > 0 && (
              <span className="paid-line"> · {formatMoney(sale.refunded, sale.currency)} refunded</span>
            )}
          </p>
        </div>
      </header>
      {serviceProblem && (
        <div className="notice notice-error" role="alert">
          <p>
            <strong>{serviceProblem}</strong> Take cash, or take the card on the card machine on its own and
            record it here. The next customer is not held up.
          </p>
          {method !== 'cash' && (
            <button type="button" onClick={() => setMethod('cash')}>
              Take cash instead
            </button>
          )}
        </div>
      )}
      {problem && !serviceProblem && (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      )}
      <div className="method-tabs" role="tablist" aria-label="Payment method">
        {METHODS.map((m) => (
          <button
            key={m.id}
            type="button"
            role="tab"
            aria-selected={method === m.id}
            className={method === m.id ? 'tab active' : 'tab'}
            onClick={() => setMethod(m.id)}
          >
            {m.label}
          </button>
        ))}
      </div>
      {method === 'card' && (
        <CardTender key="card" sale={sale} editable={false} serviceProblem={serviceProblem} />
      )}
      {method === 'split' && <CardTender key="split" sale={sale} editable serviceProblem={serviceProblem} />}
      {method === 'cash' && <CashTender sale={sale} />}
      <footer className="panel-foot">
        {sale.paid === 0 ? (
          <button type="button" disabled={busy} onClick={() => void useSale.getState().backToBasket()}>
            Back to basket
          </button>
        ) : heldOn(sale) > 0 ? (
          <span className="hint">Part paid: finish with cash or card, or refund what was taken.</span>
        ) : (
          <span className="hint">What was taken has been refunded: abandon the sale to close it.</span>
        )}
        <StopSaleButton sale={sale} busy={busy} />
      </footer>
    </section>
  );
}
