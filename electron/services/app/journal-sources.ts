// Every area's part of the journal the shop server's outbox sends up, in one list: adding an area to
// the shop server is one line here (its `<area>/journal-export.ts`).
import { auditJournal } from '../audit/journal-export';
import { cardPaymentsJournal } from '../payments/journal-export';
import { cardChecksJournal } from '../reconciliation/journal-export';
import { salesJournal } from '../sales/journal-export';
import { shiftsJournal } from '../shifts/journal-export';
import type { TillJournal } from '../shop-server/journal-source';
import type { Db } from '../storage/database';
import { nextWindow } from '../storage/journal-changes';
import { zReportsJournal } from '../till-reports/journal-export';

export function journalSources(db: Db): TillJournal {
  const sales = salesJournal(db);
  const drawer = shiftsJournal(db);
  return {
    sources: [
      sales.sales,
      cardPaymentsJournal(db),
      sales.refunds,
      sales.noSales,
      drawer.cashMovements,
      drawer.shifts,
      zReportsJournal(db),
      cardChecksJournal(db),
      auditJournal(db),
    ],
    completedSalesAfter: (seq) => sales.completedSalesAfter(seq),
    window: (mark, limit) => nextWindow(db, mark, limit),
  };
}
