// The audit trail on a test's own database: its migration applied beside the area's, so the area
// under test journals into the same file (and the same transactions) as it does in the till.
import { AUDIT_MIGRATIONS, AuditJournal } from '../../electron/services/audit/journal';
import { applyMigrations, type Db } from '../../electron/services/storage/database';
import type { Clock } from '../../shared/clock';

export function auditOn(db: Db, clock: Pick<Clock, 'now'> = { now: () => 0 }): AuditJournal {
  applyMigrations(db, AUDIT_MIGRATIONS, clock);
  return new AuditJournal(db, clock);
}
