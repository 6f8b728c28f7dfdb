import { useCallback, useEffect, useState } from 'react';
import type { Terminal } from '../../../shared/contract';
import { till } from '../till';
import { ErrorNotice } from '../components/ErrorNotice';

const REFRESH_MS = 10_000;

type StatusFilter = '' | 'AVAILABLE' | 'BUSY';

export function formatActivity(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-GB');
}

export function TerminalsScreen() {
  const [terminals, setTerminals] = useState<Terminal[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [currency, setCurrency] = useState('');
  const [status, setStatus] = useState<StatusFilter>('');

  const load = useCallback(async () => {
    if (!till) return;
    try {
      const list = await till.invoke('terminals.list', {
        ...(currency && { currency }),
        ...(status && { status }),
      });
      setTerminals(list);
      setError(null);
    } catch (e) {
      setError(e);
    }
  }, [currency, status]);

  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title">Terminals</h1>
      <div className="toolbar">
        <label>
          Currency
          <select
            value={currency}
            onChange={(e) => setCurrency(e.target.value)}
            aria-label="Filter by currency"
          >
            <option value="">All</option>
            <option value="GBP">GBP</option>
            <option value="EUR">EUR</option>
          </select>
        </label>
        <label>
          Status
          <select
            value={status}
            onChange={(e) => setStatus(e.target.value as StatusFilter)}
            aria-label="Filter by status"
          >
            <option value="">All</option>
            <option value="AVAILABLE">Available</option>
            <option value="BUSY">Busy</option>
          </select>
        </label>
        <button type="button" onClick={() => void load()}>
          Refresh
        </button>
      </div>
      <ErrorNotice error={error} />
      {terminals === null && !error && <p>Loading terminals…</p>}
      {terminals && terminals.length === 0 && <p>No terminals match.</p>}
      {terminals && terminals.length > 0 && (
        <table className="data-table" aria-label="Card terminals">
          <thead>
            <tr>
              <th scope="col">Terminal</th>
              <th scope="col">Currency</th>
              <th scope="col">Status</th>
              <th scope="col">Last activity</th>
            </tr>
          </thead>
          <tbody>
            {terminals.map((t) => (
              <tr key={t.terminalId} data-testid="terminal-row">
                <td>{t.terminalId}</td>
                <td>{t.currency}</td>
                <td>
                  <span className={`badge badge-${t.status.toLowerCase()}`}>{t.status}</span>
                </td>
                <td>{formatActivity(t.lastActivity)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
