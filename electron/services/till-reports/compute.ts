// The till report from the day's facts, no I/O: sales by tender, VAT rate (less itemised
// refunds), category, cashier and hour, refunds, discounts, price overrides, voids, No-sales and
// cash movements, all in integer minor units, and the line-by-line records the accountant's CSV
// is written from. One pass over the facts: each adds its contribution (row-rules.ts) to one sum,
// and the report is worked out from that sum, as a shop report is from its tills' rows.
import { contextOf, emptyContribution, reportFacts, reportFromContributions } from './contribution';
import { contribute, type LineRecord, type ReportBody } from './row-rules';
import type { DayFacts } from './sources';

export {
  CARD_KEY,
  CASH,
  LINE_RECORDS,
  MANUAL,
  NO_CATEGORY,
  NOBODY,
  UNKNOWN_CARD,
  type LineRecord,
  type ReportBody,
} from './row-rules';

export function computeReport(
  facts: DayFacts,
  options: { timeZone?: string } = {},
): { body: ReportBody; lines: LineRecord[] } {
  const ctx = contextOf(facts, options.timeZone);
  const sum = emptyContribution();
  const lines: LineRecord[] = [];
  for (const fact of reportFacts(facts)) contribute(sum, fact, ctx, lines);
  const body = reportFromContributions(sum, {
    currency: facts.currency,
    categories: facts.categories,
    noSalesKept: facts.noSales !== null,
  });
  return { body, lines };
}
