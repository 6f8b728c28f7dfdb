// A tool's answer, readably: a list of records as a table, a record as labelled values (nested
// where it nests), plain text as paragraphs. Money fields named "…_minor" show as money.
import { formatMoney } from '../../../../shared/money';
import type { MerchantToolResult } from '../../../../shared/contract';
import { currentFormat, i18n, useTranslation } from '../../i18n';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function labelOf(key: string): string {
  const words = key
    .replace(/_minor$/, '')
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

function scalar(key: string, value: Json, currency: string | null): string {
  if (value === null) return '—';
  if (typeof value === 'boolean') return i18n.t(value ? 'merchant.yesValue' : 'merchant.noValue');
  if (typeof value === 'number' && key.endsWith('_minor') && currency)
    return formatMoney(value, currency as never);
  if (typeof value === 'number' && /(_at|At)$/.test(key) && value > 1e12)
    return currentFormat().dateTime(value);
  return String(value);
}

const isRecord = (v: Json): v is { [key: string]: Json } =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function Table({ rows, currency }: { rows: { [key: string]: Json }[]; currency: string | null }) {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return (
    <table className="merchant-table">
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col">
              {labelOf(c)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            {columns.map((c) => {
              const cell = row[c] ?? null;
              return (
                <td key={c}>
                  {Array.isArray(cell) || isRecord(cell) ? (
                    <Value name={c} value={cell} currency={currency} />
                  ) : (
                    scalar(c, cell, currency)
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Value({ name, value, currency }: { name: string; value: Json; currency: string | null }) {
  if (Array.isArray(value)) {
    if (value.length === 0) return <p className="merchant-empty">{i18n.t('merchant.none')}</p>;
    if (value.every(isRecord)) return <Table rows={value} currency={currency} />;
    return <span>{value.map((v) => scalar(name, v, currency)).join(', ')}</span>;
  }
  if (isRecord(value)) {
    const own = typeof value.currency === 'string' ? value.currency : currency;
    return (
      <dl className="merchant-record">
        {Object.entries(value).map(([key, inner]) => (
          <div key={key}>
            <dt>{labelOf(key)}</dt>
            <dd>
              {Array.isArray(inner) || isRecord(inner) ? (
                <Value name={key} value={inner} currency={own} />
              ) : (
                scalar(key, inner, own)
              )}
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  return <span>{scalar(name, value, currency)}</span>;
}

export function ToolResult({ result, currency }: { result: MerchantToolResult; currency: string | null }) {
  const { t } = useTranslation();
  return (
    <section
      aria-label={t('merchant.result')}
      className={`panel merchant-result${result.isError ? ' bad' : ''}`}
      data-testid="merchant-result"
    >
      <h3>{result.isError ? t('merchant.couldNot') : t('merchant.result')}</h3>
      {result.structured !== null && result.structured !== undefined && (
        <Value name="result" value={result.structured as Json} currency={currency} />
      )}
      {result.text.map((t, i) => (
        <p key={i}>{t}</p>
      ))}
    </section>
  );
}
