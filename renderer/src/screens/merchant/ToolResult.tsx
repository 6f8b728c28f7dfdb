// A tool's answer, readably: a list of records as a table, a record as labelled values (nested
// where it nests), plain text as paragraphs. Fields that say they are money (money-fields.ts: by
// name, or by the tool's output schema) show as money in the record's or the account's currency.
import type { MerchantToolResult } from '../../../../shared/contract';
import { i18n, useTranslation } from '../../i18n';
import { labelOf, scalar, within, type Json, type Reading } from './result-values';

const isRecord = (v: Json): v is { [key: string]: Json } =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function Table({ rows, reading }: { rows: { [key: string]: Json }[]; reading: Reading }) {
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
        {rows.map((row, i) => {
          const inRow = within(row, reading);
          return (
            <tr key={i}>
              {columns.map((c) => {
                const cell = row[c] ?? null;
                return (
                  <td key={c}>
                    {Array.isArray(cell) || isRecord(cell) ? (
                      <Value name={c} value={cell} reading={inRow} />
                    ) : (
                      scalar(c, cell, inRow)
                    )}
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Value({ name, value, reading }: { name: string; value: Json; reading: Reading }) {
  if (Array.isArray(value)) {
    if (value.length === 0) return <p className="merchant-empty">{i18n.t('merchant.none')}</p>;
    if (value.every(isRecord)) return <Table rows={value} reading={reading} />;
    return <span>{value.map((v) => scalar(name, v, reading)).join(', ')}</span>;
  }
  if (isRecord(value)) {
    const own = within(value, reading);
    return (
      <dl className="merchant-record">
        {Object.entries(value).map(([key, inner]) => (
          <div key={key}>
            <dt>{labelOf(key)}</dt>
            <dd>
              {Array.isArray(inner) || isRecord(inner) ? (
                <Value name={key} value={inner} reading={own} />
              ) : (
                scalar(key, inner, own)
              )}
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  return <span>{scalar(name, value, reading)}</span>;
}

export function ToolResult({
  result,
  currency,
  money,
}: {
  result: MerchantToolResult;
  /** The account's currency, when the dashboard said. */
  currency: string | null;
  /** The fields the tool's output schema marks as money. */
  money: ReadonlySet<string>;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-label={t('merchant.result')}
      className={`panel merchant-result${result.isError ? ' bad' : ''}`}
      data-testid="merchant-result"
    >
      <h3>{result.isError ? t('merchant.couldNot') : t('merchant.result')}</h3>
      {result.structured !== null && result.structured !== undefined && (
        <Value name="result" value={result.structured as Json} reading={{ currency, money }} />
      )}
      {result.text.map((t, i) => (
        <p key={i}>{t}</p>
      ))}
    </section>
  );
}
