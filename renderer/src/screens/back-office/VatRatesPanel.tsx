// The shop's VAT rates: start from a country's set (UK by default) or change them by hand. A rate
// that products still use cannot be removed: the services say how many, so they can be moved first.
import { useState } from 'react';
import { formatRate, parseRate, VAT_PRESETS } from '../../../../shared/vat';
import { useCatalogue } from '../../state/catalogue';

interface DraftRate {
  percent: string;
  label: string;
}

export function VatRatesPanel() {
  const view = useCatalogue((s) => s.view)!;
  const busy = useCatalogue((s) => s.busy);
  const [country, setCountry] = useState<string | null>(view.vatCountry);
  const [rates, setRates] = useState<DraftRate[]>(() =>
    view.vatRates.map((r) => ({ percent: formatRate(r.basisPoints).replace('%', ''), label: r.label })),
  );
  const parsed = rates.map((r) => parseRate(r.percent));
  const edit = (at: number, patch: Partial<DraftRate>) => {
    setCountry(null);
    setRates((list) => list.map((r, i) => (i === at ? { ...r, ...patch } : r)));
  };

  return (
    <div className="vat-panel">
      <label className="field">
        Start from a country’s rates
        <select
          value={country ?? ''}
          onChange={(e) => {
            const preset = VAT_PRESETS[e.target.value];
            if (!preset) return;
            setCountry(e.target.value);
            setRates(
              preset.rates.map((r) => ({
                percent: formatRate(r.basisPoints).replace('%', ''),
                label: r.label,
              })),
            );
          }}
        >
          <option value="">Rates of my own</option>
          {Object.entries(VAT_PRESETS).map(([code, preset]) => (
            <option key={code} value={code}>
              {preset.country} ({preset.rates.map((r) => formatRate(r.basisPoints)).join(', ')})
            </option>
          ))}
        </select>
      </label>
      <p>The first rate is the one new products start with. Prices include VAT.</p>
      <ol className="vat-list">
        {rates.map((r, i) => (
          <li key={i} className="row">
            <input
              aria-label={`Rate ${i + 1} in percent`}
              value={r.percent}
              inputMode="decimal"
              aria-invalid={parsed[i] === null ? true : undefined}
              onChange={(e) => edit(i, { percent: e.target.value })}
            />
            <span>%</span>
            <input
              aria-label={`Name of rate ${i + 1}`}
              value={r.label}
              maxLength={30}
              onChange={(e) => edit(i, { label: e.target.value })}
            />
            <button
              type="button"
              aria-label={`Remove rate ${i + 1}`}
              disabled={rates.length === 1}
              onClick={() => {
                setCountry(null);
                setRates((list) => list.filter((_, j) => j !== i));
              }}
            >
              Remove
            </button>
          </li>
        ))}
      </ol>
      <div className="row">
        <button
          type="button"
          onClick={() => {
            setCountry(null);
            setRates((list) => [...list, { percent: '', label: '' }]);
          }}
        >
          Add a rate
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
          Save VAT rates
        </button>
      </div>
      {parsed.some((p) => p === null) && (
        <p className="field-problem">Write each rate as a percentage from 0 to 100, like 20 or 5.5.</p>
      )}
    </div>
  );
}
