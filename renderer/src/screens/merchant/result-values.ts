// How one value of a tool's answer reads (ToolResult.tsx lays them out): labels from field names,
// yes/no, dates, and money wherever the field says it is money (money-fields.ts), in the currency
// of the record that holds it, else the account's. Pure, so the rules are tested without a browser.
import { currentFormat, i18n } from '../../i18n';
import { knownCurrency, moneyText, nameSaysMoney, withoutMoneySuffix } from './money-fields';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** What a value needs to be read: the currency in force, and the fields the output schema marks as money. */
export interface Reading {
  currency: string | null;
  money: ReadonlySet<string>;
}

/** "previous_price_minor" → "Previous price", "venueId" → "Venue id". */
export function labelOf(key: string): string {
  const words = withoutMoneySuffix(key)
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

export function scalar(key: string, value: Json, reading: Reading): string {
  if (value === null) return '—';
  if (typeof value === 'boolean') return i18n.t(value ? 'merchant.yesValue' : 'merchant.noValue');
  const money = nameSaysMoney(key) || reading.money.has(key);
  if (typeof value === 'number' && Number.isSafeInteger(value) && money)
    return moneyText(value, reading.currency);
  if (typeof value === 'number' && /(_at|At)$/.test(key) && value > 1e12)
    return currentFormat().dateTime(value);
  return String(value);
}

/** A record that names its own currency is read in it; otherwise in the one in force. */
export function within(record: { [key: string]: Json }, reading: Reading): Reading {
  const own = knownCurrency(record.currency);
  return own ? { ...reading, currency: own } : reading;
}
