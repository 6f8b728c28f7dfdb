// The comparison itself, with no I/O: the card machine's totals for a period against the till's
// journal for the same period, each journaled payment read back from the card machine, and the
// card payments keyed in by hand. What the API gives decides what can be found: reports give
// totals (and, for banking, a range of transaction numbers), never a list of transactions, and a
// transaction can be read only by the id the till got when it started it. So a sale the till
// never started shows as totals the till cannot explain (with its numbers when banking lists a
// range), and a journaled payment the card machine records differently shows one by one.
import type { Words } from '../../../shared/contract/errors';
import type { DifferenceKind, DifferenceView, SideTotals } from '../../../shared/contract/reconciliation';
import { formatMoney } from '../../../shared/money';
import type { ManualCardEntry } from '../sales/sales-ledger';

export const NO_TOTALS: SideTotals = { salesCount: 0, salesAmount: 0, refundsCount: 0, refundsAmount: 0 };

/** A card payment in the till's journal, as reconciliation needs it. */
export interface TillPayment {
  paymentId: string;
  type: 'SALE' | 'REFUND';
  /** Whether the till counts it as money moved (approved, or decided paid). */
  paid: boolean;
  /** What the card machine took, cashback and tip included (its own totals count that). */
  amount: number;
  transactionId: string | null;
  transactionNumber: string | null;
  receiptNumber: string | null;
}

/** The card machine's own record of a journaled payment, read back by id; null when unreadable. */
export interface ReadBack {
  type: string | null;
  result: string | null;
  amountTotal: number | null;
  transactionNumber: string | null;
}

/** A difference as kept: its view (without resolution) and what settling it accounts for. */
export interface Difference extends Omit<DifferenceView, 'resolution'> {
  /** Card machine minus till that settling this difference explains, for later checks of the period. */
  accounts: SideTotals;
  tenderId: number | null;
  paymentId: string | null;
}

export interface CompareInput {
  currency: string;
  terminal: SideTotals;
  /** The card machine's transaction numbers for the period (banking), first and last. */
  numberRange: readonly [string, string] | null;
  journal: readonly TillPayment[];
  /** Transaction numbers the till knows on this card machine (any outcome). */
  knownNumbers: ReadonlySet<string>;
  readBack: ReadonlyMap<string, ReadBack>;
  manualEntries: readonly ManualCardEntry[];
  /** What differences settled earlier in the same period already explain. */
  accounted: SideTotals;
}

export interface CompareResult {
  till: SideTotals;
  transactionsChecked: number;
  differences: Difference[];
}

type Side = 'sales' | 'refunds';
const sideOf = (type: string | null): Side => (type === 'REFUND' ? 'refunds' : 'sales');

function add(totals: SideTotals, side: Side, count: number, amount: number): SideTotals {
  return side === 'sales'
    ? { ...totals, salesCount: totals.salesCount + count, salesAmount: totals.salesAmount + amount }
    : { ...totals, refundsCount: totals.refundsCount + count, refundsAmount: totals.refundsAmount + amount };
}

export function minus(a: SideTotals, b: SideTotals): SideTotals {
  return {
    salesCount: a.salesCount - b.salesCount,
    salesAmount: a.salesAmount - b.salesAmount,
    refundsCount: a.refundsCount - b.refundsCount,
    refundsAmount: a.refundsAmount - b.refundsAmount,
  };
}

export function sumTotals(list: readonly SideTotals[]): SideTotals {
  return list.reduce((sum, t) => minus(sum, minus(NO_TOTALS, t)), NO_TOTALS);
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * A sentence for staff: its English and its catalogue key (`services.<key>` in en|de
 * services-office.ts, which says the same English) with the values that fill it.
 */
interface Worded {
  english: string;
  words: Words;
}

const worded = (key: string, english: string, params?: Words['params']): Worded => ({
  english,
  words: params ? { key, params } : { key },
});

/** What to look at and do next, per kind of difference: `services.reconciliation.detail.*`. */
const DETAILS = {
  tillOnlyPayment:
    'The card machine records it as not gone through. Check the card machine’s receipt roll and the customer’s bank, then note what you found.',
  notPaidInTill:
    'The customer may have paid twice or left without paying. Check the sale, then note what you did.',
  otherOnMachine: 'Compare the card slip with the sale, then note which is right.',
  salesOnMachineOnly:
    'Probably keyed on the card machine directly. Find the slip, ring the sale up or record it as a card payment keyed in by hand, then note what you did.',
  refundsOnMachineOnly: 'A refund was given on the card machine directly. Find the slip and note why.',
  inTillOnly:
    'The card machine did not count them. Check its receipt roll and the sales, then note what you found.',
  totals: 'Compare the card machine’s report with the till’s sales, then note what you found.',
  manualMatched: 'It matches a sale on the card machine the till did not start. Confirm it with a note.',
  manualUnmatched:
    'It may have been taken on another card machine. Check the slip, then note what you found.',
} as const;

const detail = (name: keyof typeof DETAILS): Worded => worded(`reconciliation.detail.${name}`, DETAILS[name]);

/** An amount as the English writes it and as the screens get it (written in the shop's locale). */
interface Money {
  text(minor: number): string;
  param(minor: number): { minor: number; currency: string };
}

function moneyIn(currency: string): Money {
  return { text: (minor) => formatMoney(minor, currency), param: (minor) => ({ minor, currency }) };
}

function difference(
  fields: Pick<Difference, 'id' | 'kind' | 'amount'> &
    Partial<Omit<Difference, 'title' | 'detail'>> & { title: Worded; detail: Worded },
): Difference {
  const { title, detail: next, ...rest } = fields;
  return {
    receiptNumber: null,
    transactionNumbers: [],
    accounts: NO_TOTALS,
    tenderId: null,
    paymentId: null,
    ...rest,
    title: title.english,
    titleWords: title.words,
    detail: next.english,
    detailWords: next.words,
  };
}

/** One journaled payment against the card machine's own record of it; null when they agree. */
function paymentDifference(p: TillPayment, r: ReadBack, money: Money): Difference | null {
  const terminalCounts = r.result === 'SUCCESSFUL';
  const terminalAmount = r.amountTotal ?? 0;
  const terminalSide = sideOf(r.type);
  const tillSide = sideOf(p.type);
  const sameType = terminalSide === tillSide;
  if (terminalCounts === p.paid && (!p.paid || (sameType && terminalAmount === p.amount))) return null;
  const what = p.type === 'REFUND' ? 'refund' : 'card payment';
  const sale = p.receiptNumber ? ` (sale ${p.receiptNumber})` : '';
  // The catalogue has each sentence for a card payment or a refund, with or without its sale.
  const variant = `${p.type === 'REFUND' ? 'refund' : 'payment'}${p.receiptNumber ? 'OnSale' : ''}`;
  const receipt: Record<string, string> = p.receiptNumber ? { receipt: p.receiptNumber } : {};
  const numbers = r.transactionNumber ? [r.transactionNumber] : [];
  const base = { id: `payment:${p.paymentId}`, paymentId: p.paymentId, receiptNumber: p.receiptNumber };
  if (p.paid && !terminalCounts) {
    return difference({
      ...base,
      kind: 'till_only',
      title: worded(
        `reconciliation.payment.tillOnly.${variant}`,
        `The till has a ${what} of ${money.text(p.amount)}${sale} that the card machine did not count`,
        { amount: money.param(p.amount), ...receipt },
      ),
      detail: detail('tillOnlyPayment'),
      amount: -p.amount * (tillSide === 'refunds' ? -1 : 1),
      transactionNumbers: numbers,
    });
  }
  if (!p.paid && terminalCounts) {
    return difference({
      ...base,
      kind: 'terminal_only',
      title: worded(
        `reconciliation.payment.notPaidInTill.${variant}`,
        `The card machine took ${money.text(terminalAmount)} on a ${what}${sale} the till has as not paid`,
        { amount: money.param(terminalAmount), ...receipt },
      ),
      detail: detail('notPaidInTill'),
      amount: terminalAmount * (terminalSide === 'refunds' ? -1 : 1),
      transactionNumbers: numbers,
    });
  }
  const typeWords = sameType ? '' : ` as a ${terminalSide === 'refunds' ? 'refund' : 'sale'}`;
  return difference({
    ...base,
    kind: 'mismatch',
    title: worded(
      `reconciliation.payment.${sameType ? 'otherAmount' : 'otherType'}.${variant}`,
      `The card machine has ${money.text(terminalAmount)}${typeWords} where the till has a ${what} of ${money.text(p.amount)}${sale}`,
      { machine: money.param(terminalAmount), till: money.param(p.amount), ...receipt },
    ),
    detail: detail('otherOnMachine'),
    amount:
      terminalAmount * (terminalSide === 'refunds' ? -1 : 1) - p.amount * (tillSide === 'refunds' ? -1 : 1),
    transactionNumbers: numbers,
  });
}

/** What the card payment's read-back changes in the card machine's count against the till's. */
function readBackDelta(p: TillPayment, r: ReadBack): SideTotals {
  let delta = NO_TOTALS;
  if (r.result === 'SUCCESSFUL') delta = add(delta, sideOf(r.type), 1, r.amountTotal ?? 0);
  if (p.paid) delta = add(delta, sideOf(p.type), -1, -p.amount);
  return delta;
}

/** Numbers inside the card machine's range that the till has never seen. */
function unknownNumbers(range: readonly [string, string] | null, known: ReadonlySet<string>): string[] {
  if (!range) return [];
  const first = Number.parseInt(range[0], 10);
  const last = Number.parseInt(range[1], 10);
  if (!Number.isFinite(first) || !Number.isFinite(last) || last < first || last - first > 10_000) return [];
  const width = range[0].length;
  const missing: string[] = [];
  for (let n = first; n <= last; n++) {
    const text = String(n).padStart(width, '0');
    if (!known.has(text) && !known.has(String(n))) missing.push(text);
  }
  return missing;
}

/**
 * Manual entries explain a surplus of sales on the card machine when they add up to it exactly:
 * all of them together, or one that equals a single unexplained sale.
 */
function matchManualEntries(entries: readonly ManualCardEntry[], surplus: SideTotals): Set<number> {
  const total = entries.reduce((sum, e) => sum + e.amount, 0);
  if (entries.length > 0 && surplus.salesCount === entries.length && surplus.salesAmount === total)
    return new Set(entries.map((e) => e.tenderId));
  const single = surplus.salesCount === 1 ? entries.find((e) => e.amount === surplus.salesAmount) : undefined;
  return new Set(single ? [single.tenderId] : []);
}

/**
 * Totals that one side alone does not explain: the amounts differ, and how many more sales (or
 * refunds) one side has, only when it has more; or, when the amounts agree, that the number
 * differs. The same English as the catalogue's `services.reconciliation.mismatch.*`.
 */
function mismatchTitle(side: Side, count: number, amount: number, money: Money): Worded {
  const word = side === 'sales' ? 'sale' : 'refund';
  const where = count > 0 ? 'OnMachine' : 'InTill';
  const more = `${plural(Math.abs(count), word)} more ${count > 0 ? 'on the card machine' : 'in the till'}`;
  if (amount === 0)
    return worded(
      `reconciliation.mismatch.countOnly.${side}More${where}`,
      `The card machine and the till agree on the amount but not on the number of ${word}s: ${more}`,
      { count: Math.abs(count) },
    );
  const differ = `The card machine’s ${word}s differ from the till’s by ${money.text(Math.abs(amount))}`;
  const by = money.param(Math.abs(amount));
  if (count === 0) return worded(`reconciliation.mismatch.${side}`, differ, { amount: by });
  return worded(`reconciliation.mismatch.${side}More${where}`, `${differ} (${more})`, {
    amount: by,
    count: Math.abs(count),
  });
}

/** "2 sales of £16.00 on the card machine are not in the till", or the same in the till. */
function oneSideTitle(
  side: Side,
  where: 'onMachine' | 'inTill',
  count: number,
  amount: number,
  money: Money,
) {
  const there = where === 'onMachine' ? 'on the card machine' : 'in the till';
  const notHere = where === 'onMachine' ? 'not in the till' : 'not on the card machine';
  return worded(
    `reconciliation.oneSide.${where}.${side}`,
    `${plural(count, side === 'sales' ? 'sale' : 'refund')} of ${money.text(amount)} ${there} ${count === 1 ? 'is' : 'are'} ${notHere}`,
    { count, amount: money.param(amount) },
  );
}

function residualDifference(
  side: Side,
  residual: SideTotals,
  numbers: string[],
  money: Money,
): Difference | null {
  const count = side === 'sales' ? residual.salesCount : residual.refundsCount;
  const amount = side === 'sales' ? residual.salesAmount : residual.refundsAmount;
  if (count === 0 && amount === 0) return null;
  const accounts = add(NO_TOTALS, side, count, amount);
  const signed = side === 'sales' ? amount : 0 - amount; // 0, not -0, when the amounts agree
  let kind: DifferenceKind;
  let title: Worded;
  let next: Worded;
  if (count > 0 && amount > 0) {
    kind = 'terminal_only';
    title = oneSideTitle(side, 'onMachine', count, amount, money);
    next = detail(side === 'sales' ? 'salesOnMachineOnly' : 'refundsOnMachineOnly');
  } else if (count < 0 && amount < 0) {
    kind = 'till_only';
    title = oneSideTitle(side, 'inTill', -count, -amount, money);
    next = detail('inTillOnly');
  } else {
    kind = 'mismatch';
    title = mismatchTitle(side, count, amount, money);
    next = detail('totals');
  }
  return difference({
    id: `${side}:${kind}`,
    kind,
    title,
    detail: next,
    amount: signed,
    accounts,
    transactionNumbers: kind === 'terminal_only' ? numbers : [],
  });
}

/** "Matched: card payment keyed in by hand on sale S0012, £12.00, ref 4411", or not found. */
function manualTitle(entry: ManualCardEntry, isMatched: boolean, money: Money): Worded {
  const keyed = `card payment keyed in by hand on sale ${entry.receiptNumber}, ${money.text(entry.amount)}${entry.reference ? `, ref ${entry.reference}` : ''}`;
  return worded(
    `reconciliation.manual.${isMatched ? 'matched' : 'unmatched'}${entry.reference ? 'WithReference' : ''}`,
    `${isMatched ? 'Matched' : 'Not found on this card machine'}: ${keyed}`,
    {
      receipt: entry.receiptNumber,
      amount: money.param(entry.amount),
      ...(entry.reference ? { reference: entry.reference } : {}),
    },
  );
}

export function compare(input: CompareInput): CompareResult {
  const money = moneyIn(input.currency);
  let till = NO_TOTALS;
  for (const p of input.journal) if (p.paid) till = add(till, sideOf(p.type), 1, p.amount);

  const differences: Difference[] = [];
  let explained = input.accounted;
  let checked = 0;
  for (const p of input.journal) {
    const r = p.transactionId ? input.readBack.get(p.paymentId) : undefined;
    if (!r) continue;
    checked += 1;
    const found = paymentDifference(p, r, money);
    if (!found) continue;
    differences.push(found);
    explained = sumTotals([explained, readBackDelta(p, r)]);
  }

  let residual = minus(minus(input.terminal, till), explained);
  const matched = matchManualEntries(input.manualEntries, residual);
  for (const entry of input.manualEntries) {
    const isMatched = matched.has(entry.tenderId);
    differences.push(
      difference({
        id: `manual:${entry.tenderId}`,
        kind: isMatched ? 'manual_matched' : 'manual_unmatched',
        title: manualTitle(entry, isMatched, money),
        detail: detail(isMatched ? 'manualMatched' : 'manualUnmatched'),
        amount: isMatched ? 0 : -entry.amount,
        receiptNumber: entry.receiptNumber,
        accounts: isMatched ? add(NO_TOTALS, 'sales', 1, entry.amount) : NO_TOTALS,
        tenderId: entry.tenderId,
      }),
    );
    if (isMatched) residual = add(residual, 'sales', -1, -entry.amount);
  }

  const numbers = unknownNumbers(input.numberRange, input.knownNumbers);
  for (const side of ['sales', 'refunds'] as const) {
    const found = residualDifference(side, residual, numbers, money);
    if (found) differences.push(found);
  }
  return { till, transactionsChecked: checked, differences };
}
