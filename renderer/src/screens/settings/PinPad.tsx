// A numeric keypad for the manager PIN, usable by touch or keyboard. The digits live only in
// the input's DOM value (never in React state or an attribute), and are cleared after each try.
import { useRef, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
export const PIN_MAX_DIGITS = 8;

export interface PinPadProps {
  label: string;
  submitLabel: string;
  busy?: boolean;
  onSubmit(pin: string): void;
}

export function PinPad({ label, submitLabel, busy = false, onSubmit }: PinPadProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const press = (digit: string) => {
    const field = input.current;
    if (!field || field.value.length >= PIN_MAX_DIGITS) return;
    field.value += digit;
    field.focus();
  };
  const erase = () => {
    const field = input.current;
    if (field) field.value = field.value.slice(0, -1);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const field = input.current;
    if (!field || !field.value) return;
    const pin = field.value;
    field.value = '';
    onSubmit(pin);
  };
  return (
    <form className="pin-pad" onSubmit={submit}>
      <input
        ref={input}
        className="pin-display"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={PIN_MAX_DIGITS}
        pattern="\d*"
        aria-label={label}
        placeholder={t('settings.pin.pad.enter')}
        autoFocus
        onInput={(e) => {
          // Digits only, whatever the keyboard sends.
          const field = e.currentTarget;
          const digits = field.value.replace(/\D/g, '').slice(0, PIN_MAX_DIGITS);
          if (digits !== field.value) field.value = digits;
        }}
      />
      <div className="pin-keys">
        {KEYS.map((digit) => (
          <button key={digit} type="button" className="pin-key" disabled={busy} onClick={() => press(digit)}>
            {digit}
          </button>
        ))}
        <button
          type="button"
          className="pin-key pin-key-aux"
          aria-label={t('settings.pin.pad.deleteDigit')}
          onClick={erase}
        >
          ⌫
        </button>
        <button type="button" className="pin-key" disabled={busy} onClick={() => press('0')}>
          0
        </button>
        <button type="submit" className="pin-key pin-key-enter primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
