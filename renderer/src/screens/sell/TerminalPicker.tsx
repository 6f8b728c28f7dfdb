// Which card machine takes the payment (or runs a report): the list comes with the shop's
// currency first and the one to start on (state/terminals.ts useTerminals); any other on request.
// Each is called as staff know it, an unnamed one in the till's language.
import type { Terminal } from '../../../../shared/contract';
import { useTranslation } from '../../i18n';
import { listedTerminalName } from '../../state/terminals';

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
              name: listedTerminalName(terminal),
              currency: terminal.currency,
              status: status(terminal.status),
            })}
          </option>
        ))}
      </select>
    </label>
  );
}
