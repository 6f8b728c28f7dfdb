// Printer conditions, job states and hold reasons in the words a cashier reads. Values the
// services send that are not listed here are shown as they come, never hidden.

import { tillReportSlipOf } from '../../../../shared/till-report-receipts';
import { shopDate } from '../../../../shared/time-zone';
import { currentFormat, currentTimeZone, i18n } from '../../i18n';

export type Tone = 'ok' | 'warn' | 'error' | 'muted' | 'busy';

/** Each condition's tone; its words are `printer.condition.<condition>`. */
const CONDITION_TONES: Record<string, Tone> = {
  ready: 'ok',
  paper_near_end: 'warn',
  paper_end: 'error',
  cover_open: 'error',
  error: 'error',
  offline: 'error',
  unreachable: 'error',
  unknown: 'ok',
  not_checked: 'muted',
};

/** The catalogue's words for `key`, or null when it has none (a value the services added later). */
function listed(key: string): string | null {
  return i18n.exists(key) ? i18n.t(key as never) : null;
}

export function conditionWords(condition: string): { words: string; tone: Tone } {
  const words = listed(`printer.condition.${condition}`);
  return words
    ? { words, tone: CONDITION_TONES[condition] ?? 'muted' }
    : { words: condition.replace(/_/g, ' '), tone: 'muted' };
}

/** Each job state's tone; its words are `printer.state.<state>`. */
const STATE_TONES: Record<string, Tone> = {
  queued: 'busy',
  sending: 'busy',
  printed: 'ok',
  held: 'warn',
  uncertain: 'warn',
  failed: 'error',
  cancelled: 'muted',
};

export function jobStateWords(state: string): { words: string; tone: Tone } {
  const words = listed(`printer.state.${state}`);
  return words ? { words, tone: STATE_TONES[state] ?? 'muted' } : { words: state, tone: 'muted' };
}

export function jobReasonWords(reason: string | null): string | null {
  if (!reason) return null;
  return listed(`printer.reason.${reason}`) ?? reason.replace(/_/g, ' ');
}

/** An uncertain job nobody has decided about yet: reprint it, or say it printed. */
export function needsDecision(job: { state: string; needsCheck: boolean }): boolean {
  return job.needsCheck && job.state === 'uncertain';
}

/** A job sent again marked COPY (there may be two copies): someone checks the printer. */
export function needsCheckOnly(job: { state: string; needsCheck: boolean }): boolean {
  return job.needsCheck && job.state !== 'uncertain';
}

/** The top bar's words for jobs needing a look; the Printer screen says the same. */
export function needsLookWords(count: number): string {
  return i18n.t('status.needsLook', { count });
}

/** What the cashier may do with a job in a given state. */
export function jobActions(state: string): { retry: boolean; cancel: boolean; reprint: boolean } {
  return {
    retry: state === 'held' || state === 'failed',
    cancel: state === 'queued' || state === 'held' || state === 'failed',
    reprint: state === 'printed',
  };
}

export function isTestPage(receiptId: string): boolean {
  return receiptId.startsWith('test-page-');
}

/**
 * Receipt ids are "<sale or payment id>:<kind>", and a reprint adds "~dup<n>"; the kind is what
 * the cashier recognises (`printer.receipt.<kind>`). The ids themselves are never shown (UUIDs).
 */
const RECEIPT_KINDS: ReadonlySet<string> = new Set(['sale', 'customer', 'merchant-signature', 'duplicate']);

/** A short name for the receipt a job prints. */
export function receiptLabel(receiptId: string): string {
  if (isTestPage(receiptId)) return i18n.t('printer.receipt.testPage');
  const original = receiptId.replace(/~dup\d+$/, '');
  const report = tillReportSlipOf(original);
  if (report?.kind === 'X') return i18n.t('printer.receipt.xReport');
  if (report) return i18n.t('printer.receipt.zReport', { number: report.number });
  const kind = original.slice(original.lastIndexOf(':') + 1);
  return i18n.t(`printer.receipt.${RECEIPT_KINDS.has(kind) ? kind : 'other'}` as 'printer.receipt.other');
}

const KINDS: ReadonlySet<string> = new Set(['preview', 'network', 'usb', 'device']);

export function kindWords(kind: string): string {
  return i18n.t(`printer.kind.${KINDS.has(kind) ? kind : 'other'}` as 'printer.kind.other');
}

/** The name the shop gave a printer; unnamed, its kind ("Network printer"), never its internal id. */
export function printerName(printer: { name: string; kind: string }): string {
  if (printer.name.trim()) return printer.name.trim();
  if (printer.kind === 'preview') return kindWords('preview');
  return listed(`printer.kindPrinter.${printer.kind}`) ?? kindWords('other');
}

/** Today: the time with seconds; another day: the date and time (the shop's locale and time zone). */
export function formatTime(iso: string, now: number = Date.now()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const zone = currentTimeZone();
  const sameDay = shopDate(date, zone) === shopDate(now, zone);
  return sameDay ? currentFormat().time(date, { seconds: true }) : currentFormat().dateTime(date);
}
