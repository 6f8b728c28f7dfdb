import { z } from 'zod';
import { basename, dirname, join } from 'node:path';
import { TillError } from '../../../shared/contract/errors';
import { serviceNameSchema, type ServiceName } from '../../../shared/contract/system';
import { fileStamp, readTextIfExists, realFs, writeFileAtomic, type SettingsFs } from './settings-files';

// ---------------------------------------------------------------------------------------------
// Schema: every non-secret setting. Passwords, API keys and tokens live in the SecretStore.
// ---------------------------------------------------------------------------------------------

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Why a live base URL is not acceptable, or null when it is. https, or plain http on loopback only. */
export function liveBaseUrlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'Not a web address (expected something like https://api.example.com).';
  }
  if (url.username || url.password) return 'The address must not contain a user name or password.';
  if (url.search || url.hash) return 'The address must not contain a query (?…) or fragment (#…).';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return null;
  if (url.protocol === 'http:')
    return 'Live services must use https:// (plain http:// only on this computer).';
  return `Unsupported address type ${url.protocol} (use https://).`;
}

const liveBaseUrlSchema = z.string().superRefine((text, ctx) => {
  const problem = liveBaseUrlProblem(text);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const serviceModeSchema = z.enum(['sandbox', 'live']);
export type ServiceMode = z.infer<typeof serviceModeSchema>;

const serviceFields = {
  mode: serviceModeSchema.default('sandbox'),
  liveBaseUrl: liveBaseUrlSchema.nullable().default(null),
};

function requireUrlWhenLive(
  value: { mode: ServiceMode; liveBaseUrl: string | null },
  ctx: z.RefinementCtx,
): void {
  if (value.mode === 'live' && value.liveBaseUrl === null)
    ctx.addIssue({ code: 'custom', path: ['liveBaseUrl'], message: 'Live mode needs the service address.' });
}

const payAtCounterSchema = z
  .object({ ...serviceFields, defaultTerminalId: z.string().min(1).max(128).nullable().default(null) })
  .superRefine(requireUrlWhenLive);
const plainServiceSchema = z.object(serviceFields).superRefine(requireUrlWhenLive);

/** "host:port" for a network printer: a host name, IPv4 address or [IPv6] address, and a port. */
export function parsePrinterAddress(address: string): { host: string; port: number } | null {
  const match = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?):(\d{1,5})$/.exec(
    address,
  );
  if (!match) return null;
  const port = Number(match[2]);
  if (port < 1 || port > 65535) return null;
  const host = match[1]!;
  return { host: host.startsWith('[') ? host.slice(1, -1) : host, port };
}

const usbIdSchema = z.number().int().min(0).max(0xffff);

export const printerSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Printer ids are 1–64 letters, digits, - or _.'),
    name: z.string().max(80).default(''),
    transport: z.enum(['preview', 'network', 'usb', 'device']),
    address: z.string().nullable().default(null),
    devicePath: z.string().min(1).max(4096).nullable().default(null),
    usbVendorId: usbIdSchema.nullable().default(null),
    usbProductId: usbIdSchema.nullable().default(null),
    paperWidth: z.union([z.literal(58), z.literal(80)]).default(80),
    codePage: z.enum(['cp858', 'cp437', 'cp850', 'cp1252']).default('cp858'),
    profile: z.enum(['escpos-portable', 'epson-tm']).default('escpos-portable'),
    drawer: z
      .object({ enabled: z.boolean().default(false), pin: z.union([z.literal(2), z.literal(5)]).default(2) })
      .prefault({}),
  })
  .superRefine((printer, ctx) => {
    if (
      printer.transport === 'network' &&
      (printer.address === null || !parsePrinterAddress(printer.address))
    )
      ctx.addIssue({
        code: 'custom',
        path: ['address'],
        message: 'A network printer needs an address like 192.168.1.50:9100.',
      });
    if (printer.transport === 'device' && printer.devicePath === null)
      ctx.addIssue({
        code: 'custom',
        path: ['devicePath'],
        message: 'A device printer needs its path, e.g. /dev/usb/lp0.',
      });
    if (printer.transport === 'usb' && (printer.usbVendorId === null || printer.usbProductId === null))
      ctx.addIssue({
        code: 'custom',
        path: ['usbVendorId'],
        message: 'A USB printer needs its vendor and product id.',
      });
  });
export type PrinterSettings = z.infer<typeof printerSchema>;

export const shopSchema = z.object({
  name: z.string().max(80).default('My Shop'),
  addressLines: z.array(z.string().max(80)).max(6).default([]),
  phone: z.string().max(40).default(''),
  vatNumber: z.string().max(40).default(''),
  /** e.g. 2000 = 20 %. Integer basis points, never a float. */
  vatRateBasisPoints: z.number().int().min(0).max(10000).nullable().default(null),
  receiptFooter: z.string().max(500).default(''),
});

/** A slow, salted hash of the manager PIN: what was used to make it travels with it. */
export const pinHashRecordSchema = z.object({
  algorithm: z.literal('scrypt'),
  cost: z.number().int().min(2),
  blockSize: z.number().int().min(1),
  parallelization: z.number().int().min(1),
  keyLength: z.number().int().min(16),
  salt: z.string().min(1),
  hash: z.string().min(1),
  setAt: z.string(),
});
export type PinHashRecord = z.infer<typeof pinHashRecordSchema>;

export const pinLockoutSchema = z.object({
  /** Wrong tries since the last right one. */
  failedAttempts: z.number().int().min(0).default(0),
  /** Epoch ms until which tries are refused, or null. */
  lockedUntil: z.number().int().nullable().default(null),
});
export type PinLockout = z.infer<typeof pinLockoutSchema>;

export const settingsSchema = z
  .object({
    schemaVersion: z.literal(1).default(1),
    payAtCounter: payAtCounterSchema.prefault({}),
    distribution: plainServiceSchema.prefault({}),
    merchant: plainServiceSchema.prefault({}),
    printers: z
      .array(printerSchema)
      .max(8)
      .default(() => [
        printerSchema.parse({ id: 'preview', name: 'On-screen preview', transport: 'preview' }),
      ]),
    /** Which printer receipts go to; null = none. */
    receiptPrinterId: z.string().nullable().default('preview'),
    shop: shopSchema.prefault({}),
    kioskMode: z.boolean().default(false),
    startOnLogin: z.boolean().default(false),
    /** Private to the main process: publicSettings() removes it. */
    managerPin: z
      .object({ hash: pinHashRecordSchema.nullable().default(null), lockout: pinLockoutSchema.prefault({}) })
      .prefault({}),
  })
  .superRefine((settings, ctx) => {
    const ids = settings.printers.map((p) => p.id);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['printers'], message: 'Two printers have the same id.' });
    if (settings.receiptPrinterId !== null && !ids.includes(settings.receiptPrinterId))
      ctx.addIssue({
        code: 'custom',
        path: ['receiptPrinterId'],
        message: 'The receipt printer is not in the list.',
      });
  });

export type Settings = z.infer<typeof settingsSchema>;

/** A fresh copy of the defaults each call, so no caller can change them for another. */
export function defaultSettings(): Settings {
  return settingsSchema.parse({});
}

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze(defaultSettings());

/** The service section of the settings for one service. */
export function serviceSettings(settings: Settings, service: ServiceName): Settings[ServiceName] {
  return settings[serviceNameSchema.parse(service)];
}

/** What the renderer may see: everything except the manager PIN hash and lockout state. */
export type PublicSettings = Omit<Settings, 'managerPin'> & { managerPinSet: boolean };

export function publicSettings(settings: Settings): PublicSettings {
  const { managerPin, ...rest } = settings;
  return { ...structuredClone(rest), managerPinSet: managerPin.hash !== null };
}

/**
 * A settings change that arrived from the renderer, with what the renderer may never change
 * removed: the manager PIN record and lockout (changed only through ManagerPin) and the schema
 * version. The result still goes through update(), which validates everything else.
 */
export function rendererSettingsPatch(patch: unknown): SettingsPatch {
  if (!isPlainObject(patch)) throw new TillError('invalid_input', 'Settings changes must be an object.');
  const {
    managerPin: _managerPin,
    schemaVersion: _schemaVersion,
    managerPinSet: _managerPinSet,
    ...allowed
  } = patch;
  return allowed as SettingsPatch;
}

/** A readable one-line summary of what zod rejected, for the UI and the problem list. */
export function describeSettingsIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

// ---------------------------------------------------------------------------------------------
// The store
// ---------------------------------------------------------------------------------------------

/** Something the till should tell the shop owner about the settings, e.g. a damaged file set aside. */
export interface SettingsProblem {
  kind: 'corrupt' | 'invalid';
  /** Plain words for the UI. */
  message: string;
  /** Where the unreadable copy was kept, so nothing is lost. */
  keptAt: string | null;
  at: string;
}

type DeepPartial<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;
export type SettingsPatch = DeepPartial<Settings>;
export type SettingsUpdate = SettingsPatch | ((current: Settings) => Settings);
export type SettingsListener = (next: Settings, previous: Settings) => void;

export interface SettingsStore {
  /** The current settings (validated). Never throws for a damaged file: see problems(). */
  load(): Settings;
  /**
   * Merges a patch (objects merged deeply, arrays replaced) or applies an updater, validates the
   * result and saves it atomically. Throws TillError('invalid_input') for invalid settings and
   * TillError('storage') if saving fails; in both cases nothing changes.
   */
  update(change: SettingsUpdate): Settings;
  /** Called after every successful update. Returns a function that stops the calls. */
  onChange(listener: SettingsListener): () => void;
  /** Damage found while loading (file set aside, defaults used), for the UI to show. */
  problems(): readonly SettingsProblem[];
}

/**
 * Where a SettingsStore keeps its data. The JSON file below is one; Electron main may back the
 * same store with electron-store/conf by implementing these three calls (read the raw object,
 * write atomically, keep a bad copy aside), and gets the same validation and problem reporting.
 */
export interface SettingsPersistence {
  /** Where the settings live, for messages. */
  readonly location: string;
  /** The stored data, undefined when nothing is stored yet. Throws SettingsUnreadableError for damage. */
  read(): unknown;
  /** Saves atomically or throws TillError('storage') leaving the old data intact. */
  write(data: Settings): void;
  /** Keeps the damaged data aside under a timestamped name; returns where, or null if it could not. */
  setAside(stamp: string): string | null;
}

export class SettingsUnreadableError extends Error {
  override readonly name = 'SettingsUnreadableError';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function deepMerge(base: unknown, patch: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(patch)) return patch === undefined ? base : patch;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) merged[key] = deepMerge(base[key], value);
  return merged;
}

export interface ValidatedSettingsStoreOptions {
  /** Epoch ms; injectable for tests. */
  now?: () => number;
}

export class ValidatedSettingsStore implements SettingsStore {
  private current: Settings | null = null;
  private readonly found: SettingsProblem[] = [];
  private readonly listeners = new Set<SettingsListener>();
  private readonly now: () => number;

  constructor(
    private readonly persistence: SettingsPersistence,
    options: ValidatedSettingsStoreOptions = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  load(): Settings {
    if (this.current === null) this.current = this.readOrDefaults();
    return structuredClone(this.current);
  }

  problems(): readonly SettingsProblem[] {
    this.load();
    return [...this.found];
  }

  update(change: SettingsUpdate): Settings {
    const previous = this.load();
    const candidate =
      typeof change === 'function' ? change(structuredClone(previous)) : deepMerge(previous, change);
    const parsed = settingsSchema.safeParse(candidate);
    if (!parsed.success)
      throw new TillError(
        'invalid_input',
        `These settings can't be saved: ${describeSettingsIssues(parsed.error)}`,
      );
    this.persistence.write(parsed.data);
    this.current = parsed.data;
    for (const listener of this.listeners) {
      try {
        listener(structuredClone(parsed.data), previous);
      } catch {
        // One failing listener must not stop the others or undo a save that happened.
      }
    }
    return structuredClone(parsed.data);
  }

  onChange(listener: SettingsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private readOrDefaults(): Settings {
    let raw: unknown;
    try {
      raw = this.persistence.read();
    } catch (error) {
      if (!(error instanceof SettingsUnreadableError)) throw error;
      this.setAside('corrupt', `The settings file was damaged (${error.message})`);
      return defaultSettings();
    }
    if (raw === undefined) return defaultSettings();
    const parsed = settingsSchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    this.setAside(
      'invalid',
      `The settings file had values Paydesk can't use (${describeSettingsIssues(parsed.error)})`,
    );
    return defaultSettings();
  }

  private setAside(kind: SettingsProblem['kind'], what: string): void {
    const at = this.now();
    const keptAt = this.persistence.setAside(fileStamp(at));
    const where = keptAt ? `a copy was kept as ${basename(keptAt)}` : 'it could not be copied aside';
    this.found.push({
      kind,
      message: `${what}; ${where}. Default settings are in use until you save new ones.`,
      keptAt,
      at: new Date(at).toISOString(),
    });
  }
}

/** Settings in one JSON file, e.g. <userData>/settings.json. */
export class JsonFileSettingsPersistence implements SettingsPersistence {
  constructor(
    readonly location: string,
    private readonly fs: SettingsFs = realFs,
  ) {}

  read(): unknown {
    const text = readTextIfExists(this.location, this.fs);
    if (text === null) return undefined;
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new SettingsUnreadableError(error instanceof Error ? error.message : 'not JSON');
    }
  }

  write(data: Settings): void {
    writeFileAtomic(this.location, `${JSON.stringify(data, null, 2)}\n`, this.fs);
  }

  setAside(stamp: string): string | null {
    const target = join(dirname(this.location), `settings.corrupt-${stamp}.json`);
    try {
      this.fs.renameSync(this.location, target);
      return target;
    } catch {
      return null;
    }
  }
}

export interface JsonFileSettingsStoreOptions extends ValidatedSettingsStoreOptions {
  /** The settings file, e.g. join(app.getPath('userData'), 'settings.json'). */
  file: string;
  fs?: SettingsFs;
}

/** The settings store for the browser host, tests, and (fine as well) Electron main. */
export class JsonFileSettingsStore extends ValidatedSettingsStore {
  constructor(options: JsonFileSettingsStoreOptions) {
    super(new JsonFileSettingsPersistence(options.file, options.fs), options);
  }
}
