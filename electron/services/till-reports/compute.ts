// The till report from the day's facts, no I/O: sales by tender, VAT rate (less itemised
// refunds), category, cashier and hour, refunds, discounts, price overrides, voids, No-sales and
// cash movements, all in integer minor units, and the line-by-line records the accountant's CSV
// is written from. One pass over the facts: each is added to one tally by the report's rules
// (row-rules.ts), and the report is worked out from the tally as a shop report is from the sum of
// its rows' contributions (contribution.ts).
import { contextOf, reportFacts, reportOfTally } from './contribution';
import { ReportTally, type LineRecord, type ReportBody } from './row-rules';
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
  const lines: LineRecord[] = [];
  const tally = new ReportTally(contextOf(facts, options.timeZone), lines);
  for (const fact of reportFacts(facts)) tally.add(fact);
  const body = reportOfTally(tally, {
    currency: facts.currency,
    categories: facts.categories,
    noSalesKept: facts.noSales !== null,
  });
  return { body, lines };
}
