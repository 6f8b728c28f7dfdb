// What a settings save puts on the audit trail: only the fields that changed, before → after, one
// entry per area they belong to (a new discount limit is found under "discount limits", a new
// printer under "printers"). Never the manager PIN; printers by name, not by id.
import type { AuditArea } from '../../../shared/contract';
import type { StaffStamp } from '../../../shared/contract/staff';
import type { AuditRecord } from '../audit/journal';
import { changedFields, flatten } from '../audit/values';
import type { Settings } from '../storage/settings';

/** The area of a setting, by its path; the first match wins, anything else is "settings". */
const AREAS: ReadonlyArray<readonly [string, AuditArea]> = [
  ['counter.discountLimitBasisPoints', 'discount-limits'],
  ['shop.vatRateBasisPoints', 'vat'],
  ['shop.', 'shop'],
  ['printers', 'printers'],
  ['receiptPrinter', 'printers'],
  ['kioskMode', 'kiosk'],
];

const areaOf = (path: string): AuditArea =>
  AREAS.find(([prefix]) => path === prefix || (prefix.endsWith('.') && path.startsWith(prefix)))?.[1] ??
  'settings';

/** The settings as the trail keeps them: no PIN, printers without their ids, the receipt printer by name. */
function auditable(settings: Settings): Record<string, unknown> {
  const { managerPin: _pin, schemaVersion: _version, printers, receiptPrinterId, ...rest } = settings;
  const receipt = printers.find((p) => p.id === receiptPrinterId);
  return {
    ...rest,
    printers: printers.map(({ id: _id, ...printer }) => printer),
    receiptPrinter: receipt ? receipt.name || receipt.transport : null,
  };
}

/** Printers and address lines are lists: changed as a whole. */
const WHOLE = new Set(['printers', 'shop.addressLines']);

export function settingsEntries(previous: Settings, next: Settings, by: StaffStamp | null): AuditRecord[] {
  const before = flatten(auditable(previous), WHOLE);
  const after = flatten(auditable(next), WHOLE);
  const byArea = new Map<AuditArea, string[]>();
  for (const path of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const area = areaOf(path);
    byArea.set(area, [...(byArea.get(area) ?? []), path]);
  }
  const entries: AuditRecord[] = [];
  for (const [area, paths] of byArea) {
    const pick = (values: typeof before) => Object.fromEntries(paths.map((p) => [p, values[p]]));
    const changed = changedFields(pick(before), pick(after));
    if (changed) entries.push({ by, area, action: 'settings-changed', subject: '', ...changed });
  }
  return entries;
}
