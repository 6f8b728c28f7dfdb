// Which card machine takes the payment: the first AVAILABLE one in the sale's currency by
// default, any other from the list on request.
import { useEffect, useState } from 'react';
import type { Terminal } from '../../../../shared/contract';
import { till } from '../../till';
import { describeCallError } from '../../state/sale';

export function useTerminals(currency: string | null): {
  terminals: Terminal[] | null;
  problem: string | null;
} {
  const [terminals, setTerminals] = useState<Terminal[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!till) return;
    let live = true;
    till
      .invoke('terminals.list', currency ? { currency } : {})
      .then((list) => {
        if (!live) return;
        setTerminals(list);
        setProblem(null);
      })
      .catch((error: unknown) => live && setProblem(describeCallError(error)));
    return () => {
      live = false;
    };
  }, [currency]);
  return { terminals, problem };
}

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
