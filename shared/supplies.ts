// Rules of the supplies area that every floor uses: the delivery address check (the screen
// checks as staff type, the services before sending, the stand-in when it receives), the order
// statuses and how staff read them, and what makes two orders "the same".
import type { Words } from './contract/errors';

/** ISO 3166-1 alpha-2 codes currently assigned. */
const COUNTRY_CODES = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW ' +
    'BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI ' +
    'FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN ' +
    'IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME ' +
    'MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF ' +
    'PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV ' +
    'SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE ' +
    'YT ZA ZM ZW'
  ).split(' '),
);

export function isCountryCode(code: string): boolean {
  return COUNTRY_CODES.has(code);
}

export const ADDRESS_FIELDS = [
  'firstName',
  'lastName',
  'companyName',
  'phoneNumber',
  'lineOne',
  'lineTwo',
  'city',
  'postalCode',
  'country',
  'notes',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type DeliveryAddress = Record<AddressField, string>;

export const REQUIRED_ADDRESS_FIELDS: readonly AddressField[] = [
  'firstName',
  'lastName',
  'phoneNumber',
  'lineOne',
  'city',
  'postalCode',
  'country',
];

/** How each field is called on screen and in problems. */
export const ADDRESS_LABELS: Record<AddressField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  companyName: 'Business name',
  phoneNumber: 'Phone number',
  lineOne: 'Address line 1',
  lineTwo: 'Address line 2',
  city: 'Town or city',
  postalCode: 'Postcode',
  country: 'Country',
  notes: 'Delivery notes',
};

export const ADDRESS_MAX_LENGTH: Record<AddressField, number> = {
  firstName: 60,
  lastName: 60,
  companyName: 80,
  phoneNumber: 30,
  lineOne: 100,
  lineTwo: 100,
  city: 60,
  postalCode: 12,
  country: 2,
  notes: 300,
};

/** Postcode shapes of the countries a shop here orders into most; others get a loose check. */
const POSTCODE_SHAPES: Record<string, RegExp> = {
  GB: /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/,
  IE: /^[A-Z]\d[\dW] ?[A-Z\d]{4}$/,
  US: /^\d{5}(-\d{4})?$/,
  DE: /^\d{5}$/,
  FR: /^\d{5}$/,
  ES: /^\d{5}$/,
  IT: /^\d{5}$/,
  NL: /^\d{4} ?[A-Z]{2}$/,
  BE: /^\d{4}$/,
  AT: /^\d{4}$/,
  CH: /^\d{4}$/,
  DK: /^\d{4}$/,
};
const ANY_POSTCODE = /^[A-Z\d][A-Z\d -]{1,10}$/;

export function countryName(code: string, locale = 'en-GB'): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'region' }).of(code);
    return name && name !== code ? name : code;
  } catch {
    return code;
  }
}

/** The address as it is sent: trimmed, the country and postcode in capitals. */
export function normaliseAddress(address: Partial<Record<AddressField, unknown>>): DeliveryAddress {
  const out = {} as DeliveryAddress;
  for (const field of ADDRESS_FIELDS) {
    const value = address[field];
    out[field] = typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : '';
  }
  out.country = out.country.toUpperCase();
  out.postalCode = out.postalCode.toUpperCase();
  return out;
}

/** What is wrong with an address, field by field, in staff words (empty when it can be sent). */
export function addressProblems(
  address: Partial<Record<AddressField, unknown>>,
): Partial<Record<AddressField, string>> {
  const worded = addressProblemsWorded(address);
  return Object.fromEntries(Object.entries(worded).map(([field, p]) => [field, p.message]));
}

export interface AddressProblem {
  message: string;
  /** The key under `services.` in the screens' catalogues, with its parameters. */
  words: Words;
}

/** The same problems with their catalogue keys, for the screens to show in the shop's language. */
export function addressProblemsWorded(
  address: Partial<Record<AddressField, unknown>>,
): Partial<Record<AddressField, AddressProblem>> {
  const a = normaliseAddress(address);
  const problems: Partial<Record<AddressField, AddressProblem>> = {};
  const say = (message: string, key: string, params?: Words['params']): AddressProblem => ({
    message,
    words: params ? { key: `supplier.${key}`, params } : { key: `supplier.${key}` },
  });
  for (const field of REQUIRED_ADDRESS_FIELDS) {
    if (a[field] === '')
      problems[field] = say(`Enter the ${ADDRESS_LABELS[field].toLowerCase()}.`, `field.enter.${field}`);
  }
  for (const field of ADDRESS_FIELDS) {
    const max = ADDRESS_MAX_LENGTH[field];
    if (!problems[field] && a[field].length > max)
      problems[field] = say(
        `${ADDRESS_LABELS[field]} is too long (at most ${max} characters).`,
        `field.tooLong.${field}`,
        {
          max,
        },
      );
  }
  if (!problems.country && !isCountryCode(a.country)) {
    problems.country = say(
      'Choose the country as its two-letter code, e.g. GB for the United Kingdom.',
      'address.countryCode',
    );
  }
  if (!problems.postalCode && !problems.country) {
    const shape = POSTCODE_SHAPES[a.country] ?? ANY_POSTCODE;
    if (!shape.test(a.postalCode)) {
      const country = countryName(a.country);
      problems.postalCode = say(`That postcode doesn't look right for ${country}.`, 'address.postcode', {
        country,
      });
    }
  }
  if (!problems.phoneNumber && !/^\+?[\d ()-]{6,}$/.test(a.phoneNumber)) {
    problems.phoneNumber = say(
      'Enter a phone number the courier can ring (digits, spaces, + and brackets).',
      'address.phone',
    );
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Order statuses. The spec lists four; creation answers also say `received`. Anything else is
// kept as the supplier sent it and shown as such, never refused.
// ---------------------------------------------------------------------------------------------

export const ORDER_STAGES = ['received', 'pending', 'partially shipped', 'shipped', 'invoiced'] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];

const STAGE_WORDS: Record<OrderStage, string> = {
  received: 'Received by the supplier',
  pending: 'Being prepared',
  'partially shipped': 'Part of it is on its way',
  shipped: 'On its way',
  invoiced: 'Delivered and invoiced',
};

/** The step of the timeline a status is, or null for a status the spec does not list. */
export function orderStage(status: string): number | null {
  const index = (ORDER_STAGES as readonly string[]).indexOf(status.trim().toLowerCase());
  return index < 0 ? null : index;
}

export function stageWords(stage: OrderStage): string {
  return STAGE_WORDS[stage];
}

/** Staff words for a status; an unknown one is quoted as the supplier wrote it. */
export function orderStatusWords(status: string): string {
  const stage = orderStage(status);
  if (stage !== null) return STAGE_WORDS[ORDER_STAGES[stage]!];
  const shown = unlistedStatusShown(status);
  return shown ? `The supplier says “${shown}”` : 'The supplier gave no status';
}

/** A status the spec does not list, cut to letters, digits and a little punctuation, to quote. */
export function unlistedStatusShown(status: string): string {
  return status.replace(/[^\p{L}\p{N} ._-]/gu, '').slice(0, 40);
}

/** Two orders are "the same" when they ask for the same quantities delivered to the same place. */
export function orderFingerprint(
  lines: readonly { productId: number; quantity: number }[],
  address: Partial<Record<AddressField, unknown>>,
): string {
  const merged = new Map<number, number>();
  for (const l of lines) merged.set(l.productId, (merged.get(l.productId) ?? 0) + l.quantity);
  const a = normaliseAddress(address);
  const place = [a.lineOne, a.lineTwo, a.city, a.postalCode.replace(/ /g, ''), a.country]
    .map((part) => part.toLowerCase())
    .join('|');
  const items = [...merged.entries()]
    .sort(([x], [y]) => x - y)
    .map(([id, q]) => `${id}x${q}`)
    .join(',');
  return `${items}@${place}`;
}
