// Backups of the till's records (docs/backups.md): a manager sets the folder, the till backs up
// nightly and on demand, checks each backup after writing it, and a new PC starts from one.
// Secrets never travel in a backup: after a restore the till names the credentials to enter again.
import { z } from 'zod';
import { method, noInput } from './define';
import { wordsSchema } from './errors';
import { serviceNameSchema } from './system';

/** Staff words: the English text, and its key for the screens' catalogues. */
export const backupWordsSchema = z.object({ message: z.string(), words: wordsSchema.optional() });
export type BackupWords = z.infer<typeof backupWordsSchema>;

export const backupRunSchema = z.object({
  /** When the run ended (ISO). */
  at: z.string(),
  trigger: z.enum(['manual', 'scheduled']),
  ok: z.boolean(),
  /** The backup file's name in the folder (never a path); null when none was kept. */
  fileName: z.string().nullable(),
  /** Sales in the backup, and the last one's receipt number. */
  sales: z.number().int().nonnegative(),
  lastReceipt: z.string().nullable(),
  bytes: z.number().int().nonnegative(),
  /** What happened and what to do, in staff words. */
  result: backupWordsSchema,
  /** Who started it (null: the schedule, or a till without staff). */
  by: z.string().nullable(),
});
export type BackupRun = z.infer<typeof backupRunSchema>;

export const missingSalesSchema = z.object({
  first: z.number().int().positive(),
  last: z.number().int().positive(),
  count: z.number().int().positive(),
  firstReceipt: z.string(),
  lastReceipt: z.string(),
});
export type MissingSales = z.infer<typeof missingSalesSchema>;

export const backupStatusSchema = z.object({
  folder: z.string().nullable(),
  scheduleOn: z.boolean(),
  keep: z.number().int().positive(),
  lastGood: backupRunSchema.nullable(),
  lastRun: backupRunSchema.nullable(),
  /** When the schedule will next back up (ISO); null when there is no folder or no schedule. */
  nextDueAt: z.string().nullable(),
  running: z.boolean(),
  /** Said in the top bar: the last good backup is too old, none was ever made, or the last failed. */
  attention: backupWordsSchema.nullable(),
  /** Sale numbers handed out that the records do not hold: a manager decides (accept or restore). */
  missingSales: missingSalesSchema.nullable(),
  /** The till holds no sales: a restore replaces nothing, so it needs no "Replace this till's sales". */
  newTill: z.boolean(),
  /** A file named with --restore that waits for a manager's decision (this till already holds sales). */
  pendingRestore: z.string().nullable(),
  /** Live services whose credentials are not on this PC (after a restore they must be entered again). */
  credentialsToEnter: z.array(serviceNameSchema),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;

export const foundBackupSchema = z.object({
  /** Where it is, to restore it; the screens show its date, not this. */
  file: z.string(),
  fileName: z.string(),
  createdAt: z.string().nullable(),
  sales: z.number().int().nonnegative(),
  lastReceipt: z.string().nullable(),
  /** False when the file failed its check: `problem` says why. */
  usable: z.boolean(),
  problem: backupWordsSchema.nullable(),
});
export type FoundBackup = z.infer<typeof foundBackupSchema>;

export const restoreResultSchema = z.object({
  sales: z.number().int().nonnegative(),
  lastReceipt: z.string().nullable(),
  /** The receipt number the next sale gets. */
  nextReceipt: z.string(),
  credentialsToEnter: z.array(serviceNameSchema),
  /** Sales numbered after this backup (on the PC's own marks): a manager must accept the gap. */
  missingSales: missingSalesSchema.nullable(),
});
export type RestoreResult = z.infer<typeof restoreResultSchema>;

const folderSchema = z.string().trim().min(1, 'Type the folder.').max(1024);
const pinSchema = z.string().regex(/^\d{4,8}$/, 'The PIN is 4 to 8 digits.');

export const backupMethods = {
  'backup.status': method(
    'Backups: the folder, the schedule, the last results.',
    noInput,
    backupStatusSchema,
  ),
  'backup.configure': method(
    'Sets the backup folder (checked: it must exist and take a file), the nightly schedule and how many to keep. Manager only.',
    z
      .object({
        folder: folderSchema.nullable().optional(),
        scheduleOn: z.boolean().optional(),
        keep: z.number().int().min(1).max(365).optional(),
      })
      .strict(),
    backupStatusSchema,
  ),
  'backup.runNow': method(
    'Backs up now into the folder and checks the backup; the result says what happened. Manager only.',
    noInput,
    backupRunSchema,
  ),
  'backup.list': method(
    'The backups found in a folder, newest first, with their dates and last receipt. Manager only.',
    z.object({ folder: folderSchema }).strict(),
    z.object({ backups: z.array(foundBackupSchema), problem: backupWordsSchema.nullable() }),
  ),
  'backup.restore': method(
    'Replaces the till’s records with a checked backup and starts the till on it. Refused over a till with sales unless `replaceSales`. Manager only.',
    z.object({ file: z.string().min(1).max(2048), replaceSales: z.boolean().default(false) }).strict(),
    restoreResultSchema,
  ),
  'backup.startFresh': method(
    'The owner of a new till chose "Start fresh": the first-start panel no longer offers a restore.',
    noInput,
    backupStatusSchema,
  ),
  'backup.acceptMissingSales': method(
    'A manager, with their PIN, accepts that the missing sales are gone: numbering carries on above the last number handed out.',
    z.object({ pin: pinSchema, staffId: z.string().min(1).max(64).optional() }).strict(),
    backupStatusSchema,
  ),
} as const;

export const backupEvents = {
  'backup.changed': backupStatusSchema,
} as const;
