// The card payment journal: every payment is written here BEFORE the action it describes, so
// a crash at any instant leaves a row that says what may have happened. The states and money
// rules live in payment-states.ts.
import { randomUUID } from 'node:crypto';
import type { Words } from '../../../shared/contract/errors';
import type { StaffStamp } from '../../../shared/contract/staff';
import type { ReceiptCopies } from '../../../shared/receipt';
import type { Db, Migration } from '../storage/database';
import {
  OPEN_PAYMENT_STATES,
  refundableLeft,
  type PaymentState,
  type PaymentType,
  type Resolution,
  type SeenNotification,
} from './payment-states';
import { checkApproval, type ApprovalMismatch } from './approval-check';
import type { CardTransaction } from './pay-at-counter-client';

/** The last four digits of the card's masked number in a saved record (one expression, so the index is used). */
const CARD_DIGITS_SQL = `substr(json_extract(record, '$.primaryAccountNumber'), -4)`;

export const JOURNAL_MIGRATIONS: readonly Migration[] = [
  {
    id: 'journal-1',
    sql: `
      CREATE TABLE card_payments (
        id TEXT PRIMARY KEY,
        sale_id TEXT,
        original_payment_id TEXT,
        terminal_id TEXT NOT NULL,
        type TEXT NOT NULL,
        amount INTEGER,
        currency TEXT,
        state TEXT NOT NULL,
        transaction_id TEXT,
        notifications TEXT NOT NULL DEFAULT '[]',
        result TEXT,
        record TEXT,
        receipt_lines TEXT,
        resolution TEXT,
        problem TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX card_payments_state ON card_payments (state);
      CREATE INDEX card_payments_terminal ON card_payments (terminal_id, state);
      CREATE UNIQUE INDEX card_payments_transaction ON card_payments (terminal_id, transaction_id)
        WHERE transaction_id IS NOT NULL;
    `,
  },
  {
    // An approval that does not match the request: what was asked and answered, beside the raw record.
    id: 'journal-approval-check',
    sql: `ALTER TABLE card_payments ADD COLUMN approval_mismatch TEXT;`,
  },
  {
    // Who started it, and who approved it at the counter (a StaffStamp as JSON; NULL before staff).
    id: 'journal-staff',
    sql: `ALTER TABLE card_payments ADD COLUMN staff TEXT;`,
  },
  {
    // Sales history finds a sale by the card's last four digits (the record's masked PAN).
    id: 'journal-card-digits',
    sql: `CREATE INDEX card_payments_card_digits ON card_payments (${CARD_DIGITS_SQL}) WHERE type = 'SALE';`,
  },
  {
    // Why an outcome is unknown, by key for the screens (Words as JSON; NULL before, or none).
    id: 'journal-problem-words',
    sql: `ALTER TABLE card_payments ADD COLUMN problem_words TEXT;`,
  },
];

export * from './payment-states';

export interface PaymentRow {
  id: string;
  saleId: string | null;
  originalPaymentId: string | null;
  terminalId: string;
  type: PaymentType;
  amount: number | null;
  currency: string | null;
  state: PaymentState;
  transactionId: string | null;
  notifications: SeenNotification[];
  result: string | null;
  record: CardTransaction | null;
  receipts: ReceiptCopies | null;
  resolution: Resolution | null;
  problem: string | null;
  /** The problem by key (an unknown outcome's reason); null when it has none or was kept before keys. */
  problemWords: Words | null;
  /** Set with state needs_manager: the approval did not match the request. */
  mismatch: ApprovalMismatch | null;
  /** Who started it (and who approved it); null before staff were set up. */
  staff: StaffStamp | null;
  createdAt: string;
  updatedAt: string;
}

interface RawRow {
  id: string;
  sale_id: string | null;
  original_payment_id: string | null;
  terminal_id: string;
  type: string;
  amount: number | null;
  currency: string | null;
  state: string;
  transaction_id: string | null;
  notifications: string;
  result: string | null;
  record: string | null;
  receipt_lines: string | null;
  resolution: string | null;
  problem: string | null;
  problem_words: string | null;
  approval_mismatch: string | null;
  staff: string | null;
  created_at: string;
  updated_at: string;
}

/** How many payments `list(limit)` gives at most: 1 to 1,000, 50 when not said. */
export function listLimit(limit: number = 50): number {
  return Math.max(1, Math.min(limit, 1000));
}

function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

function fromRaw(raw: RawRow): PaymentRow {
  return {
    id: raw.id,
    saleId: raw.sale_id,
    originalPaymentId: raw.original_payment_id,
    terminalId: raw.terminal_id,
    type: raw.type as PaymentType,
    amount: raw.amount,
    currency: raw.currency,
    state: raw.state as PaymentState,
    transactionId: raw.transaction_id,
    notifications: parseJson<SeenNotification[]>(raw.notifications, []),
    result: raw.result,
    record: parseJson<CardTransaction | null>(raw.record, null),
    receipts: parseJson<ReceiptCopies | null>(raw.receipt_lines, null),
    resolution: parseJson<Resolution | null>(raw.resolution, null),
    problem: raw.problem,
    problemWords: parseJson<Words | null>(raw.problem_words, null),
    mismatch: parseJson<ApprovalMismatch | null>(raw.approval_mismatch, null),
    staff: parseJson<StaffStamp | null>(raw.staff, null),
    createdAt: raw.created_at,
    updatedAt: raw.updated_at,
  };
}

const problemColumns = (problem: string, words: Words | null) => ({
  problem,
  problem_words: words === null ? null : JSON.stringify(words),
});

export interface IntentInput {
  saleId?: string | null;
  originalPaymentId?: string | null;
  terminalId: string;
  type: PaymentType;
  amount?: number | null;
  currency?: string | null;
  staff?: StaffStamp | null;
}

/** What a payment belongs to: a sale (for SALE payments) or an original payment (for refunds). */
export type PaymentLink = { saleId: string } | { originalPaymentId: string };

export class PaymentJournal {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
    private readonly newId: () => string = randomUUID,
  ) {}

  private stamp(): string {
    return new Date(this.now()).toISOString();
  }

  recordIntent(input: IntentInput): PaymentRow {
    const id = this.newId();
    const at = this.stamp();
    this.db
      .prepare(
        `INSERT INTO card_payments (id, sale_id, original_payment_id, terminal_id, type, amount, currency, state,
           created_at, updated_at, staff) VALUES (?, ?, ?, ?, ?, ?, ?, 'intent', ?, ?, ?)`,
      )
      .run(
        id,
        input.saleId ?? null,
        input.originalPaymentId ?? null,
        input.terminalId,
        input.type,
        input.amount ?? null,
        input.currency ?? null,
        at,
        at,
        input.staff ? JSON.stringify(input.staff) : null,
      );
    return this.get(id)!;
  }

  get(id: string): PaymentRow | null {
    const raw = this.db.prepare('SELECT * FROM card_payments WHERE id = ?').get(id) as RawRow | undefined;
    return raw ? fromRaw(raw) : null;
  }

  list(limit = 50): PaymentRow[] {
    const rows = this.db
      .prepare('SELECT * FROM card_payments ORDER BY created_at DESC, rowid DESC LIMIT ?')
      .all(listLimit(limit)) as RawRow[];
    return rows.map(fromRaw);
  }

  /** A card machine's payments created at or after `since` (ISO time), oldest first (reconciliation). */
  forTerminal(terminalId: string, since: string): PaymentRow[] {
    const rows = this.db
      .prepare(
        'SELECT * FROM card_payments WHERE terminal_id = ? AND created_at >= ? ORDER BY created_at, rowid',
      )
      .all(terminalId, since) as RawRow[];
    return rows.map(fromRaw);
  }

  /** Every payment created in (since, until] (ISO times), oldest first (the till's X and Z reports). */
  createdBetween(since: string, until: string): PaymentRow[] {
    const rows = this.db
      .prepare(
        'SELECT * FROM card_payments WHERE created_at > ? AND created_at <= ? ORDER BY created_at, rowid',
      )
      .all(since, until) as RawRow[];
    return rows.map(fromRaw);
  }

  /** Every card payment of a sale, or every refund against a payment, oldest first. */
  linkedTo(link: PaymentLink): PaymentRow[] {
    const [column, value] =
      'saleId' in link ? ['sale_id', link.saleId] : ['original_payment_id', link.originalPaymentId];
    const rows = this.db
      .prepare(`SELECT * FROM card_payments WHERE ${column} = ? ORDER BY created_at, rowid`)
      .all(value) as RawRow[];
    return rows.map(fromRaw);
  }

  /** Sales paid by a card whose number ends in `lastDigits` (four digits), by the saved records. */
  saleIdsPaidByCardEnding(lastDigits: string): string[] {
    const rows = this.db
      .prepare(
        `SELECT DISTINCT sale_id FROM card_payments
           WHERE type = 'SALE' AND ${CARD_DIGITS_SQL} = ? AND sale_id IS NOT NULL`,
      )
      .all(lastDigits) as { sale_id: string }[];
    return rows.map((r) => r.sale_id);
  }

  /**
   * Rows that still need the runner: open states, minus unknowns the cashier already resolved and
   * unknown duplicates (a reprint moves no money, so there is nothing to resolve or watch).
   */
  unfinished(): PaymentRow[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM card_payments WHERE state IN (${OPEN_PAYMENT_STATES.map(() => '?').join(',')})
           AND resolution IS NULL AND NOT (type = 'DUPLICATE' AND state = 'unknown')
           ORDER BY created_at, rowid`,
      )
      .all(...OPEN_PAYMENT_STATES) as RawRow[];
    return rows.map(fromRaw);
  }

  /** Moves a row on only from the states listed, so a late writer cannot undo a final state. */
  private transition(
    id: string,
    from: PaymentState[],
    to: PaymentState,
    extra: Record<string, unknown> = {},
  ) {
    const columns = Object.keys(extra);
    const sets = ['state = ?', 'updated_at = ?', ...columns.map((c) => `${c} = ?`)].join(', ');
    const result = this.db
      .prepare(
        `UPDATE card_payments SET ${sets} WHERE id = ? AND state IN (${from.map(() => '?').join(',')})`,
      )
      .run(to, this.stamp(), ...columns.map((c) => extra[c]), id, ...from);
    return result.changes > 0;
  }

  /** Written BEFORE the start request leaves: from here on the request may have gone out. */
  markStarting(id: string): boolean {
    return this.transition(id, ['intent'], 'starting');
  }

  markStarted(id: string, transactionId: string): boolean {
    return this.transition(id, ['starting', 'unknown'], 'started', { transaction_id: transactionId });
  }

  markPending(id: string): boolean {
    return this.transition(id, ['started'], 'pending');
  }

  /** `words`: the problem by key, so the screens say why in their language. */
  markUnknown(id: string, problem: string, words: Words | null = null): boolean {
    return this.transition(id, ['starting'], 'unknown', problemColumns(problem, words));
  }

  /**
   * The till can no longer learn the outcome of a transaction it has an id for (the service
   * stopped knowing it, or reads of it kept failing): the cashier must decide.
   */
  markOutcomeLost(id: string, problem: string, words: Words | null = null): boolean {
    return this.transition(id, ['started', 'pending'], 'unknown', problemColumns(problem, words));
  }

  markFailedToStart(id: string, problem: string): boolean {
    return this.transition(id, ['intent', 'starting'], 'failed_to_start', { problem });
  }

  markCancelledLocally(id: string, problem: string): boolean {
    return this.transition(id, ['intent'], 'cancelled_locally', { problem });
  }

  saveNotifications(id: string, notifications: readonly SeenNotification[]): void {
    this.db
      .prepare(
        `UPDATE card_payments SET notifications = ?, updated_at = ? WHERE id = ? AND state NOT IN ('finished', 'needs_manager')`,
      )
      .run(JSON.stringify(notifications), this.stamp(), id);
  }

  /** The merchant copy to sign, kept so a reloaded screen can still print it before the decision. */
  saveSignatureSlip(id: string, merchant: readonly unknown[]): void {
    this.db
      .prepare(
        `UPDATE card_payments SET receipt_lines = ?, updated_at = ? WHERE id = ? AND state NOT IN ('finished', 'needs_manager')`,
      )
      .run(JSON.stringify({ MERCHANT: merchant, CUSTOMER: [] }), this.stamp(), id);
  }

  /** A problem in the services' words only: any keyed words of the one before go with it. */
  setProblem(id: string, problem: string | null): void {
    this.db
      .prepare('UPDATE card_payments SET problem = ?, problem_words = NULL, updated_at = ? WHERE id = ?')
      .run(problem, this.stamp(), id);
  }

  /**
   * The one place a final record is saved, whichever path delivered it (poll, resume, duplicate
   * check), and the one place an approval is checked against the request: a mismatch is saved
   * as needs_manager, never as finished. Idempotent: returns true only the first time. An unknown
   * outcome a person already decided keeps their decision: a record arriving later changes nothing.
   */
  saveFinished(id: string, record: CardTransaction, notifications?: readonly SeenNotification[]): boolean {
    const save = this.db.transaction(() => {
      const row = this.get(id);
      if (!row || row.state === 'finished' || row.state === 'needs_manager' || row.resolution) return false;
      if (row.transactionId !== null && row.transactionId !== record.id) {
        throw new Error(`Payment ${id} belongs to transaction ${row.transactionId}, not ${record.id}`);
      }
      const mismatch = checkApproval(
        {
          type: row.type,
          amount: row.amount,
          currency: row.currency,
          refundableLeft: row.originalPaymentId ? this.refundableLeftOn(row.originalPaymentId, id) : null,
        },
        record,
      );
      this.db
        .prepare(
          `UPDATE card_payments SET state = ?, transaction_id = ?, result = ?, record = ?, receipt_lines = ?,
             notifications = COALESCE(?, notifications), approval_mismatch = ?, problem = NULL, problem_words = NULL, updated_at = ?
             WHERE id = ?`,
        )
        .run(
          mismatch ? 'needs_manager' : 'finished',
          record.id,
          record.result,
          JSON.stringify(record),
          JSON.stringify(record.receipts),
          notifications ? JSON.stringify(notifications) : null,
          mismatch ? JSON.stringify(mismatch) : null,
          this.stamp(),
          id,
        );
      return true;
    });
    return save();
  }

  /** What is left to refund on a card sale, leaving out the refund `excludingId` itself. */
  refundableLeftOn(originalPaymentId: string, excludingId: string | null = null): number {
    const original = this.get(originalPaymentId);
    if (!original) return 0;
    return refundableLeft(original, this.linkedTo({ originalPaymentId }), excludingId);
  }

  /**
   * A person's decision on a payment awaiting one (`state`: an unknown outcome, or a mismatch for
   * a manager). Kept beside the row, never instead of it; only once.
   */
  resolve(
    id: string,
    outcome: Resolution['outcome'],
    note: string,
    state: 'unknown' | 'needs_manager' = 'unknown',
  ): boolean {
    const resolution: Resolution = { outcome, note, at: this.stamp() };
    const result = this.db
      .prepare(
        `UPDATE card_payments SET resolution = ?, updated_at = ? WHERE id = ? AND state = ? AND resolution IS NULL`,
      )
      .run(JSON.stringify(resolution), this.stamp(), id, state);
    return result.changes > 0;
  }
}
