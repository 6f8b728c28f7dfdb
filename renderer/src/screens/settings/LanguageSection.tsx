// The shop's language: every screen's words and how amounts, numbers and dates are written.
// Saved on choosing, so the whole till switches at once. The currency is the shop's own setting
// beside it (read at start-up: the catalogue's prices are in it), and its time zone (its days,
// report hours and printed times, whatever the computer's zone), chosen from Intl's list.
import { SHOP_LOCALES, formatterFor, shopLocaleOr, type ShopLocale } from '../../../../shared/format';
import { CURRENCIES } from '../../../../shared/money';
import { machineTimeZone, timeZoneChoices } from '../../../../shared/time-zone';
import { useTranslation } from '../../i18n';
import { useSettings } from '../../state/settings';
import { ActionResult, Field, SectionCard, useAction } from './section';

/** A fixed moment for the example, so it reads the same every day. */
const EXAMPLE_DATE = '2026-11-22T14:05:00Z';

export function LanguageSection() {
  const { t } = useTranslation();
  const saved = useSettings((s) => shopLocaleOr(s.view?.settings.shop.locale));
  const currency = useSettings((s) => s.view?.settings.shop.currency ?? 'GBP');
  const save = useAction();
  const choose = (locale: ShopLocale) =>
    void save.run(() => useSettings.getState().update({ shop: { locale } }), t('settings.language.saved'));
  const chooseCurrency = (next: string) =>
    void save.run(
      () => useSettings.getState().update({ shop: { currency: next } }),
      t('settings.language.currencySaved'),
    );
  const timeZone = useSettings((s) => s.view?.settings.shop.timeZone ?? null);
  const chooseTimeZone = (next: string) =>
    void save.run(
      () => useSettings.getState().update({ shop: { timeZone: next } }),
      t('settings.language.timeZoneSaved'),
    );
  const example = formatterFor(saved, timeZone ?? undefined);
  return (
    <SectionCard id="language" title={t('settings.sections.language')} intro={t('settings.language.intro')}>
      <div className="field-grid">
        <Field
          label={t('settings.language.label')}
          hint={t('settings.language.example', {
            amount: example.money(123450, currency),
            date: example.dateTime(EXAMPLE_DATE),
          })}
        >
          <select
            value={saved}
            disabled={save.state.kind === 'busy'}
            onChange={(e) => choose(shopLocaleOr(e.target.value))}
            data-testid="shop-locale"
          >
            {SHOP_LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {t(`settings.language.names.${locale}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('settings.language.currency')} hint={t('settings.language.currencyHint')}>
          <select
            value={currency}
            disabled={save.state.kind === 'busy'}
            onChange={(e) => chooseCurrency(e.target.value)}
            data-testid="shop-currency"
          >
            {CURRENCIES.map((code) => (
              <option key={code} value={code}>
                {t(`settings.language.currencyNames.${code}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label={t('settings.language.timeZone')}
          hint={t('settings.language.timeZoneHint', { time: example.time(Date.now()) })}
        >
          <select
            value={timeZone ?? machineTimeZone()}
            disabled={save.state.kind === 'busy'}
            onChange={(e) => chooseTimeZone(e.target.value)}
            data-testid="shop-time-zone"
          >
            {timeZoneChoices(timeZone ?? machineTimeZone()).map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <ActionResult state={save.state} />
    </SectionCard>
  );
}
