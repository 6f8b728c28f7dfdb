// An amount typed by the cashier (keypad or keyboard), parsed with shared/money's parseAmount.
import { useId } from 'react';
import { amountText, decimalMark } from '../../../../shared/money';
import { useTranslation } from '../../i18n';

/** "12.50" / "12,50": what the field shows for an amount, in the shop's decimal mark. */
export { amountText };

export function AmountField({
  label,
  value,
  onChange,
  symbol,
  problem,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  symbol: string;
  problem?: string | null;
}) {
  const id = useId();
  return (
    <div className="field amount-field">
      <label htmlFor={id}>{label}</label>
      <div className="amount-input">
        <span aria-hidden="true">{symbol}</span>
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={problem ? true : undefined}
        />
      </div>
      {problem && <span className="field-problem">{problem}</span>}
    </div>
  );
}

/** The last key is the shop's decimal mark ("." or ","). */
const DIGIT_KEYS = ['7', '8', '9', '4', '5', '6', '1', '2', '3', '00', '0'];

/** A touch keypad that edits the same text as the field beside it. */
export function Keypad({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (text: string) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const keys = [...DIGIT_KEYS, decimalMark()];
  return (
    <div className="keypad" role="group" aria-label={label}>
      {keys.map((k) => (
        <button
          key={k}
          type="button"
          aria-label={t('sell.amountKeys.key', { key: k })}
          onClick={() => onChange(value + k)}
        >
          {k}
        </button>
      ))}
      <button
        type="button"
        aria-label={t('sell.amountKeys.deleteDigit')}
        onClick={() => onChange(value.slice(0, -1))}
      >
        ⌫
      </button>
      <button type="button" aria-label={t('sell.amountKeys.clear')} onClick={() => onChange('')}>
        C
      </button>
    </div>
  );
}
