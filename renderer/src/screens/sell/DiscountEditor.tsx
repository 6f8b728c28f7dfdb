// Asking for a discount (a percentage or an amount off) or a new price with its reason, for one
// basket line or the whole basket. Only the request is kept: the services work out the money, and
// ask for a supervisor when the discount is above the shop's limit or the price changes.
import { useId, useState } from 'react';
import type { DiscountInput } from '../../../../shared/contract';
import { amountText, currencySymbol, formatMoney, parseAmount } from '../../../../shared/money';
import { oversizedDiscount } from '../../../../shared/pricing';
import { formatRate, parseRate, rateText } from '../../../../shared/vat';
import { i18n, useTranslation } from '../../i18n';
import { oversizedDiscountText } from '../../i18n/words';

/** "10%" or "£1.50" for a discount the basket holds. */
export function discountWords(discount: DiscountInput, currency: string): string {
  return discount.kind === 'percent'
    ? formatRate(discount.basisPoints)
    : formatMoney(discount.minor, currency);
}

/** What was typed as a discount, or why it cannot be one (in the cashier's words). */
function readDiscount(
  text: string,
  kind: DiscountInput['kind'],
): { discount: DiscountInput } | { problem: string } | null {
  if (text.trim() === '') return null;
  if (kind === 'percent') {
    const basisPoints = parseRate(text);
    return basisPoints !== null && basisPoints > 0
      ? { discount: { kind, basisPoints } }
      : { problem: i18n.t('counter.discount.unreadable') };
  }
  const parsed = parseAmount(text);
  if (!parsed.ok)
    return {
      problem:
        parsed.problem === 'mark' ? i18n.t('amount.mark', { text }) : i18n.t('counter.discount.unreadable'),
    };
  return parsed.minor > 0
    ? { discount: { kind, minor: parsed.minor } }
    : { problem: i18n.t('counter.discount.unreadable') };
}

/** A discount as the field shows it for editing: "1,50" in de-DE (read back by parseAmount), "12,5" %. */
function discountText(discount: DiscountInput | null): string {
  if (!discount) return '';
  return discount.kind === 'percent' ? rateText(discount.basisPoints) : amountText(discount.minor);
}

export function DiscountEditor({
  label,
  currency,
  base,
  lineName,
  current,
  onApply,
  onClose,
}: {
  /** What the discount is on, e.g. "Discount on Latte". */
  label: string;
  currency: string;
  /** What the discount applies to (the line, or the basket after its lines' discounts), minor units. */
  base: number;
  /** The line's product, for the words when its discount is too large; none for the basket. */
  lineName?: string;
  current: DiscountInput | null;
  onApply: (discount: DiscountInput | null) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const problemId = useId();
  const [kind, setKind] = useState<DiscountInput['kind']>(current?.kind ?? 'percent');
  const [text, setText] = useState(discountText(current));
  const read = readDiscount(text, kind);
  // More than it applies to is refused here in the services' own words, never capped.
  const asked = read && 'discount' in read ? read.discount : null;
  const oversized = !asked
    ? null
    : lineName === undefined
      ? oversizedDiscount([{ unitPrice: base, quantity: 1 }], asked)
      : oversizedDiscount([{ unitPrice: base, quantity: 1, discount: asked }]);
  const discount = oversized ? null : asked;
  const problem =
    read && 'problem' in read
      ? read.problem
      : oversized
        ? oversizedDiscountText(oversized, currency, lineName ?? '')
        : null;
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
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
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
      {problem && (
        <p className="field-problem" id={problemId} role="alert">
          {problem}
        </p>
      )}
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
  const [text, setText] = useState(current ? amountText(current.unitPrice) : '');
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
