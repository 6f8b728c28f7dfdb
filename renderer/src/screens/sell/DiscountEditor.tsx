// Asking for a discount (a percentage or an amount off) or a new price with its reason, for one
// basket line or the whole basket. Only the request is kept: the services work out the money, and
// ask for a supervisor when the discount is above the shop's limit or the price changes.
import { useId, useState } from 'react';
import type { DiscountInput } from '../../../../shared/contract';
import { currencySymbol, formatMoney, parseAmount } from '../../../../shared/money';
import { formatRate, parseRate } from '../../../../shared/vat';
import { useTranslation } from '../../i18n';

/** "10%" or "£1.50" for a discount the basket holds. */
export function discountWords(discount: DiscountInput, currency: string): string {
  return discount.kind === 'percent'
    ? formatRate(discount.basisPoints)
    : formatMoney(discount.minor, currency);
}

function readDiscount(text: string, kind: DiscountInput['kind']): DiscountInput | null {
  if (kind === 'percent') {
    const basisPoints = parseRate(text);
    return basisPoints !== null && basisPoints > 0 ? { kind, basisPoints } : null;
  }
  const parsed = parseAmount(text);
  return parsed.ok && parsed.minor > 0 ? { kind, minor: parsed.minor } : null;
}

export function DiscountEditor({
  label,
  currency,
  current,
  onApply,
  onClose,
}: {
  /** What the discount is on, e.g. "Discount on Latte". */
  label: string;
  currency: string;
  current: DiscountInput | null;
  onApply: (discount: DiscountInput | null) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [kind, setKind] = useState<DiscountInput['kind']>(current?.kind ?? 'percent');
  const [text, setText] = useState(
    current
      ? current.kind === 'percent'
        ? String(current.basisPoints / 100)
        : String(current.minor / 100)
      : '',
  );
  const discount = readDiscount(text, kind);
  return (
    <form
      className="discount-editor"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        if (!discount) return;
        onApply(discount);
        onClose();
      }}
    >
      <div className="row">
        <label htmlFor={id}>{t('counter.discount.amountLabel')}</label>
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          autoFocus
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), onClose())}
        />
        <div className="segmented" role="group" aria-label={t('counter.discount.kind')}>
          <button type="button" aria-pressed={kind === 'percent'} onClick={() => setKind('percent')}>
            %
          </button>
          <button type="button" aria-pressed={kind === 'amount'} onClick={() => setKind('amount')}>
            {currencySymbol(currency)}
          </button>
        </div>
      </div>
      {text !== '' && !discount && <p className="field-problem">{t('counter.discount.unreadable')}</p>}
      <EditorActions
        ready={!!discount}
        apply={t('counter.discount.apply')}
        remove={current ? t('counter.discount.remove') : null}
        onRemove={() => onApply(null)}
        onClose={onClose}
      />
    </form>
  );
}

export function PriceEditor({
  label,
  current,
  onApply,
  onClose,
}: {
  label: string;
  current: { unitPrice: number; reason: string } | null;
  onApply: (override: { unitPrice: number; reason: string } | null) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(current ? String(current.unitPrice / 100) : '');
  const [reason, setReason] = useState(current?.reason ?? '');
  const parsed = parseAmount(text);
  const ready = parsed.ok && reason.trim() !== '';
  return (
    <form
      className="discount-editor"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        if (!parsed.ok || !ready) return;
        onApply({ unitPrice: parsed.minor, reason: reason.trim() });
        onClose();
      }}
    >
      <label className="field">
        {t('counter.price.newPrice')}
        <input
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <label className="field">
        {t('counter.price.reason')}
        <input maxLength={120} value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      <p className="hint">{t('counter.price.needsApproval')}</p>
      <EditorActions
        ready={ready}
        apply={t('counter.price.apply')}
        remove={current ? t('counter.price.remove') : null}
        onRemove={() => onApply(null)}
        onClose={onClose}
      />
    </form>
  );
}

/** Apply, remove what is set (when something is), or cancel: the same for a discount and a price. */
function EditorActions({
  ready,
  apply,
  remove,
  onRemove,
  onClose,
}: {
  ready: boolean;
  apply: string;
  /** null: nothing is set, so there is nothing to remove. */
  remove: string | null;
  onRemove: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="row">
      <button type="submit" className="primary" disabled={!ready}>
        {apply}
      </button>
      {remove && (
        <button
          type="button"
          onClick={() => {
            onRemove();
            onClose();
          }}
        >
          {remove}
        </button>
      )}
      <button type="button" onClick={onClose}>
        {t('common.cancel')}
      </button>
    </div>
  );
}
