// The shop's VAT rates: start from a country's set (UK by default) or change them by hand. A rate
// that products still use cannot be removed: the services say how many, so they can be moved first.
import { useEffect, useRef, useState } from 'react';
import { formatRate, parseRate, rateText, VAT_PRESETS } from '../../../../shared/vat';
import { useCatalogue } from '../../state/catalogue';
import { useTranslation } from '../../i18n';

interface DraftRate {
  percent: string;
  label: string;
}

export function VatRatesPanel() {
  const { t } = useTranslation();
  const view = useCatalogue((s) => s.view)!;
  const busy = useCatalogue((s) => s.busy);
  const [country, setCountry] = useState<string | null>(view.vatCountry);
  const [rates, setRates] = useState<DraftRate[]>(() =>
    view.vatRates.map((r) => ({ percent: rateText(r.basisPoints), label: r.label })),
  );
  const parsed = rates.map((r) => parseRate(r.percent));
  const panel = useRef<HTMLDivElement>(null);
  // After adding a rate, focus is in its percentage; after removing one, on the next Remove (or
  // Add a rate when none is left after it).
  const [focusAfter, setFocusAfter] = useState<{ row: number; field: 'percent' | 'remove' } | null>(null);
  useEffect(() => {
    if (!focusAfter) return;
    const at = (selector: string) => panel.current?.querySelector<HTMLElement>(selector);
    const target =
      at(`[data-rate="${focusAfter.row}"] [data-field="${focusAfter.field}"]:not(:disabled)`) ??
      at('[data-field="add"]');
    target?.focus();
    setFocusAfter(null);
  }, [focusAfter, rates]);
  const edit = (at: number, patch: Partial<DraftRate>) => {
    setCountry(null);
    setRates((list) => list.map((r, i) => (i === at ? { ...r, ...patch } : r)));
  };

  return (
    <div className="vat-panel" ref={panel}>
      <label className="field">
        {t('backOffice.vat.startFrom')}
        <select
          value={country ?? ''}
          onChange={(e) => {
            const preset = VAT_PRESETS[e.target.value];
            if (!preset) return;
            setCountry(e.target.value);
            setRates(
              preset.rates.map((r) => ({
                percent: rateText(r.basisPoints),
                label: r.label,
              })),
            );
          }}
        >
          <option value="">{t('backOffice.vat.own')}</option>
          {Object.entries(VAT_PRESETS).map(([code, preset]) => (
            <option key={code} value={code}>
              {t('backOffice.vat.preset', {
                country: preset.country,
                rates: preset.rates.map((r) => formatRate(r.basisPoints)).join(', '),
              })}
            </option>
          ))}
        </select>
      </label>
      <p>{t('backOffice.vat.intro')}</p>
      <ol className="vat-list">
        {rates.map((r, i) => (
          <li key={i} className="row" data-rate={i}>
            <input
              aria-label={t('backOffice.vat.rate', { number: i + 1 })}
              data-field="percent"
              value={r.percent}
              inputMode="decimal"
              aria-invalid={parsed[i] === null ? true : undefined}
              onChange={(e) => edit(i, { percent: e.target.value })}
            />
            <span>%</span>
            <input
              aria-label={t('backOffice.vat.rateName', { number: i + 1 })}
              value={r.label}
              maxLength={30}
              onChange={(e) => edit(i, { label: e.target.value })}
            />
            <button
              type="button"
              aria-label={t('backOffice.vat.removeRate', { number: i + 1 })}
              data-field="remove"
              disabled={rates.length === 1}
              onClick={() => {
                setCountry(null);
                setRates((list) => list.filter((_, j) => j !== i));
                setFocusAfter({ row: i, field: 'remove' });
              }}
            >
              {t('backOffice.vat.remove')}
            </button>
          </li>
        ))}
      </ol>
      <div className="row">
        <button
          type="button"
          data-field="add"
          onClick={() => {
            setCountry(null);
            setRates((list) => [...list, { percent: '', label: '' }]);
            setFocusAfter({ row: rates.length, field: 'percent' });
          }}
        >
          {t('backOffice.vat.add')}
        </button>
        <button
          type="button"
          className="primary"
          disabled={busy || parsed.some((p) => p === null) || rates.some((r) => !r.label.trim())}
          onClick={() =>
            void useCatalogue.getState().saveVatRates(
              country,
              rates.map((r, i) => ({ basisPoints: parsed[i]!, label: r.label.trim() })),
            )
          }
        >
          {t('backOffice.vat.save')}
        </button>
      </div>
      {parsed.some((p) => p === null) && <p className="field-problem">{t('backOffice.vat.problem')}</p>}
    </div>
  );
}
