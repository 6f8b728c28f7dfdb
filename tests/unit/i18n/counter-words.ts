// The counter's, history's and rights' worded messages, produced for real: a test till (real
// SQLite in its own temp folder) is asked for what it must refuse, and the manager gate is asked
// for every guarded action. tests/unit/i18n/service-words.test.ts checks what they say.
import { GUARDED_ACTIONS, type StaffPerson, type Words } from '../../../shared/contract';
import { ManagerGate, type UnlockResult } from '../../../electron/services/manager-gate';
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

/** A PIN check's answer: wrong with tries left, wrong with a wait, or locked. */
type Check = 'locked' | 'wrong' | 'lastTry' | 'wait';

const answers: Record<Check, object> = {
  locked: { ok: false, reason: 'locked', retryAfterMs: 30_000 },
  wrong: { ok: false, reason: 'wrong', triesLeft: 2, retryAfterMs: 0 },
  lastTry: { ok: false, reason: 'wrong', triesLeft: 1, retryAfterMs: 0 },
  wait: { ok: false, reason: 'wrong', triesLeft: 0, retryAfterMs: 60_000 },
};

const sasha: StaffPerson = { id: 'p-sasha', name: 'Sasha', role: 'supervisor' };

/** A directory as the gate sees it: who exists, and a PIN check that answers as told. */
function directory(o: { manager: boolean; check?: Check }): StaffDirectory {
  const answer = async () => answers[o.check ?? 'wrong'];
  return {
    hasManager: () => o.manager,
    active: () => [person('cashier'), sasha],
    store: { idleSignOutMinutes: () => 0 },
    checkPerson: answer,
    findByPin: answer,
  } as unknown as StaffDirectory;
}

/** Every answer to a PIN: wrong (tries left, the last try, a wait) for nobody, a person, a role; locked; no manager; the wrong person tapped. */
async function pinWordings(): Promise<Worded[]> {
  const clock = new ManualClock();
  const out: Worded[] = [];
  const said = (where: string, result: UnlockResult | { ok: true }) => {
    if (result.ok) throw new Error(`${where}: was expected to be refused`);
    out.push({ where, text: result.message, words: result.words });
  };
  for (const check of Object.keys(answers) as Check[]) {
    const gate = new ManagerGate({ directory: directory({ manager: true, check }), clock });
    said(`settings PIN, ${check}`, await gate.unlock('9999'));
    said(`sign in, ${check}`, await gate.signIn(sasha.id, '9999'));
    said(`Sasha approves, ${check}`, await gate.unlock('9999', 'refund', sasha.id));
    for (const action of ['refund', 'reconcile'] as const)
      said(`anyone approves ${action}, ${check}`, await gate.unlock('9999', action));
  }
  said(
    'no manager yet',
    await new ManagerGate({ directory: directory({ manager: false }), clock }).unlock('9999'),
  );
  const gate = new ManagerGate({ directory: directory({ manager: true }), clock });
  for (const action of [...GUARDED_ACTIONS, undefined])
    said(`a cashier tapped for ${action ?? 'Settings'}`, await gate.unlock('9999', action, 'p-cashier'));
  return out;
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
  out.push(...(await pinWordings()));
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
    await failed('a price changed', 'sales.open', { lines: [{ ...line, unitPrice: product!.price + 1 }] });
    const [other] = (await t.call('catalogue.get', {})).products.filter((p) => p.id !== product!.id);
    await failed('several prices changed', 'sales.open', {
      lines: [
        { ...line, unitPrice: product!.price + 1 },
        { productId: other!.id, quantity: 1, unitPrice: other!.price + 1 },
      ],
    });
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
