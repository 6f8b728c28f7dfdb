// The supplier's catalogue with search and stock badges, and the cart beside it.
import { formatMoney } from '../../../../shared/money';
import { cartTotal, useSupplies } from '../../state/supplies';
import { useTranslation } from '../../i18n';

export function CataloguePanel() {
  const { t } = useTranslation();
  const { products, search, cart, currency, usual } = useSupplies();
  const store = useSupplies.getState();
  const words = search.trim().toLowerCase();
  const shown = (products ?? []).filter((p) => `${p.name} ${p.sku}`.toLowerCase().includes(words));
  const nameOf = (id: number) => products?.find((p) => p.id === id)?.name ?? t('supplies.noLongerListed');
  return (
    <div className="supplies-order">
      <section aria-label={t('supplies.catalogue')} className="panel">
        <input
          type="search"
          aria-label={t('supplies.search')}
          placeholder={t('supplies.search')}
          value={search}
          onChange={(e) => store.setSearch(e.target.value)}
        />
        {products === null ? (
          <p>{t('supplies.loadingCatalogue')}</p>
        ) : (
          <ul className="supplies-catalogue" data-testid="supplies-catalogue">
            {shown.map((p) => (
              <li key={p.id}>
                <span className="supplies-name">{p.name}</span>
                <span className={p.inStock ? 'stock-badge in' : 'stock-badge out'}>
                  {p.inStock ? t('supplies.inStock') : t('supplies.outOfStock')}
                </span>
                <span className="supplies-price">{formatMoney(p.price, currency)}</span>
                <button
                  type="button"
                  disabled={!p.inStock}
                  onClick={() => store.add(p.id)}
                  aria-label={t('supplies.addName', { name: p.name })}
                >
                  {t('supplies.add')}
                </button>
              </li>
            ))}
            {shown.length === 0 && <li>{t('supplies.noMatch', { search })}</li>}
          </ul>
        )}
      </section>
      <section aria-label={t('supplies.cart')} className="panel supplies-cart">
        <h2>{t('supplies.cart')}</h2>
        {cart.length === 0 && (
          <p>{usual.length > 0 ? t('supplies.cartEmptyUsual') : t('supplies.cartEmpty')}</p>
        )}
        <ul>
          {cart.map((l) => (
            <li key={l.productId} data-testid="cart-line">
              <span>{nameOf(l.productId)}</span>
              <button
                type="button"
                aria-label={t('supplies.oneFewer', { name: nameOf(l.productId) })}
                onClick={() => store.setQuantity(l.productId, l.quantity - 1)}
              >
                −
              </button>
              <span aria-label={t('supplies.quantity')}>{l.quantity}</span>
              <button
                type="button"
                aria-label={t('supplies.oneMore', { name: nameOf(l.productId) })}
                onClick={() => store.add(l.productId)}
              >
                +
              </button>
            </li>
          ))}
        </ul>
        <p className="supplies-total">
          {t('supplies.total')}{' '}
          <strong data-testid="cart-total">{formatMoney(cartTotal(cart, products), currency)}</strong>
        </p>
        <div className="supplies-actions">
          {usual.length > 0 && (
            <button type="button" onClick={() => store.addUsual()}>
              {t('supplies.addUsual')}
            </button>
          )}
          <button type="button" disabled={cart.length === 0} onClick={() => void store.keepCartAsUsual()}>
            {t('supplies.keepAsUsual')}
          </button>
          <button
            type="button"
            className="primary"
            disabled={cart.length === 0}
            onClick={() => void store.go('address')}
          >
            {t('supplies.deliveryAddress')}
          </button>
        </div>
      </section>
    </div>
  );
}
