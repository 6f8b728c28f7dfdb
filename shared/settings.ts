// The till's non-secret settings: one schema, shared by the services (which store and validate
// them) and the contract (which carries the public part to the UI). Secrets are never here.
import { z } from 'zod';
import { serviceNameSchema, type ServiceName } from './contract/system';
import { DEFAULT_LOCALE, SHOP_LOCALES } from './format';
import { CURRENCIES } from './money';
import { isTimeZone } from './time-zone';
// The words of why an address is refused live with the shop server's other words: the screens'
// English catalogue is read before the first render, and this module brings zod with it.
import { SHOP_SERVER_ADDRESS_PROBLEMS, type ShopServerAddressProblem } from './shop-server-words';

// ---------------------------------------------------------------------------------------------
// Schema: every non-secret setting. Passwords, API keys and tokens live in the SecretStore.
// ---------------------------------------------------------------------------------------------

/** A card machine's name as the shop gives it (terminal-names.ts says how an unnamed one is called). */
export const terminalNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the card machine a name, such as Till 1.')
  .max(40, 'Keep the name to 40 characters or fewer.');

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
  .object({
    ...serviceFields,
    defaultTerminalId: z.string().min(1).max(128).nullable().default(null),
    /** The names the shop gives its card machines ("Till 1"), by terminal id (shared/terminal-names.ts). */
    terminalNames: z.record(z.string().min(1).max(128), terminalNameSchema).default({}),
  })
  .superRefine(requireUrlWhenLive);
const plainServiceSchema = z.object(serviceFields).superRefine(requireUrlWhenLive);
/**
 * The distribution API's document gives both POST and PUT for creating an order (docs/supplies.md):
 * POST unless the supplier says otherwise.
 */
const distributionSchema = z
  .object({ ...serviceFields, orderMethod: z.enum(['POST', 'PUT']).default('POST') })
  .superRefine(requireUrlWhenLive);

/** Raw TCP printing's usual port (JetDirect), used when an address gives none. */
export const DEFAULT_PRINTER_PORT = 9100;
/** An IPv6 address: hex digits, dots and at least two colons, maybe with a zone ("%eth0"). */
const IPV6 = String.raw`(?=(?:[^:\]]*:){2})[0-9A-Fa-f:.]+(?:%[\w.-]+)?`;
const PRINTER_ADDRESS_FORMS = [
  new RegExp(String.raw`^\[(${IPV6})\](?::(\d{1,5}))?$`), // [IPv6] or [IPv6]:port
  new RegExp(String.raw`^(${IPV6})$`), // bare IPv6: its last group is not a port
  /^([^\s:[\]/]+)(?::(\d{1,5}))?$/, // host or host:port
];

/**
 * A network printer's address: "host", "host:port", "[IPv6]:port" or a bare IPv6 address; the
 * port is 9100 when none is given. Null when it is none of these or the port is out of range.
 */
export function parsePrinterAddress(address: string): { host: string; port: number } | null {
  const text = address.trim();
  const match = PRINTER_ADDRESS_FORMS.map((form) => form.exec(text)).find(Boolean);
  if (!match) return null;
  const port = match[2] === undefined ? DEFAULT_PRINTER_PORT : Number(match[2]);
  if (port < 1 || port > 65535) return null;
  return { host: match[1]!, port };
}

const usbIdSchema = z.number().int().min(0).max(0xffff);

export const printerSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Printer ids are 1–64 letters, digits, - or _.'),
    name: z.string().max(80).default(''),
    transport: z.enum(['preview', 'network', 'usb', 'device']),
    address: z.string().nullable().default(null),
    // Only printer device nodes: a free path would let a receipt append text to any file.
    devicePath: z
      .string()
      .regex(/^\/dev\/(usb\/)?lp\d{1,3}$/, 'A device printer path looks like /dev/usb/lp0.')
      .nullable()
      .default(null),
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
        message: 'A network printer needs an address like 192.168.1.50 or 192.168.1.50:9100.',
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
  /** The language of the screens, and how money, numbers and dates are written (screens and paper). */
  locale: z.enum(SHOP_LOCALES).default(DEFAULT_LOCALE),
  /** What the shop sells in (its catalogue's prices); read when Paydesk starts. */
  currency: z.enum(CURRENCIES).default('GBP'),
  /**
   * The shop's time zone (IANA, "Europe/Berlin"): its days, hours and printed times, whatever the
   * computer's zone. Null only until the first start, which writes the computer's zone here.
   */
  timeZone: z
    .string()
    .max(64)
    .refine(isTimeZone, 'Choose the shop’s time zone from the list.')
    .nullable()
    .default(null),
});

/** How the counter works (docs/selling.md). */
export const counterSchema = z.object({
  /**
   * The largest discount anyone may give without a supervisor's or manager's approval, basis
   * points of what it applies to (1000 = 10 %; 0 = every discount needs approval).
   */
  discountLimitBasisPoints: z.number().int().min(0).max(10000).default(1000),
  /** After payment: print the sale receipt at once, or ask (print or none; reprint last later). */
  receiptAfterSale: z.enum(['print', 'ask']).default('print'),
});
export type CounterSettings = z.infer<typeof counterSchema>;

/** Backups of the till's records (docs/backups.md): where, whether nightly, how many kept. */
export const backupSettingsSchema = z.object({
  /** The folder backups go to (a USB stick, a network share); null until a manager sets one. */
  folder: z.string().min(1).max(1024).nullable().default(null),
  /** A backup once a day (at night, or soon after start when the night was missed). */
  scheduleOn: z.boolean().default(true),
  /** How many good backups stay in the folder; older ones are removed after a new one is proven. */
  keep: z.number().int().min(1).max(365).default(14),
  /** The owner chose "Start fresh" on the first-start panel: a new till no longer offers a restore. */
  firstStartDismissed: z.boolean().default(false),
});
export type BackupSettings = z.infer<typeof backupSettingsSchema>;

/** The PostgreSQL port when a shop server address names none. */
export const DEFAULT_SHOP_SERVER_PORT = 5432;

/**
 * Why a shop server address is not acceptable (its key), or null when it is:
 * `postgres://host[:port]/database`, without a login or password (the login is its own setting,
 * the password is in the keychain).
 */
export function shopServerAddressProblemKey(text: string): ShopServerAddressProblem | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'notAnAddress';
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') return 'notPostgres';
  if (url.username || url.password) return 'hasLogin';
  if (!url.hostname) return 'noHost';
  if (url.search || url.hash) return 'hasQuery';
  if (!/^\/[^/]+$/.test(url.pathname)) return 'noDatabase';
  return null;
}

/** Why a shop server address is not acceptable, in English, or null when it is. */
export function shopServerAddressProblem(text: string): string | null {
  const key = shopServerAddressProblemKey(text);
  return key && SHOP_SERVER_ADDRESS_PROBLEMS[key];
}

/** What a till's PostgreSQL login may be made of. */
export const SHOP_SERVER_LOGIN_PATTERN = /^[A-Za-z0-9_.@-]{1,63}$/;

/** The parts of a valid shop server address. */
export function parseShopServerAddress(text: string): { host: string; port: number; database: string } {
  const url = new URL(text);
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : DEFAULT_SHOP_SERVER_PORT,
    database: decodeURIComponent(url.pathname.slice(1)),
  };
}

/** The shop server (PostgreSQL) this till sends its journal to, and who this till is there. */
export const shopServerSettingsSchema = z
  .object({
    /** Off: the till works alone, exactly as without a shop server (its receipts say S000123). */
    enabled: z.boolean().default(false),
    address: z
      .string()
      .max(300)
      .superRefine((text, ctx) => {
        const problem = shopServerAddressProblem(text);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .nullable()
      .default(null),
    /** This till's number in its shop: its receipts and Z reports carry it ("2-000123"). */
    tillNumber: z.number().int().min(1).max(999).nullable().default(null),
    /** What the shop calls this till ("Bar"). */
    tillName: z.string().max(80).default(''),
    /** This till's PostgreSQL login; its password is in the keychain (`shopServer.password`). */
    login: z
      .string()
      .regex(SHOP_SERVER_LOGIN_PATTERN, 'A login is 1 to 63 letters, digits, _ . @ or -.')
      .nullable()
      .default(null),
    /** prefer: encrypted when the server offers it; verify: encrypted always, with a certificate this computer trusts. */
    tls: z.enum(['prefer', 'verify']).default('prefer'),
  })
  .superRefine((value, ctx) => {
    if (!value.enabled) return;
    if (value.address === null)
      ctx.addIssue({ code: 'custom', path: ['address'], message: 'A shop server needs its address.' });
    if (value.tillNumber === null)
      ctx.addIssue({
        code: 'custom',
        path: ['tillNumber'],
        message: 'A shop server needs this till’s number.',
      });
    if (value.login === null)
      ctx.addIssue({ code: 'custom', path: ['login'], message: 'A shop server needs this till’s login.' });
  });
export type ShopServerSettings = z.infer<typeof shopServerSettingsSchema>;

/** The till number receipts and Z reports carry: only while a shop server is set and on. */
export function numberedTill(settings: Pick<Settings, 'shopServer'>): number | null {
  return settings.shopServer.enabled ? settings.shopServer.tillNumber : null;
}

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

/** The fields, without the cross-field checks (so parts can be picked for the contract). */
export const settingsObjectSchema = z.object({
  schemaVersion: z.literal(1).default(1),
  payAtCounter: payAtCounterSchema.prefault({}),
  distribution: distributionSchema.prefault({}),
  merchant: plainServiceSchema.prefault({}),
  printers: z
    .array(printerSchema)
    .max(8)
    .default(() => [printerSchema.parse({ id: 'preview', name: 'On-screen preview', transport: 'preview' })]),
  /** Which printer receipts go to; null = none. */
  receiptPrinterId: z.string().nullable().default('preview'),
  shop: shopSchema.prefault({}),
  counter: counterSchema.prefault({}),
  backup: backupSettingsSchema.prefault({}),
  shopServer: shopServerSettingsSchema.prefault({}),
  kioskMode: z.boolean().default(false),
  startOnLogin: z.boolean().default(false),
  /** Private to the main process: publicSettings() removes it. */
  managerPin: z
    .object({ hash: pinHashRecordSchema.nullable().default(null), lockout: pinLockoutSchema.prefault({}) })
    .prefault({}),
});

export const settingsSchema = settingsObjectSchema.superRefine((settings, ctx) => {
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

/** A readable one-line summary of what zod rejected, for the UI and the problem list. */
export function describeSettingsIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}
