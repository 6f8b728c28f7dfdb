// How the cashier stops a sale: abandoned while it holds no money (nothing taken, or the card
// part refunded); while it holds money (the services refuse to abandon it), the way out is the
// refund path instead.
import type { SaleView } from '../../../../shared/contract';
import { formatMoney } from '../../../../shared/money';
import { useSale } from '../../state/sale';
import { i18n, useTranslation } from '../../i18n';

/** What the sale still holds: every tender taken, less what card refunds gave back. */
export function heldOn(sale: SaleView): number {
  return sale.paid - sale.refunded;
}

/** Takes the cashier to Refunds, saying why the sale cannot simply be abandoned. */
function refundInstead(sale: SaleView): void {
  const store = useSale.getState();
  store.setPhase('refunds');
  store.setNote(i18n.t('sell.stop.cannotAbandon', { amount: formatMoney(heldOn(sale), sale.currency) }));
}

export function StopSaleButton({
  sale,
  busy,
  big = false,
}: {
  sale: SaleView;
  busy: boolean;
  big?: boolean;
}) {
  const { t } = useTranslation();
  const size = big ? ' big' : '';
  if (heldOn(sale) > 0)
    return (
      <button
        type="button"
        className={`danger-outline${size}`}
        disabled={busy}
        onClick={() => refundInstead(sale)}
      >
        {t('sell.stop.refundInstead')}
      </button>
    );
  return (
    <button
      type="button"
      className={`danger-outline${size}`}
      disabled={busy}
      onClick={() => void useSale.getState().abandon()}
    >
      {t('sell.stop.abandon')}
    </button>
  );
}
