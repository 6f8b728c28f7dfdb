// The last look before ordering: lines, total and address; then what became of the order.
import { formatMoney } from '../../../../shared/money';
import { countryName } from '../../../../shared/supplies';
import { cartTotal, useSupplies } from '../../state/supplies';

function Outcome() {
  const { result } = useSupplies();
  const store = useSupplies.getState();
  if (!result) return null;
  switch (result.outcome) {
    case 'placed':
      return (
        <div role="status" className="supplies-outcome ok">
          <p>
            {result.message} Reference <strong>{result.order.referenceNumber}</strong>.
          </p>
          <button type="button" onClick={() => void store.print(result.order.id)}>
            Print confirmation
          </button>
        </div>
      );
    case 'needs_confirmation':
      return (
        <div role="alert" className="supplies-outcome warn">
          <p>{result.message}</p>
          <button type="button" onClick={() => void store.place(true)}>
            Yes, order them again
          </button>
          <button type="button" onClick={() => void store.go('browse')}>
            No, back to the cart
          </button>
        </div>
      );
    case 'in_doubt':
      return (
        <div role="alert" className="supplies-outcome warn">
          <p>{result.message}</p>
          <button type="button" onClick={() => void store.checkAttempt(result.attempt.attemptId)}>
            Check again
          </button>
        </div>
      );
    case 'refused':
      return (
        <div role="alert" className="supplies-outcome bad">
          <p>{result.message}</p>
          <ul>
            {result.problems.map((p) => (
              <li key={`${p.field}:${p.message}`}>{p.message}</li>
            ))}
          </ul>
        </div>
      );
    case 'not_placed':
      return (
        <div role="alert" className="supplies-outcome bad">
          <p>{result.message}</p>
        </div>
      );
  }
}

export function ConfirmPanel() {
  const { cart, products, currency, address, placing, result } = useSupplies();
  const store = useSupplies.getState();
  const product = (id: number) => products?.find((p) => p.id === id);
  const placed = result?.outcome === 'placed';
  return (
    <section aria-label="Confirm the order" className="panel supplies-confirm">
      <h2>{placed ? 'Order placed' : 'Check and place the order'}</h2>
      {!placed && (
        <>
          <ul>
            {cart.map((l) => (
              <li key={l.productId}>
                {l.quantity} × {product(l.productId)?.name ?? 'Product'} ·{' '}
                {formatMoney((product(l.productId)?.price ?? 0) * l.quantity, currency)}
              </li>
            ))}
          </ul>
          <p className="supplies-total">
            Total{' '}
            <strong data-testid="confirm-total">{formatMoney(cartTotal(cart, products), currency)}</strong>
          </p>
          <p>
            Deliver to {address.firstName} {address.lastName}, {address.lineOne}, {address.city}{' '}
            {address.postalCode}, {countryName(address.country)}
          </p>
        </>
      )}
      <Outcome />
      <div className="supplies-actions">
        {!placed && (
          <>
            <button type="button" onClick={() => void store.go('address')} disabled={placing}>
              Change the address
            </button>
            <button
              type="button"
              className="primary"
              disabled={placing || cart.length === 0}
              onClick={() => void store.place()}
            >
              {placing ? 'Placing the order…' : 'Place order'}
            </button>
          </>
        )}
        {placed && (
          <button type="button" onClick={() => void store.go('browse')}>
            Order more supplies
          </button>
        )}
      </div>
    </section>
  );
}
