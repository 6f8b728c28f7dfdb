// Words the services send with a key (TillError.words, a payment's words, a card machine's
// notification code): shown from the catalogue's `services.*` in the shop's language, with money
// written in its locale. A key the catalogue lacks shows the services' own English text.
import type { PaymentView, WordParam, Words } from '../../../shared/contract';
import { TillError } from '../../../shared/contract/till-error';
import type { OversizedDiscount } from '../../../shared/pricing';
import { currentFormat, i18n } from './index';

function paramText(value: WordParam): string | number {
  if (typeof value !== 'object') return value;
  if ('minor' in value) return currentFormat().money(value.minor, value.currency);
  return wordsText({ key: value.key, ...(value.params && { params: value.params }) }, value.english);
}

/** The services' words in the current language, or `english` when there is no such key. */
export function wordsText(words: Words | undefined | null, english: string): string {
  if (!words) return english;
  const key = `services.${words.key}`;
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(words.params ?? {})) params[name] = paramText(value);
  // With the params, so a plural key (`…_one`, `…_other`) is found by its `count`.
  if (!i18n.exists(key, params)) return english;
  return i18n.t(key as never, params) as string;
}

/** A bad line of a file and each keyed reason ("Line 4: the name is empty; …"), or `english`. */
export function lineReasonsText(
  line: number,
  reasons: readonly Words[] | undefined,
  english: string,
): string {
  if (!reasons?.length || !reasons.every((r) => i18n.exists(`services.${r.key}`))) return english;
  const listed = reasons.map((r) => wordsText(r, '')).join('; ');
  return i18n.t('services.catalogueImport.line', { line, reasons: listed });
}

/** A card machine's notification ("INSERT_CARD"), or its English words when the code is new. */
export function notificationText(code: string, english: string): string {
  return wordsText({ key: `payment.notification.${code}` }, english);
}

/** A failed call in the current language: the services' words by key, else their English text. */
export function errorText(error: unknown): string {
  if (error instanceof TillError) return wordsText(error.words, error.message);
  if (error instanceof Error) return error.message;
  return i18n.t('common.somethingWrong');
}

/** A card payment's message for the cashier, in the current language. */
export function paymentMessage(payment: { message: string; words?: Words | undefined }): string {
  return wordsText(payment.words, payment.message);
}

/**
 * Why a card payment's outcome is not known, in the current language: the payment's own reason,
 * else (none was kept) that the card service's answer was lost.
 */
export function unknownReasonText(payment: Pick<PaymentView, 'unknownReason'>): string {
  return payment.unknownReason ? paymentMessage(payment.unknownReason) : i18n.t('sell.payment.unknownLost');
}

/**
 * A discount larger than what it applies to, in the very words the services refuse it with
 * (`services.sale.lineDiscountTooBig` / `basketDiscountTooBig`), said before anyone pays.
 */
export function oversizedDiscountText(
  oversized: OversizedDiscount,
  currency: string,
  lineName: string,
): string {
  const money = (minor: number) => currentFormat().money(minor, currency);
  const params = { name: lineName, discount: money(oversized.discount), cost: money(oversized.cost) };
  return oversized.on === 'line'
    ? i18n.t('services.sale.lineDiscountTooBig', params)
    : i18n.t('services.sale.basketDiscountTooBig', params);
}
