// The basket: one memoised row per line (a 200-line basket re-renders only the changed row),
// totals in the sale's currency, clear-with-confirmation, and the Pay button.
import { memo, useMemo, useState } from 'react';
import type { Product } from '../../../../shared/contract';
import { formatMoney } from '../../../../shared/money';
import { basketTotals, changedPrices, type BasketLine } from '../../state/basket';
import type { CatalogueIndex } from '../../state/catalogue-index';
import { useSale } from '../../state/sale';

const BasketRow = memo(function BasketRow({
  line,
  product,
  currency,
  locked,
}: {
  line: BasketLine;
  product: Product | undefined;
  currency: string;
  locked: boolean;
}) {
  const name = product?.name ?? 'A product no longer for sale';
  const { setQuantity, remove } = useSale.getState();
  // The basket keeps the price the line went in at; the catalogue's new one is shown beside it.
  const unitPrice = line.unitPrice ?? product?.price;
  const newPrice =
    product && line.unitPrice !== undefined && product.price !== line.unitPrice ? product.price : null;
  return (
    <li className="basket-line" data-testid="basket-line">
      <span className="line-name">{name}</span>
      <span className="line-unit">
        {unitPrice !== undefined ? `${formatMoney(unitPrice, currency)} each` : ''}
        {newPrice !== null && (
          <span className="line-new-price"> (now {formatMoney(newPrice, currency)})</span>
        )}
      </span>
      {locked ? (
        <span className="line-qty locked">× {line.quantity}</span>
      ) : (
        <div className="line-qty" role="group" aria-label={`Quantity of ${name}: ${line.quantity}`}>
          <button
            type="button"
            aria-label={`One fewer ${name}`}
            onClick={() => setQuantity(line.productId, line.quantity - 1)}
          >
            −
          </button>
          <span className="qty">{line.quantity}</span>
          <button
            type="button"
            aria-label={`One more ${name}`}
            onClick={() => setQuantity(line.productId, line.quantity + 1)}
          >
            +
          </button>
        </div>
      )}
      <span className="line-total">
        {unitPrice !== undefined ? formatMoney(unitPrice * line.quantity, currency) : ''}
      </span>
      {!locked && (
        <button
          type="button"
          className="line-remove"
          aria-label={`Remove ${name} from the basket`}
          onClick={() => remove(line.productId)}
        >
          ✕
        </button>
      )}
    </li>
  );
});

export function Basket({ index }: { index: CatalogueIndex }) {
  const lines = useSale((s) => s.lines);
  const sale = useSale((s) => s.sale);
  const phase = useSale((s) => s.phase);
  const busy = useSale((s) => s.busy);
  const problem = useSale((s) => s.problem);
  const [confirmClear, setConfirmClear] = useState(false);
  const locked = sale !== null;
  const currency = sale?.currency ?? index.currency;

  const { itemCount, estimate } = useMemo(() => basketTotals(lines, index), [lines, index]);
  const repriced = useMemo(() => (locked ? [] : changedPrices(lines, index)), [locked, lines, index]);
  const total = sale?.total ?? estimate;

  return (
    <aside className="basket" aria-label="Basket">
      <div className="basket-head">
        <h2>
          Basket <span className="item-count">{itemCount === 1 ? '1 item' : `${itemCount} items`}</span>
        </h2>
        {sale && <span className="receipt-no">Sale {sale.receiptNumber}</span>}
        {!locked && lines.length > 0 && !confirmClear && (
          <button type="button" className="link-button" onClick={() => setConfirmClear(true)}>
            Clear basket
          </button>
        )}
      </div>
      {confirmClear && (
        <div className="confirm" role="alertdialog" aria-label="Clear the basket?">
          <p>Remove all {lines.length} lines from the basket?</p>
          <div className="row">
            <button
              type="button"
              className="danger"
              onClick={() => {
                useSale.getState().clear();
                setConfirmClear(false);
              }}
            >
              Yes, clear basket
            </button>
            <button type="button" onClick={() => setConfirmClear(false)}>
              Keep items
            </button>
          </div>
        </div>
      )}
      {lines.length === 0 ? (
        <p className="basket-empty">Tap a product or scan a barcode to start a sale.</p>
      ) : (
        <ul className="basket-lines" aria-label="Basket lines">
          {lines.map((line) => (
            <BasketRow
              key={line.productId}
              line={line}
              product={index.byId.get(line.productId)}
              currency={currency}
              locked={locked}
            />
          ))}
        </ul>
      )}
      {repriced.length > 0 && (
        <div className="notice notice-warn price-changed" role="alert">
          <p>
            {repriced.length === 1 ? 'A price' : `${repriced.length} prices`} in this basket changed since
            {repriced.length === 1 ? ' it was' : ' they were'} added. Use the new price, or remove the item.
          </p>
          <button type="button" className="primary" onClick={() => useSale.getState().useNewPrices()}>
            Use new price
          </button>
        </div>
      )}
      <div className="totals">
        {sale && sale.paid > 0 && (
          <>
            <div className="total-row">
              <span>Paid</span>
              <span>{formatMoney(sale.paid, currency)}</span>
            </div>
            <div className="total-row">
              <span>Still due</span>
              <span data-testid="basket-due">{formatMoney(sale.due, currency)}</span>
            </div>
          </>
        )}
        <div className="total-row grand">
          <span>Total</span>
          <span data-testid="basket-total" aria-label="Basket total">
            {formatMoney(total, currency)}
          </span>
        </div>
        {phase === 'basket' && !sale && problem && (
          <p className="notice notice-error" role="alert">
            {problem}
          </p>
        )}
        {phase === 'basket' && (
          <button
            type="button"
            className="primary pay-button"
            disabled={lines.length === 0 || busy}
            onClick={() => void useSale.getState().pay()}
          >
            {sale ? 'Continue payment' : `Pay ${formatMoney(total, currency)}`}
          </button>
        )}
      </div>
    </aside>
  );
}
