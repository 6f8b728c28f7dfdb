// Reconciliation per card machine: the till's journal against the card machine's own totals, the
// differences in staff words, and the manager's note on each (journaled).
import { z } from 'zod';
import { method, noInput } from './define';
import { wordsSchema } from './errors';
import { staffStampSchema } from './staff';

const minor = z.number().int();
const terminalId = z.string().min(1).max(64);

/** Where the card machine's side comes from: an X report (resets nothing) or a banking report. */
export const reconciliationSourceSchema = z.enum(['X_BAL', 'BANKING']);
export type ReconciliationSource = z.infer<typeof reconciliationSourceSchema>;

export const namedTerminalSchema = z.object({
  terminalId: z.string(),
  /** The name the shop gave it, or a plain fallback ("Card machine ending 0001"). */
  name: z.string(),
  named: z.boolean(),
  currency: z.string(),
});
export type NamedTerminal = z.infer<typeof namedTerminalSchema>;

/** Sales and refunds over one period, as one side counts them. */
export const sideTotalsSchema = z.object({
  salesCount: z.number().int(),
  salesAmount: minor,
  refundsCount: z.number().int(),
  refundsAmount: minor,
});
export type SideTotals = z.infer<typeof sideTotalsSchema>;

/**
 * terminal_only: on the card machine, not in the till. till_only: in the till, not on the card
 * machine. mismatch: both have it, with another amount, type or outcome. manual_matched: a card
 * payment keyed in by hand that matches a sale on the card machine; manual_unmatched: one that does not.
 */
export const differenceKindSchema = z.enum([
  'terminal_only',
  'till_only',
  'mismatch',
  'manual_matched',
  'manual_unmatched',
]);
export type DifferenceKind = z.infer<typeof differenceKindSchema>;

export const differenceResolutionSchema = z.object({
  note: z.string(),
  by: staffStampSchema.nullable(),
  at: z.string(),
});

export const differenceViewSchema = z.object({
  /** Stable within its check: what `reconciliation.resolve` names. */
  id: z.string(),
  kind: differenceKindSchema,
  /** What happened, in staff words. */
  title: z.string(),
  /** What to look at and do next. */
  detail: z.string(),
  /**
   * The title and the detail by key for the screens' catalogues (`services.<key>`, amounts as
   * money the screen writes in the shop's locale); `title` and `detail` are their English, shown
   * when a key is missing. Checks kept before these were sent have none.
   */
  titleWords: wordsSchema.optional(),
  detailWords: wordsSchema.optional(),
  /** The money at stake: card machine minus till (positive when the card machine has more). */
  amount: minor,
  /** The sale's receipt number, when the difference is about one of the till's sales. */
  receiptNumber: z.string().nullable(),
  /** The card machine's transaction numbers concerned, when it gave them. */
  transactionNumbers: z.array(z.string()),
  resolution: differenceResolutionSchema.nullable(),
});
export type DifferenceView = z.infer<typeof differenceViewSchema>;

export const reconciliationViewSchema = z.object({
  id: z.string(),
  terminalId: z.string(),
  terminalName: z.string(),
  currency: z.string(),
  source: reconciliationSourceSchema,
  /** When the card machine started counting the totals compared (X), or null (banking). */
  since: z.string().nullable(),
  checkedAt: z.string(),
  checkedBy: staffStampSchema.nullable(),
  terminal: sideTotalsSchema,
  till: sideTotalsSchema,
  /** Card payments read back from the card machine one by one (of those the till journaled). */
  transactionsChecked: z.number().int(),
  differences: z.array(differenceViewSchema),
});
export type ReconciliationView = z.infer<typeof reconciliationViewSchema>;

export const reconciliationSummarySchema = z.object({
  id: z.string(),
  terminalName: z.string(),
  source: reconciliationSourceSchema,
  checkedAt: z.string(),
  checkedBy: staffStampSchema.nullable(),
  differences: z.number().int(),
  unresolved: z.number().int(),
});
export type ReconciliationSummary = z.infer<typeof reconciliationSummarySchema>;

const checkId = z.string().min(1).max(64);

export const reconciliationMethods = {
  'reconciliation.terminals': method(
    'The card machines with the names the shop gave them.',
    noInput,
    z.array(namedTerminalSchema),
  ),
  'reconciliation.nameTerminal': method(
    'Gives a card machine the name staff know it by (manager).',
    z.object({ terminalId, name: z.string().trim().min(1).max(40) }).strict(),
    z.array(namedTerminalSchema),
  ),
  'reconciliation.check': method(
    'Runs an X (or banking) report on a card machine and compares it with the till’s journal (manager).',
    z.object({ terminalId, source: reconciliationSourceSchema.default('X_BAL') }).strict(),
    reconciliationViewSchema,
  ),
  'reconciliation.resolve': method(
    'The manager settles one difference with a note; the note is journaled (manager).',
    z
      .object({ checkId, differenceId: z.string().min(1).max(200), note: z.string().trim().min(1).max(200) })
      .strict(),
    reconciliationViewSchema,
  ),
  'reconciliation.get': method('One past check.', z.object({ checkId }).strict(), reconciliationViewSchema),
  'reconciliation.history': method(
    'Past checks, newest first.',
    z.object({ limit: z.number().int().min(1).max(200) }).strict(),
    z.array(reconciliationSummarySchema),
  ),
} as const;
