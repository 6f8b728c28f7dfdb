// A row of tabs worked by keyboard as well as touch (WAI-ARIA tabs pattern): Tab reaches only the
// chosen tab, the arrow keys move to the next or previous one (round the ends), Home and End to
// the first and last, and moving chooses (the panels show at once). The panel is labelled by its
// tab; `panelId(prefix)` gives the id the tabs point it at.
import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export const panelId = (prefix: string) => `${prefix}-panel`;
export const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;

/** Which tab a key moves to from `at` among `count` tabs, or null for a key tabs do not use. */
export function tabAfterKey(key: string, at: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (at + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (at - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

export function TabList<T extends string>({
  ids,
  selected,
  onSelect,
  label,
  tabLabel,
  prefix,
  className,
}: {
  ids: readonly T[];
  selected: T;
  onSelect: (id: T) => void;
  /** The tab list's name. */
  label: string;
  tabLabel: (id: T) => ReactNode;
  /** Unique on the screen: the tabs' and the panel's ids start with it. */
  prefix: string;
  className?: string;
}) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const next = tabAfterKey(e.key, ids.indexOf(selected), ids.length);
    if (next === null) return;
    e.preventDefault();
    onSelect(ids[next]!);
    list.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(tabId(prefix, ids[next]!))}`)?.focus();
  };
  return (
    <div ref={list} className={className} role="tablist" aria-label={label}>
      {ids.map((id) => (
        <button
          key={id}
          id={tabId(prefix, id)}
          type="button"
          role="tab"
          aria-selected={id === selected}
          aria-controls={panelId(prefix)}
          tabIndex={id === selected ? 0 : -1}
          className={id === selected ? 'tab active' : 'tab'}
          onClick={() => onSelect(id)}
          onKeyDown={onKeyDown}
        >
          {tabLabel(id)}
        </button>
      ))}
    </div>
  );
}
