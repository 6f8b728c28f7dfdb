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
];
