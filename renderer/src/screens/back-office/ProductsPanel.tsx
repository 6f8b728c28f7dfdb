// Every product, archived ones too: search, add, change, and act on a selection (archive, bring
// back, prices by a percentage or to one amount, VAT rate, category). Only a page of rows is
// drawn, so a 10,000-product catalogue stays quick.
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import type { BulkChange, Product } from '../../../../shared/contract';
import { formatMoney, parseAmount } from '../../../../shared/money';
import { formatRate, parseRate } from '../../../../shared/vat';
import { useCatalogue } from '../../state/catalogue';
import { ProductForm } from './ProductForm';

const PAGE = 100;

/** "10", "-5", "2.5" (a percentage) → basis points; null when not one. */
function percentToBasisPoints(text: string): number | null {
  const negative = text.trim().startsWith('-');
  const points = parseRate(text.trim().replace(/^[-+]/, ''));
  return points === null ? null : negative ? -points : points;
}

function BulkBar({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const view = useCatalogue((s) => s.view)!;
  const busy = useCatalogue((s) => s.busy);
  const [kind, setKind] = useState<BulkChange['kind']>('percent');
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const store = useCatalogue.getState();

  const changeOf = (): BulkChange | string => {
    if (kind === 'percent') {
      const basisPoints = percentToBasisPoints(value);
      return basisPoints === null ? 'Enter a percentage such as 5 or -10.' : { kind, basisPoints };
    }
    if (kind === 'price') {
      const parsed = parseAmount(value);
      return parsed.ok ? { kind, price: parsed.minor } : parsed.reason;
    }
    if (kind === 'vatRate') {
      const rate = Number(value || view.vatRates[0]?.basisPoints);
      return { kind, vatRate: rate };
    }
    return value.trim() ? { kind, category: value.trim() } : 'Enter the category.';
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
    <div className="bulk-bar" role="group" aria-label={`Change ${ids.length} selected products`}>
      <strong>{ids.length.toLocaleString('en-GB')} selected</strong>
      <button type="button" disabled={busy} onClick={() => void store.setArchived(ids, true).then(onDone)}>
        Archive
      </button>
      <button type="button" disabled={busy} onClick={() => void store.setArchived(ids, false).then(onDone)}>
        Put back on sale
      </button>
      <label className="field">
        Change
        <select
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as BulkChange['kind']);
            setValue('');
          }}
        >
          <option value="percent">price by a percentage</option>
          <option value="price">price to an amount</option>
          <option value="vatRate">VAT rate</option>
          <option value="category">category</option>
        </select>
      </label>
      {kind === 'vatRate' ? (
        <select aria-label="New VAT rate" value={value} onChange={(e) => setValue(e.target.value)}>
          {view.vatRates.map((r) => (
            <option key={r.basisPoints} value={r.basisPoints}>
              {formatRate(r.basisPoints)} ({r.label})
            </option>
          ))}
        </select>
      ) : (
        <input
          aria-label={
            kind === 'percent'
              ? 'Percentage (e.g. 5 or -10)'
              : kind === 'price'
                ? 'New price'
                : 'New category'
          }
          value={value}
          inputMode={kind === 'category' ? 'text' : 'decimal'}
          onChange={(e) => setValue(e.target.value)}
        />
      )}
      <button type="button" className="primary" disabled={busy} onClick={apply}>
        Apply
      </button>
      {problem && <span className="field-problem">{problem}</span>}
    </div>
  );
}

export function ProductsPanel() {
  const view = useCatalogue((s) => s.view)!;
  const [query, setQuery] = useState('');
  const [showArchived, setShowArchived] = useState(true);
  const [limit, setLimit] = useState(PAGE);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
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
    <div className="products-panel">
      <div className="row wrap">
        <button type="button" className="primary" onClick={() => setEditing('new')}>
          Add product
        </button>
        <input
          type="search"
          aria-label="Search products by name, SKU, category or barcode"
          placeholder="Search name, SKU, category or barcode"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setLimit(PAGE);
          }}
        />
        <label className="checkbox">
          <input type="checkbox" checked={showArchived} onChange={(e) => setShowArchived(e.target.checked)} />
          Show archived
        </label>
        <button type="button" onClick={() => setSelected(new Set(matches.map((p) => p.id)))}>
          Select all {matches.length.toLocaleString('en-GB')} shown
        </button>
        {selected.size > 0 && (
          <button type="button" onClick={() => setSelected(new Set())}>
            Clear selection
          </button>
        )}
      </div>
      {selected.size > 0 && <BulkBar ids={[...selected]} onDone={() => setSelected(new Set())} />}
      <table className="product-table">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Selected</span>
            </th>
            <th scope="col">Name</th>
            <th scope="col">SKU</th>
            <th scope="col">Category</th>
            <th scope="col">Price</th>
            <th scope="col">VAT</th>
            <th scope="col">Barcodes</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {matches.slice(0, limit).map((p) => (
            <tr key={p.id} className={p.active ? undefined : 'archived'}>
              <td>
                <input
                  type="checkbox"
                  aria-label={`Select ${p.name}`}
                  checked={selected.has(p.id)}
                  onChange={() => toggle(p.id)}
                />
              </td>
              <td>
                {p.colour && <span className="swatch" style={{ background: p.colour }} />}
                {p.name}
                {!p.active && <span className="tag"> archived</span>}
              </td>
              <td>{p.sku}</td>
              <td>{p.category}</td>
              <td className="money">{formatMoney(p.price, view.currency)}</td>
              <td>{formatRate(p.vatRate)}</td>
              <td>{p.barcodes.join(' ')}</td>
              <td>
                <button type="button" aria-label={`Change ${p.name}`} onClick={() => setEditing(p)}>
                  Change
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {matches.length === 0 && <p>No products match.</p>}
      {matches.length > limit && (
        <button type="button" className="show-more" onClick={() => setLimit((n) => n + PAGE)}>
          Show more ({(matches.length - limit).toLocaleString('en-GB')} more)
        </button>
      )}
    </div>
  );
}
