// Which fields of a merchant tool hold money, and how an amount reads. The endpoint's document
// shows no tool names, arguments or results, so a field says it is money the ways a tool can say
// it: a whole number whose name ends in a minor-unit word (`price_minor`, `totalMinor`,
// `amount_minor_units`, `tip_cents`, `fee_pence`), or whose schema's title or description says
// "minor units", "pence" or "cents" (a tool's input schema, or its output schema for results).
// The currency is the record's own `currency` field when it has one, else the account's; with
// neither, an amount is still written as an amount (3.40), never as bare minor units (340).
// Pure (no React), so the rules are tested without a browser.
import { amountText, formatMoney, isMinorUnits } from '../../../../shared/money';

const MINOR_UNIT_WORDS = new Set(['minor', 'cents', 'pence']);
/** Schema words for an amount in minor units ("The new price in minor units.", "in pence"). */
const MINOR_UNIT_TEXT = /\bminor[\s_-]units?\b|\b(?:in|of|as)\s+(?:pence|cents)\b/i;

/** "price_minor" → ["price", "minor"], "totalMinorUnits" → ["total", "minor", "units"]. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** The name says minor units: its last word is one (or "… minor units"). */
export function nameSaysMoney(name: string): boolean {
  const words = wordsOf(name);
  const last = words.at(-1) ?? '';
  if (words.length < 2) return false; // "minor" alone names nothing that costs anything
  return MINOR_UNIT_WORDS.has(last) || (last === 'units' && words.at(-2) === 'minor');
}

/** The name without its minor-unit ending, for a label: "price_minor" → "price". */
export function withoutMoneySuffix(name: string): string {
  return nameSaysMoney(name)
    ? name.replace(/[\s_-]*(?:minor[\s_-]*units?|minor|cents|pence)$/i, '') || name
    : name;
}

interface PropertySchema {
  type?: unknown;
  title?: unknown;
  description?: unknown;
  properties?: Record<string, unknown>;
  items?: unknown;
}

function isInteger(schema: PropertySchema): boolean {
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((t) => t !== 'null');
  return types.length === 1 && types[0] === 'integer';
}

/** A property (of a tool's input or output schema) that holds an amount in minor units. */
export function schemaSaysMoney(name: string, schema: PropertySchema): boolean {
  if (!isInteger(schema)) return false;
  const words = [schema.title, schema.description].filter((w) => typeof w === 'string').join(' ');
  return nameSaysMoney(name) || MINOR_UNIT_TEXT.test(words);
}

/** Every property name a JSON schema marks as money, at any depth (nested records, lists of them). */
export function moneyFieldsOf(schema: unknown): Set<string> {
  const found = new Set<string>();
  const visit = (node: unknown, depth: number) => {
    if (!node || typeof node !== 'object' || depth > 8) return;
    const { properties, items } = node as PropertySchema;
    for (const [name, property] of Object.entries(properties ?? {})) {
      if (property && typeof property === 'object' && schemaSaysMoney(name, property as PropertySchema))
        found.add(name);
      visit(property, depth + 1);
    }
    visit(items, depth + 1);
  };
  visit(schema, 0);
  return found;
}

/** A currency the screens can write: an ISO 4217 code, else none. */
export function knownCurrency(value: unknown): string | null {
  return typeof value === 'string' && /^[A-Z]{3}$/.test(value) ? value : null;
}

/** An amount as the shop writes money: "£3.40" / "3,40 €"; without a currency, "3.40" / "3,40". */
export function moneyText(minor: number, currency: string | null): string {
  if (!isMinorUnits(minor)) return String(minor);
  return currency ? formatMoney(minor, currency) : amountText(minor);
}
