// The audit trail as a CSV file (csv-stringify): one row per entry, oldest first, before and after
// as JSON. Every cell a spreadsheet would run as a formula gets a leading ' (the catalogue's rule).
import { stringify } from 'csv-stringify/sync';
import type { AuditEntry } from '../../../shared/contract';
import { escapeCell } from '../catalogue/csv';

export const AUDIT_CSV_COLUMNS = [
  'sequence',
  'at',
  'by',
  'approved_by',
  'area',
  'action',
  'subject',
  'before',
  'after',
] as const;

const json = (values: AuditEntry['before']) => (values === null ? '' : JSON.stringify(values));

export function auditCsv(entries: readonly AuditEntry[]): string {
  const rows = entries.map((e) =>
    [
      String(e.seq),
      e.at,
      e.by?.name ?? 'the till',
      e.approvedBy?.name ?? '',
      e.area,
      e.action,
      e.subject,
      json(e.before),
      json(e.after),
    ].map(escapeCell),
  );
  return stringify(rows, { header: true, columns: [...AUDIT_CSV_COLUMNS] });
}
