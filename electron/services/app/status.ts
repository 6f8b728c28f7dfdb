// What the shell's status bar shows: each outside service's connection, and the receipt
// printer in one word. Announced only when something the cashier would see has changed.
import type {
  BackupBar,
  ConnectionState,
  PrinterStatus,
  ServiceName,
  TillStatus,
} from '../../../shared/contract';
import type { ShopServerStatus } from '../../../shared/contract/shop-server';
import type { StorageHealth } from '../storage/storage-health';
import type { ConnectionMonitor } from '../connections/monitor';
import type { PrinterStatusView } from '../printing/index';

const WORKING: ReadonlySet<string> = new Set(['ready', 'paper_near_end', 'unknown', 'not_checked']);
const OFFLINE: ReadonlySet<string> = new Set(['offline', 'unreachable']);

/** The receipt printer as the status bar shows it, from every printer's status. */
export function summarisePrinter(
  receiptPrinterId: string | null,
  statuses: readonly PrinterStatusView[],
): PrinterStatus {
  const queued = statuses.reduce((n, s) => n + s.pending, 0);
  const uncertain = statuses.reduce((n, s) => n + s.uncertain, 0);
  if (!receiptPrinterId)
    return { state: 'not_configured', detail: 'No receipt printer is chosen', queued, uncertain };
  const mine = statuses.find((s) => s.printerId === receiptPrinterId);
  if (!mine || mine.kind === 'preview')
    return { state: 'preview', detail: 'Receipts show on screen', queued, uncertain };
  const state = WORKING.has(mine.condition)
    ? mine.pending > 0
      ? 'printing'
      : 'ready'
    : OFFLINE.has(mine.condition)
      ? 'offline'
      : 'held';
  // An unreachable printer's detail is the socket's own message (ECONNREFUSED…): it stays in the log.
  const detail =
    state === 'offline'
      ? 'The receipt printer cannot be reached: check it is on and connected.'
      : mine.detail;
  return { state, detail, queued, uncertain };
}

export class StatusBoard {
  private printer: PrinterStatus = {
    state: 'preview',
    detail: 'Receipts show on screen',
    queued: 0,
    uncertain: 0,
  };
  private backup: BackupBar | null = null;
  private shopServer: ShopServerStatus | null = null;
  /** Services that report their own state (the merchant tools' sign-in), not the monitor. */
  private readonly reported = new Map<ServiceName, ConnectionState>();

  constructor(
    private readonly connections: Pick<ConnectionMonitor, 'list' | 'onChange'>,
    private readonly storage: Pick<StorageHealth, 'status' | 'onChange'>,
    private readonly announce: (status: TillStatus) => void,
  ) {
    connections.onChange(() => announce(this.status()));
    storage.onChange(() => announce(this.status()));
  }

  status(): TillStatus {
    return {
      connections: [...this.connections.list(), ...this.reported.values()],
      printer: { ...this.printer },
      storage: this.storage.status(),
      ...(this.backup && { backup: { ...this.backup } }),
      ...(this.shopServer && { shopServer: { ...this.shopServer } }),
    };
  }

  /** The shop server's word for the top bar (services/shop-server); null: none set, no pill. */
  setShopServer(next: ShopServerStatus | null): void {
    if (JSON.stringify(next) === JSON.stringify(this.shopServer)) return;
    this.shopServer = next;
    this.announce(this.status());
  }

  /** The backups' word for the top bar (services/backup); announced when it changed. */
  setBackup(next: BackupBar): void {
    if (JSON.stringify(next) === JSON.stringify(this.backup)) return;
    this.backup = next;
    this.announce(this.status());
  }

  /** A service's own word on its connection; announced when the state, detail or mode changed. */
  setConnection(next: ConnectionState): void {
    const before = this.reported.get(next.service);
    this.reported.set(next.service, next);
    if (before?.state === next.state && before.detail === next.detail && before.mode === next.mode) return;
    this.announce(this.status());
  }

  setPrinter(next: PrinterStatus): void {
    if (JSON.stringify(next) === JSON.stringify(this.printer)) return;
    this.printer = next;
    this.announce(this.status());
  }
}
