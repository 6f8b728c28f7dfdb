// Every area's migrations, in the order the till's one database applies them (once, at start).
// A new area adds its list at the end; an existing list only ever grows at its own end.
import type { Migration } from '../storage/database';
import { AUDIT_MIGRATIONS } from '../audit/journal';
import { CATALOGUE_MIGRATIONS } from '../catalogue/store';
import { JOURNAL_MIGRATIONS } from '../payments/journal';
import { SPOOL_MIGRATIONS } from '../printing/index';
import { RECONCILIATION_MIGRATIONS } from '../reconciliation/store';
import { REPORTS_MIGRATIONS } from '../reports/run-log';
import { HISTORY_MIGRATIONS } from '../sales/history';
import { NO_SALE_MIGRATIONS } from '../sales/no-sale';
import { PARKED_MIGRATIONS } from '../sales/parked';
import { REFUND_MIGRATIONS } from '../sales/refunds';
import { SALES_MIGRATIONS } from '../sales/sales-ledger';
import { SHIFTS_MIGRATIONS } from '../shifts/store';
import { STAFF_MIGRATIONS } from '../staff/store';
import { SUPPLIES_MIGRATIONS } from '../supplies/order-attempts';
import { TILL_REPORTS_MIGRATIONS } from '../till-reports/store';
import { BACKUP_MIGRATIONS } from '../backup/store';
import { PAYMENTS_JOURNAL_MIGRATIONS } from '../payments/journal-export';
import { SALES_JOURNAL_MIGRATIONS } from '../sales/journal-export';
import { SHIFTS_JOURNAL_MIGRATIONS } from '../shifts/journal-export';
import { TILL_REPORTS_JOURNAL_MIGRATIONS } from '../till-reports/journal-export';
import { RECONCILIATION_JOURNAL_MIGRATIONS } from '../reconciliation/journal-export';
import { AUDIT_JOURNAL_MIGRATIONS } from '../audit/journal-export';
import { SHOP_SERVER_TILL_MIGRATIONS } from '../shop-server/service';
import { OTHER_TILL_SALES_MIGRATIONS } from '../sales/other-till-sales';
import { CATALOGUE_SHOP_DATA_MIGRATIONS } from '../catalogue/shop-data';
import { SHOP_DATA_TILL_MIGRATIONS } from '../shop-server/shop-data-queue';

export const TILL_MIGRATIONS: readonly Migration[] = [
  ...JOURNAL_MIGRATIONS,
  ...SPOOL_MIGRATIONS,
  ...CATALOGUE_MIGRATIONS,
  ...SALES_MIGRATIONS,
  ...HISTORY_MIGRATIONS,
  ...REFUND_MIGRATIONS,
  ...SUPPLIES_MIGRATIONS,
  ...STAFF_MIGRATIONS,
  ...REPORTS_MIGRATIONS,
  ...RECONCILIATION_MIGRATIONS,
  ...PARKED_MIGRATIONS,
  ...NO_SALE_MIGRATIONS,
  ...SHIFTS_MIGRATIONS,
  ...TILL_REPORTS_MIGRATIONS,
  ...AUDIT_MIGRATIONS,
  ...BACKUP_MIGRATIONS,
  // The journal's change sequence (storage/journal-changes.ts): each area's triggers, after every
  // area's tables exist; what the shop server's outbox sends in order.
  ...PAYMENTS_JOURNAL_MIGRATIONS,
  ...SALES_JOURNAL_MIGRATIONS,
  ...SHIFTS_JOURNAL_MIGRATIONS,
  ...TILL_REPORTS_JOURNAL_MIGRATIONS,
  ...RECONCILIATION_JOURNAL_MIGRATIONS,
  ...AUDIT_JOURNAL_MIGRATIONS,
  ...SHOP_SERVER_TILL_MIGRATIONS,
  // Refunds of the shop's other tills' sales (after the refunds' journal triggers, which it keeps).
  ...OTHER_TILL_SALES_MIGRATIONS,
  // Shop-wide data (the change feed down): keys every till shares, the queue and the conflicts.
  ...CATALOGUE_SHOP_DATA_MIGRATIONS,
  ...SHOP_DATA_TILL_MIGRATIONS,
];
