// Taking payment for the open sale: card (the whole amount due), cash (with change), or split
// (part by card, the rest by cash). When the card service cannot be reached the panel says so
// at once and offers cash, or recording a card taken on the card machine on its own.
import { useEffect, useId, useState } from 'react';
import type { SaleView } from '../../../../shared/contract';
import { currencySymbol, formatMoney, parseAmount } from '../../../../shared/money';
import { useShell } from '../../state/shell';
import { useSale, type TenderMethod } from '../../state/sale';
import { AmountField, Keypad, amountText } from './AmountField';
import { chargeTerminal, useTerminals } from '../../state/terminals';
import { TerminalPicker } from './TerminalPicker';
import { heldOn, StopSaleButton } from './StopSale';
import { i18n, Trans, useTranslation } from '../../i18n';

/** The payment methods in order; their names are `sell.tender.method.<id>`. */
const METHODS: TenderMethod[] = ['card', 'cash', 'split'];

/** Why the card service is not usable right now, or null when it is. */
export function useCardServiceProblem(): string | null {
  const { t } = useTranslation();
  const connection = useShell((s) => s.status?.connections.find((c) => c.service === 'payAtCounter'));
  const failedAt = useSale((s) => s.cardServiceDownAt);
  if (connection && (connection.state === 'offline' || connection.state === 'error')) {
    const detail = connection.detail.replace(/\.$/, '');
    return !detail || /cannot be reached/i.test(detail)
      ? t('sell.tender.serviceDown')
      : t('sell.tender.serviceDownBecause', { detail });
  }
  // A failed call counts until the status has seen the service answer since.
  const answeredSince =
    connection?.state === 'online' && connection.checkedAt && failedAt && connection.checkedAt > failedAt;
  if (failedAt && !answeredSince) return t('sell.tender.serviceSilent');
  return null;
}

/** Checks a typed amount against 1 .. max, in cashier words. */
function checkAmount(text: string, max: number, currency: string): { minor: number } | { problem: string } {
  const parsed = parseAmount(text);
  if (!parsed.ok) return { problem: i18n.t(`amount.${parsed.problem}`, { text }) };
  if (parsed.minor < 1) return { problem: i18n.t('sell.tender.moreThanZero') };
  if (parsed.minor > max)
    return { problem: i18n.t('sell.tender.atMost', { amount: formatMoney(max, currency) }) };
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
  const { t } = useTranslation();
  const { terminals, preferred, problem: listProblem, retry: listAgain } = useTerminals(sale.currency);
  const terminalId = useSale((s) => s.terminalId);
  const blockedReason = useId();
  const busy = useSale((s) => s.busy);
  const [text, setText] = useState(amountText(sale.due));
  useEffect(() => setText(amountText(sale.due)), [sale.due]);

  useEffect(() => {
    if (!terminals) return;
    if (terminalId && terminals.some((t) => t.terminalId === terminalId)) return;
    if (preferred) useSale.getState().setTerminal(preferred.terminalId);
  }, [terminals, terminalId, preferred]);

  const checked = editable ? checkAmount(text, sale.due, sale.currency) : { minor: sale.due };
  const amount = 'minor' in checked ? checked.minor : null;
  // Only a machine the cashier can see in the list, and has chosen, takes the charge.
  const { blocked } = chargeTerminal(terminals, listProblem, terminalId);

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
        <p className="notice notice-warn" id={blockedReason}>
          {t('sell.tender.noTerminal', { currency: sale.currency })}
        </p>
      )}
      {listProblem && (
        <div className="notice notice-warn" role="alert">
          <p>
            <strong>{t('sell.tender.machinesNotListed')}</strong>
            {/* The card service's own trouble is said above, once. */}
            {!serviceProblem && ` ${listProblem}`}
          </p>
          <button type="button" onClick={listAgain}>
            {t('sell.tender.listAgain')}
          </button>
        </div>
      )}
      {editable && (
        <>
          <AmountField
            label={t('sell.tender.cardAmount')}
            value={text}
            onChange={setText}
            symbol={currencySymbol(sale.currency)}
            problem={'problem' in checked ? checked.problem : null}
          />
          <p className="hint">
            {t('sell.tender.rest', {
              amount: amount !== null ? formatMoney(sale.due - amount, sale.currency) : '—',
            })}
          </p>
        </>
      )}
      <button
        type="button"
        className={serviceProblem ? 'big' : 'primary big'}
        disabled={busy || amount === null || blocked !== null}
        aria-describedby={blocked ? blockedReason : undefined}
        onClick={() => amount !== null && void useSale.getState().payCard(amount)}
      >
        {amount !== null
          ? t('sell.tender.charge', { amount: formatMoney(amount, sale.currency) })
          : t('sell.tender.chargeNoAmount')}
      </button>
      {blocked && blocked !== 'none' && (
        <p className="hint" id={blockedReason}>
          {t(`sell.tender.chargeBlocked.${blocked}`)}
        </p>
      )}
      {serviceProblem && <ManualCard sale={sale} amount={amount} />}
    </div>
  );
}

/** The card was taken on the card machine on its own: recorded with its reference for reconciliation. */
function ManualCard({ sale, amount }: { sale: SaleView; amount: number | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reference, setReference] = useState('');
  const busy = useSale((s) => s.busy);
  if (!open)
    return (
      <button type="button" className="big" onClick={() => setOpen(true)}>
        {t('sell.tender.manualOpen')}
      </button>
    );
  return (
    <div className="manual-card">
      <p>
        {t('sell.tender.manualText', {
          amount: amount !== null ? formatMoney(amount, sale.currency) : t('sell.tender.theAmount'),
        })}
      </p>
      <label className="field">
        {t('sell.tender.reference')}
        <input value={reference} maxLength={40} onChange={(e) => setReference(e.target.value)} />
      </label>
      <button
        type="button"
        className="primary"
        disabled={busy || amount === null || reference.trim() === ''}
        onClick={() => amount !== null && void useSale.getState().recordManualCard(amount, reference.trim())}
      >
        {t('sell.tender.record')}
      </button>
    </div>
  );
}

const QUICK_NOTES = [500, 1000, 2000];

function CashTender({ sale }: { sale: SaleView }) {
  const { t } = useTranslation();
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
          label={t('sell.tender.cashGiven')}
          value={text}
          onChange={setText}
          symbol={symbol}
          problem={text !== '' && !parsed.ok ? t(`amount.${parsed.problem}`, { text }) : null}
        />
        <div className="quick-cash" role="group" aria-label={t('sell.tender.quick')}>
          <button type="button" onClick={() => setText(amountText(sale.due))}>
            {t('sell.tender.exact', { amount: formatMoney(sale.due, sale.currency) })}
          </button>
          {QUICK_NOTES.map((note) => (
            <button key={note} type="button" onClick={() => setText(amountText(note))}>
              {formatMoney(note, sale.currency, { wholeWithoutCents: true })}
            </button>
          ))}
        </div>
        <p className="change-due" aria-live="polite">
          {change === null
            ? ' '
            : change >= 0
              ? t('sell.tender.change', { amount: formatMoney(change, sale.currency) })
              : t('sell.tender.stillDue', { amount: formatMoney(-change, sale.currency) })}
        </p>
        <button
          type="button"
          className="primary big"
          disabled={busy || given === null || given < 1}
          onClick={() => given !== null && void useSale.getState().payCash(given)}
        >
          {given !== null
            ? t('sell.tender.takeCash', { amount: formatMoney(given, sale.currency) })
            : t('sell.tender.takeCashNoAmount')}
        </button>
      </div>
      <Keypad value={text} onChange={setText} label={t('sell.tender.keypad')} />
    </div>
  );
}

export function TenderPanel({ sale }: { sale: SaleView }) {
  const { t } = useTranslation();
  const serviceProblem = useCardServiceProblem();
  const problem = useSale((s) => s.problem);
  const busy = useSale((s) => s.busy);
  const method = useSale((s) => s.tenderMethod);
  const setMethod = useSale((s) => s.setTenderMethod);

  return (
    <section className="tender panel" aria-label={t('sell.tender.label')}>
      <header className="panel-head">
        <div>
          <h2>{t('sell.tender.title')}</h2>
          <p className="due-line">
            <Trans
              t={t}
              i18nKey="sell.tender.due"
              values={{ amount: formatMoney(sale.due, sale.currency) }}
              components={{ strong: <strong data-testid="amount-due" /> }}
            />
            {sale.paid > 0 && (
              <span className="paid-line">
                {t('sell.tender.alreadyPaid', { amount: formatMoney(sale.paid, sale.currency) })}
              </span>
            )}
            {sale.refunded > 0 && (
              <span className="paid-line">
                {t('sell.tender.refunded', { amount: formatMoney(sale.refunded, sale.currency) })}
              </span>
            )}
          </p>
        </div>
      </header>
      {serviceProblem && (
        <div className="notice notice-error" role="alert">
          <p>
            <strong>{serviceProblem}</strong> {t('sell.tender.serviceAdvice')}
          </p>
          {method !== 'cash' && (
            <button type="button" onClick={() => setMethod('cash')}>
              {t('sell.tender.cashInstead')}
            </button>
          )}
        </div>
      )}
      {problem && !serviceProblem && (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      )}
      <div className="method-tabs" role="tablist" aria-label={t('sell.tender.methods')}>
        {METHODS.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={method === id}
            className={method === id ? 'tab active' : 'tab'}
            onClick={() => setMethod(id)}
          >
            {t(`sell.tender.method.${id}`)}
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
            {t('sell.tender.backToBasket')}
          </button>
        ) : heldOn(sale) > 0 ? (
          <span className="hint">{t('sell.tender.partPaid')}</span>
        ) : (
          <span className="hint">{t('sell.tender.refundedAbandon')}</span>
        )}
        <StopSaleButton sale={sale} busy={busy} />
      </footer>
    </section>
  );
}
