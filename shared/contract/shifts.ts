// Shifts and cash-up: a drawer opened with a counted float, cash put in or taken out with a
// reason, and closed with a count: what the till expected against what was counted.
import { z } from 'zod';
import { method, noInput } from './define';
import { staffStampSchema } from './staff';

const minor = z.number().int();

export const denominationCountSchema = z
  .object({
    value: z.number().int().positive().max(10_000_000),
    count: z.number().int().min(0).max(100_000),
  })
  .strict();

/** A drawer count by note and coin; each value once. */
const countsSchema = z
  .array(denominationCountSchema)
  .max(40)
  .refine((list) => new Set(list.map((c) => c.value)).size === list.length, 'Each note or coin once.');

export const CASH_MOVEMENT_REASONS = ['paid_out', 'bank_drop', 'float_top_up', 'other'] as const;
export const cashMovementReasonSchema = z.enum(CASH_MOVEMENT_REASONS);
export type CashMovementReason = z.infer<typeof cashMovementReasonSchema>;

/** The reasons as printed on reports and written in exports. */
export const CASH_MOVEMENT_LABELS: Readonly<Record<CashMovementReason, string>> = {
  paid_out: 'Paid out',
  bank_drop: 'Bank drop',
  float_top_up: 'Float top-up',
  other: 'Other',
};

export const cashMovementViewSchema = z.object({
  direction: z.enum(['in', 'out']),
  reason: cashMovementReasonSchema,
  note: z.string(),
  amount: minor,
  at: z.string(),
  by: staffStampSchema.nullable(),
});
export type CashMovementView = z.infer<typeof cashMovementViewSchema>;

export const shiftViewSchema = z.object({
  id: z.string(),
  /** Shift 1, 2, … on this till. */
  number: z.number().int(),
  state: z.enum(['open', 'closed']),
  currency: z.string(),
  openedAt: z.string(),
  openedBy: staffStampSchema.nullable(),
  float: minor,
  floatCounts: z.array(denominationCountSchema),
  /** The expected cash is shown only once the drawer has been counted. */
  blindCount: z.boolean(),
  movements: z.array(cashMovementViewSchema),
  /**
   * What the till expects in the drawer and its parts; null while a blind-count shift is open.
   * expected = float + cash taken + cash in − cash out − cash refunds.
   */
  cashTaken: minor.nullable(),
  cashRefunds: minor.nullable(),
  expected: minor.nullable(),
  closedAt: z.string().nullable(),
  /** Who counted the drawer at close. */
  countedBy: staffStampSchema.nullable(),
  counted: minor.nullable(),
  countedCounts: z.array(denominationCountSchema).nullable(),
  /** counted − expected: positive when the drawer holds more than expected. */
  difference: minor.nullable(),
});
export type ShiftView = z.infer<typeof shiftViewSchema>;

export const drawerSetupSchema = z.object({
  currency: z.string(),
  denominations: z.array(z.object({ value: z.number().int(), kind: z.enum(['note', 'coin']) })),
  /** Whether shifts are counted blind (the shop's choice; a manager changes it). */
  blindCount: z.boolean(),
});
export type DrawerSetup = z.infer<typeof drawerSetupSchema>;

export const shiftsMethods = {
  'shifts.setup': method(
    'The shop’s notes and coins to count in, and whether counts are blind.',
    noInput,
    drawerSetupSchema,
  ),
  'shifts.setBlindCount': method(
    'Whether the expected cash stays hidden until the drawer is counted (manager).',
    z.object({ blind: z.boolean() }).strict(),
    drawerSetupSchema,
  ),
  'shifts.current': method('The open shift, or null when none is open.', noInput, shiftViewSchema.nullable()),
  'shifts.open': method(
    'Opens a shift with the float counted by note and coin.',
    z.object({ float: countsSchema }).strict(),
    shiftViewSchema,
  ),
  'shifts.moveCash': method(
    'Cash put into or taken out of the drawer, with a reason (paid-out, bank drop, …).',
    z
      .object({
        direction: z.enum(['in', 'out']),
        reason: cashMovementReasonSchema,
        note: z.string().trim().max(120).default(''),
        amount: z.number().int().positive().max(100_000_000),
      })
      .strict(),
    shiftViewSchema,
  ),
  'shifts.close': method(
    'Closes the open shift with the drawer counted by note and coin: expected against counted.',
    z.object({ counted: countsSchema }).strict(),
    shiftViewSchema,
  ),
  'shifts.history': method(
    'Past shifts, newest first.',
    z.object({ limit: z.number().int().min(1).max(200) }).strict(),
    z.array(shiftViewSchema),
  ),
} as const;
