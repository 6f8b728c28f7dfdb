// Finding a past sale: by receipt number, a day or range of days, the amount, who served, or the
// card's last four digits. Any field left empty does not narrow the search.
import { useState } from 'react';
import type { HistorySearch } from '../../../../shared/contract';
import { parseAmount } from '../../../../shared/money';
import { currentTimeZone, useTranslation } from '../../i18n';
import { startOfShopDay } from '../../../../shared/time-zone';
import { useHistory } from '../../state/history';
import { useStaff } from '../../state/staff';

/** The start of one of the shop's days ("2026-11-23", its time zone) as an instant, or of the day after. */
const dayStart = (day: string, plusDays = 0) => startOfShopDay(day, currentTimeZone(), plusDays);

export function SearchForm() {
  const { t } = useTranslation();
  const busy = useHistory((s) => s.busy);
  const people = useStaff((s) => s.session?.people ?? []);
  const [receiptNumber, setReceiptNumber] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [amount, setAmount] = useState('');
  const [cashierId, setCashierId] = useState('');
  const [cardLastDigits, setCardLastDigits] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    const criteria: HistorySearch = {};
    if (receiptNumber.trim()) criteria.receiptNumber = receiptNumber.trim();
    if (from) criteria.from = dayStart(from);
    if (to) criteria.to = dayStart(to, 1);
    if (amount.trim()) {
      const parsed = parseAmount(amount);
      if (!parsed.ok) return setProblem(t(`amount.${parsed.problem}`, { text: amount }));
      criteria.amount = parsed.minor;
    }
    if (cashierId) criteria.cashierId = cashierId;
    if (cardLastDigits.trim()) {
      if (!/^\d{4}$/.test(cardLastDigits.trim())) return setProblem(t('history.search.digitsHint'));
      criteria.cardLastDigits = cardLastDigits.trim();
    }
    setProblem(null);
    void useHistory.getState().search(criteria);
  };

  return (
    <form
      className="history-search panel"
      aria-label={t('history.search.title')}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h2>{t('history.search.title')}</h2>
      <div className="row wrap">
        <label className="field">
          {t('history.search.receiptNumber')}
          <input
            value={receiptNumber}
            onChange={(e) => setReceiptNumber(e.target.value)}
            placeholder="S000123"
            autoComplete="off"
          />
        </label>
        <label className="field">
          {t('history.search.from')}
          <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="field">
          {t('history.search.to')}
          <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <label className="field">
          {t('history.search.amount')}
          <input
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            autoComplete="off"
          />
        </label>
        <label className="field">
          {t('history.search.cashier')}
          <select value={cashierId} onChange={(e) => setCashierId(e.target.value)}>
            <option value="">{t('history.search.anyone')}</option>
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          {t('history.search.cardDigits')}
          <input
            inputMode="numeric"
            maxLength={4}
            value={cardLastDigits}
            onChange={(e) => setCardLastDigits(e.target.value)}
            autoComplete="off"
          />
        </label>
        <button type="submit" className="primary" disabled={busy}>
          {t('history.search.find')}
        </button>
      </div>
      {problem && (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
