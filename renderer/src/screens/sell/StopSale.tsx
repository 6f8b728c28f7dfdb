// How the cashier stops a sale: abandoned while it holds no money (nothing taken, or the card
// part refunded); while it holds money (the services refuse to abandon it), the way out is the
// refund path instead.
import type { SaleView } from '../../../../shared/contract';
import { formatMoney } from '../../../../shared/money';
import { useSale } from '../../state/sale';

/** What the sale still holds: every tender taken, less what card refunds gave back. */
export function heldOn(sale: SaleView): number {
  return sale.paid - sale.refunded;
}

/** Takes the cashier to Refunds, saying why the sale cannot simply be abandoned. */
function refundInstead(sale: SaleView): void {
  const store = useSale.getState();
  store.setPhase('refunds');
  store.setNote(
    `${formatMoney(heldOn(sale), sale.currency)} was taken on this sale, so it can't be abandoned: refund the card payment below, and give back any cash from the drawer.`,
  );
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
  const size = big ? ' big' : '';
  if (heldOn(sale) > 0)
    return (
      <button
        type="button"
        className={`danger-outline${size}`}
        disabled={busy}
        onClick={() => refundInstead(sale)}
      >
        Refund instead
      </button>
    );
  return (
    <button
      type="button"
      className={`danger-outline${size}`}
      disabled={busy}
      onClick={() => void useSale.getState().abandon()}
    >
      Abandon sale
    </button>
  );
}
