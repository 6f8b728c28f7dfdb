// The sale is fully paid: change due first (what the cashier must do now), then the receipt
// choice (print or none, when the shop asks after payment; otherwise it printed already and can
// be printed again as a copy), then the tenders. Esc or New sale starts the next customer.
import { useEffect, useRef } from 'react';
import type { SaleView } from '../../../../shared/contract';
import { formatMoney } from '../../../../shared/money';
import { useTranslation } from '../../i18n';
import { useSale } from '../../state/sale';
import { useSettings } from '../../state/settings';

/** Whether the shop asks for the receipt after payment (Settings → Counter). */
export function useAskReceipt(): boolean {
  const mode = useSettings((s) => s.view?.settings.counter?.receiptAfterSale);
  useEffect(() => {
    if (!useSettings.getState().view) void useSettings.getState().load();
  }, []);
  return mode === 'ask';
}

function ReceiptChoice({ ask }: { ask: boolean }) {
  const { t } = useTranslation();
  const busy = useSale((s) => s.busy);
  const message = useSale((s) => s.receiptMessage);
  const { printReceipt, newSale } = useSale.getState();
  if (message)
    return (
      <p className="receipt-choice hint" role="status">
        {message}
      </p>
    );
  if (!ask)
    return (
      <div className="receipt-choice row">
        <span className="hint">{t('counter.receipt.printed')}</span>
        <button type="button" disabled={busy} onClick={() => void printReceipt()}>
          {t('counter.receipt.copy')}
        </button>
      </div>
    );
  return (
    <div className="receipt-choice row" role="group" aria-label={t('counter.receipt.question')}>
      <button
        type="button"
        className="primary big"
        disabled={busy}
        autoFocus
        aria-keyshortcuts="Enter"
        onClick={() => void printReceipt()}
      >
        {t('counter.receipt.print')} <kbd>Enter</kbd>
      </button>
      <button type="button" className="big" disabled={busy} aria-keyshortcuts="Escape" onClick={newSale}>
        {t('counter.receipt.none')} <kbd>Esc</kbd>
      </button>
    </div>
  );
}

export function CompletedPanel({ sale }: { sale: SaleView }) {
  const { t } = useTranslation();
  const payment = useSale((s) => s.payment);
  const ask = useAskReceipt();
  const newSaleButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!ask) newSaleButton.current?.focus();
  }, [ask]);
  const card = payment?.successful && payment.saleId === sale.saleId ? payment : null;
  const extras = card && (card.amountGratuity || card.amountCashback);
  return (
    <section className="completed panel" aria-label={t('sell.completed.label')}>
      <h2>{t('sell.completed.title')}</h2>
      <p className="hint">
        {t('sell.completed.receiptTotal', {
          receipt: sale.receiptNumber,
          amount: formatMoney(sale.total, sale.currency),
        })}
      </p>
      {sale.change > 0 ? (
        <p className="change-banner" data-testid="change-due">
          {t('sell.completed.changeDue', { amount: formatMoney(sale.change, sale.currency) })}
        </p>
      ) : (
        <p className="change-banner none">{t('sell.completed.noChange')}</p>
      )}
      {card && card.amountCashback ? (
        <p className="notice notice-warn">
          {t('sell.completed.giveCashback', { amount: formatMoney(card.amountCashback, card.currency) })}
        </p>
      ) : null}
      <ReceiptChoice ask={ask} />
      <ul className="tender-list" aria-label={t('sell.completed.payments')}>
        {sale.tenders.map((tender, i) => (
          <li key={`${tender.kind}-${i}`}>
            <span>
              {tender.reference
                ? t('sell.completed.tenderRef', {
                    tender: t(`sell.completed.tender.${tender.kind}`),
                    reference: tender.reference,
                  })
                : t(`sell.completed.tender.${tender.kind}`)}
            </span>
            <span>{formatMoney(tender.amount, sale.currency)}</span>
          </li>
        ))}
      </ul>
      {card && extras ? (
        <p className="hint">
          {t(
            card.amountGratuity && card.amountCashback
              ? 'sell.completed.cardTotalBoth'
              : card.amountGratuity
                ? 'sell.completed.cardTotalGratuity'
                : 'sell.completed.cardTotalCashback',
            {
              amount: formatMoney(card.amountTotal ?? card.amount, card.currency),
              gratuity: formatMoney(card.amountGratuity ?? 0, card.currency),
              cashback: formatMoney(card.amountCashback ?? 0, card.currency),
            },
          )}
        </p>
      ) : null}
      <button
        ref={newSaleButton}
        type="button"
        className={ask ? 'big' : 'primary big'}
        aria-keyshortcuts="Escape"
        onClick={() => useSale.getState().newSale()}
      >
        {t('counter.newSale')} <kbd>Esc</kbd>
      </button>
    </section>
  );
}
