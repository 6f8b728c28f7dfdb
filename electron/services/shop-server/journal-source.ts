// The till side of the outbox: each area that writes the journal gives its rows "after sequence N"
// through one of these (its `<area>/journal-export.ts`), read from its own tables; the outbox sends
// them up in that order. A till without a shop server never calls them.

/** What a journal row is about; the server's `journal.kind` holds the same words. */
export const JOURNAL_KINDS = [
  'sale',
  'card-payment',
  'refund',
  'no-sale',
  'cash-movement',
  'shift',
  'z-report',
  'card-check',
  'audit',
] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

/** One version of one row: `seq` is the till-wide change sequence the row carried when it was read. */
export interface JournalEntry {
  seq: number;
  kind: JournalKind;
  /** The row's own id in the till (a sale's id, an audit entry's number as text). */
  id: string;
  /** What the server keeps for it (JSON): the row as the area describes it. */
  body: unknown;
}

export interface JournalSource {
  kind: JournalKind;
  /** The rows whose change sequence is above `seq`, lowest first, at most `limit`. */
  after(seq: number, limit: number): JournalEntry[];
}

/**
 * The next batch's extent, read from the till's change log: the sequence of its last change and
 * how many of its changes are of each kind, so each source is asked for exactly its own rows in
 * the batch (not a whole batch's worth from every source, most of them read only to be dropped).
 */
export interface BatchWindow {
  last: number;
  counts: Partial<Record<JournalKind, number>>;
}

/** Every area's journal as the outbox reads it (app/journal-sources.ts wires the areas' sources). */
export interface TillJournal {
  sources: JournalSource[];
  /** The next batch's extent over all of them (the outbox asks each source for its share). */
  window(mark: number, limit: number): BatchWindow;
  /** Completed sales whose latest change is after `seq`: what the top bar counts as waiting. */
  completedSalesAfter(seq: number): number;
}
