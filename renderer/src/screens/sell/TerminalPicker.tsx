// Which card machine takes the payment: the first AVAILABLE one in the sale's currency by
// default, any other from the list on request.
import type { Terminal } from '../../../../shared/contract';

export function defaultTerminal(terminals: Terminal[]): Terminal | undefined {
  return terminals.find((t) => t.status === 'AVAILABLE') ?? terminals[0];
}

export function TerminalPicker({
  terminals,
  value,
  onChange,
}: {
  terminals: Terminal[];
  value: string | null;
  onChange: (terminalId: string) => void;
}) {
  return (
    <label className="field">
      Card machine
      <select value={value ?? ''} onChange={(e) => onChange(e.target.value)} aria-label="Card machine">
        {terminals.map((t) => (
          <option key={t.terminalId} value={t.terminalId}>
            {t.terminalId} · {t.currency} · {t.status === 'AVAILABLE' ? 'available' : t.status.toLowerCase()}
          </option>
        ))}
      </select>
    </label>
  );
}
