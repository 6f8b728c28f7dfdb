// The screens' words and formats: i18next with one catalogue per language (en, de; TypeScript
// objects, so a key missing from German is a type error), the shop's locale from the settings,
// and Intl formatting for that locale (shared/format.ts). How to add words: docs/i18n.md.
import { useSyncExternalStore } from 'react';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import {
  DEFAULT_LOCALE,
  formatterFor,
  shopLocaleOr,
  type Formatter,
  type ShopLocale,
} from '../../../shared/format';
import { setMoneyLocale } from '../../../shared/money';
import { en } from './en';
import { de } from './de';

export const catalogues = { en, de } as const;

export const i18n: I18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, de: { translation: de } },
  lng: DEFAULT_LOCALE,
  fallbackLng: 'en',
  // "de-DE" reads the "de" catalogue; the full locale stays the formats' locale.
  load: 'languageOnly',
  // React escapes what it renders; escaping here too would show &amp; to staff.
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/** The shop's locale the screens show now. */
export function currentLocale(): ShopLocale {
  return shopLocaleOr(i18n.language);
}

/** Switches the words and formats at once; every screen using useTranslation/useFormat re-renders. */
export function applyShopLocale(locale: ShopLocale): void {
  if (i18n.language === locale) return;
  // Amounts first, so the re-render that the language change starts already writes them anew.
  setMoneyLocale(locale);
  void i18n.changeLanguage(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
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
  const { i18n: active } = useTranslation();
  const timeZone = useSyncExternalStore(followTimeZone, currentTimeZone);
  return formatterFor(shopLocaleOr(active.language), timeZone);
}

/** Outside React (stores, word helpers): the formatter for the current locale and time zone. */
export function currentFormat(): Formatter {
  return formatterFor(currentLocale(), shopTimeZone);
}

export { useTranslation };
