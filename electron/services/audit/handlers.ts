// The audit area's side of the contract: managers read the trail (not journaled: reading changes
// nothing) and export it (journaled: the file leaves the till).
import type { AuditFilter, AuditValues } from '../../../shared/contract';
import type { HandlersOf } from '../../../shared/contract/dispatch';
import { TillError } from '../../../shared/contract/errors';
import type { StaffStamp } from '../../../shared/contract/staff';
import type { Clock } from '../common/clock';
import { auditCsv } from './csv';
import { dayOf, dayRange } from './days';
import type { AuditJournal, AuditQuery } from './journal';

/** The most entries one export carries; more is refused with a request to pick fewer days. */
export const MAX_EXPORT_ENTRIES = 100_000;

export interface AuditHandlerDeps {
  journal: AuditJournal;
  /** Throws not_allowed unless a manager is at the till (or approved); says who. */
  requireManager: () => StaffStamp | null;
  clock: Pick<Clock, 'now'>;
  /** MAX_EXPORT_ENTRIES unless a test says fewer. */
  maxExport?: number;
  /** Everyone on the staff, removed people too (the staff area's list), to filter by even before they change anything. */
  staff?: () => ReadonlyArray<{ id: string; name: string }>;
  /** The shop's time zone (its days); the computer's when absent. */
  timeZone?: () => string | undefined;
}

export function auditHandlers(deps: AuditHandlerDeps): HandlersOf<'audit'> {
  const { journal } = deps;
  /** The trail's people and the staff's, by their current name, A to Z. */
  const people = () => {
    const byId = new Map(journal.people().map((p) => [p.id, p.name]));
    for (const p of deps.staff?.() ?? []) byId.set(p.id, p.name);
    return [...byId]
      .map(([id, name]) => ({ id, name }))
      .sort((a, b) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1));
  };
  const query = ({ fromDay, toDay, ...rest }: AuditFilter): AuditQuery => {
    if (fromDay !== undefined && toDay !== undefined && fromDay > toDay) {
      throw new TillError('invalid_input', 'The first day is after the last day: swap them.', {
        words: { key: 'audit.daysReversed' },
      });
    }
    return { ...rest, ...dayRange({ fromDay, toDay }, deps.timeZone?.()) };
  };
  return {
    'audit.list': ({ beforeSeq, limit, ...filter }) => {
      deps.requireManager();
      return journal.page(query(filter), limit, beforeSeq);
    },
    'audit.people': () => {
      deps.requireManager();
      return people();
    },
    'audit.exportCsv': (filter) => {
      const by = deps.requireManager();
      const max = deps.maxExport ?? MAX_EXPORT_ENTRIES;
      const entries = journal.all(query(filter), max + 1);
      if (entries.length > max) {
        throw new TillError(
          'invalid_input',
          `That is more than ${max} entries: choose fewer days and export them in parts.`,
          { words: { key: 'audit.tooMany', params: { max } } },
        );
      }
      const text = auditCsv(entries);
      // Which entries left the till: the filter as staff chose it (the person by name, not id).
      const person = filter.personId && people().find((p) => p.id === filter.personId);
      const chosen: AuditValues = {
        entries: entries.length,
        ...(person && { person: person.name }),
        ...(filter.area && { area: filter.area }),
        ...(filter.fromDay && { fromDay: filter.fromDay }),
        ...(filter.toDay && { toDay: filter.toDay }),
      };
      journal.record({ by, area: 'audit', action: 'exported', subject: '', after: chosen });
      return {
        fileName: `audit-${dayOf(deps.clock.now(), deps.timeZone?.())}.csv`,
        text,
        entries: entries.length,
      };
    },
  };
}
