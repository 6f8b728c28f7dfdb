// The one English table of what the shop server connection says to staff: the services word the
// till's state with it (electron/services/shop-server/words.ts) and the screens' English catalogue
// is built from it (renderer/src/i18n/en/services-shop-server.ts), so the two cannot drift.
// `{{name}}` marks a value filled in; never an address, a login or a system message (those stay in
// the log).

export const SHOP_SERVER_WORDS = {
  // The top bar.
  connecting: 'Shop server: connecting',
  upToDate: 'Shop server: up to date',
  sending: 'Shop server: sending, {{count}} sales waiting',
  sendingOne: 'Shop server: sending, 1 sale waiting',
  sendingOther: 'Shop server: sending',
  offline: 'Shop server: offline, {{count}} sales waiting',
  offlineOne: 'Shop server: offline, 1 sale waiting',
  offlineNothing: 'Shop server: offline',
  refused: 'Shop server: not connected',
  heldOne: 'Shop server: 1 record could not be sent',
  held: 'Shop server: {{count}} records could not be sent',
  // Why it is not connected (the pill's detail, Test connection).
  unreachable:
    'The shop server cannot be reached. Sales are kept on this till and sent when it is back; check the network if it lasts.',
  serverOutdated: 'The shop server needs updating: ask whoever looks after it to run the update.',
  tillOutdated:
    'This till needs updating: the shop server is newer than this till. Ask whoever looks after the tills to update it.',
  noPassword: 'The shop server needs this till’s password: a manager enters it under Settings → Shop server.',
  badLogin:
    'The shop server refused this till’s login: a manager checks the login and password under Settings → Shop server.',
  notATill:
    'The shop server does not know this login as a till: ask whoever looks after it to add this till.',
  wrongNumber:
    'The shop server knows this login as till {{server}}, but this till is set up as till {{till}}: a manager corrects the till number under Settings → Shop server.',
  noDatabase:
    'The shop server has no database by that name: a manager checks the address under Settings → Shop server.',
  noTls:
    'The shop server offers no encrypted connection, but this till is set to require one: ask whoever looks after the shop server to turn on TLS.',
  certificate:
    'The shop server’s certificate is not one this computer trusts: ask whoever looks after the shop server.',
  notSetUp: 'No shop server is set up on this till.',
  failed: 'The shop server did not answer as expected. Sales are kept on this till; try again in a while.',
  heldDetail:
    'The shop server did not accept a record from this till. It is kept on this till and everything else is sent; ask whoever looks after the shop server.',
  // Test connection.
  testOk: 'Connected to the shop server as till {{number}} of {{shop}}.',
} as const;

export type ShopServerWordKey = keyof typeof SHOP_SERVER_WORDS;

/** The English of a key with its values filled in. */
export function fillShopServerWords(
  key: ShopServerWordKey,
  params: Record<string, string | number> = {},
): string {
  return SHOP_SERVER_WORDS[key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** Why a shop server address may be refused, in English (the screens translate them by key). */
export const SHOP_SERVER_ADDRESS_PROBLEMS = {
  notAnAddress: 'Not a shop server address (expected something like postgres://192.168.1.10:5432/paydesk).',
  notPostgres:
    'A shop server address starts with postgres:// (for example postgres://192.168.1.10:5432/paydesk).',
  hasLogin: 'The address must not contain a login or password: they have their own fields.',
  noHost: 'The address needs the shop server’s computer name or IP address.',
  hasQuery: 'The address must not contain a query (?…) or fragment (#…).',
  noDatabase: 'The address must end with the database’s name (for example …:5432/paydesk).',
} as const;
export type ShopServerAddressProblem = keyof typeof SHOP_SERVER_ADDRESS_PROBLEMS;
