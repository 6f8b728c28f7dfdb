// The sale is fully paid: change due first (what the cashier must do now), then the tenders.
import { useEffect, useRef } from 'react';
import type { SaleView } from '../../../../shared/contract';
import { formatMoney } from '../../../../shared/money';
import { useSale } from '../../state/sale';

const TENDER_WORDS = {
  card: 'Card',
  cash: 'Cash',
  manual_card: 'Card on the card machine (to reconcile)',
} as const;

export function CompletedPanel({ sale }: { sale: SaleView }) {
  const payment = useSale((s) => s.payment);
  const newSaleButton = useRef<HTMLButtonElement>(null);
  useEffect(() => newSaleButton.current?.focus(), []);
  const card = payment?.successful && payment.saleId === sale.saleId ? payment : null;
  const extras = card && (card.amountGratuity || card.amountCashback);
  return (
    <section className="completed panel" aria-label="Sale complete">
      <h2>Sale complete</h2>
      <p className="hint">
        Receipt {sale.receiptNumber} · total {formatMoney(sale.total, sale.currency)}
      </p>
      {sale.change > 0 ? (
        <p className="change-banner" data-testid="change-due">
          Change due {formatMoney(sale.change, sale.currency)}
        </p>
      ) : (
        <p className="change-banner none">No change due</p>
      )}
      {card && card.amountCashback ? (
        <p className="notice notice-warn">
          Give the customer {formatMoney(card.amountCashback, card.currency)} cashback from the drawer.
        </p>
      ) : null}
      <ul className="tender-list" aria-label="Payments">
        {sale.tenders.map((t, i) => (
          <li key={`${t.kind}-${i}`}>
            <span>
              {TENDER_WORDS[t.kind]}
              {t.reference ? ` · ref ${t.reference}` : ''}
            </span>
            <span>{formatMoney(t.amount, sale.currency)}</span>
          </li>
        ))}
      </ul>
      {card && extras ? (
        <p className="hint">
          Card total {formatMoney(card.amountTotal ?? card.amount, card.currency)}
          {card.amountGratuity
            ? ` including gratuity ${formatMoney(card.amountGratuity, card.currency)}`
            : ''}
          {card.amountCashback
            ? ` including cashback ${formatMoney(card.amountCashback, card.currency)}`
            : ''}
        </p>
      ) : null}
      <button
        ref={newSaleButton}
        type="button"
        className="primary big"
        onClick={() => useSale.getState().newSale()}
      >
        New sale
      </button>
    </section>
  );
}
