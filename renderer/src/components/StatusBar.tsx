import type { ConnectionState, PrinterStatus } from '../../../shared/contract';
import { needsLookWords } from '../screens/printer/printer-words';
import { useShell } from '../state/shell';

const SERVICE_NAMES: Record<ConnectionState['service'], string> = {
  payAtCounter: 'Card service',
  distribution: 'Supplier',
  merchant: 'Merchant tools',
};

const STATE_WORDS: Record<ConnectionState['state'], string> = {
  unknown: 'checking…',
  online: 'online',
  offline: 'offline',
  error: 'problem',
  signed_out: 'signed out',
  signing_in: 'signing in…',
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
  const go = useShell((s) => s.go);
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
      {/* Shown until someone marks the job on the Printer screen (the services keep the count). */}
      {status && status.printer.uncertain > 0 && (
        <button
          type="button"
          className="pill pill-printer-held"
          data-testid="status-print-uncertain"
          onClick={() => go('printer')}
        >
          {needsLookWords(status.printer.uncertain)}
        </button>
      )}
      {status && status.storage.state !== 'ok' && (
        <span className="pill pill-error" data-testid="status-storage">
          {status.storage.detail}
        </span>
      )}
    </div>
  );
}
