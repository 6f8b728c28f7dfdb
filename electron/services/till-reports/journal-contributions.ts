// Each journal row that counts for reports goes up to the shop server carrying its additive
// contribution (`body.report`), worked out here on the till by the till report's own rules
// (contribution.ts, row-rules.ts) from the same facts its own X reads (DaySources): the shop
// server only adds them up, so the shop's report cannot drift from the tills' own. A row in no
// final state yet (a sale still open, a refund under way, a shift not counted) carries `report:
// null`; its newer version, sent when it changes, carries its share.
import type { JournalEntry, JournalKind } from '../shop-server/journal-source';
import { contributionOf, type Contribution, type ContributionContext, type ReportFact } from './contribution';
import { hourReader } from './row-rules';
import type { DaySources } from './sources';

/** The journal kinds a till report counts; the others (Z reports, card checks, audit) carry none. */
export const REPORT_KINDS: ReadonlySet<JournalKind> = new Set([
  'sale',
  'card-payment',
  'refund',
  'no-sale',
  'cash-movement',
  'shift',
]);

export interface ContributionOptions {
  sources: DaySources;
  currency: string;
  /** The shop's time zone (the hours of the report); the machine's when absent. */
  timeZone: () => string | undefined;
  /**
   * Each product's SKU by its id on this till (archived products too): the shop report sums
   * products by SKU, the one key all tills share, and groups them into the shop's categories.
   */
  skus: () => ReadonlyMap<string, string>;
}

type Body = Record<string, unknown>;
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The instant a row's report counts it at, read from its journal body (its table's columns), as
 * the till's report places it in a period (`countsAt` in contribution.ts); null while the row
 * counts nowhere yet.
 */
export function instantOf(kind: JournalKind, body: Body): string | null {
  switch (kind) {
    case 'sale':
      if (body.state === 'completed') return text(body.completedAt) ?? text(body.createdAt);
      return body.state === 'abandoned' ? text(body.createdAt) : null;
    case 'card-payment':
      return text(body.createdAt);
    case 'refund':
      return body.state === 'completed' ? text(body.completedAt) : null;
    case 'no-sale':
    case 'cash-movement':
      return text(body.at);
    case 'shift':
      return text(body.closedAt);
    default:
      return null;
  }
}

/** Instants close together are read with one query per source: spans at most this long. */
const SPAN_MS = 60_000;

/** Sorted instants gathered into periods (since, until] no longer than SPAN_MS each. */
function periodsOf(instants: readonly string[]): Array<{ since: string; until: string }> {
  const times = [...new Set(instants)].map((i) => Date.parse(i)).sort((a, b) => a - b);
  const periods: Array<{ since: string; until: string }> = [];
  let start = Number.NaN;
  let end = Number.NaN;
  const close = () => {
    if (!Number.isNaN(start))
      periods.push({ since: new Date(start - 1).toISOString(), until: new Date(end).toISOString() });
  };
  for (const t of times) {
    if (!Number.isNaN(start) && t - start <= SPAN_MS) end = t;
    else {
      close();
      start = end = t;
    }
  }
  close();
  return periods;
}

/** Each row's facts, found by id (or, for a No-sale or cash movement, by what it adds) in its period. */
function factsFinder(kind: JournalKind, sources: DaySources) {
  return (since: string, until: string): ((id: string, body: Body) => ReportFact[]) => {
    switch (kind) {
      case 'sale': {
        const sales = new Map(sources.sales(since, until).map((sale) => [sale.saleId, sale]));
        return (id) => {
          const sale = sales.get(id);
          return sale ? [{ kind: 'sale', sale }] : [];
        };
      }
      case 'card-payment': {
        // The same facts as the till's report: gatherFacts's, for these payments.
        const payments = new Map(sources.cardPayments(since, until).map((p) => [p.id, p]));
        return (id) => {
          const payment = payments.get(id);
          return payment ? [{ kind: 'card-payment', payment }] : [];
        };
      }
      case 'refund': {
        const cash = sources.cashRefunds(since, until);
        const itemised = sources.itemisedRefunds(since, until);
        return (id) => [
          ...cash
            .filter((r) => r.refundId === id)
            .map((refund) => ({ kind: 'cash-refund' as const, refund })),
          ...itemised
            .filter((r) => r.refundId === id)
            .map((refund) => ({ kind: 'itemised-refund' as const, refund })),
        ];
      }
      case 'no-sale': {
        const noSales = sources.noSales(since, until) ?? [];
        return (_id, body) => {
          const noSale = noSales.find((n) => n.at === body.at);
          return noSale ? [{ kind: 'no-sale', noSale }] : [];
        };
      }
      case 'cash-movement': {
        const movements = sources.cashMovements(since, until);
        // Two movements in one millisecond with the same direction, reason and amount add the same.
        return (_id, body) => {
          const movement = movements.find(
            (m) =>
              m.at === body.at &&
              m.direction === body.direction &&
              m.reason === body.reason &&
              m.amount === body.amount,
          );
          return movement ? [{ kind: 'cash-movement', movement }] : [];
        };
      }
      case 'shift': {
        const shifts = new Map(sources.shiftsClosed(since, until).map((s) => [s.id, s]));
        return (id) => {
          const shift = shifts.get(id);
          return shift ? [{ kind: 'shift', shift }] : [];
        };
      }
      default:
        return () => [];
    }
  };
}

/**
 * The entries of one kind with their contributions added to their bodies (`body.report`; null for
 * a row that counts nowhere yet); entries of kinds no report counts are returned as they are.
 */
export function withContributions(
  kind: JournalKind,
  entries: JournalEntry[],
  o: ContributionOptions,
): JournalEntry[] {
  if (!REPORT_KINDS.has(kind) || entries.length === 0) return entries;
  const timeZone = o.timeZone();
  const skus = o.skus();
  const ctx: ContributionContext = {
    currency: o.currency,
    hourOf: hourReader(timeZone),
    terminalOf: (paymentId) => o.sources.paymentTerminal(paymentId),
    terminalName: (terminalId) => o.sources.terminalName(terminalId),
    // Categories and receipts are for line records, which a contribution has none of.
    categories: new Map(),
    // A product this till no longer knows keeps its id: its rows still add up, without a category.
    productKey: (productId) => skus.get(productId) ?? productId,
  };
  const instants = entries.map((e) => instantOf(kind, e.body as Body));
  const finders = periodsOf(instants.filter((i): i is string => i !== null)).map((p) => ({
    ...p,
    find: factsFinder(kind, o.sources)(p.since, p.until),
  }));
  return entries.map((entry, index) => {
    const at = instants[index];
    let report: Contribution | null = null;
    if (at) {
      const finder = finders.find((f) => f.since < at && at <= f.until);
      const facts = finder ? finder.find(entry.id, entry.body as Body) : [];
      if (facts.length > 0) report = contributionOf(facts, ctx);
    }
    return { ...entry, body: { ...(entry.body as Body), report } };
  });
}
