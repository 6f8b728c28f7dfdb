// Merchant tools as the till UI sees them: signing in to the merchant dashboard (in the system
// browser, or a new tab in the browser host), the tools the dashboard offers with their input
// schemas, and running one. A tool that changes something runs only once staff have confirmed.
import { z } from 'zod';
import { method, noInput } from './define';

/** A JSON value as a tool's schema or result carries it (checked again where it is shown). */
const json = z.unknown();

export const merchantStatusSchema = z.object({
  /**
   * signed_out: no sign-in kept; signing_in: waiting for the dashboard's sign-in page to come
   * back; connected: signed in and the tools answer; problem: signed in, but the tools cannot be
   * reached right now (`message` says why).
   */
  state: z.enum(['signed_out', 'signing_in', 'connected', 'problem']),
  mode: z.enum(['sandbox', 'live']),
  /**
   * Who is signed in, as the dashboard names them, and the account's currency (an ISO 4217 code;
   * null when the dashboard has not said); null when it has not said who.
   */
  account: z
    .object({ name: z.string(), detail: z.string().nullable(), currency: z.string().nullable() })
    .nullable(),
  /** While signing in: the dashboard's sign-in page, for the UI to open in a new tab. */
  authorizationUrl: z.string().nullable(),
  /** True when the till opened the sign-in page in the system browser itself (Electron). */
  openedInBrowser: z.boolean(),
  /** Staff words for the last failure (what happened, what to do next), or null. */
  message: z.string().nullable(),
  retryAfterMs: z.number().int().nonnegative().nullable(),
});
export type MerchantStatus = z.infer<typeof merchantStatusSchema>;

export const merchantToolSchema = z.object({
  name: z.string(),
  /** Display name: the tool's title, or its name made readable. */
  title: z.string(),
  description: z.string(),
  /** JSON Schema of the tool's arguments (an object schema). */
  inputSchema: json,
  /** JSON Schema of the tool's structured result, when it publishes one (null otherwise). */
  outputSchema: json,
  /** True unless the tool says it only reads: such a tool runs only after a confirmation. */
  writes: z.boolean(),
});
export type MerchantTool = z.infer<typeof merchantToolSchema>;

export const merchantToolResultSchema = z.object({
  /** The tool itself reported a failure (its words are in `text`). */
  isError: z.boolean(),
  /** Structured result (object or list) when the tool gave one, or JSON found in its text. */
  structured: json,
  /** Text parts of the result that are not JSON. */
  text: z.array(z.string()),
});
export type MerchantToolResult = z.infer<typeof merchantToolResultSchema>;

const toolName = z.string().min(1).max(128);

export const merchantMethods = {
  'merchant.status': method(
    'Whether the till is signed in to the merchant tools, and as whom.',
    noInput,
    merchantStatusSchema,
  ),
  'merchant.connect': method(
    'Connects to the merchant tools; when a sign-in is needed, starts it in the browser.',
    noInput,
    merchantStatusSchema,
  ),
  'merchant.cancelSignIn': method(
    'Stops waiting for a sign-in started earlier.',
    noInput,
    merchantStatusSchema,
  ),
  'merchant.disconnect': method(
    'Signs out: forgets the sign-in kept in the keychain for this dashboard.',
    noInput,
    merchantStatusSchema,
  ),
  'merchant.tools': method(
    'The merchant tools with their descriptions and input schemas.',
    noInput,
    z.object({ tools: z.array(merchantToolSchema) }),
  ),
  'merchant.callTool': method(
    'Runs one tool. A tool that changes something needs `confirmed: true` (after staff confirmed).',
    z
      .object({
        name: toolName,
        arguments: z.record(z.string().max(128), json).default({}),
        confirmed: z.boolean().default(false),
      })
      .strict(),
    merchantToolResultSchema,
  ),
} as const;

export const merchantEvents = {
  /** Signed in, out, or the connection changed (e.g. the sign-in tab came back). */
  'merchant.changed': merchantStatusSchema,
} as const;
