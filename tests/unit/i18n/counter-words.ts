// The counter's, history's and rights' worded messages, produced for real: a test till (real
// SQLite in its own temp folder) is asked for what it must refuse, and the manager gate is asked
// for every guarded action. tests/unit/i18n/service-words.test.ts checks what they say.
import { GUARDED_ACTIONS, type StaffPerson, type Words } from '../../../shared/contract';
import { ManagerGate } from '../../../electron/services/manager-gate';
import type { StaffDirectory } from '../../../electron/services/staff/directory';
import { ManualClock } from '../../support/manual-clock';
import { setUpStaff } from '../../support/staff';
import { startTestTill, type TestTill } from '../../support/till';

export interface Worded {
  where: string;
  text: string;
  words?: Words | undefined;
}

const person = (role: StaffPerson['role']): StaffPerson => ({ id: `p-${role}`, name: 'Sam', role });

/** A directory as the gate sees it: who exists, and a PIN check that answers as told. */
function directory(o: { manager: boolean; check?: 'locked' | 'wrong' }): StaffDirectory {
  return {
    hasManager: () => o.manager,
    active: () => [person('cashier')],
    store: { idleSignOutMinutes: () => 0 },
    checkPerson: async () =>
      o.check === 'locked'
        ? { ok: false, reason: 'locked', retryAfterMs: 30_000 }
        : { ok: false, reason: 'wrong', triesLeft: 2, retryAfterMs: 0 },
  } as unknown as StaffDirectory;
}

function refusal(where: string, act: () => unknown): Worded {
  try {
    act();
  } catch (error) {
    const e = error as { message: string; words?: Words };
    return { where, text: e.message, words: e.words };
  }
  throw new Error(`${where}: was expected to be refused`);
}

async function asyncRefusal(where: string, act: () => Promise<unknown>): Promise<Worded> {
  try {
    await act();
  } catch (error) {
    const e = error as { message: string; words?: Words };
    return { where, text: e.message, words: e.words };
  }
  throw new Error(`${where}: was expected to be refused`);
}

/** Every guarded action refused for want of a manager, then for want of an approver; PIN changes. */
export async function rightsWordings(): Promise<Worded[]> {
  const clock = new ManualClock();
  const out: Worded[] = [];
  const noManager = new ManagerGate({ directory: directory({ manager: false }), clock });
  for (const action of GUARDED_ACTIONS)
    out.push(refusal(`no manager yet: ${action}`, () => noManager.require(action)));
  const gate = new ManagerGate({ directory: directory({ manager: true }), clock });
  out.push(refusal('nobody signed in', () => gate.serving()));
  out.push(await asyncRefusal('PIN change without a manager', () => gate.setPin('1234')));
  gate.session.signIn(person('cashier'));
  for (const action of GUARDED_ACTIONS)
    out.push(refusal(`cashier asks: ${action}`, () => gate.require(action)));
  for (const check of ['locked', 'wrong'] as const) {
    const managed = new ManagerGate({ directory: directory({ manager: true, check }), clock });
    managed.session.signIn(person('manager'));
    out.push(await asyncRefusal('PIN change without the current PIN', () => managed.setPin('1234')));
    out.push(await asyncRefusal(`PIN change, ${check}`, () => managed.setPin('1234', '9999')));
  }
  return out;
}

/** The counter, pricing, parked sales, No-sale and the older card refund, through the contract. */
export async function counterWordings(): Promise<Worded[]> {
  const t: TestTill = await startTestTill({ drivenClock: true });
  const out: Worded[] = [];
  const failed = async (where: string, method: Parameters<TestTill['failure']>[0], input: unknown) => {
    const error = (await t.failure(method, input)) as { message: string; words?: Words };
    out.push({ where, text: error.message, words: error.words });
  };
  try {
    await setUpStaff(t.call, { signIn: 'manager' });
    const [product] = (await t.call('catalogue.get', {})).products.filter((p) => p.price > 100);
    const line = { productId: product!.id, quantity: 1 };
    await failed('reprint before any sale', 'counter.reprintLast', {});
    await failed('resume a parked sale twice', 'counter.resume', { parkedId: 'gone' });
    await failed('a product no longer sold', 'sales.open', { lines: [{ productId: 'gone', quantity: 1 }] });
    await failed('a line discount above the line', 'sales.open', {
      lines: [{ ...line, discount: { kind: 'amount', minor: product!.price + 1 } }],
    });
    await failed('a basket discount above the basket', 'sales.open', {
      lines: [line],
      discount: { kind: 'amount', minor: product!.price + 1 },
    });
    const open = await t.call('sales.open', { lines: [{ ...line, quantity: 2 }] });
    await failed('a receipt for an open sale', 'counter.printReceipt', { saleId: open.saleId });
    await t.call('sales.payCash', { saleId: open.saleId, amountGiven: 100 });
    await failed('park a part-paid sale', 'counter.park', { lines: [line], saleId: open.saleId });
    await failed('abandon a sale with cash', 'sales.abandon', { saleId: open.saleId });
    const keyed = await t.call('sales.open', { lines: [{ ...line, quantity: 2 }] });
    await t.call('sales.recordManualCard', { saleId: keyed.saleId, amount: 100, reference: 'A1' });
    await failed('abandon a sale with a keyed card', 'sales.abandon', { saleId: keyed.saleId });
    const done = await t.call('sales.open', { lines: [line] });
    await t.call('sales.payCash', { saleId: done.saleId, amountGiven: done.total });
    await failed('park a completed sale', 'counter.park', { lines: [line], saleId: done.saleId });
    await failed('a card payment that does not exist', 'payments.get', { paymentId: 'gone' });
    await failed('refund a payment that does not exist', 'payments.refund', {
      terminalId: '22900001',
      amount: 100,
      originalPaymentId: 'gone',
    });
    for (const [where, reply] of [
      ['receipt printed', await t.call('counter.printReceipt', { saleId: done.saleId })],
      ['receipt reprinted', await t.call('counter.reprintLast', {})],
      ['no-sale', await t.call('counter.noSale', { reason: 'Change for the float' })],
    ] as const)
      out.push({ where, text: reply.message, words: reply.words });
  } finally {
    await t.close();
  }
  return out;
}
