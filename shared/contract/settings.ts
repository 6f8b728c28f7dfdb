// Settings, credentials and the manager PIN as the UI sees them. Secrets only ever travel
// towards the services (to the keychain); the UI gets back "saved" with a date, never a value.
import { z } from 'zod';
import { method, noInput } from './define';
import { wordsSchema } from './errors';
import { serviceNameSchema } from './system';
import { settingsObjectSchema } from '../settings';
import { guardedActionSchema } from './staff';

/** The closed list of secrets Paydesk keeps (only ever in a SecretStore, never in settings). */
export const SECRET_KEYS = [
  'payAtCounter.username',
  'payAtCounter.password',
  'distribution.apiKey',
  'merchant.oauthTokens',
  'merchant.clientRegistration',
  'shopServer.password',
] as const;
export const secretKeySchema = z.enum(SECRET_KEYS);
/** Credentials are kept per service mode, so live and sandbox never share them. */
export const SECRET_PROFILES = ['sandbox', 'live'] as const;
export const secretProfileSchema = z.enum(SECRET_PROFILES);

export const publicSettingsSchema = settingsObjectSchema
  .omit({ managerPin: true })
  .extend({ managerPinSet: z.boolean() });
export type PublicSettingsView = z.infer<typeof publicSettingsSchema>;

export const settingsViewSchema = z.object({
  settings: publicSettingsSchema,
  /** Damage found when loading (a file kept aside), in plain words. */
  problems: z.array(z.object({ message: z.string(), keptAt: z.string().nullable(), at: z.string() })),
  /** Which secrets are saved, and when: never their values. */
  secrets: z.array(z.object({ key: z.string(), profile: z.string(), savedAt: z.string() })),
  keychain: z.object({ ok: z.boolean(), detail: z.string() }),
  manager: z.object({ pinSet: z.boolean(), unlockedUntil: z.string().nullable() }),
});
export type SettingsView = z.infer<typeof settingsViewSchema>;

export const connectionTestSchema = z.object({ ok: z.boolean(), message: z.string() });

export const unlockResultSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    unlockedUntil: z.string(),
    /** Who approved: the supervisor or manager whose PIN it was. */
    approvedBy: z.string().optional(),
  }),
  z.object({
    ok: z.literal(false),
    reason: z.enum(['wrong', 'locked', 'not_set']),
    message: z.string(),
    /** The same by key, for the screens' catalogues (`services.staff.*`). */
    words: wordsSchema.optional(),
    retryAfterMs: z.number().int().nonnegative(),
  }),
]);

export const settingsMethods = {
  'settings.get': method(
    'Settings, saved-secret dates and manager state (no secrets).',
    noInput,
    settingsViewSchema,
  ),
  'settings.update': method(
    'Changes settings (manager only once a PIN is set). Validated whole; nothing changes on error.',
    z.object({ patch: z.record(z.string(), z.unknown()) }).strict(),
    settingsViewSchema,
  ),
  'secrets.save': method(
    'Sends one secret to the OS keychain. It is never sent back.',
    z
      .object({ key: secretKeySchema, profile: secretProfileSchema, value: z.string().min(1).max(16_384) })
      .strict(),
    settingsViewSchema,
  ),
  'secrets.forget': method(
    'Removes one secret from the keychain.',
    z.object({ key: secretKeySchema, profile: secretProfileSchema }).strict(),
    settingsViewSchema,
  ),
  'settings.testConnection': method(
    'Tries the saved address and credentials of a service, and says what happened in plain words.',
    z.object({ service: serviceNameSchema }).strict(),
    connectionTestSchema,
  ),
  'manager.unlock': method(
    'A supervisor or manager approves at the counter with their own PIN: with `action`, that one action once; without, a manager opens Settings and the back office for a few minutes. With `staffId` (the approver tapped their name) only that person’s PIN is checked.',
    z
      .object({
        pin: z.string().regex(/^\d{4,8}$/, 'The PIN is 4 to 8 digits.'),
        action: guardedActionSchema.optional(),
        staffId: z.string().min(1).max(64).optional(),
      })
      .strict(),
    unlockResultSchema,
  ),
  'manager.lock': method(
    'Ends the manager’s unlocked time and any approval now; a manager serving is signed out.',
    noInput,
    z.object({ ok: z.literal(true) }),
  ),
  'manager.setPin': method(
    'Sets or changes the manager PIN: with no manager yet it creates the first one ("Manager"), signed in; otherwise it changes the PIN of the manager serving (needs the current one).',
    z
      .object({
        newPin: z.string().regex(/^\d{4,8}$/, 'The PIN is 4 to 8 digits.'),
        currentPin: z
          .string()
          .regex(/^\d{4,8}$/)
          .optional(),
      })
      .strict(),
    settingsViewSchema,
  ),
} as const;

export const settingsEvents = {
  'settings.changed': settingsViewSchema,
} as const;
