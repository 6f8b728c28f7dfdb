// The audit trail: every change to staff, rights, the catalogue, VAT, prices, discount limits and
// settings, with who made it, when, and before → after. Written by the services where each change
// is made (never by a call from the UI); read here by managers, filtered and paged, and exported.
import { z } from 'zod';
import { method, noInput } from './define';
import { csvFileSchema } from './till-reports';

/** What a change was about: the Audit screen's area filter. */
export const AUDIT_AREAS = [
  'staff',
  'rights',
  'catalogue',
  'prices',
  'vat',
  'discount-limits',
  'settings',
  'printers',
  'kiosk',
  'shop',
  'sales-records',
  'audit',
] as const;
export const auditAreaSchema = z.enum(AUDIT_AREAS);
export type AuditArea = z.infer<typeof auditAreaSchema>;

/**
 * The fields a change touched, each with its value (JSON). Never a secret: a PIN is "set" or
 * "changed", a password or key "saved" or "removed".
 */
export const auditValuesSchema = z.record(z.string(), z.json());
export type AuditValues = z.infer<typeof auditValuesSchema>;

const personSchema = z.object({ id: z.string(), name: z.string() });

export const auditEntrySchema = z.object({
  /** Grows by one with every entry and is never reused: "entries after N" is a complete read. */
  seq: z.number().int().positive(),
  /** ISO time. */
  at: z.string(),
  /** The person serving, by their name at the time; null: the till itself (set-up, imports). */
  by: personSchema.nullable(),
  /** Who approved it with their PIN, when the person serving needed a manager. */
  approvedBy: personSchema.nullable(),
  area: auditAreaSchema,
  /** A short key for what was done: "price-changed", "role-changed", "settings-changed". */
  action: z.string(),
  /** What it was done to, as it was called then ("Latte", "Anna"); empty for the till's settings. */
  subject: z.string(),
  before: auditValuesSchema.nullable(),
  after: auditValuesSchema.nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A calendar day, "YYYY-MM-DD", that exists (no 31 February). */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A day is written YYYY-MM-DD.')
  .refine((text) => {
    const [year, month, date] = text.split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(year, month - 1, date)).toISOString().slice(0, 10) === text;
  }, 'There is no such day.');

/** Which entries: one person's (serving or approving), one area's, from one day to another (the shop's days, both included). */
export const auditFilterSchema = z
  .object({
    personId: z.string().min(1).max(64).optional(),
    area: auditAreaSchema.optional(),
    fromDay: day.optional(),
    toDay: day.optional(),
  })
  .strict();
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const AUDIT_PAGE_MAX = 200;

export const auditPageSchema = z.object({
  /** Newest first. */
  entries: z.array(auditEntrySchema),
  /** Pass as `beforeSeq` for the next (older) page; null when there is none. */
  nextBeforeSeq: z.number().int().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

export const auditMethods = {
  'audit.list': method(
    'Entries of the audit trail, newest first, filtered and paged (managers only; reading is not journaled).',
    auditFilterSchema
      .extend({
        beforeSeq: z.number().int().positive().optional(),
        limit: z.number().int().min(1).max(AUDIT_PAGE_MAX),
      })
      .strict(),
    auditPageSchema,
  ),
  'audit.people': method(
    'Everyone on the staff (removed people too) and everyone who made or approved a change: the person filter (managers only).',
    noInput,
    z.array(personSchema),
  ),
  'audit.exportCsv': method(
    'The filtered entries as a CSV file, oldest first (managers only; the export is journaled).',
    auditFilterSchema,
    csvFileSchema.extend({ entries: z.number().int() }),
  ),
} as const;
