// Every product, archived ones too: search, add, change, and act on a selection (archive, bring
// back, prices by a percentage or to one amount, VAT rate, category). Only a page of rows is
// drawn, so a 10,000-product catalogue stays quick.
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { BulkChange, Product } from '../../../../shared/contract';
import { formatMoney, parseAmount } from '../../../../shared/money';
import { formatRate, parseRate } from '../../../../shared/vat';
import { useCatalogue } from '../../state/catalogue';
import { ProductForm } from './ProductForm';
import { useTranslation } from '../../i18n';

const PAGE = 100;

/** "10", "-5", "2.5" (a percentage) → basis points; null when not one. */
function percentToBasisPoints(text: string): number | null {
  const negative = text.trim().startsWith('-');
  const points = parseRate(text.trim().replace(/^[-+]/, ''));
  return points === null ? null : negative ? -points : points;
}

function BulkBar({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const view = useCatalogue((s) => s.view)!;
  const busy = useCatalogue((s) => s.busy);
  const [kind, setKind] = useState<BulkChange['kind']>('percent');
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const store = useCatalogue.getState();

  const changeOf = (): BulkChange | string => {
    if (kind === 'percent') {
      const basisPoints = percentToBasisPoints(value);
      return basisPoints === null ? t('backOffice.bulk.percentProblem') : { kind, basisPoints };
    }
    if (kind === 'price') {
      const parsed = parseAmount(value);
      return parsed.ok ? { kind, price: parsed.minor } : t(`amount.${parsed.problem}`, { text: value });
    }
    if (kind === 'vatRate') {
      const rate = Number(value || view.vatRates[0]?.basisPoints);
      return { kind, vatRate: rate };
    }
    return value.trim() ? { kind, category: value.trim() } : t('backOffice.bulk.categoryProblem');
  };
  const apply = () => {
    const change = changeOf();
    if (typeof change === 'string') {
      setProblem(change);
      return;
    }
    setProblem(null);
    void store.bulkEdit(ids, change).then(onDone);
  };

  return (
    <div className="bulk-bar" role="group" aria-label={t('backOffice.bulk.label', { count: ids.length })}>
      <strong>{t('backOffice.bulk.selectedCount', { count: ids.length })}</strong>
      <button type="button" disabled={busy} onClick={() => void store.setArchived(ids, true).then(onDone)}>
        {t('backOffice.bulk.archive')}
      </button>
      <button type="button" disabled={busy} onClick={() => void store.setArchived(ids, false).then(onDone)}>
        {t('backOffice.bulk.backOnSale')}
      </button>
      <label className="field">
        {t('backOffice.bulk.change')}
        <select
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as BulkChange['kind']);
            setValue('');
          }}
        >
          <option value="percent">{t('backOffice.bulk.kind.percent')}</option>
          <option value="price">{t('backOffice.bulk.kind.price')}</option>
          <option value="vatRate">{t('backOffice.bulk.kind.vatRate')}</option>
          <option value="category">{t('backOffice.bulk.kind.category')}</option>
        </select>
      </label>
      {kind === 'vatRate' ? (
        <select
          aria-label={t('backOffice.bulk.newRate')}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        >
          {view.vatRates.map((r) => (
            <option key={r.basisPoints} value={r.basisPoints}>
              {t('backOffice.products.rateOption', { rate: formatRate(r.basisPoints), label: r.label })}
            </option>
          ))}
        </select>
      ) : (
        <input
          aria-label={
            kind === 'percent'
              ? t('backOffice.bulk.percentLabel')
              : kind === 'price'
                ? t('backOffice.bulk.priceLabel')
                : t('backOffice.bulk.categoryLabel')
          }
          value={value}
          inputMode={kind === 'category' ? 'text' : 'decimal'}
          onChange={(e) => setValue(e.target.value)}
        />
      )}
      <button type="button" className="primary" disabled={busy} onClick={apply}>
        {t('backOffice.bulk.apply')}
      </button>
      {problem && <span className="field-problem">{problem}</span>}
    </div>
  );
}

export function ProductsPanel() {
  const { t } = useTranslation();
  const view = useCatalogue((s) => s.view)!;
  const [query, setQuery] = useState('');
  const [showArchived, setShowArchived] = useState(true);
  const [limit, setLimit] = useState(PAGE);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  // Where focus goes back to when the form closes: the button that opened it.
  const [opener, setOpener] = useState<string | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const deferred = useDeferredValue(query);

  const matches = useMemo(() => {
    const needle = deferred.trim().toLowerCase();
    return view.products.filter(
      (p) =>
        (showArchived || p.active) &&
        (!needle ||
          p.name.toLowerCase().includes(needle) ||
          p.sku.toLowerCase().includes(needle) ||
          p.category.toLowerCase().includes(needle) ||
          p.barcodes.includes(deferred.trim())),
    );
  }, [view.products, deferred, showArchived]);
  const close = useCallback(() => setEditing(null), []);
  const edit = (product: Product | 'new') => {
    setOpener(product === 'new' ? 'new' : product.id);
    setEditing(product);
  };
  useEffect(() => {
    if (editing || opener === null) return;
    panel.current?.querySelector<HTMLElement>(`[data-opens="${CSS.escape(opener)}"]`)?.focus();
    setOpener(null);
  }, [editing, opener]);
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  if (editing)
    return <ProductForm product={editing === 'new' ? null : editing} view={view} onClose={close} />;

  return (
    <div className="products-panel" ref={panel}>
      <div className="row wrap">
        <button type="button" className="primary" data-opens="new" onClick={() => edit('new')}>
          {t('backOffice.products.add')}
        </button>
        <input
          type="search"
          aria-label={t('backOffice.products.search')}
          placeholder={t('backOffice.products.searchPlaceholder')}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setLimit(PAGE);
          }}
        />
        <label className="checkbox">
          <input type="checkbox" checked={showArchived} onChange={(e) => setShowArchived(e.target.checked)} />
          {t('backOffice.products.showArchived')}
        </label>
        <button type="button" onClick={() => setSelected(new Set(matches.map((p) => p.id)))}>
          {t('backOffice.products.selectAll', { count: matches.length })}
        </button>
        {selected.size > 0 && (
          <button type="button" onClick={() => setSelected(new Set())}>
            {t('backOffice.products.clearSelection')}
          </button>
        )}
      </div>
      {selected.size > 0 && <BulkBar ids={[...selected]} onDone={() => setSelected(new Set())} />}
      <table className="product-table">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{t('backOffice.products.selected')}</span>
            </th>
            <th scope="col">{t('backOffice.products.name')}</th>
            <th scope="col">{t('backOffice.products.sku')}</th>
            <th scope="col">{t('backOffice.products.category')}</th>
            <th scope="col">{t('backOffice.products.price')}</th>
            <th scope="col">{t('backOffice.products.vat')}</th>
            <th scope="col">{t('backOffice.products.barcodes')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('backOffice.products.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {matches.slice(0, limit).map((p) => (
            <tr key={p.id} className={p.active ? undefined : 'archived'}>
              <td>
                <input
                  type="checkbox"
                  aria-label={t('backOffice.products.select', { name: p.name })}
                  checked={selected.has(p.id)}
                  onChange={() => toggle(p.id)}
                />
              </td>
              <td>
                {p.colour && <span className="swatch" style={{ background: p.colour }} />}
                {p.name}
                {!p.active && <span className="tag"> {t('backOffice.products.archivedTag')}</span>}
              </td>
              <td>{p.sku}</td>
              <td>{p.category}</td>
              <td className="money">{formatMoney(p.price, view.currency)}</td>
              <td>{formatRate(p.vatRate)}</td>
              <td>{p.barcodes.join(' ')}</td>
              <td>
                <button
                  type="button"
                  aria-label={t('backOffice.products.changeName', { name: p.name })}
                  data-opens={p.id}
                  onClick={() => edit(p)}
                >
                  {t('backOffice.products.change')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {matches.length === 0 && <p>{t('backOffice.products.none')}</p>}
      {matches.length > limit && (
        <button type="button" className="show-more" onClick={() => setLimit((n) => n + PAGE)}>
          {t('backOffice.products.showMore', { count: matches.length - limit })}
        </button>
      )}
    </div>
  );
}
