// The list of earlier ones under a cash-up screen (checks, Z reports, shifts): a titled panel, one
// line each, a button when the line opens it again. Nothing at all while there are none.
import type { Key } from 'react';

export function PastList<T>({
  title,
  className,
  items,
  keyOf,
  line,
  onOpen,
}: {
  title: string;
  /** The list's own class, for its screen's layout. */
  className: string;
  items: readonly T[];
  keyOf: (item: T) => Key;
  line: (item: T) => string;
  /** Opens one again; without it the lines are text only. */
  onOpen?: (item: T) => void;
}) {
  if (items.length === 0) return null;
  return (
    <section className="panel" aria-label={title}>
      <h2>{title}</h2>
      <ul className={className}>
        {items.map((item) => (
          <li key={keyOf(item)}>
            {onOpen ? (
              <button type="button" onClick={() => onOpen(item)}>
                {line(item)}
              </button>
            ) : (
              line(item)
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
