// What the sandbox card machine does, chosen by the last two digits of the amount (like payment
// test cards). The table is data so docs/card-payments.md can be checked against it.

export interface SandboxScriptInfo {
  /** Last two digits of the amount in minor units, e.g. "02" for £12.02. */
  suffix: string;
  name: SandboxScriptName;
  description: string;
}

export type SandboxScriptName =
  | 'chip_and_pin'
  | 'contactless'
  | 'bank_decline'
  | 'card_decline'
  | 'signature'
  | 'cashback'
  | 'gratuity'
  | 'slow_card'
  | 'timeout'
  | 'offline_terminal'
  | 'service_error'
  | 'slow_responses'
  | 'terminal_busy'
  | 'new_notification';

/** Any suffix not listed here plays chip_and_pin. */
export const SANDBOX_SCRIPTS: readonly SandboxScriptInfo[] = [
  {
    suffix: '00',
    name: 'chip_and_pin',
    description: 'Chip and PIN, approved: SUCCESSFUL (also any suffix not listed).',
  },
  {
    suffix: '01',
    name: 'contactless',
    description: 'Contactless tap, no cardholder verification, approved: SUCCESSFUL.',
  },
  {
    suffix: '02',
    name: 'bank_decline',
    description: 'Declined by the bank: DECLINED, TRANSACTION_UNSUCCESSFUL.',
  },
  {
    suffix: '03',
    name: 'card_decline',
    description: 'Declined by the card (chip): DECLINED_BY_CARD, TRANSACTION_UNSUCCESSFUL.',
  },
  {
    suffix: '04',
    name: 'signature',
    description:
      'Signature card: waits at SIGNATURE_VERIFICATION for PUT signature; accepted → SUCCESSFUL, declined → VOID, no answer in 80 s → SIGNATURE_VERIFICATION_TIMEOUT, VOID.',
  },
  {
    suffix: '05',
    name: 'cashback',
    description:
      'Customer enters £/€10.00 cashback on the machine (CASHBACK_AMOUNT_ENTRY); amount_total = base + cashback.',
  },
  {
    suffix: '06',
    name: 'gratuity',
    description: 'Customer adds a 10% tip on the machine; amount_total = base + gratuity.',
  },
  {
    suffix: '07',
    name: 'slow_card',
    description:
      'Customer takes 20 s to present the card (a wide window to cancel before the bank step), then chip and PIN.',
  },
  {
    suffix: '08',
    name: 'timeout',
    description: 'The bank never answers: CONNECTING, RETRYING, TIMED_OUT.',
  },
  { suffix: '09', name: 'offline_terminal', description: 'Terminal offline: the start answers 404.' },
  {
    suffix: '10',
    name: 'service_error',
    description: 'Internal error: the start answers 500, nothing is run.',
  },
  {
    suffix: '11',
    name: 'slow_responses',
    description: 'Chip and PIN, but every answer about this transaction (start and reads) takes 3 s.',
  },
  {
    suffix: '12',
    name: 'terminal_busy',
    description: 'The machine is busy with something the till did not start: the start answers 422.',
  },
  {
    suffix: '13',
    name: 'new_notification',
    description:
      'Newer firmware: an undocumented notification LANGUAGE_SELECTION appears, then chip and PIN, SUCCESSFUL.',
  },
];

export function scriptForAmount(amount: number): SandboxScriptInfo {
  const suffix = String(Math.abs(amount) % 100).padStart(2, '0');
  return SANDBOX_SCRIPTS.find((s) => s.suffix === suffix) ?? SANDBOX_SCRIPTS[0]!;
}

/** One thing the card machine does, in order. Pauses are at speed 1 and get divided by `speed`. */
export type ScriptStep =
  | { kind: 'notify'; code: string; afterMs: number }
  /** From here on the bank is involved: a cancel is refused. */
  | { kind: 'bank_step' }
  /** Waits for the cashier's signature decision (or the 80 s timeout). */
  | { kind: 'signature'; afterMs: number }
  | { kind: 'finish'; result: string; afterMs: number };

export interface CardProfile {
  applicationId: string;
  applicationLabel: string;
  issuerName: string;
  pan: string;
  panSequence: string;
  expiry: string;
  paymentMethod: 'ICC' | 'CONTACTLESS';
  verification: 'PIN' | 'SIGNATURE' | 'NONE';
}

const VISA_DEBIT: CardProfile = {
  applicationId: 'A0000000031010',
  applicationLabel: 'Visa Debit',
  issuerName: 'VISA DEBIT',
  pan: '************4242',
  panSequence: '01',
  expiry: '12/29',
  paymentMethod: 'ICC',
  verification: 'PIN',
};
const MASTERCARD_CONTACTLESS: CardProfile = {
  applicationId: 'A0000000041010',
  applicationLabel: 'Mastercard',
  issuerName: 'MASTERCARD',
  pan: '************4444',
  panSequence: '',
  expiry: '08/28',
  paymentMethod: 'CONTACTLESS',
  verification: 'NONE',
};
const AMEX_SIGNATURE: CardProfile = {
  applicationId: 'A00000002501',
  applicationLabel: 'American Express',
  issuerName: 'AMEX',
  pan: '***********0005',
  panSequence: '00',
  expiry: '05/27',
  paymentMethod: 'ICC',
  verification: 'SIGNATURE',
};

export function cardFor(name: SandboxScriptName): CardProfile {
  if (name === 'contactless') return MASTERCARD_CONTACTLESS;
  if (name === 'signature') return AMEX_SIGNATURE;
  return VISA_DEBIT;
}

const n = (code: string, afterMs: number): ScriptStep => ({ kind: 'notify', code, afterMs });
const BANK: ScriptStep = { kind: 'bank_step' };

function chipAndPin(cardWaitMs = 900, extraBeforePin: ScriptStep[] = []): ScriptStep[] {
  return [
    n('PRESENT_CARD', 500),
    n('PLEASE_WAIT', cardWaitMs),
    ...extraBeforePin,
    n('PIN_ENTRY', 1200),
    BANK,
    n('CONNECTING', 2500),
    n('CONNECTION_MADE', 900),
    n('APPROVED', 1100),
    n('REMOVE_CARD', 800),
    { kind: 'finish', result: 'SUCCESSFUL', afterMs: 900 },
  ];
}

/** Steps of a SALE (or REFUND) once the start was accepted. */
export function stepsFor(name: SandboxScriptName, transactionType: string): ScriptStep[] {
  if (transactionType === 'REFUND') {
    return [
      n('PRESENT_CARD', 500),
      n('PLEASE_WAIT', 900),
      BANK,
      n('CONNECTING', 1200),
      n('CONNECTION_MADE', 800),
      n('APPROVED', 900),
      { kind: 'finish', result: 'SUCCESSFUL', afterMs: 700 },
    ];
  }
  switch (name) {
    case 'contactless':
      return [
        n('PRESENT_CARD', 500),
        n('PLEASE_WAIT', 1000),
        BANK,
        n('CONNECTING', 600),
        n('CONNECTION_MADE', 800),
        n('APPROVED', 900),
        { kind: 'finish', result: 'SUCCESSFUL', afterMs: 600 },
      ];
    case 'bank_decline':
      return [
        n('PRESENT_CARD', 500),
        n('PLEASE_WAIT', 900),
        n('PIN_ENTRY', 1200),
        BANK,
        n('CONNECTING', 2500),
        n('CONNECTION_MADE', 900),
        n('DECLINED', 1200),
        n('REMOVE_CARD', 1000),
        { kind: 'finish', result: 'TRANSACTION_UNSUCCESSFUL', afterMs: 800 },
      ];
    case 'card_decline':
      return [
        n('PRESENT_CARD', 500),
        n('PLEASE_WAIT', 900),
        n('PIN_ENTRY', 1200),
        BANK,
        n('CONNECTING', 2500),
        n('CONNECTION_MADE', 900),
        n('APPROVED', 1000),
        n('DECLINED_BY_CARD', 700),
        n('REMOVE_CARD', 800),
        { kind: 'finish', result: 'TRANSACTION_UNSUCCESSFUL', afterMs: 800 },
      ];
    case 'signature':
      return [
        n('PRESENT_CARD', 500),
        n('PLEASE_WAIT', 900),
        BANK,
        n('CONNECTING', 1200),
        n('CONNECTION_MADE', 900),
        n('APPROVED', 1000),
        { kind: 'signature', afterMs: 700 },
      ];
    case 'cashback':
      return chipAndPin(900, [n('CASHBACK_AMOUNT_ENTRY', 1000)]);
    case 'slow_card':
      return chipAndPin(20_000);
    case 'timeout':
      return [
        n('PRESENT_CARD', 500),
        n('PLEASE_WAIT', 900),
        n('PIN_ENTRY', 1200),
        BANK,
        n('CONNECTING', 2500),
        n('RETRYING', 3000),
        n('RETRYING', 3000),
        n('REMOVE_CARD', 2000),
        { kind: 'finish', result: 'TIMED_OUT', afterMs: 800 },
      ];
    case 'new_notification':
      return [n('LANGUAGE_SELECTION', 500), ...chipAndPin()];
    default:
      return chipAndPin();
  }
}

/** Cashback the sandbox customer keys in for script "cashback". */
export const SANDBOX_CASHBACK = 1000;

/** 10% tip, rounded down to a whole minor unit. */
export function sandboxGratuity(amountBase: number): number {
  return Math.floor(amountBase / 10);
}

/** The amount table as Markdown; docs/card-payments.md carries exactly this (a test checks). */
export function renderScriptTable(): string {
  const rows = SANDBOX_SCRIPTS.map((s) => `| ${s.suffix} | \`${s.name}\` | ${s.description} |`);
  return ['| Amount ends in | Script | What the card machine does |', '|---|---|---|', ...rows].join('\n');
}
