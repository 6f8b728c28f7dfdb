// Each journal row's additive share of a till report. A sale, a card refund, a refund, a No-sale,
// a cash movement or a counted shift becomes a Contribution (row-rules.ts holds the report's
// rules for a row); the report of any set of rows is the sum of their contributions, worked out
// into the report's rows by `reportFromContributions`. The till's own X and Z are exactly that
// over the period's facts (compute.ts), so a shop report summed from the tills' rows elsewhere
// cannot drift from them (docs/decisions.md, "Shop reports from additive contributions").
import { z } from 'zod';
import { namedTerminal } from '../../../shared/terminal-names';
import {
  CARD_KEY,
  CASH,
  hourReader,
  KEY,
  MANUAL,
  NO_CATEGORY,
  NO_RATE,
  NOBODY,
  SECTION,
  ReportTally,
  UNKNOWN_CARD,
  type Contribution,
  type ContributionContext,
  type Figures,
  type ReportBody,
  type ReportFact,
  type Section,
  type ShiftFigures,
  type Table,
  type Tallied,
} from './row-rules';
import type { TenderRow } from '../../../shared/contract';
import type { DayFacts, TerminalNaming } from './sources';

export {
  KEY,
  NO_RATE,
  SECTION,
  type Contribution,
  type ContributionContext,
  type ReportFact,
  type Section,
} from './row-rules';

const integer = z.number().int().safe();
const KEY_PARTS = /^([a-z-]+)\|(.*)\|([a-z]+)$/s;
/** Why a key read from outside is not one the report can place, or null when it is. */
function keyProblem(key: string): string | null {
  const [, section, row = ''] = KEY_PARTS.exec(key) ?? [];
  if (section === undefined) return `${key}: a key is section|row|field`;
  if (section === SECTION.vat && row !== NO_RATE && !/^\d{1,5}$/.test(row))
    return `${key}: a VAT row is a rate in basis points, or ${NO_RATE}`;
  if (section === SECTION.hour && !/^(1?\d|2[0-3])$/.test(row)) return `${key}: an hour is 0 to 23`;
  return null;
}
/** A contribution read from outside (a journal body, the shop server's sums): whole numbers only. */
export const contributionSchema = z
  .object({
    sums: z.record(z.string(), integer).superRefine((sums, ctx) => {
      for (const key of Object.keys(sums)) {
        const problem = keyProblem(key);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [key] });
      }
    }),
    cashiers: z.record(z.string(), z.string()),
    machines: z.record(z.string(), z.object({ name: z.string(), named: z.boolean() }).strict()),
    shifts: z.array(
      z
        .object({
          number: integer,
          float: integer,
          expected: integer,
          counted: integer,
          difference: integer,
          countedBy: z.string().nullable(),
        })
        .strict(),
    ),
  })
  .strict();

/** The context of a period's facts, in the shop's time zone (the machine's when absent). */
export function contextOf(facts: DayFacts, timeZone?: string): ContributionContext {
  const receipts = new Map(facts.sales.map((s) => [s.saleId, s.receiptNumber]));
  return {
    currency: facts.currency,
    hourOf: hourReader(timeZone),
    terminalOf: facts.terminalOf,
    terminalName: facts.terminalName,
    categories: facts.categories,
    receiptOf: (saleId) => receipts.get(saleId),
  };
}

/** A period's facts in the order the report meets them (the order its rows first appear in). */
export function* reportFacts(facts: DayFacts): Generator<ReportFact> {
  for (const sale of facts.sales) yield { kind: 'sale', sale };
  for (const payment of facts.cardPayments) yield { kind: 'card-payment', payment };
  for (const refund of facts.cashRefunds) yield { kind: 'cash-refund', refund };
  for (const refund of facts.itemisedRefunds) yield { kind: 'itemised-refund', refund };
  for (const movement of facts.cashMovements) yield { kind: 'cash-movement', movement };
  for (const noSale of facts.noSales ?? []) yield { kind: 'no-sale', noSale };
  for (const shift of facts.shifts) yield { kind: 'shift', shift };
}

/**
 * The instant by which a report places a row in a period (since, until]: a sale when it was
 * completed, a void when it was opened, a card refund when it began, a refund when it completed,
 * a shift when it was counted. Null for a row that counts in no period (a shift still open).
 */
export function countsAt(fact: ReportFact): string | null {
  switch (fact.kind) {
    case 'sale':
      return fact.sale.state === 'completed'
        ? (fact.sale.completedAt ?? fact.sale.createdAt)
        : fact.sale.createdAt;
    case 'card-payment':
      return fact.payment.createdAt;
    case 'cash-refund':
    case 'itemised-refund':
      return fact.refund.at;
    case 'no-sale':
      return fact.noSale.at;
    case 'cash-movement':
      return fact.movement.at;
    case 'shift':
      return fact.shift.closedAt;
  }
}

export function emptyContribution(): Contribution {
  return { sums: {}, cashiers: {}, machines: {}, shifts: [] };
}

/**
 * Records are filled as prototype-less dictionaries and then made plain objects: no key can be
 * an inherited property (an id called `constructor` or `__proto__` is an id like any other), and
 * they never get a hidden class per key (rows' keys differ from row to row; building them as
 * ordinary objects cost eight times as much).
 */
const dictionary = <V>(from?: Readonly<Record<string, V>>) =>
  Object.assign(Object.create(null) as Record<string, V>, from);
const plain = <V>(dict: Record<string, V>) =>
  Object.setPrototypeOf(dict, Object.prototype) as Record<string, V>;

/** A tally's sums as a Contribution: flat `section|row|field` keys, JSON-safe. */
export function contributionOfTally(tally: Tallied): Contribution {
  const sums = dictionary<number>();
  for (const [section, rows] of tally.table)
    for (const [row, figures] of rows)
      for (const field in figures) sums[KEY(section, row, field)] = figures[field]!;
  return {
    sums: plain(sums),
    cashiers: plain(dictionary(tally.cashiers)),
    machines: plain(dictionary(tally.machines)),
    shifts: [...tally.shifts],
  };
}

/** One journal row's contribution (its facts: one, or a refund's cash and itemised parts). */
export function contributionOf(
  facts: ReportFact | readonly ReportFact[],
  ctx: ContributionContext,
): Contribution {
  const tally = new ReportTally(ctx);
  for (const fact of Array.isArray(facts) ? facts : [facts]) tally.add(fact as ReportFact);
  return contributionOfTally(tally);
}

/** The contributions added up: the sums key by key, the first name met for each id, the shifts in turn. */
export function sumContributions(list: Iterable<Contribution>): Contribution {
  const sums = dictionary<number>();
  const cashiers = dictionary<string>();
  const machines = dictionary<TerminalNaming>();
  const shifts: ShiftFigures[] = [];
  for (const c of list) {
    for (const key in c.sums) sums[key] = (sums[key] ?? 0) + c.sums[key]!;
    for (const id in c.cashiers) cashiers[id] ??= c.cashiers[id]!;
    for (const id in c.machines) machines[id] ??= c.machines[id]!;
    for (const shift of c.shifts) shifts.push(shift);
  }
  return { sums: plain(sums), cashiers: plain(cashiers), machines: plain(machines), shifts };
}

/** What turns a sum into the report, besides the sum. */
export interface ReportOptions {
  currency: string;
  /**
   * Each product's category now (archived products too): the sums keep products, and the
   * report groups them by the catalogue it is worked out with, as the till's report always did.
   */
  categories: ReadonlyMap<string, string>;
  /** Whether No-sales are recorded where the rows come from (the report shows null otherwise). */
  noSalesKept: boolean;
}

/** The sums by section and row, in the order their rows first appear; unknown sections kept aside. */
function tableOf(sums: Readonly<Record<string, number>>): Table {
  const table: Table = new Map();
  for (const [key, value] of Object.entries(sums)) {
    const first = key.indexOf('|');
    const last = key.lastIndexOf('|');
    if (first < 0 || last === first) continue;
    const section = key.slice(0, first);
    const row = key.slice(first + 1, last);
    let rows = table.get(section);
    if (!rows) table.set(section, (rows = new Map()));
    let figures = rows.get(row);
    if (!figures) rows.set(row, (figures = {}));
    const field = key.slice(last + 1);
    figures[field] = (figures[field] ?? 0) + value;
  }
  return table;
}

/** A tender or refund row: cash, keyed in by hand, a card machine by its name, or not known. */
function tenderRow(key: string, machines: Readonly<Record<string, TerminalNaming>>, f: Figures): TenderRow {
  const count = f.count ?? 0;
  const amount = f.amount ?? 0;
  if (key === CASH.key) return { key, label: CASH.label, count, amount };
  if (key === MANUAL.key) return { key, label: MANUAL.label, count, amount };
  const id = key.slice(CARD_KEY.length);
  const naming = Object.hasOwn(machines, id) ? machines[id] : undefined;
  if (!naming && key === UNKNOWN_CARD.key) return { key, label: UNKNOWN_CARD.label, count, amount };
  // A machine whose naming did not travel with the sums is shown as unnamed, never dropped.
  const { name, named } = naming ?? namedTerminal({}, id);
  return { key, label: name, terminal: { id, named }, count, amount };
}

/**
 * The report a sum of contributions makes: every figure is a sum, or worked out from sums
 * (net = amount − refunds, VAT net = gross − VAT, the sales' refunds = the refund rows). Rows
 * come in the order they first appear in the sum, lists largest first; `inCanonicalOrder` puts
 * a sum made elsewhere (whose order means nothing) in a fixed order.
 */
export function reportFromContributions(sum: Contribution, o: ReportOptions): ReportBody {
  return reportOfTally({ ...sum, table: tableOf(sum.sums) }, o);
}

/** The report of a tally (computeReport's, or a sum's read into a table). */
export function reportOfTally(tally: Tallied, o: ReportOptions): ReportBody {
  const { table } = tally;
  const rows = (section: Section) => [...(table.get(section) ?? new Map<string, Figures>()).entries()];
  const figures = (section: Section, row = '') => table.get(section)?.get(row) ?? {};
  const countAmount = (section: Section) => {
    const f = figures(section);
    return { count: f.count ?? 0, amount: f.amount ?? 0 };
  };
  const tenderRows = (section: Section) => rows(section).map(([key, f]) => tenderRow(key, tally.machines, f));
  const withNet = <R extends { amount: number; refunds: number }>(r: R) => ({
    ...r,
    net: r.amount - r.refunds,
  });

  const sales = countAmount(SECTION.sales);
  const refunds = tenderRows(SECTION.refund);
  const refundTotal = refunds.reduce((a, r) => a + r.amount, 0);
  const categories = new Map<string, { quantity: number; amount: number; refunds: number }>();
  for (const [productId, f] of rows(SECTION.product)) {
    const category = o.categories.get(productId) ?? NO_CATEGORY;
    const row = categories.get(category) ?? { quantity: 0, amount: 0, refunds: 0 };
    row.quantity += f.quantity ?? 0;
    row.amount += f.amount ?? 0;
    row.refunds += f.refunds ?? 0;
    categories.set(category, row);
  }
  return {
    currency: o.currency,
    sales: { ...sales, refunds: refundTotal, net: sales.amount - refundTotal },
    tenders: tenderRows(SECTION.tender),
    vat: rows(SECTION.vat)
      .map(([rate, f]) => {
        const gross = f.gross ?? 0;
        const vat = f.vat ?? 0;
        return { basisPoints: rate === NO_RATE ? null : Number(rate), gross, vat, net: gross - vat };
      })
      .sort((a, b) => (b.basisPoints ?? -1) - (a.basisPoints ?? -1)),
    categories: [...categories.entries()]
      .map(([category, r]) => withNet({ category, ...r }))
      .sort((a, b) => b.amount - a.amount),
    cashiers: rows(SECTION.cashier)
      .map(([id, f]) =>
        withNet({
          name: Object.hasOwn(tally.cashiers, id) ? tally.cashiers[id]! : NOBODY,
          count: f.count ?? 0,
          amount: f.amount ?? 0,
          refunds: f.refunds ?? 0,
        }),
      )
      .sort((a, b) => b.amount - a.amount),
    hours: Array.from({ length: 24 }, (_, hour) => {
      const f = figures(SECTION.hour, String(hour));
      return { hour, count: f.count ?? 0, amount: f.amount ?? 0 };
    }),
    refunds,
    refundsWithoutItems: countAmount(SECTION.refundsWithoutItems),
    discounts: countAmount(SECTION.discounts),
    priceOverrides: countAmount(SECTION.priceOverrides),
    voids: countAmount(SECTION.voids),
    noSales: o.noSalesKept ? { count: figures(SECTION.noSales).count ?? 0 } : null,
    cashMovements: rows(SECTION.cashMovement).map(([key, f]) => {
      const [direction, reason] = key.split(':') as [
        ReportBody['cashMovements'][number]['direction'],
        ReportBody['cashMovements'][number]['reason'],
      ];
      return { direction, reason, count: f.count ?? 0, amount: f.amount ?? 0 };
    }),
    shifts: [...tally.shifts],
  };
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Cash, keyed in by hand, the card machines by id, the machine not known last. */
function tenderOrder(a: TenderRow, b: TenderRow): number {
  const rank = (r: TenderRow) => (r.key === CASH.key ? 0 : r.key === MANUAL.key ? 1 : r.terminal ? 2 : 3);
  return rank(a) - rank(b) || byText(a.key, b.key);
}

/**
 * The report in a fixed order, whatever order its sum was added up in (a shop report summed from
 * several tills, or by the shop server): tenders and refunds cash first, then by machine;
 * categories and cashiers largest first, then by name; cash in before cash out, each by reason;
 * drawer counts by shift number.
 */
export function inCanonicalOrder(body: ReportBody): ReportBody {
  return {
    ...body,
    tenders: [...body.tenders].sort(tenderOrder),
    refunds: [...body.refunds].sort(tenderOrder),
    categories: [...body.categories].sort((a, b) => b.amount - a.amount || byText(a.category, b.category)),
    cashiers: [...body.cashiers].sort((a, b) => b.amount - a.amount || byText(a.name, b.name)),
    cashMovements: [...body.cashMovements].sort(
      (a, b) => byText(a.direction, b.direction) || byText(a.reason, b.reason),
    ),
    shifts: [...body.shifts].sort((a, b) => a.number - b.number),
  };
}

/**
 * A report over several tills: the shop's (every till's sums added) and each till's own beside
 * it, both in canonical order. Each till's figures add up to the shop's, row by row; each till's
 * drawer counts stay in its own report.
 */
export function reportByTill<T>(
  tills: readonly { till: T; sum: Contribution }[],
  o: ReportOptions,
): { shop: ReportBody; tills: Array<{ till: T; report: ReportBody }> } {
  const report = (sum: Contribution) => inCanonicalOrder(reportFromContributions(sum, o));
  return {
    shop: report(sumContributions(tills.map((t) => t.sum))),
    tills: tills.map(({ till, sum }) => ({ till, report: report(sum) })),
  };
}
