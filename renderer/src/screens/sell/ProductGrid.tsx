// Product grid with category tabs and a search box (name or SKU). Filtering runs on a deferred
// copy of the search text and only a page of tiles is rendered, so 10,000 products stay instant.
import { memo, useDeferredValue, useMemo, useState } from 'react';
import type { Product } from '../../../../shared/contract';
import { formatMoney } from '../../../../shared/money';
import { filterProducts, tileColour, type CatalogueIndex } from '../../state/catalogue-index';
import { useSale } from '../../state/sale';

export const GRID_PAGE = 48;

const ProductTile = memo(function ProductTile({
  product,
  currency,
  colour,
  disabled,
}: {
  product: Product;
  currency: string;
  /** The shop's colour for it (its own or its category's): a band along the tile's edge. */
  colour: string | null;
  disabled: boolean;
}) {
  const price = formatMoney(product.price, currency);
  return (
    <button
      type="button"
      className="product-tile"
      aria-label={`Add ${product.name}, ${price}`}
      disabled={disabled}
      style={colour ? { borderLeft: `6px solid ${colour}` } : undefined}
      onClick={() => useSale.getState().add(product.id)}
    >
      {product.image && <img className="product-image" src={product.image} alt="" />}
      <span className="product-name">{product.name}</span>
      <span className="product-sku">{product.sku}</span>
      <span className="product-price">{price}</span>
    </button>
  );
});

export function ProductGrid({ index }: { index: CatalogueIndex }) {
  const [category, setCategory] = useState('');
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState(GRID_PAGE);
  const deferredQuery = useDeferredValue(query);
  const locked = useSale((s) => s.sale !== null);
  const matches = useMemo(
    () => filterProducts(index, category, deferredQuery),
    [index, category, deferredQuery],
  );
  const visible = matches.slice(0, limit);
  const stale = deferredQuery !== query;

  const chooseCategory = (next: string) => {
    setCategory(next);
    setLimit(GRID_PAGE);
  };

  return (
    <section className="products" aria-label="Products">
      <div className="product-search">
        <input
          type="search"
          placeholder="Search name or SKU"
          aria-label="Search products by name or SKU"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setLimit(GRID_PAGE);
          }}
          onKeyDown={(e) => {
            // Keyboard selling: Enter adds the product when the search leaves exactly one.
            if (e.key === 'Enter' && !locked && matches.length === 1 && deferredQuery === query) {
              useSale.getState().add(matches[0]!.id);
              setQuery('');
            }
          }}
        />
        {query && (
          <button type="button" aria-label="Clear search" onClick={() => setQuery('')}>
            ✕
          </button>
        )}
      </div>
      <div className="category-tabs" role="tablist" aria-label="Categories">
        {['', ...index.categories].map((c) => (
          <button
            key={c || '(all)'}
            type="button"
            role="tab"
            aria-selected={c === category}
            className={c === category ? 'tab active' : 'tab'}
            onClick={() => chooseCategory(c)}
          >
            {c || 'All'}
          </button>
        ))}
      </div>
      <p className="match-count" aria-live="polite">
        {matches.length === 0
          ? 'No products match.'
          : `${matches.length.toLocaleString('en-GB')} product${matches.length === 1 ? '' : 's'}`}
      </p>
      <div className={stale ? 'product-grid stale' : 'product-grid'} data-testid="product-grid">
        {visible.map((p) => (
          <ProductTile
            key={p.id}
            product={p}
            currency={index.currency}
            colour={tileColour(index, p)}
            disabled={locked}
          />
        ))}
      </div>
      {matches.length > visible.length && (
        <button type="button" className="show-more" onClick={() => setLimit((n) => n + GRID_PAGE)}>
          Show more ({(matches.length - visible.length).toLocaleString('en-GB')} more)
        </button>
      )}
    </section>
  );
}
