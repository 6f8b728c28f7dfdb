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
} as const;
