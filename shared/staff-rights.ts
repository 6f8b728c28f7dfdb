// The rights table: which roles may do each guarded action themselves. Anything not listed here
// (selling, taking cash and card, X reports, banking, reprints) any signed-in person may do.
// A person without the right needs someone who has it to approve at the counter with their own
// PIN (one action, once); Settings and the back office need a manager. Kept in shared/ so the
// services enforce it and the counter's approval form words itself and lists approvers from it.
import type { GuardedAction, StaffRole } from './contract/staff';

const SUPERVISOR_UP: readonly StaffRole[] = ['supervisor', 'manager'];
const MANAGER_ONLY: readonly StaffRole[] = ['manager'];

export const RIGHTS: Readonly<Record<GuardedAction, readonly StaffRole[]>> = {
  refund: SUPERVISOR_UP,
  'z-report': SUPERVISOR_UP,
  override: SUPERVISOR_UP,
  'price-override': SUPERVISOR_UP,
  discount: SUPERVISOR_UP,
  'no-sale': SUPERVISOR_UP,
  'back-office': MANAGER_ONLY,
  settings: MANAGER_ONLY,
  reconcile: MANAGER_ONLY,
  quit: SUPERVISOR_UP,
};

/** The action as the sentence's subject: "A refund needs …". */
export const ACTION_WORDS: Readonly<Record<GuardedAction, string>> = {
  refund: 'A refund',
  'z-report': 'A Z or end of day report',
  override: 'This override',
  'price-override': 'Changing a price at the counter',
  discount: 'A discount this large',
  'no-sale': 'Opening the drawer without a sale',
  'back-office': 'The back office',
  settings: 'Changing settings',
  reconcile: 'Checking the card machines against the till',
  quit: 'Quitting Paydesk',
};

export function mayDo(role: StaffRole, action: GuardedAction): boolean {
  return RIGHTS[action].includes(role);
}

/** Who may approve: for an action, the roles that have its right; without one, a manager (Settings). */
export function approverRoles(action?: GuardedAction): readonly StaffRole[] {
  return RIGHTS[action ?? 'settings'];
}

/** Who can give the right, in words: "a supervisor or manager". */
export function whoMay(action?: GuardedAction): string {
  const roles = approverRoles(action);
  return roles.length === 1 ? `a ${roles[0]}` : 'a supervisor or manager';
}

/** Settings and the back office are worked in for a while; the rest are one action at a time. */
export function isManagerArea(action: GuardedAction): boolean {
  return action === 'settings' || action === 'back-office';
}
