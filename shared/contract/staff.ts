// Staff: the people who serve at this till, who is serving now, and what each role may do.
// Who is signed in lives in the services: no call carries "who I am", the till knows.
import { z } from 'zod';
import { method, noInput } from './define';
import { wordsSchema } from './errors';

export const STAFF_ROLES = ['cashier', 'supervisor', 'manager'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

/**
 * Actions that need more than a cashier (see RIGHTS in electron/services/staff/rights.ts).
 * price-override, discount and no-sale are named now so the areas that add them ask the gate;
 * quit is leaving a kiosk till (Settings' Quit).
 */
export const GUARDED_ACTIONS = [
  'refund',
  'z-report',
  'override',
  'price-override',
  'discount',
  'no-sale',
  'back-office',
  'settings',
  'reconcile',
  'quit',
] as const;
export const guardedActionSchema = z.enum(GUARDED_ACTIONS);
export type GuardedAction = z.infer<typeof guardedActionSchema>;

const pinSchema = z.string().regex(/^\d{4,8}$/, 'The PIN is 4 to 8 digits.');
const nameSchema = z
  .string()
  .trim()
  .min(1, 'Give the person a name.')
  .max(40, 'Keep the name to 40 characters.');
const staffId = z.string().min(1).max(64);

export const staffPersonSchema = z.object({ id: z.string(), name: z.string(), role: staffRoleSchema });
export type StaffPerson = z.infer<typeof staffPersonSchema>;

/**
 * Who did something, as journal entries keep it: the person serving (their name as it was then)
 * and, when their role was not enough, who approved it at the counter.
 */
export const staffStampSchema = z.object({
  id: z.string(),
  name: z.string(),
  approvedBy: z.object({ id: z.string(), name: z.string() }).optional(),
});
export type StaffStamp = z.infer<typeof staffStampSchema>;

export const staffMemberSchema = staffPersonSchema.extend({
  active: z.boolean(),
  createdAt: z.string(),
  removedAt: z.string().nullable(),
});
export type StaffMemberView = z.infer<typeof staffMemberSchema>;

export const staffSessionSchema = z.object({
  /** Whether anyone is set up: until then the till sells without a sign-in. */
  staffSetUp: z.boolean(),
  managerExists: z.boolean(),
  /** Who is serving now; null when nobody is signed in. */
  signedIn: staffPersonSchema.nullable(),
  /** The people to pick from when signing in (active only). */
  people: z.array(staffPersonSchema),
  /** Idle minutes before the till signs the cashier out; 0 = never. */
  idleSignOutMinutes: z.number().int().nonnegative(),
  /** A manager's PIN opened Settings and the back office until then (ISO time), or null. */
  managerWindowUntil: z.string().nullable(),
});
export type StaffSessionView = z.infer<typeof staffSessionSchema>;

export const pinRefusalSchema = z.object({
  ok: z.literal(false),
  reason: z.enum(['wrong', 'locked', 'not_set']),
  message: z.string(),
  /** The same by key, for the screens' catalogues (`services.staff.*`). */
  words: wordsSchema.optional(),
  retryAfterMs: z.number().int().nonnegative(),
});

export const signInResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), session: staffSessionSchema }),
  pinRefusalSchema,
]);

/**
 * Work the idle sign-out must not interrupt: counting the drawer (a count entered, not yet
 * saved), a report being run or printed (card machine or till), a card check being run.
 */
export const STAFF_TASKS = ['cash-count', 'report', 'card-check'] as const;
export const staffTaskSchema = z.enum(STAFF_TASKS);
export type StaffTask = z.infer<typeof staffTaskSchema>;

export const staffMethods = {
  'staff.session': method('Who is serving on this till, and whom to pick from.', noInput, staffSessionSchema),
  'staff.signIn': method(
    'A person signs in with their own PIN; they serve until they sign out or the till is idle.',
    z.object({ staffId, pin: pinSchema }).strict(),
    signInResultSchema,
  ),
  'staff.signOut': method('The person serving signs out.', noInput, staffSessionSchema),
  'staff.touch': method(
    'The cashier is using the till (keys, taps): the idle sign-out starts again.',
    noInput,
    z.object({ ok: z.literal(true) }),
  ),
  'staff.inProgress': method(
    'What the person serving is in the middle of (a cash count, a report, a card check): the idle sign-out waits until none is, then its time starts again. Each call replaces the last.',
    z.object({ tasks: z.array(staffTaskSchema).max(STAFF_TASKS.length) }).strict(),
    z.object({ ok: z.literal(true) }),
  ),
  'staff.createFirstManager': method(
    'Only while no manager exists: creates the first manager, who is signed in at once.',
    z.object({ name: nameSchema, pin: pinSchema }).strict(),
    staffSessionSchema,
  ),
  'staff.list': method(
    'Everyone, removed people included (back office: managers only).',
    noInput,
    z.array(staffMemberSchema),
  ),
  'staff.add': method(
    'Adds a person with a role and their own PIN (unique on this till).',
    z.object({ name: nameSchema, role: staffRoleSchema, pin: pinSchema }).strict(),
    staffMemberSchema,
  ),
  'staff.update': method(
    'Changes a person’s name, role or PIN.',
    z
      .object({
        staffId,
        name: nameSchema.optional(),
        role: staffRoleSchema.optional(),
        pin: pinSchema.optional(),
      })
      .strict(),
    staffMemberSchema,
  ),
  'staff.remove': method(
    'Removes a person: they can no longer sign in; their past entries keep their name.',
    z.object({ staffId }).strict(),
    staffMemberSchema,
  ),
  'staff.setIdleSignOut': method(
    'How many idle minutes sign the cashier out (0 = never).',
    z
      .object({
        minutes: z
          .number()
          .int()
          .min(0)
          .max(24 * 60),
      })
      .strict(),
    staffSessionSchema,
  ),
} as const;

export const staffEvents = {
  'staff.changed': staffSessionSchema,
} as const;
