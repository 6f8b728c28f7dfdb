// The merchant stand-in's dashboard: users, their accounts, and each account's venues, card
// terminals, products and sales. Deterministic, so tests and integrators can name them. Money is
// in integer minor units; sale times are offsets from the moment the stand-in starts.

export interface DashboardUser {
  id: string;
  email: string;
  password: string;
  name: string;
  /** In dashboard order: the first is the one every token resolves to. */
  accountIds: string[];
  /** Venues this user sees in the dashboard; `all` for owners. MCP ignores it (spec 5.7). */
  dashboardVenues: 'all' | string[];
}

export interface Account {
  id: string;
  name: string;
  currency: string;
  onWaitlist: boolean;
}

export interface Venue {
  id: string;
  accountId: string;
  name: string;
  address: string;
}

export interface Terminal {
  id: string;
  accountId: string;
  venueId: string;
  name: string;
  model: string;
  status: 'online' | 'offline';
}

export interface Product {
  id: string;
  accountId: string;
  name: string;
  category: string;
  priceMinor: number;
}

export interface SaleLine {
  productId: string;
  name: string;
  quantity: number;
  unitPriceMinor: number;
}

export interface Sale {
  id: string;
  accountId: string;
  venueId: string;
  terminalId: string;
  /** Epoch ms. */
  completedAt: number;
  lines: SaleLine[];
  totalMinor: number;
  tender: 'card' | 'cash';
}

export interface MerchantSeed {
  users: DashboardUser[];
  accounts: Account[];
  venues: Venue[];
  terminals: Terminal[];
  products: Product[];
  sales: Sale[];
}

/** The sandbox dashboard users, by role; `npm run sandbox` prints the owner. */
export const SANDBOX_USERS = {
  /** Owner of two accounts; Harbour Café (on the waitlist) is the first. */
  owner: { email: 'owner@harbour-cafe.example', password: 'sandbox-owner-1' },
  /** Sees only the Quayside venue in the dashboard; reads every venue over MCP. */
  quaysideManager: { email: 'quayside@harbour-cafe.example', password: 'sandbox-manager-1' },
  /** Owner of Hilltop Bakery alone (on the waitlist). */
  baker: { email: 'owner@hilltop-bakery.example', password: 'sandbox-baker-1' },
  /** Owner of Northside Deli, which is not on the waitlist. */
  notOnWaitlist: { email: 'owner@northside-deli.example', password: 'sandbox-deli-1' },
} as const;

const ACCOUNTS: Account[] = [
  { id: 'acc_harbour', name: 'Harbour Café Ltd', currency: 'GBP', onWaitlist: true },
  { id: 'acc_hilltop', name: 'Hilltop Bakery', currency: 'GBP', onWaitlist: true },
  { id: 'acc_northside', name: 'Northside Deli', currency: 'GBP', onWaitlist: false },
];

const USERS: DashboardUser[] = [
  {
    id: 'usr_owner',
    ...SANDBOX_USERS.owner,
    name: 'Hana Okafor',
    accountIds: ['acc_harbour', 'acc_hilltop'],
    dashboardVenues: 'all',
  },
  {
    id: 'usr_quayside',
    ...SANDBOX_USERS.quaysideManager,
    name: 'Tom Reyes',
    accountIds: ['acc_harbour'],
    dashboardVenues: ['ven_quayside'],
  },
  {
    id: 'usr_baker',
    ...SANDBOX_USERS.baker,
    name: 'Iris Lund',
    accountIds: ['acc_hilltop'],
    dashboardVenues: 'all',
  },
  {
    id: 'usr_deli',
    ...SANDBOX_USERS.notOnWaitlist,
    name: 'Sam Patel',
    accountIds: ['acc_northside'],
    dashboardVenues: 'all',
  },
];

const VENUES: Venue[] = [
  { id: 'ven_quayside', accountId: 'acc_harbour', name: 'Harbour Café Quayside', address: '2 Quay Street' },
  { id: 'ven_oldtown', accountId: 'acc_harbour', name: 'Harbour Café Old Town', address: '14 Market Row' },
  { id: 'ven_station', accountId: 'acc_harbour', name: 'Harbour Café Station Kiosk', address: 'Platform 1' },
  { id: 'ven_hilltop', accountId: 'acc_hilltop', name: 'Hilltop Bakery', address: '9 Hill Road' },
  { id: 'ven_northside', accountId: 'acc_northside', name: 'Northside Deli', address: '31 North Parade' },
];

const TERMINALS: Terminal[] = [
  ['trm_quay_1', 'ven_quayside', 'Quayside counter', 'online'],
  ['trm_quay_2', 'ven_quayside', 'Quayside terrace', 'offline'],
  ['trm_old_1', 'ven_oldtown', 'Old Town counter', 'online'],
  ['trm_station_1', 'ven_station', 'Station kiosk', 'online'],
  ['trm_hill_1', 'ven_hilltop', 'Bakery counter', 'online'],
  ['trm_north_1', 'ven_northside', 'Deli counter', 'online'],
].map(([id, venueId, name, status]) => ({
  id: id!,
  venueId: venueId!,
  accountId: VENUES.find((v) => v.id === venueId)!.accountId,
  name: name!,
  model: 'Counter Pro 2',
  status: status as Terminal['status'],
}));

const PRODUCTS: Product[] = [
  ['prd_flat_white', 'acc_harbour', 'Flat white', 'Coffee', 320],
  ['prd_latte', 'acc_harbour', 'Latte', 'Coffee', 340],
  ['prd_espresso', 'acc_harbour', 'Espresso', 'Coffee', 240],
  ['prd_croissant', 'acc_harbour', 'Butter croissant', 'Bakery', 280],
  ['prd_sandwich', 'acc_harbour', 'Ham and cheese toastie', 'Food', 595],
  ['prd_sourdough', 'acc_hilltop', 'Sourdough loaf', 'Bread', 450],
  ['prd_cinnamon', 'acc_hilltop', 'Cinnamon bun', 'Pastry', 310],
  ['prd_pastrami', 'acc_northside', 'Pastrami on rye', 'Sandwiches', 895],
].map(([id, accountId, name, category, priceMinor]) => ({
  id: id as string,
  accountId: accountId as string,
  name: name as string,
  category: category as string,
  priceMinor: priceMinor as number,
}));

/** One sale per row: venue, terminal, minutes before start, [product, quantity]…, tender. */
const SALES: [string, string, number, [string, number][], Sale['tender']][] = [
  [
    'ven_quayside',
    'trm_quay_1',
    180,
    [
      ['prd_flat_white', 2],
      ['prd_croissant', 1],
    ],
    'card',
  ],
  ['ven_quayside', 'trm_quay_1', 95, [['prd_latte', 1]], 'card'],
  [
    'ven_oldtown',
    'trm_old_1',
    140,
    [
      ['prd_espresso', 1],
      ['prd_sandwich', 1],
    ],
    'card',
  ],
  ['ven_oldtown', 'trm_old_1', 30, [['prd_flat_white', 1]], 'cash'],
  [
    'ven_station',
    'trm_station_1',
    60,
    [
      ['prd_latte', 2],
      ['prd_croissant', 2],
    ],
    'card',
  ],
  [
    'ven_hilltop',
    'trm_hill_1',
    75,
    [
      ['prd_sourdough', 1],
      ['prd_cinnamon', 2],
    ],
    'card',
  ],
  ['ven_northside', 'trm_north_1', 50, [['prd_pastrami', 1]], 'card'],
];

/** A fresh copy of the seed (writes change it), with sale times counted back from `startedAt`. */
export function merchantSeed(startedAt: number): MerchantSeed {
  const products = PRODUCTS.map((p) => ({ ...p }));
  const sales = SALES.map(([venueId, terminalId, minutesAgo, items, tender], index): Sale => {
    const lines = items.map(([productId, quantity]) => {
      const product = products.find((p) => p.id === productId)!;
      return { productId, name: product.name, quantity, unitPriceMinor: product.priceMinor };
    });
    return {
      id: `sal_${String(index + 1).padStart(4, '0')}`,
      accountId: VENUES.find((v) => v.id === venueId)!.accountId,
      venueId,
      terminalId,
      completedAt: startedAt - minutesAgo * 60_000,
      lines,
      totalMinor: lines.reduce((sum, line) => sum + line.quantity * line.unitPriceMinor, 0),
      tender,
    };
  });
  return {
    users: USERS.map((u) => ({ ...u, accountIds: [...u.accountIds] })),
    accounts: ACCOUNTS.map((a) => ({ ...a })),
    venues: VENUES.map((v) => ({ ...v })),
    terminals: TERMINALS.map((t) => ({ ...t })),
    products,
    sales,
  };
}
