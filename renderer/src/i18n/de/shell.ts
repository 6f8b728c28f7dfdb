import type * as en from '../en/shell';
import type { Wording } from '../wording-type';

export const common: Wording<typeof en.common> = {
  somethingWrong: 'Etwas ist schiefgegangen.',
  save: 'Speichern',
  cancel: 'Abbrechen',
  close: 'Schließen',
  retry: 'Noch einmal versuchen',
  back: 'Zurück',
  loading: 'Wird geladen …',
  notGiven: 'nicht angegeben',
};

export const errors: Wording<typeof en.errors> = {
  terminalBusy: 'Dieses Kartenterminal ist mit einer anderen Zahlung beschäftigt.',
  cardServiceDown:
    'Der Kartendienst ist nicht erreichbar. Nehmen Sie Bargeld an oder kassieren Sie die Karte direkt am Kartenterminal.',
};

export const amount: Wording<typeof en.amount> = {
  empty: 'Geben Sie einen Betrag ein.',
  unreadable: '„{{text}}“ ist kein Betrag (Ziffern und höchstens zwei Nachkommastellen).',
  mark: '„{{text}}“ ist so nicht lesbar: schreiben Sie Beträge wie 1,50.',
};

export const shell: Wording<typeof en.shell> = {
  fatalTitle: 'Paydesk erreicht seinen Kassendienst nicht',
  fatalHint:
    'Öffnen Sie die Kasse mit der vollständigen Adresse, die der Startbefehl ausgegeben hat (sie enthält einen Einmalschlüssel).',
  sandboxLabel: 'Testmodus',
  mainNav: 'Hauptmenü',
  opening: 'Wird geöffnet …',
  openFailed:
    'Dieser Bildschirm ließ sich nicht öffnen. Versuchen Sie es noch einmal; wenn es wieder passiert, starten Sie Paydesk neu.',
  nav: {
    sell: 'Verkaufen',
    history: 'Verlauf',
    terminals: 'Terminals',
    reports: 'Berichte',
    reconciliation: 'Kartenabgleich',
    printer: 'Drucker',
    supplies: 'Nachbestellung',
    merchant: 'Händlerkonto',
    'back-office': 'Verwaltung',
    audit: 'Protokoll',
    shift: 'Kassenlade',
    'till-reports': 'Kassenberichte',
    settings: 'Einstellungen',
    backups: 'Datensicherung',
  },
  banner: {
    allSandbox:
      'Testmodus — es fließt kein echtes Geld. Kartenterminals, Lieferant und Drucker sind Platzhalter.',
    allSandboxRealPrinter:
      'Testmodus — es fließt kein echtes Geld. Kartenterminals und Lieferant sind Platzhalter; Belege kommen aus dem echten Drucker.',
    cardSandboxSupplierLive:
      'Test-Kartenterminals — es fließt kein echtes Kartengeld. Bestellungen beim Lieferanten sind echt.',
    cardSandbox: 'Testmodus — es fließt kein echtes Kartengeld.',
    supplierSandbox:
      'Test-Lieferant — Bestellungen gehen an einen Platzhalter, nichts wird geliefert. Kartenzahlungen sind echt.',
  },
};

export const status: Wording<typeof en.status> = {
  label: 'Verbindungs- und Druckerstatus',
  disconnected: 'Kassendienst getrennt — verbinde neu …',
  service: {
    payAtCounter: 'Kartendienst',
    distribution: 'Lieferant',
    merchant: 'Händlerkonto',
  },
  state: {
    unknown: 'wird geprüft …',
    online: 'verbunden',
    offline: 'nicht verbunden',
    error: 'Problem',
    signed_out: 'abgemeldet',
    signing_in: 'meldet sich an …',
  },
  pill: '{{service}}: {{state}}',
  pillSandbox: '{{service}}: {{state}} (Test)',
  terminalsOffline: '{{pill}} · {{names}} nicht erreichbar',
  printer: {
    ready: 'bereit',
    printing: 'druckt',
    held: 'angehalten',
    offline: 'nicht verbunden',
    preview: 'Bildschirmvorschau',
    not_configured: 'nicht eingerichtet',
  },
  printerPill: 'Drucker: {{state}}',
  printerPillWaiting: 'Drucker: {{state}} · {{count}} warten',
  needsLook_one: 'Ein Beleg wurde vielleicht nicht gedruckt — sehen Sie im Bildschirm „Drucker“ nach',
  needsLook_other:
    '{{count}} Belege wurden vielleicht nicht gedruckt — sehen Sie im Bildschirm „Drucker“ nach',
};

export const signIn: Wording<typeof en.signIn> = {
  title: 'Wer bedient?',
  hint: 'Tippen Sie auf Ihren Namen und geben Sie Ihre PIN ein.',
  staff: 'Personal',
  role: { cashier: 'Kassierer/in', supervisor: 'Schichtleitung', manager: 'Filialleitung' },
  pinFor: 'PIN für {{name}}',
  pinLabel: 'PIN von {{name}}',
  signIn: 'Anmelden',
  someoneElse: 'Jemand anderes',
  keepServing: 'Weiter als {{name}} bedienen',
  signOut: '{{name}} abmelden',
  serving: 'Es bedient: {{name}}',
  servingSwitch: 'Es bedient: {{name}}. Kassierer wechseln',
  nobodyServing: 'Niemand bedient. Anmelden',
};
