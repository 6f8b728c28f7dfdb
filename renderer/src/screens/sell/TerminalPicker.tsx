// Which card machine takes the payment: the first AVAILABLE one in the sale's currency by
// default, any other from the list on request.
import type { Terminal } from '../../../../shared/contract';
import { useTranslation } from '../../i18n';

// The choice itself lives with the terminals store, so the one-key card payment makes it too.
export { defaultTerminal } from '../../state/terminals';

export function TerminalPicker({
  terminals,
  value,
  onChange,
}: {
  terminals: Terminal[];
  value: string | null;
  onChange: (terminalId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  // A status the card service adds later is shown as it comes.
  const status = (code: string) =>
    i18n.exists(`sell.terminal.status.${code}`)
      ? t(`sell.terminal.status.${code}` as never)
      : code.toLowerCase();
  return (
    <label className="field">
      {t('sell.terminal.label')}
      <select
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
        aria-label={t('sell.terminal.label')}
      >
        {terminals.map((terminal) => (
          <option key={terminal.terminalId} value={terminal.terminalId}>
            {t('sell.terminal.option', {
              name: terminal.name,
              currency: terminal.currency,
              status: status(terminal.status),
            })}
          </option>
        ))}
      </select>
    </label>
  );
}
