// Categories in the shop's order (the Sell screen's tabs follow it), each with a tile colour,
// and renamed with their products. Moved with buttons, so touch and keyboard both work.
import { useEffect, useRef, useState } from 'react';
import { useCatalogue } from '../../state/catalogue';
import { useTranslation } from '../../i18n';

interface Draft {
  name: string;
  colour: string | null;
  was: string;
  productCount: number;
}

export function CategoriesPanel() {
  const { t } = useTranslation();
  const view = useCatalogue((s) => s.view)!;
  const busy = useCatalogue((s) => s.busy);
  const [draft, setDraft] = useState<Draft[]>(() =>
    view.categories.map((c) => ({
      name: c.name,
      colour: c.colour,
      was: c.name,
      productCount: c.productCount,
    })),
  );
  const list = useRef<HTMLOListElement>(null);
  // After a move, focus stays with the category moved: on the same arrow, or the other one
  // when it reached the end of the list.
  const [moved, setMoved] = useState<{ was: string; by: -1 | 1 } | null>(null);
  useEffect(() => {
    if (!moved) return;
    const item = list.current?.querySelector(`[data-category="${CSS.escape(moved.was)}"]`);
    const same = item?.querySelector<HTMLButtonElement>(`[data-move="${moved.by}"]`);
    const other = item?.querySelector<HTMLButtonElement>(`[data-move="${-moved.by}"]`);
    (same && !same.disabled ? same : other)?.focus();
    setMoved(null);
  }, [moved, draft]);
  const move = (at: number, by: -1 | 1) => {
    setMoved({ was: draft[at]!.was, by });
    setDraft((list) => {
      const next = list.slice();
      const [item] = next.splice(at, 1);
      next.splice(at + by, 0, item!);
      return next;
    });
  };
  const edit = (at: number, patch: Partial<Draft>) =>
    setDraft((list) => list.map((c, i) => (i === at ? { ...c, ...patch } : c)));

  return (
    <div className="categories-panel">
      <p>{t('backOffice.categories.intro')}</p>
      <ol className="category-list" ref={list}>
        {draft.map((c, i) => (
          <li key={c.was} className="row" data-category={c.was}>
            <input
              aria-label={t('backOffice.categories.nameOf', { name: c.was })}
              value={c.name}
              maxLength={40}
              onChange={(e) => edit(i, { name: e.target.value })}
            />
            <input
              type="color"
              aria-label={t('backOffice.categories.colourOf', { name: c.name })}
              value={c.colour ?? '#607080'}
              onChange={(e) => edit(i, { colour: e.target.value })}
            />
            <button type="button" disabled={c.colour === null} onClick={() => edit(i, { colour: null })}>
              {t('backOffice.categories.noColour')}
            </button>
            <span className="muted">{t('backOffice.categories.products', { count: c.productCount })}</span>
            <button
              type="button"
              aria-label={t('backOffice.categories.up', { name: c.name })}
              data-move={-1}
              disabled={i === 0}
              onClick={() => move(i, -1)}
            >
              ↑
            </button>
            <button
              type="button"
              aria-label={t('backOffice.categories.down', { name: c.name })}
              data-move={1}
              disabled={i === draft.length - 1}
              onClick={() => move(i, 1)}
            >
              ↓
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="primary"
        disabled={busy || draft.some((c) => !c.name.trim())}
        onClick={() =>
          void useCatalogue.getState().saveCategories(
            draft.map((c) => ({
              name: c.name.trim(),
              colour: c.colour,
              ...(c.name.trim() !== c.was && { renamedFrom: c.was }),
            })),
          )
        }
      >
        {t('backOffice.categories.save')}
      </button>
    </div>
  );
}
