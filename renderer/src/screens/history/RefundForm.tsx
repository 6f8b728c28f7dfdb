// Refunding chosen lines of a past sale: how many of each, how much to the card it was paid with
// (the rest in cash from the drawer), and why. The figures shown follow the services' own rule
// (shared/refund-money.ts); the services price the refund again and refuse what is not allowed.
import { useState } from 'react';
import type { SaleRecord } from '../../../../shared/contract';
import { parseAmount } from '../../../../shared/money';
import { refundWorth } from '../../../../shared/refund-money';
import { ManagerPinForm } from '../../components/ManagerPinForm';
import { useFormat, useTranslation } from '../../i18n';
import { useHistory } from '../../state/history';

export function RefundForm({ record }: { record: SaleRecord }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { busy, managerNeeded } = useHistory();
  const { sale } = record;
  const money = (minor: number) => format.money(minor, sale.currency);
  const cards = record.cards.filter((c) => c.refundableLeft > 0);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [paymentId, setPaymentId] = useState(cards[0]?.paymentId ?? '');
  const [cardText, setCardText] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const picked = record.lines
    .map((l) => ({ line: l, quantity: Math.min(quantities[l.lineIndex] ?? 0, l.refundableQuantity) }))
    .filter((p) => p.quantity > 0);
  const total = picked.reduce(
    (sum, p) => sum + refundWorth(p.line.paid, p.line.quantity, p.line.refundedQuantity, p.quantity),
    0,
  );
  const card = cards.find((c) => c.paymentId === paymentId) ?? null;
  const parsedCard = cardText.trim() === '' ? null : parseAmount(cardText);
  const cardAmount = !card
    ? 0
    : parsedCard === null
      ? Math.min(total, card.refundableLeft)
      : parsedCard.ok
        ? parsedCard.minor
        : NaN;
  const cash = total - (Number.isNaN(cardAmount) ? 0 : cardAmount);

  const submit = () => {
    if (picked.length === 0) return setProblem(t('history.refund.pickSomething'));
    if (parsedCard && !parsedCard.ok)
      return setProblem(t(`amount.${parsedCard.problem}`, { text: cardText }));
    if (card && cardAmount > Math.min(total, card.refundableLeft)) {
      return setProblem(
        t('history.refund.cardTooMuch', { most: money(Math.min(total, card.refundableLeft)) }),
      );
    }
    if (reason.trim() === '') return setProblem(t('history.refund.reasonMissing'));
    setProblem(null);
    void useHistory
      .getState()
      .refund({
        saleId: sale.saleId,
        lines: picked.map((p) => ({ lineIndex: p.line.lineIndex, quantity: p.quantity })),
        cardAmount,
        ...(card && cardAmount > 0 && { card: { paymentId: card.paymentId, terminalId: card.terminalId } }),
        reason: reason.trim(),
      })
      .then((accepted) => {
        if (accepted) {
          setQuantities({});
          setCardText('');
          setReason('');
        }
      });
  };

  return (
    <>
      <form
        className="history-refund-form"
        aria-label={t('history.refund.title')}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <h3>{t('history.refund.title')}</h3>
        <ul className="history-refund-lines">
          {record.lines
            .filter((l) => l.refundableQuantity > 0)
            .map((l) => (
              <li key={l.lineIndex}>
                <label className="field">
                  {t('history.refund.howMany', { name: l.name, left: l.refundableQuantity })}
                  <input
                    type="number"
                    min={0}
                    max={l.refundableQuantity}
                    step={1}
                    value={quantities[l.lineIndex] ?? 0}
                    onChange={(e) =>
                      setQuantities({
                        ...quantities,
                        [l.lineIndex]: Math.max(0, Math.floor(Number(e.target.value) || 0)),
                      })
                    }
                  />
                </label>
              </li>
            ))}
        </ul>
        {cards.length > 1 && (
          <label className="field">
            {t('history.refund.whichCard')}
            <select value={paymentId} onChange={(e) => setPaymentId(e.target.value)}>
              {cards.map((c) => (
                <option key={c.paymentId} value={c.paymentId}>
                  {t('history.refund.cardChoice', {
                    digits: c.lastDigits ?? '····',
                    left: money(c.refundableLeft),
                  })}
                </option>
              ))}
            </select>
          </label>
        )}
        {card && (
          <label className="field">
            {t('history.refund.toCard', {
              digits: card.lastDigits ?? '····',
              most: money(Math.min(total, card.refundableLeft)),
            })}
            <input
              inputMode="decimal"
              autoComplete="off"
              value={cardText}
              placeholder={format.money(Math.min(total, card.refundableLeft), sale.currency)}
              onChange={(e) => setCardText(e.target.value)}
            />
          </label>
        )}
        <p role="status" aria-label={t('history.refund.splitLabel')}>
          {card
            ? t('history.refund.split', {
                total: money(total),
                card: money(Number.isNaN(cardAmount) ? 0 : cardAmount),
                cash: money(cash),
              })
            : t('history.refund.allCash', { total: money(total) })}
        </p>
        <label className="field">
          {t('history.refund.reason')}
          <input
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={200}
            autoComplete="off"
          />
        </label>
        {problem && (
          <p className="notice notice-error" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="primary" disabled={busy || total <= 0}>
          {t('history.refund.submit', { total: money(total) })}
        </button>
      </form>
      {managerNeeded && (
        <div className="history-approval">
          <ManagerPinForm
            reason={managerNeeded}
            busy={busy}
            onApprove={(pin) => useHistory.getState().approve(pin)}
          />
          <button type="button" onClick={() => useHistory.getState().cancelApproval()}>
            {t('common.cancel')}
          </button>
        </div>
      )}
    </>
  );
}
