// A message with marked-up parts: `'Due: <strong>{{amount}}</strong>'` rendered with
// `components={{ strong: <strong data-testid="amount-due" /> }}` puts the amount inside that
// element. The message is split at its tags before the values go in, so a value (a name the shop
// typed) is always text, never markup. Tags do not nest; a tag without a component shows its text.
import { cloneElement, createElement, Fragment, type ReactElement, type ReactNode } from 'react';
import { interpolate, type Params, type TFunction } from './translator';

const TAG = /<(\w+)>([\s\S]*?)<\/\1>/g;

export interface TransProps {
  /** The words to take the message from (useTranslation's `t`): its language. */
  t: TFunction;
  i18nKey: string;
  values?: Params;
  components?: Readonly<Record<string, ReactElement>>;
}

export function Trans({ t, i18nKey, values, components }: TransProps): ReactElement {
  const message = t.message(i18nKey, values) ?? i18nKey;
  const fill = (text: string) => interpolate(text, values, t.locale);
  const parts: ReactNode[] = [];
  let from = 0;
  for (const match of message.matchAll(TAG)) {
    parts.push(fill(message.slice(from, match.index)));
    const inner = fill(match[2]!);
    const component = components?.[match[1]!];
    parts.push(component ? cloneElement(component, { key: parts.length }, inner) : inner);
    from = match.index + match[0].length;
  }
  parts.push(fill(message.slice(from)));
  // createElement rather than JSX: the unit tests run this file outside Vite's JSX set-up.
  return createElement(Fragment, null, ...parts);
}
