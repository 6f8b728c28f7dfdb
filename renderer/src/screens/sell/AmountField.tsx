// An amount typed by the cashier (keypad or keyboard), parsed with shared/money's parseAmount.
import { useId } from 'react';

export function amountText(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

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

const KEYS = ['7', '8', '9', '4', '5', '6', '1', '2', '3', '00', '0', '.'];

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
  return (
    <div className="keypad" role="group" aria-label={label}>
      {KEYS.map((k) => (
        <button key={k} type="button" aria-label={`Key ${k}`} onClick={() => onChange(value + k)}>
          {k}
        </button>
      ))}
      <button type="button" aria-label="Delete last digit" onClick={() => onChange(value.slice(0, -1))}>
        ⌫
      </button>
      <button type="button" aria-label="Clear amount" onClick={() => onChange('')}>
        C
      </button>
    </div>
  );
}
