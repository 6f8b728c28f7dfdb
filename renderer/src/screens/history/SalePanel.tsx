// One past sale: its lines (and what each can still give back), VAT, how it was paid, who served,
// the refunds on it; a copy of its receipt; and the refund form.
import type { RefundView, SaleRecord } from '../../../../shared/contract';
import { useFormat, useTranslation } from '../../i18n';
import { useHistory } from '../../state/history';
import { RefundForm } from './RefundForm';
import { tillName } from './till-name';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="history-fact">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function RefundItem({ refund }: { refund: RefundView }) {
  const { t } = useTranslation();
  const format = useFormat();
  const who = refund.by
    ? refund.by.approvedBy
      ? t('history.refunds.byApproved', { name: refund.by.name, approver: refund.by.approvedBy.name })
      : t('history.refunds.by', { name: refund.by.name })
    : '';
  return (
    <li className={`history-refund history-refund-${refund.state}`}>
      <strong>{t(`history.refunds.state.${refund.state}`)}</strong>{' '}
      {t('history.refunds.summary', {
        total: format.money(refund.total, refund.currency),
        card: format.money(refund.cardAmount, refund.currency),
        cash: format.money(refund.cashAmount, refund.currency),
      })}{' '}
      · {format.dateTime(refund.createdAt)} · {t('history.refunds.reason', { reason: refund.reason })}
      {who && <> · {who}</>}
    </li>
  );
}

export function SalePanel({ record }: { record: SaleRecord }) {
  const { t } = useTranslation();
  const format = useFormat();
  /** What became of a refund, in the shop's language (the services' own English is the log's). */
  const refundWords = (r: RefundView) => {
    const amounts = {
      total: format.money(r.total, r.currency),
      card: format.money(r.cardAmount, r.currency),
      cash: format.money(r.cashAmount, r.currency),
    };
    if (r.state === 'card_pending') return t('history.refunds.pending', amounts);
    if (r.state === 'failed') return t('history.refunds.failed');
    if (r.cashAmount === 0) return t('history.refunds.doneCard', amounts);
    if (r.cardAmount === 0) return t('history.refunds.doneCash', amounts);
    return t('history.refunds.doneSplit', amounts);
  };
  const { busy, notice, problem, lastRefund } = useHistory();
  const { sale } = record;
  const money = (minor: number) => format.money(minor, sale.currency);
  return (
    <section
      className="history-sale panel"
      aria-label={t('history.sale.title', { receipt: sale.receiptNumber })}
    >
      <div className="row wrap history-sale-head">
        <h2>{t('history.sale.title', { receipt: sale.receiptNumber })}</h2>
        <button type="button" onClick={() => useHistory.getState().closeSale()}>
          {t('history.sale.back')}
        </button>
        <button type="button" disabled={busy} onClick={() => void useHistory.getState().reprint()}>
          {t('history.sale.printCopy')}
        </button>
      </div>
      <p>
        {t('history.sale.when', { when: format.dateTime(sale.completedAt ?? sale.createdAt) })}
        {sale.servedBy && <> · {t('history.sale.servedBy', { name: sale.servedBy.name })}</>}
        {record.till && <> · {t('history.till.madeOn', { till: tillName(t, record.till) })}</>}
      </p>
      <table className="history-lines">
        <caption>{t('history.sale.items')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('history.sale.item')}</th>
            <th scope="col">{t('history.sale.quantity')}</th>
            <th scope="col">{t('history.sale.paid')}</th>
            <th scope="col">{t('history.sale.refunded')}</th>
          </tr>
        </thead>
        <tbody>
          {record.lines.map((l) => (
            <tr key={l.lineIndex}>
              <th scope="row">{l.name}</th>
              <td>{format.number(l.quantity)}</td>
              <td>{money(l.paid)}</td>
              <td>{l.refundedQuantity > 0 ? format.number(l.refundedQuantity) : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="history-facts">
        <Fact label={t('history.sale.total')} value={money(sale.total)} />
        {record.vat.map((v) => (
          <Fact
            key={v.basisPoints}
            label={t('history.sale.vatAt', { rate: format.percent(v.basisPoints) })}
            value={t('history.sale.vatRow', { vat: money(v.vat), net: money(v.net) })}
          />
        ))}
        {sale.tenders.map((tender, i) => {
          const card = record.cards.find((c) => c.paymentId === tender.paymentId);
          const label = card
            ? t('history.sale.cardTender', {
                label: card.cardLabel ?? t('history.tender.card'),
                digits: card.lastDigits ?? '····',
              })
            : t(`history.tender.${tender.kind}`);
          return <Fact key={i} label={label} value={money(tender.amount)} />;
        })}
        {record.refundedTotal > 0 && (
          <Fact label={t('history.sale.refundedTotal')} value={money(record.refundedTotal)} />
        )}
      </dl>
      {notice && <p role="status">{notice}</p>}
      {problem && (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      )}
      {lastRefund && (
        <p
          className={lastRefund.state === 'failed' ? 'notice notice-error' : 'notice'}
          role="status"
          aria-label={t('history.refunds.latest')}
        >
          {refundWords(lastRefund)}
        </p>
      )}
      {record.refunds.length > 0 && (
        <section aria-label={t('history.refunds.title')}>
          <h3>{t('history.refunds.title')}</h3>
          <ul>
            {record.refunds.map((r) => (
              <RefundItem key={r.refundId} refund={r} />
            ))}
          </ul>
        </section>
      )}
      {sale.state === 'completed' && record.lines.some((l) => l.refundableQuantity > 0) && (
        <RefundForm key={`${sale.saleId}:${record.refunds.length}`} record={record} />
      )}
    </section>
  );
}
