// The History screen: find a past sale, open it, print a copy of its receipt, refund from it.
import { useEffect } from 'react';
import type { SaleSummary } from '../../../../shared/contract';
import { tillName } from './till-name';
import { useFormat, useTranslation } from '../../i18n';
import { useHistory } from '../../state/history';
import { SalePanel } from './SalePanel';
import { SearchForm } from './SearchForm';
import './history.css';

function SaleRow({ sale }: { sale: SaleSummary }) {
  const { t } = useTranslation();
  const format = useFormat();
  const paidBy = sale.tenderKinds.map((k) => t(`history.tender.${k}`)).join(', ');
  return (
    <li className="history-row">
      <button
        type="button"
        className="history-open"
        onClick={() => void useHistory.getState().open(sale.saleId)}
      >
        <span className="history-receipt">{sale.receiptNumber}</span>
        <span>{format.dateTime(sale.createdAt)}</span>
        <span className="history-amount">{format.money(sale.total, sale.currency)}</span>
        <span>{paidBy}</span>
        <span>{sale.servedBy ?? ''}</span>
        {sale.till && <span className="history-till">{tillName(t, sale.till)}</span>}
        {sale.refunded > 0 && (
          <span className="history-refunded">
            {t('history.results.refunded', { amount: format.money(sale.refunded, sale.currency) })}
          </span>
        )}
      </button>
    </li>
  );
}

function Results() {
  const { t } = useTranslation();
  const { sales, next, searched, busy } = useHistory();
  if (!searched) return null;
  return (
    <section className="history-results panel" aria-label={t('history.results.title')}>
      <h2>{t('history.results.title')}</h2>
      {sales.length === 0 ? (
        <p role="status">{t('history.results.none')}</p>
      ) : (
        <ul className="history-list">
          {sales.map((s) => (
            <SaleRow key={s.saleId} sale={s} />
          ))}
        </ul>
      )}
      {next !== null && (
        <button type="button" disabled={busy} onClick={() => void useHistory.getState().more()}>
          {t('history.results.more')}
        </button>
      )}
    </section>
  );
}

export function HistoryScreen() {
  const { t } = useTranslation();
  const { record, problem, searched } = useHistory();
  // The newest sales show at once, before any search.
  useEffect(() => {
    if (!searched) void useHistory.getState().search({});
  }, [searched]);
  return (
    <div className="history-screen">
      <h1 className="visually-hidden">{t('history.title')}</h1>
      {problem && !record && (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      )}
      {record ? (
        <SalePanel record={record} />
      ) : (
        <>
          <SearchForm />
          <Results />
        </>
      )}
    </div>
  );
}
