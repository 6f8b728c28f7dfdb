// Staff for tests: a manager, a supervisor and a cashier on a till, with one of them signed in.
// Works over any caller of the contract (the in-process till's `call`, or the browser host's).
import type {
  MethodInput,
  MethodName,
  MethodOutput,
  StaffMemberView,
  StaffRole,
} from '../../shared/contract';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../../shared/clock';
import { ManagerGate } from '../../electron/services/manager-gate';
import { StaffDirectory } from '../../electron/services/staff/directory';
import { STAFF_MIGRATIONS, StaffStore } from '../../electron/services/staff/store';
import { openDatabase, type Db } from '../../electron/services/storage/database';
import { DEFAULT_SCRYPT_PARAMS } from '../../electron/services/storage/manager-pin';
import { auditOn } from './audit';
import { ManualClock } from './manual-clock';

export type ContractCall = <M extends MethodName>(
  method: M,
  input: MethodInput<M>,
) => Promise<MethodOutput<M>>;

/** Names and PINs every test uses; the PINs pass the till's "not too easy" rule. */
export const TEST_STAFF = {
  manager: { name: 'Morgan', pin: '2468' },
  supervisor: { name: 'Sasha', pin: '3691' },
  cashier: { name: 'Casey', pin: '1470' },
} as const satisfies Record<StaffRole, { name: string; pin: string }>;

export interface TestStaff {
  people: Record<StaffRole, StaffMemberView>;
  /** Signs the person with this role in (their own PIN). */
  signIn(role: StaffRole): Promise<void>;
}

/**
 * Creates the first manager (signed in), then a supervisor and a cashier, and signs `signIn` in.
 * The idle sign-out is off unless `idleMinutes` is given, so tests on a fast clock keep their cashier.
 */
export async function setUpStaff(
  call: ContractCall,
  options: { signIn?: StaffRole; idleMinutes?: number } = {},
): Promise<TestStaff> {
  const { signIn = 'manager', idleMinutes = 0 } = options;
  await call('staff.createFirstManager', TEST_STAFF.manager);
  await call('staff.setIdleSignOut', { minutes: idleMinutes });
  const list = await call('staff.list', {});
  const people = {
    manager: list.find((p) => p.name === TEST_STAFF.manager.name)!,
    supervisor: await call('staff.add', { ...TEST_STAFF.supervisor, role: 'supervisor' }),
    cashier: await call('staff.add', { ...TEST_STAFF.cashier, role: 'cashier' }),
  };
  const staff: TestStaff = {
    people,
    async signIn(role) {
      const result = await call('staff.signIn', { staffId: people[role].id, pin: TEST_STAFF[role].pin });
      if (!result.ok) throw new Error(`${role} could not sign in: ${result.message}`);
    },
  };
  if (signIn !== 'manager') await staff.signIn(signIn);
  return staff;
}

/** The gate on its own, over a staff database file (reopen the same file to play a restart). */
export function openStaffGate(
  file: string,
  clock: Clock,
  onChange?: () => void,
): { gate: ManagerGate; db: Db; close(): void } {
  const db = openDatabase(file, STAFF_MIGRATIONS, clock);
  const directory = new StaffDirectory({
    store: new StaffStore(db, clock),
    clock,
    scryptParams: { ...DEFAULT_SCRYPT_PARAMS, cost: 1024 },
    audit: auditOn(db, clock),
  });
  const gate = new ManagerGate({ directory, clock, ...(onChange && { onChange }) });
  return {
    gate,
    db,
    close() {
      gate.close();
      db.close();
    },
  };
}

/**
 * The gate over a staff database in a folder of its own, on a hand-moved clock at 2026-11-22 09:00 UTC;
 * `onChange` is handed the gate (to read its view). Closed and removed after the test; `close()`
 * closes it sooner (once), and `file` may be opened again with openStaffGate to play a restart.
 */
export function gateInTempFolder(
  t: { after: (fn: () => void) => void },
  onChange?: (gate: ManagerGate) => void,
): { clock: ManualClock; gate: ManagerGate; db: Db; file: string; close(): void } {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-gate-'));
  const file = join(folder, 'paydesk.sqlite');
  const clock = new ManualClock(Date.parse('2026-11-22T09:00:00.000Z'));
  const opened = openStaffGate(file, clock, onChange && (() => onChange(opened.gate)));
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    opened.close();
  };
  t.after(() => {
    close();
    rmSync(folder, { recursive: true, force: true });
  });
  return { clock, gate: opened.gate, db: opened.db, file, close };
}

/**
 * gateInTempFolder with Morgan (manager), Sasha (supervisor) and Casey (cashier) from TEST_STAFF,
 * Casey serving. `idleMinutes`, when given, is the idle sign-out set before anyone signs in.
 */
export async function staffedGateInTempFolder(
  t: { after: (fn: () => void) => void },
  options: { idleMinutes?: number; onChange?: (gate: ManagerGate) => void } = {},
) {
  const opened = gateInTempFolder(t, options.onChange);
  const { gate } = opened;
  if (options.idleMinutes !== undefined) gate.directory.store.setIdleSignOutMinutes(options.idleMinutes);
  await gate.createFirstManager(TEST_STAFF.manager.name, TEST_STAFF.manager.pin);
  const manager = gate.directory.active()[0]!;
  const supervisor = await gate.directory.add({ ...TEST_STAFF.supervisor, role: 'supervisor' });
  const cashier = await gate.directory.add({ ...TEST_STAFF.cashier, role: 'cashier' });
  const result = await gate.signIn(cashier.id, TEST_STAFF.cashier.pin);
  if (!result.ok) throw new Error(`the cashier could not sign in: ${result.message}`);
  return { ...opened, manager, supervisor, cashier };
}
