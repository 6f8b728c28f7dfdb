import { z } from 'zod';
import { method, noInput } from './define';
import { wordsSchema } from './errors';
import { shopServerStatusSchema } from './shop-server';

export const serviceNameSchema = z.enum(['payAtCounter', 'distribution', 'merchant']);
export type ServiceName = z.infer<typeof serviceNameSchema>;

export const connectionStateSchema = z.object({
  service: serviceNameSchema,
  mode: z.enum(['sandbox', 'live']),
  /** signed_out / signing_in: a service staff sign in to (the merchant tools) is not in use yet. */
  state: z.enum(['unknown', 'online', 'offline', 'error', 'signed_out', 'signing_in']),
  detail: z.string(),
  checkedAt: z.string().nullable(),
  /**
   * Card machines (terminal ids) the service answered "not found / offline" for at their last
   * call, while the service itself is online: the top bar names them, as the Terminals screen does.
   */
  offlineTerminals: z.array(z.string()).optional(),
});
export type ConnectionState = z.infer<typeof connectionStateSchema>;

export const printerStatusSchema = z.object({
  state: z.enum(['ready', 'printing', 'held', 'offline', 'preview', 'not_configured']),
  detail: z.string(),
  queued: z.number().int().nonnegative(),
  /** Jobs whose delivery is uncertain (they may have printed): shown until someone looks. */
  uncertain: z.number().int().nonnegative(),
});
export type PrinterStatus = z.infer<typeof printerStatusSchema>;

export const appInfoSchema = z.object({
  version: z.string(),
  host: z.enum(['electron', 'browser']),
  sandbox: z.boolean(),
  kiosk: z.boolean(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

/**
 * Whether the till can save. ok; full (the disk is full); read_only (the data folder cannot be
 * written); damaged (the database failed its check or is behind the receipt-number mark).
 */
export const storageStatusSchema = z.object({
  state: z.enum(['ok', 'full', 'read_only', 'damaged']),
  /** Staff words: what happened and what to do next. */
  detail: z.string(),
});
export type StorageStatus = z.infer<typeof storageStatusSchema>;

/** Backups as the top bar shows them: a warning only when they need someone (docs/backups.md). */
export const backupBarSchema = z.object({
  state: z.enum(['ok', 'attention']),
  /** Staff words: what happened and what to do next. */
  detail: z.string(),
  words: wordsSchema.optional(),
  /**
   * A till nobody has used yet (no sale, staff, parked sale, shift or backup) whose owner has not
   * chosen "Start fresh": the Sell screen welcomes them with a restore from a backup.
   */
  firstStart: z.boolean(),
});
export type BackupBar = z.infer<typeof backupBarSchema>;

export const statusSchema = z.object({
  connections: z.array(connectionStateSchema),
  printer: printerStatusSchema,
  storage: storageStatusSchema,
  backup: backupBarSchema.optional(),
  /** The shop server's word for the top bar; absent when none is set. */
  shopServer: shopServerStatusSchema.optional(),
});
export type TillStatus = z.infer<typeof statusSchema>;

export const systemMethods = {
  'app.info': method('What the till is running as: host, sandbox, kiosk.', noInput, appInfoSchema),
  'status.get': method('Connection and printer status, as the shell shows it.', noInput, statusSchema),
  'app.quit': method(
    'Quits the till (manager PIN when one is set).',
    noInput,
    z.object({ ok: z.literal(true) }),
  ),
} as const;

export const systemEvents = {
  'status.changed': statusSchema,
} as const;
