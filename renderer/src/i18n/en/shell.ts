// The app shell: top bar, navigation, status pills, sign-in, and words every screen shares.
export const common = {
  somethingWrong: 'Something went wrong.',
  save: 'Save',
  cancel: 'Cancel',
  close: 'Close',
  retry: 'Try again',
  back: 'Back',
  loading: 'Loading…',
  notGiven: 'not given',
};

export const errors = {
  terminalBusy: 'That card machine is busy with another payment.',
  cardServiceDown:
    'The card service cannot be reached. Take cash, or take the card on the card machine on its own.',
};

export const amount = {
  empty: 'Enter an amount.',
  unreadable: '“{{text}}” is not an amount (use digits and up to two decimals).',
  /** The other decimal mark ("1,5" on an English till): said so, never read as 15. */
  mark: '“{{text}}” cannot be read: write amounts like 1.50.',
};

export const shell = {
  fatalTitle: 'Paydesk cannot reach its till service',
  fatalHint:
    'Open the till with the full address that the start command printed (it carries a one-time key).',
  sandboxLabel: 'Sandbox mode',
  mainNav: 'Main',
  /** A screen loading the first time it is opened (a moment on a slow till). */
  opening: 'Opening…',
  openFailed: 'This screen could not be opened. Try again; if it keeps happening, restart Paydesk.',
  nav: {
    sell: 'Sell',
    history: 'History',
    terminals: 'Terminals',
    reports: 'Reports',
    reconciliation: 'Card checks',
    shift: 'Cash drawer',
    'till-reports': 'Till reports',
    printer: 'Printer',
    supplies: 'Supplies',
    merchant: 'Merchant tools',
    'back-office': 'Back office',
    audit: 'Audit',
    settings: 'Settings',
    backups: 'Backups',
  },
  banner: {
    allSandbox: 'Sandbox — no real money moves. Card machines, supplier and printer are stand-ins.',
    allSandboxRealPrinter:
      'Sandbox — no real money moves. Card machines and supplier are stand-ins; receipts print on the real printer.',
    cardSandboxSupplierLive: 'Sandbox card machines — no card money really moves. Supplier orders are real.',
    cardSandbox: 'Sandbox — no card money really moves.',
    supplierSandbox:
      'Sandbox supplier — orders go to a stand-in and nothing is delivered. Card payments are real.',
  },
};

export const status = {
  label: 'Connection and printer status',
  disconnected: 'Till service disconnected — reconnecting…',
  service: {
    payAtCounter: 'Card service',
    distribution: 'Supplier',
    merchant: 'Merchant tools',
  },
  state: {
    unknown: 'checking…',
    online: 'online',
    offline: 'offline',
    error: 'problem',
    signed_out: 'signed out',
    signing_in: 'signing in…',
  },
  pill: '{{service}}: {{state}}',
  pillSandbox: '{{service}}: {{state}} (sandbox)',
  /** Card machines the service called offline, named as on the Terminals screen. */
  terminalsOffline: '{{pill}} · {{names}} offline',
  printer: {
    ready: 'ready',
    printing: 'printing',
    held: 'held',
    offline: 'offline',
    preview: 'on-screen preview',
    not_configured: 'not set up',
  },
  printerPill: 'Printer: {{state}}',
  printerPillWaiting: 'Printer: {{state}} · {{count}} waiting',
  needsLook_one: 'A receipt may not have printed — check the Printer screen',
  needsLook_other: '{{count}} receipts may not have printed — check the Printer screen',
};

export const signIn = {
  title: 'Who is serving?',
  hint: 'Tap your name, then enter your PIN.',
  staff: 'Staff',
  role: { cashier: 'Cashier', supervisor: 'Supervisor', manager: 'Manager' },
  pinFor: 'PIN for {{name}}',
  pinLabel: '{{name}}’s PIN',
  signIn: 'Sign in',
  someoneElse: 'Someone else',
  keepServing: 'Keep serving as {{name}}',
  signOut: 'Sign {{name}} out',
  serving: 'Serving: {{name}}',
  servingSwitch: 'Serving: {{name}}. Switch cashier',
  nobodyServing: 'Nobody is serving. Sign in',
};
