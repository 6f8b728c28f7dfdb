// The supplier's catalogue with search and stock badges, and the cart beside it.
import { formatMoney } from '../../../../shared/money';
import { cartTotal, useSupplies } from '../../state/supplies';

export function CataloguePanel() {
  const { products, search, cart, currency, usual } = useSupplies();
  const store = useSupplies.getState();
  const words = search.trim().toLowerCase();
  const shown = (products ?? []).filter((p) => `${p.name} ${p.sku}`.toLowerCase().includes(words));
  const nameOf = (id: number) => products?.find((p) => p.id === id)?.name ?? 'Product no longer listed';
  return (
    <div className="supplies-order">
      <section aria-label="Supplier catalogue" className="panel">
        <input
          type="search"
          aria-label="Search supplies"
          placeholder="Search supplies"
          value={search}
          onChange={(e) => store.setSearch(e.target.value)}
        />
        {products === null ? (
          <p>Loading the supplier’s catalogue…</p>
        ) : (
          <ul className="supplies-catalogue" data-testid="supplies-catalogue">
            {shown.map((p) => (
              <li key={p.id}>
                <span className="supplies-name">{p.name}</span>
                <span className={p.inStock ? 'stock-badge in' : 'stock-badge out'}>
                  {p.inStock ? 'In stock' : 'Out of stock'}
                </span>
                <span className="supplies-price">{formatMoney(p.price, currency)}</span>
                <button
                  type="button"
                  disabled={!p.inStock}
                  onClick={() => store.add(p.id)}
                  aria-label={`Add ${p.name}`}
                >
                  Add
                </button>
              </li>
            ))}
            {shown.length === 0 && <li>No supplies match “{search}”.</li>}
          </ul>
        )}
      </section>
      <section aria-label="Cart" className="panel supplies-cart">
        <h2>Cart</h2>
        {cart.length === 0 && (
          <p>
            The cart is empty. Add supplies from the list{usual.length > 0 ? ', or the usual order' : ''}.
          </p>
        )}
        <ul>
          {cart.map((l) => (
            <li key={l.productId} data-testid="cart-line">
              <span>{nameOf(l.productId)}</span>
              <button
                type="button"
                aria-label={`One fewer ${nameOf(l.productId)}`}
                onClick={() => store.setQuantity(l.productId, l.quantity - 1)}
              >
                −
              </button>
              <span aria-label="Quantity">{l.quantity}</span>
              <button
                type="button"
                aria-label={`One more ${nameOf(l.productId)}`}
                onClick={() => store.add(l.productId)}
              >
                +
              </button>
            </li>
          ))}
        </ul>
        <p className="supplies-total">
          Total <strong data-testid="cart-total">{formatMoney(cartTotal(cart, products), currency)}</strong>
        </p>
        <div className="supplies-actions">
          {usual.length > 0 && (
            <button type="button" onClick={() => store.addUsual()}>
              Add the usual order
            </button>
          )}
          <button type="button" disabled={cart.length === 0} onClick={() => void store.keepCartAsUsual()}>
            Keep as usual order
          </button>
          <button
            type="button"
            className="primary"
            disabled={cart.length === 0}
            onClick={() => void store.go('address')}
          >
            Delivery address
          </button>
        </div>
      </section>
    </div>
  );
}
