import type { ConnectionState, PrinterStatus } from '../../../shared/contract';
import { useShell } from '../state/shell';

const SERVICE_NAMES: Record<ConnectionState['service'], string> = {
  payAtCounter: 'Card service',
  distribution: 'Supplies',
  merchant: 'Merchant tools',
};

const STATE_WORDS: Record<ConnectionState['state'], string> = {
  unknown: 'checking…',
  online: 'online',
  offline: 'offline',
  error: 'problem',
};

const PRINTER_WORDS: Record<PrinterStatus['state'], string> = {
  ready: 'ready',
  printing: 'printing',
  held: 'held',
  offline: 'offline',
  preview: 'on-screen preview',
  not_configured: 'not set up',
};

export function StatusBar() {
  const status = useShell((s) => s.status);
  const linked = useShell((s) => s.linked);
  return (
    <div className="status-bar" role="status" aria-label="Connection and printer status">
      {!linked && <span className="pill pill-error">Till service disconnected — reconnecting…</span>}
      {status?.connections.map((c) => (
        <span
          key={c.service}
          className={`pill pill-${c.state}`}
          title={c.detail}
          data-testid={`status-${c.service}`}
        >
          {SERVICE_NAMES[c.service]}: {STATE_WORDS[c.state]}
          {c.mode === 'sandbox' ? ' (sandbox)' : ''}
        </span>
      ))}
      {status && (
        <span
          className={`pill pill-printer-${status.printer.state}`}
          title={status.printer.detail}
          data-testid="status-printer"
        >
          Printer: {PRINTER_WORDS[status.printer.state]}
          {status.printer.queued > 0 ? ` · ${status.printer.queued} waiting` : ''}
        </span>
      )}
    </div>
  );
}
