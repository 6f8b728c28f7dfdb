// Printer conditions, job states and hold reasons in the words a cashier reads. Values the
// services send that are not listed here are shown as they come, never hidden.

export type Tone = 'ok' | 'warn' | 'error' | 'muted' | 'busy';

const CONDITIONS: Record<string, { words: string; tone: Tone }> = {
  ready: { words: 'Ready', tone: 'ok' },
  paper_near_end: { words: 'Ready — paper running low', tone: 'warn' },
  paper_end: { words: 'Paper out', tone: 'error' },
  cover_open: { words: 'Cover open', tone: 'error' },
  error: { words: 'Printer error', tone: 'error' },
  offline: { words: 'Offline', tone: 'error' },
  unreachable: { words: 'Can’t be reached', tone: 'error' },
  unknown: { words: 'Ready (this connection can’t report paper or cover)', tone: 'ok' },
  not_checked: { words: 'Not checked yet', tone: 'muted' },
};

export function conditionWords(condition: string): { words: string; tone: Tone } {
  return CONDITIONS[condition] ?? { words: condition.replace(/_/g, ' '), tone: 'muted' };
}

const STATES: Record<string, { words: string; tone: Tone }> = {
  queued: { words: 'Queued', tone: 'busy' },
  sending: { words: 'Sending', tone: 'busy' },
  printed: { words: 'Printed', tone: 'ok' },
  held: { words: 'Held', tone: 'warn' },
  uncertain: { words: 'Uncertain', tone: 'warn' },
  failed: { words: 'Failed', tone: 'error' },
  cancelled: { words: 'Cancelled', tone: 'muted' },
};

export function jobStateWords(state: string): { words: string; tone: Tone } {
  return STATES[state] ?? { words: state, tone: 'muted' };
}

const REASONS: Record<string, string> = {
  paper_end: 'paper out',
  paper_near_end: 'paper running low',
  cover_open: 'cover open',
  offline: 'printer offline',
  error: 'printer error',
  unreachable: 'printer can’t be reached',
  printer_not_configured: 'printer not set up',
  interrupted: 'connection dropped while sending; trying again (part of it may be on paper)',
  interrupted_after_send:
    'connection dropped after the whole receipt was sent; printing it again marked COPY',
  interrupted_by_restart: 'Paydesk stopped while sending it',
  no_confirmation: 'the printer took it but did not confirm',
  reprinted: 'reprinted as a duplicate',
  cancelled_by_cashier: 'cancelled at the till',
  stale: 'waited so long it may not be wanted now: Retry prints it, Cancel drops it',
};

export function jobReasonWords(reason: string | null): string | null {
  if (!reason) return null;
  return REASONS[reason] ?? reason.replace(/_/g, ' ');
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
  return count === 1
    ? 'A receipt may not have printed — check the Printer screen'
    : `${count} receipts may not have printed — check the Printer screen`;
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

/** Receipt ids are "<sale or payment id>:<kind>"; the kind is what the cashier recognises. */
const RECEIPT_KINDS: Record<string, string> = {
  sale: 'Sale receipt',
  customer: 'Card slip',
  'merchant-signature': 'Card slip to sign',
  duplicate: 'Terminal duplicate',
};

/** A short name for the receipt a job prints. */
export function receiptLabel(receiptId: string): string {
  if (isTestPage(receiptId)) return 'Test page';
  const kind = receiptId.slice(receiptId.lastIndexOf(':') + 1);
  return RECEIPT_KINDS[kind] ?? receiptId;
}

export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const sameDay = date.toDateString() === new Date().toDateString();
  return sameDay
    ? date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' })
    : date.toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}
