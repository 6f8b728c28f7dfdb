// Adding products from the supplier's catalogue (the supplies client): the shop picks one, sets
// its own sell price (with VAT), VAT rate and category; the name and SKU come from the supplier.
import { useEffect, useMemo, useState } from 'react';
import type { SupplyProduct } from '../../../../shared/contract';
import { amountText, formatMoney, parseAmount } from '../../../../shared/money';
import { useCatalogue } from '../../state/catalogue';
import { useSupplies } from '../../state/supplies';
import { useTranslation } from '../../i18n';
import { VatAndCategoryFields } from './VatAndCategoryFields';

function AddForm({ product, onDone }: { product: SupplyProduct; onDone: () => void }) {
  const { t } = useTranslation();
  const view = useCatalogue((s) => s.view)!;
  const busy = useCatalogue((s) => s.busy);
  const [price, setPrice] = useState(amountText(product.price));
  const [vatRate, setVatRate] = useState(view.vatRates[0]?.basisPoints ?? 0);
  const [category, setCategory] = useState(view.categories[0]?.name ?? '');
  const parsed = parseAmount(price);
  return (
    <form
      className="row wrap supplier-add"
      aria-label={t('backOffice.supplier.addLabel', { name: product.name })}
      onSubmit={(e) => {
        e.preventDefault();
        if (!parsed.ok) return;
        void useCatalogue
          .getState()
          .addFromSupplier({ supplierProductId: product.id, price: parsed.minor, vatRate, category })
          .then((added) => added && onDone());
      }}
    >
      <label className="field">
        {t('backOffice.supplier.sellPrice')}
        <input value={price} inputMode="decimal" onChange={(e) => setPrice(e.target.value)} />
      </label>
      <VatAndCategoryFields
        view={view}
        vatRate={vatRate}
        onVatRate={setVatRate}
        category={category}
        onCategory={setCategory}
        listId="back-office-categories-supplier"
      />
      <button type="submit" className="primary" disabled={busy || !parsed.ok || !category.trim()}>
        {t('backOffice.supplier.add')}
      </button>
      {!parsed.ok && price !== '' && (
        <span className="field-problem">{t(`amount.${parsed.problem}`, { text: price })}</span>
      )}
    </form>
  );
}

export function SupplierPanel() {
  const { t } = useTranslation();
  const view = useCatalogue((s) => s.view)!;
  const products = useSupplies((s) => s.products);
  const currency = useSupplies((s) => s.currency);
  const problem = useSupplies((s) => s.problem);
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<number | null>(null);
  const ours = useMemo(() => new Set(view.products.map((p) => p.sku)), [view.products]);

  useEffect(() => {
    void useSupplies.getState().loadProducts();
  }, []);

  const needle = query.trim().toLowerCase();
  const shown = (products ?? []).filter(
    (p) => !needle || p.name.toLowerCase().includes(needle) || p.sku.toLowerCase().includes(needle),
  );
  return (
    <div className="supplier-panel">
      <p>{t('backOffice.supplier.intro')}</p>
      {problem && (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      )}
      <input
        type="search"
        aria-label={t('backOffice.supplier.search')}
        placeholder={t('backOffice.supplier.search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {products === null && !problem && <p>{t('backOffice.supplier.loading')}</p>}
      <ul className="supplier-list">
        {shown.slice(0, 100).map((p) => (
          <li key={p.id}>
            <div className="row">
              <span className="grow">
                {p.name} <span className="muted">({p.sku})</span>
              </span>
              <span className="muted">
                {t('backOffice.supplier.costs', { amount: formatMoney(p.price, currency) })}
              </span>
              {ours.has(p.sku) ? (
                <span className="tag">{t('backOffice.supplier.inCatalogue')}</span>
              ) : (
                <button type="button" onClick={() => setChosen(chosen === p.id ? null : p.id)}>
                  {chosen === p.id ? t('backOffice.supplier.close') : t('backOffice.supplier.open')}
                </button>
              )}
            </div>
            {chosen === p.id && <AddForm product={p} onDone={() => setChosen(null)} />}
          </li>
        ))}
      </ul>
    </div>
  );
}
