// The screens' words and formats: our own translator (translator.ts: `{{name}}`, plurals by
// `count`, `Trans` for marked-up parts) with one catalogue per language (en, de; TypeScript
// objects, so a key missing from German is a type error), the shop's locale from the settings,
// and Intl formatting for that locale (shared/format.ts). How to add words: docs/i18n.md.
// Each catalogue is a chunk of its own, read when the shop first speaks that language: the start
// bundle carries no words, and main.tsx holds the first render until the shop's are there.
// No language until the shop's is known (loadShopWords): nothing is read that is not shown.
// Every catalogue has every key (a type error otherwise), so there is nothing to fall back to
// either, and a German till never reads the English words.
import { useSyncExternalStore } from 'react';
import { formatterFor, shopLocaleOr, type Formatter, type ShopLocale } from '../../../shared/format';
import { setMoneyLocale } from '../../../shared/money';
import { Translator, languageOf, type TFunction } from './translator';

export const i18n = new Translator({
  en: () => import('./en').then((m) => m.en),
  de: () => import('./de').then((m) => m.de),
});

/** The shop's locale the screens show now. */
export function currentLocale(): ShopLocale {
  return shopLocaleOr(i18n.language);
}

let wantedLocale: ShopLocale | undefined;

function switchTo(locale: ShopLocale): void {
  // Amounts first, so the re-render that the language change starts already writes them anew.
  setMoneyLocale(locale);
  // The words are there: the switch is done before this returns.
  void i18n.changeLanguage(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/**
 * Switches the words and formats; every screen using useTranslation/useFormat re-renders. At once
 * when the language's words have been read; the first switch to a language reads its catalogue
 * first and keeps the old words meanwhile (never a key, never half one language).
 */
export function applyShopLocale(locale: ShopLocale): Promise<void> {
  wantedLocale = locale;
  if (i18n.language === locale) return Promise.resolve();
  if (i18n.hasWords(languageOf(locale))) {
    switchTo(locale);
    return Promise.resolve();
  }
  return i18n.load(locale).then(() => {
    // A later switch while this one read its words wins.
    if (wantedLocale === locale) switchTo(locale);
  });
}

// The shop's time zone (Settings), for every date and time the screens show; undefined until the
// settings are read (the machine's zone meanwhile).
let shopTimeZone: string | undefined;
const timeZoneListeners = new Set<() => void>();

/** The shop's time zone now (undefined: not known yet, the machine's is used). */
export function currentTimeZone(): string | undefined {
  return shopTimeZone;
}

/** Switches the zone the screens show dates and times in; every screen using useFormat re-renders. */
export function applyShopTimeZone(timeZone: string | undefined): void {
  if (timeZone === shopTimeZone) return;
  shopTimeZone = timeZone;
  for (const listener of timeZoneListeners) listener();
}

function followTimeZone(listener: () => void): () => void {
  timeZoneListeners.add(listener);
  return () => timeZoneListeners.delete(listener);
}

/**
 * The formatter (money, numbers, dates) for the current locale and the shop's time zone,
 * re-rendering when either changes.
 */
export function useFormat(): Formatter {
  const locale = useSyncExternalStore(i18n.subscribe, currentLanguage, currentLanguage);
  const timeZone = useSyncExternalStore(followTimeZone, currentTimeZone, currentTimeZone);
  return formatterFor(shopLocaleOr(locale), timeZone);
}

/** Outside React (stores, word helpers): the formatter for the current locale and time zone. */
export function currentFormat(): Formatter {
  return formatterFor(currentLocale(), shopTimeZone);
}

const currentLanguage = () => i18n.language;

/**
 * The words in the screens' language: `t(key, params)`, and the translator itself. The component
 * re-renders when the language changes (and `t` is then another function, for memos and effects).
 */
export function useTranslation(): { t: TFunction; i18n: Translator } {
  const locale = useSyncExternalStore(i18n.subscribe, currentLanguage, currentLanguage);
  return { t: i18n.getFixedT(locale ?? ''), i18n };
}

export { Trans } from './trans';
export type { TFunction } from './translator';
