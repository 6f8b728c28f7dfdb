// The screens' translator: what the catalogues use of i18next and no more (i18next and
// react-i18next cost 22 KiB gzip of the start bundle). A message is found by its dotted key in the
// language's catalogue; `{{name}}` takes a parameter, `{{count, number}}` writes it as the locale
// writes numbers; a `count` picks the plural form (`key_one` / `key_other`, by Intl.PluralRules).
// Values are not escaped: React escapes what it renders. The catalogues are read on demand.

/** Parameters of a message; `count` also chooses the plural form, `defaultValue` stands in for a missing key. */
export type Params = Readonly<Record<string, unknown>>;

/** A catalogue: sections of sections of messages. */
export type Catalogue = { readonly [key: string]: string | Catalogue };

/** The words of one language: `t(key, params)`. */
export interface TFunction {
  (key: string, params?: Params): string;
  /** The locale it speaks ("de-DE"); its catalogue is the language's ("de"). */
  readonly locale: string;
  /** The message for `key` before its parameters are put in (Trans fills it part by part). */
  message(key: string, params?: Params): string | undefined;
}

/** "de-DE" reads the "de" catalogue; the full locale stays the numbers' locale. */
export const languageOf = (locale: string): string => locale.split('-')[0]!;

// `{{ name }}` or `{{ name, format }}`.
const PLACEHOLDER = /\{\{\s*([^,}\s]+)\s*(?:,\s*([^}\s]+)\s*)?\}\}/g;

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function pluralForm(locale: string, count: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(languageOf(locale))));
  return rules.select(count);
}

function numberText(locale: string, value: number): string {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format.format(value);
}

/**
 * The message with its parameters in place. A parameter given as null or undefined reads as
 * nothing; one not given at all keeps its `{{name}}`, so a forgotten parameter shows in a test.
 */
export function interpolate(message: string, params: Params | undefined, locale: string): string {
  if (!params || !message.includes('{{')) return message;
  return message.replace(PLACEHOLDER, (whole, name: string, format: string | undefined) => {
    if (!Object.hasOwn(params, name)) return whole;
    const value = params[name];
    if (value === null || value === undefined) return '';
    if (format === 'number' && typeof value === 'number') return numberText(locale, value);
    return String(value);
  });
}

function find(words: Catalogue, key: string): string | Catalogue | undefined {
  let found: string | Catalogue | undefined = words;
  for (const part of key.split('.')) {
    if (typeof found !== 'object' || !Object.hasOwn(found, part)) return undefined;
    found = found[part];
  }
  return found;
}

export class Translator {
  /** The locale the screens speak now; undefined until the first language's words are read. */
  language: string | undefined;
  private readonly words = new Map<string, Catalogue>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly listeners = new Set<() => void>();
  private readonly fixed = new Map<string, TFunction>();

  constructor(private readonly loaders: Readonly<Record<string, () => Promise<Catalogue>>>) {}

  /** The message for `key` in `locale` (its plural form when `params.count` is a number), unfilled. */
  message(locale: string | undefined, key: string, params?: Params): string | undefined {
    const words = locale === undefined ? undefined : this.words.get(languageOf(locale));
    if (!words || locale === undefined) return undefined;
    const count = params?.count;
    if (typeof count === 'number') {
      const plural = find(words, `${key}_${pluralForm(locale, count)}`);
      if (typeof plural === 'string') return plural;
    }
    const found = find(words, key);
    return typeof found === 'string' ? found : undefined;
  }

  /** Whether the current language has a message (not a section) for `key`. */
  exists(key: string, params?: Params): boolean {
    return this.message(this.language, key, params) !== undefined;
  }

  /** The words of `locale`, whatever the screens speak. A missing key reads as its default or the key. */
  getFixedT(locale: string): TFunction {
    let t = this.fixed.get(locale);
    if (!t) {
      const translate = (key: string, params?: Params) => {
        const message = this.message(locale, key, params);
        const fallback = params?.defaultValue;
        return interpolate(message ?? (typeof fallback === 'string' ? fallback : key), params, locale);
      };
      t = Object.assign(translate, {
        locale,
        message: (key: string, params?: Params) => this.message(locale, key, params),
      });
      this.fixed.set(locale, t);
    }
    return t;
  }

  /** In the current language. */
  t(key: string, params?: Params): string {
    return this.language === undefined ? key : this.getFixedT(this.language)(key, params);
  }

  hasWords(language: string): boolean {
    return this.words.has(language);
  }

  addWords(language: string, words: Catalogue): void {
    this.words.set(language, words);
  }

  /** Reads the catalogue of `locale`'s language, once; fails for a language without one. */
  load(locale: string): Promise<void> {
    const language = languageOf(locale);
    if (this.words.has(language)) return Promise.resolve();
    let reading = this.loading.get(language);
    if (!reading) {
      const loader = this.loaders[language];
      if (!loader) return Promise.reject(new Error(`No catalogue for ${language}`));
      reading = loader().then(
        (words) => this.addWords(language, words),
        (error: unknown) => {
          this.loading.delete(language);
          throw error;
        },
      );
      this.loading.set(language, reading);
    }
    return reading;
  }

  /** Speaks `locale`: at once when its words are there, else once they are read. */
  changeLanguage(locale: string): Promise<void> {
    if (this.words.has(languageOf(locale))) {
      this.switchTo(locale);
      return Promise.resolve();
    }
    return this.load(locale).then(() => this.switchTo(locale));
  }

  /** Calls `listener` after every change of language (useSyncExternalStore's subscribe). */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private switchTo(locale: string): void {
    if (this.language === locale) return;
    this.language = locale;
    for (const listener of [...this.listeners]) listener();
  }
}
