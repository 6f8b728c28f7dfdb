// The shop server (docs/shop-server.md): a PostgreSQL the shop runs, which every till sends its
// journal to. The top bar shows its state (`status.get` → `shopServer`); Settings tests it.
import { z } from 'zod';
import { method, noInput } from './define';
import { wordsSchema } from './errors';

/**
 * off: no shop server set (no pill). connecting: trying. up_to_date: everything sent. sending: sent
 * as it goes. offline: the server is away, the till keeps selling and counts what waits. refused:
 * the server answers but will not take this till (an update, a login, a number): a person acts.
 */
export const shopServerStateSchema = z.enum([
  'off',
  'connecting',
  'up_to_date',
  'sending',
  'offline',
  'refused',
]);
export type ShopServerState = z.infer<typeof shopServerStateSchema>;

export const shopServerStatusSchema = z.object({
  state: shopServerStateSchema,
  /** Sales not yet on the shop server. */
  waitingSales: z.number().int().nonnegative(),
  /** The top bar's words (English), and by key for the screens' catalogues. */
  pill: z.string(),
  pillWords: wordsSchema.optional(),
  /** Why, when it is offline or refused: what happened and what to do, in staff words. */
  detail: z.string(),
  detailWords: wordsSchema.optional(),
});
export type ShopServerStatus = z.infer<typeof shopServerStatusSchema>;

/** Shop-wide data a manager edits on any till (the Conflicts section lists them by kind). */
export const shopDataKindSchema = z.enum([
  'vat-rates',
  'categories',
  'product',
  'staff',
  'usual-order',
  'shop-settings',
]);

const fieldValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/**
 * One row changed on this till and on the shop server since the version this till had: both
 * versions, field by field, for a manager to choose. `key` only says which (never shown); fields
 * are named by word (`shopServer.conflicts.fields.<field>`); `price` in minor units, `vatRate` in
 * basis points. null on one side: that side has no such row (removed, or never made).
 */
export const shopDataConflictSchema = z.object({
  kind: shopDataKindSchema,
  key: z.string(),
  name: z.string(),
  fields: z.array(z.object({ field: z.string(), till: fieldValueSchema, server: fieldValueSchema })),
  foundAt: z.string(),
});
export type ShopDataConflict = z.infer<typeof shopDataConflictSchema>;

export const shopDataConflictsSchema = z.object({
  conflicts: z.array(shopDataConflictSchema),
  /** This till's edits not yet on the shop server (offline, or on their way). */
  waitingEdits: z.number().int().nonnegative(),
});

export const shopServerMethods = {
  'shopServer.status': method(
    'The shop server connection as the top bar shows it.',
    noInput,
    shopServerStatusSchema,
  ),
  'shopServer.testConnection': method(
    'Signs in to the saved shop server with this till’s login, checks its schema and till number, and says what happened in plain words.',
    noInput,
    // The same shape as settings.testConnection's answer (not imported: settings.ts imports system.ts, which imports this).
    z.object({ ok: z.boolean(), message: z.string(), words: wordsSchema.optional() }),
  ),
  'shopServer.conflicts': method(
    'Shop-wide data changed both here and on the shop server since this till’s version: both versions, for a manager (back office).',
    noInput,
    shopDataConflictsSchema,
  ),
  'shopServer.resolveConflict': method(
    'A manager keeps this till’s version (it goes to the shop server) or the shop server’s (applied here); journaled on the audit trail.',
    z
      .object({
        kind: shopDataKindSchema,
        key: z.string().min(1).max(200),
        keep: z.enum(['till', 'server']),
      })
      .strict(),
    shopDataConflictsSchema,
  ),
} as const;
