// The one English table of what refunds across tills say to staff (issue 30): the services fill it
// (electron/services/shop-server/across-tills.ts) and the screens' English catalogue is built from
// it (renderer/src/i18n/en/services-across-tills.ts), so the two cannot drift.

export const ACROSS_TILLS_WORDS = {
  otherTillOffline:
    'This sale was made on another till, and the shop server cannot be reached: refund it when the shop server is back, or on the till it was made on.',
  sentOffline:
    'This sale is already on the shop server, which cannot be reached now: refund it when the shop server is back.',
  stillSending: 'This sale is still on its way to the shop server: try again in a moment.',
  totalLeft: 'The shop’s tills together can give back only {{left}} more on this sale.',
  notFound: 'That sale could not be found on this till or on the shop server.',
} as const;

export type AcrossTillsWordKey = keyof typeof ACROSS_TILLS_WORDS;

/** The English of a key with its values filled in (money already written out). */
export function fillAcrossTillsWords(
  key: AcrossTillsWordKey,
  params: Record<string, string | number> = {},
): string {
  return ACROSS_TILLS_WORDS[key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
