// What the till last learnt about one printer, in the words the cashier sees. Readings come
// from the worker (before each job, while a job is held) and from status questions.
import type { Clock } from '../common/clock';
import {
  conditionOf,
  unreachable,
  type PrinterCondition,
  type PrinterStatusReading,
  type PrinterTransport,
} from './transports/transport';

export interface PrinterStatusView {
  printerId: string;
  name: string;
  kind: PrinterTransport['kind'];
  condition: PrinterCondition | 'not_checked';
  detail: string;
  checkedAt: string | null;
  /** Jobs queued, held or sending on this printer. */
  pending: number;
  /** Jobs that may have printed twice or not at all, waiting for someone to look (needs_check). */
  uncertain: number;
}

export class PrinterStatusRecord {
  private current: Omit<PrinterStatusView, 'pending' | 'uncertain'>;
  /** When the printer last answered (clock ms); null before the first reading. */
  private readAt: number | null = null;

  constructor(
    printer: { id: string; name?: string; transport: Pick<PrinterTransport, 'kind'> },
    private readonly clock: Pick<Clock, 'now'>,
  ) {
    this.current = {
      printerId: printer.id,
      name: printer.name ?? printer.id,
      kind: printer.transport.kind,
      condition: 'not_checked',
      detail: '',
      checkedAt: null,
    };
  }

  /** Stores a reading; true when the condition or its words changed (worth telling listeners). */
  record(reading: PrinterStatusReading): boolean {
    const condition = conditionOf(reading);
    const detail = reading === 'unknown' ? 'this connection cannot report status' : reading.detail;
    const changed = this.current.condition !== condition || this.current.detail !== detail;
    this.current = {
      ...this.current,
      condition,
      detail,
      checkedAt: new Date(this.clock.now()).toISOString(),
    };
    this.readAt = this.clock.now();
    return changed;
  }

  /** A job could not connect: the printer is unreachable, whatever it said before. */
  recordUnreachable(detail: string): boolean {
    return this.record(unreachable(detail));
  }

  /** True when the last answer is younger than `maxAgeMs`. */
  isFresh(maxAgeMs: number): boolean {
    return this.readAt !== null && this.clock.now() - this.readAt < maxAgeMs;
  }

  withCounts(pending: number, uncertain: number): PrinterStatusView {
    return { ...this.current, pending, uncertain };
  }
}
