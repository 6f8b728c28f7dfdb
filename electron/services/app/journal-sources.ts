// Every area's part of the journal the shop server's outbox sends up, in one list: adding an area to
// the shop server is one line here (its `<area>/journal-export.ts`). With the till reports' sources
// given, each row that counts for reports carries its contribution (`body.report`) for the shop
// reports (till-reports/journal-contributions.ts).
import { auditJournal } from '../audit/journal-export';
import { cardPaymentsJournal } from '../payments/journal-export';
import { cardChecksJournal } from '../reconciliation/journal-export';
import { salesJournal } from '../sales/journal-export';
import { shiftsJournal } from '../shifts/journal-export';
import type { JournalSource, TillJournal } from '../shop-server/journal-source';
import type { Db } from '../storage/database';
import { nextWindow } from '../storage/journal-changes';
import { zReportsJournal } from '../till-reports/journal-export';
import { withContributions, type ContributionOptions } from '../till-reports/journal-contributions';

/** A source whose rows carry their report contributions. */
function contributing(source: JournalSource, reports: ContributionOptions): JournalSource {
  return {
    kind: source.kind,
    after: (seq, limit) => withContributions(source.kind, source.after(seq, limit), reports),
  };
}

export function journalSources(db: Db, reports?: ContributionOptions): TillJournal {
  const sales = salesJournal(db);
  const drawer = shiftsJournal(db);
  const sources = [
    sales.sales,
    cardPaymentsJournal(db),
    sales.refunds,
    sales.noSales,
    drawer.cashMovements,
    drawer.shifts,
    zReportsJournal(db),
    cardChecksJournal(db),
    auditJournal(db),
  ];
  return {
    sources: reports ? sources.map((source) => contributing(source, reports)) : sources,
    completedSalesAfter: (seq) => sales.completedSalesAfter(seq),
    window: (mark, limit) => nextWindow(db, mark, limit),
  };
}
