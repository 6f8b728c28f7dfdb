// Product grid with category tabs and the search field, which is always ready for the keyboard
// (docs/selling.md): type a name or SKU and Enter adds the highlighted match (the first, or the
// only one; ↑ ↓ move the highlight); `3*` or `3×` before a product adds three. Tiles show name and
// price in the shop's colours; search results also show the SKU. Filtering runs on a deferred copy
// of the search text and only a page of tiles is rendered, so 10,000 products stay instant.
import { memo, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { Product } from '../../../../shared/contract';
import { formatMoney } from '../../../../shared/money';
import { useTranslation } from '../../i18n';
import {
  filterProducts,
  productForEnter,
  tileColour,
  type CatalogueIndex,
} from '../../state/catalogue-index';
import { useSale } from '../../state/sale';
import { focusSearch, SEARCH_FIELD_ID } from './useSellKeys';

export const GRID_PAGE = 48;

/** `3*`, `3×` or `3x` typed alone: the next product comes three times. */
const QUANTITY_PREFIX = /^(\d{1,4})\s*[*×xX]$/;

const ProductTile = memo(function ProductTile({
  product,
  currency,
  colour,
  disabled,
  showSku,
  highlighted,
}: {
  product: Product;
  currency: string;
  /** The shop's colour for it (its own or its category's): the tile's edge and a tint. */
  colour: string | null;
  disabled: boolean;
  /** In search results only: the SKU helps tell similar names apart. */
  showSku: boolean;
  /** The match Enter adds. */
  highlighted: boolean;
}) {
  const price = formatMoney(product.price, currency);
  return (
    <button
      type="button"
      className={highlighted ? 'product-tile highlighted' : 'product-tile'}
      aria-current={highlighted ? 'true' : undefined}
      disabled={disabled}
      style={colour ? { borderLeftColor: colour, ['--tile-colour' as string]: colour } : undefined}
      onClick={() => {
        useSale.getState().add(product.id);
        focusSearch();
      }}
    >
      {product.image && <img className="product-image" src={product.image} alt="" />}
      {/* Spaces between the parts: the tile's accessible name reads "Latte £3.45". */}
      <span className="product-name">{product.name}</span>{' '}
      {showSku && <span className="product-sku">{product.sku}</span>}{' '}
      <span className="product-price">{price}</span>
    </button>
  );
});

export function ProductGrid({ index }: { index: CatalogueIndex }) {
  const { t } = useTranslation();
  const [category, setCategory] = useState('');
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState(GRID_PAGE);
  const [highlight, setHighlight] = useState(0);
  const deferredQuery = useDeferredValue(query);
  const locked = useSale((s) => s.sale !== null);
  const pendingQuantity = useSale((s) => s.pendingQuantity);
  const input = useRef<HTMLInputElement>(null);
  const matches = useMemo(
    () => filterProducts(index, category, deferredQuery),
    [index, category, deferredQuery],
  );
  const searching = deferredQuery.trim() !== '';
  const visible = matches.slice(0, limit);
  const stale = deferredQuery !== query;
  const picked = searching ? (matches[Math.min(highlight, matches.length - 1)] ?? null) : null;

  useEffect(() => setHighlight(0), [deferredQuery, category]);
  useEffect(() => input.current?.focus(), []);

  const chooseCategory = (next: string) => {
    setCategory(next);
    setLimit(GRID_PAGE);
  };
  const change = (text: string) => {
    const typed = QUANTITY_PREFIX.exec(text);
    if (typed && !locked) {
      useSale.getState().setPendingQuantity(Number(typed[1]));
      setQuery('');
      return;
    }
    setQuery(text);
    setLimit(GRID_PAGE);
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!searching) return;
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setHighlight((h) => Math.max(0, Math.min(matches.length - 1, h + step)));
    } else if (e.key === 'Enter') {
      if (locked || !query.trim()) return;
      // Enter acts on what was typed, even before the grid has caught up with it.
      const chosen = productForEnter(index, category, query, { query: deferredQuery, highlight });
      if (!chosen) {
        useSale.getState().setNote(t('counter.search.noMatch', { text: query.trim() }));
        return;
      }
      useSale.getState().add(chosen.id);
      setQuery('');
    } else if (e.key === 'Escape' && (query || pendingQuantity)) {
      e.stopPropagation();
      setQuery('');
      useSale.getState().setPendingQuantity(null);
    }
  };

  return (
    <section className="products" aria-label={t('counter.products')}>
      <div className="product-search">
        {pendingQuantity !== null && (
          <span className="pending-quantity" data-testid="pending-quantity">
            {t('counter.search.pending', { count: pendingQuantity })}
          </span>
        )}
        <input
          id={SEARCH_FIELD_ID}
          ref={input}
          type="search"
          placeholder={t('counter.search.placeholder')}
          aria-label={t('counter.search.label')}
          aria-keyshortcuts="Enter ArrowUp ArrowDown Escape"
          autoComplete="off"
          value={query}
          onChange={(e) => change(e.target.value)}
          onKeyDown={onKeyDown}
        />
        {query && (
          <button type="button" aria-label={t('counter.search.clear')} onClick={() => setQuery('')}>
            ✕
          </button>
        )}
      </div>
      <div className="category-tabs" role="tablist" aria-label={t('counter.categories')}>
        {['', ...index.categories].map((c) => (
          <button
            key={c || '(all)'}
            type="button"
            role="tab"
            aria-selected={c === category}
            className={c === category ? 'tab active' : 'tab'}
            style={index.categoryColours[c] ? { borderColor: index.categoryColours[c] } : undefined}
            onClick={() => chooseCategory(c)}
          >
            {c || t('counter.allCategories')}
          </button>
        ))}
      </div>
      <p className="match-count" aria-live="polite">
        {matches.length === 0 ? (
          t('counter.search.none')
        ) : (
          <span>{t('counter.search.count', { count: matches.length })}</span>
        )}
        {picked && !locked && (
          <span className="enter-adds"> · {t('counter.search.enterAdds', { name: picked.name })}</span>
        )}
      </p>
      <div className={stale ? 'product-grid stale' : 'product-grid'} data-testid="product-grid">
        {visible.map((p) => (
          <ProductTile
            key={p.id}
            product={p}
            currency={index.currency}
            colour={tileColour(index, p)}
            disabled={locked}
            showSku={searching}
            highlighted={p === picked}
          />
        ))}
      </div>
      {matches.length > visible.length && (
        <button type="button" className="show-more" onClick={() => setLimit((n) => n + GRID_PAGE)}>
          {t('counter.showMore', { count: matches.length - visible.length })}
        </button>
      )}
    </section>
  );
}
