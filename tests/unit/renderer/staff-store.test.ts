// The renderer's staff store and the counter approval, against the fake till: signing in with a
// PIN (a refusal keeps the services' words), switching cashier in two taps, the sign-in screen
// coming back when the services sign the cashier out for idleness, and an approval at the counter
// that sends only the picked approver's PIN and repeats the refused action once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { StaffPerson, StaffSessionView } from '../../../shared/contract';
import { createManagerApproval, useCounterApproval } from '../../../renderer/src/state/manager-approval';
import { createStaffStore, followStaff, signInNeeded } from '../../../renderer/src/state/staff';
import { FakeTill, notAllowed } from './fake-till';

const CASEY: StaffPerson = { id: 's-casey', name: 'Casey', role: 'cashier' };
const ROBIN: StaffPerson = { id: 's-robin', name: 'Robin', role: 'cashier' };
const SASHA: StaffPerson = { id: 's-sasha', name: 'Sasha', role: 'supervisor' };
const MORGAN: StaffPerson = { id: 's-morgan', name: 'Morgan', role: 'manager' };
const PINS: Record<string, string> = {
  's-casey': '1470',
  's-robin': '5820',
  's-sasha': '3691',
  's-morgan': '2468',
};

function sessionOf(signedIn: StaffPerson | null): StaffSessionView {
  return {
    staffSetUp: true,
    managerExists: true,
    signedIn,
    people: [MORGAN, SASHA, CASEY, ROBIN],
    idleSignOutMinutes: 5,
    managerWindowUntil: null,
  };
}

/** A till whose services check each person's own PIN and remember who serves. */
function tillWithStaff() {
  const fake = new FakeTill();
  let serving: StaffPerson | null = null;
  fake
    .answer('staff.session', () => sessionOf(serving))
    .answer('staff.signIn', ({ staffId, pin }) => {
      if (PINS[staffId] !== pin)
        return {
          ok: false,
          reason: 'wrong',
          message: 'Wrong PIN. 2 tries left before a wait.',
          retryAfterMs: 0,
        };
      serving = [CASEY, ROBIN, SASHA, MORGAN].find((p) => p.id === staffId)!;
      return { ok: true, session: sessionOf(serving) };
    })
    .answer('staff.signOut', () => {
      serving = null;
      return sessionOf(null);
    });
  return { fake, idleSignOut: () => fake.emit('staff.changed', sessionOf((serving = null))) };
}

test('at start nobody serves: the sign-in screen shows; a wrong PIN keeps the services’ words; the right one signs in', async () => {
  const { fake } = tillWithStaff();
  const store = createStaffStore(fake);
  await store.getState().refresh();
  assert.equal(signInNeeded(store.getState()), true);

  assert.equal(await store.getState().signIn(CASEY.id, '1111'), false);
  assert.equal(store.getState().problem, 'Wrong PIN. 2 tries left before a wait.');
  assert.equal(store.getState().session?.signedIn, null);
  assert.equal(signInNeeded(store.getState()), true);

  assert.equal(await store.getState().signIn(CASEY.id, '1470'), true);
  assert.deepEqual(store.getState().session?.signedIn, CASEY);
  assert.equal(store.getState().problem, null);
  assert.equal(signInNeeded(store.getState()), false);
  assert.equal(store.getState().busy, false);
});

test('switching cashier: tap the name, then the other person’s PIN; keeping serving closes the screen', async () => {
  const { fake } = tillWithStaff();
  const store = createStaffStore(fake);
  await store.getState().signIn(CASEY.id, '1470');

  store.getState().startSwitch();
  assert.equal(signInNeeded(store.getState()), true, 'the sign-in screen covers the till');
  store.getState().cancelSwitch();
  assert.equal(signInNeeded(store.getState()), false);
  assert.deepEqual(store.getState().session?.signedIn, CASEY);

  store.getState().startSwitch();
  assert.equal(await store.getState().signIn(ROBIN.id, '1470'), false, 'Casey’s PIN does not sign Robin in');
  assert.equal(signInNeeded(store.getState()), true);
  assert.deepEqual(store.getState().session?.signedIn, CASEY, 'Casey still serves meanwhile');
  assert.equal(await store.getState().signIn(ROBIN.id, '5820'), true);
  assert.deepEqual(store.getState().session?.signedIn, ROBIN);
  assert.equal(store.getState().switching, false);
  assert.equal(signInNeeded(store.getState()), false);
});

test('the services’ idle sign-out shows the sign-in screen; stopping the follow stops listening', async () => {
  const { fake, idleSignOut } = tillWithStaff();
  const store = createStaffStore(fake);
  const stop = followStaff(fake, store);
  await store.getState().signIn(CASEY.id, '1470');
  store.getState().startSwitch();

  idleSignOut();
  assert.equal(store.getState().session?.signedIn, null);
  assert.equal(store.getState().switching, false, 'nobody to switch from: the plain sign-in screen');
  assert.equal(signInNeeded(store.getState()), true);
  stop();
  assert.equal(fake.listeners('staff.changed'), 0);
});

test('a till with no staff set up never shows the sign-in screen', async () => {
  const fake = new FakeTill().answer('staff.session', () => ({
    ...sessionOf(null),
    staffSetUp: false,
    managerExists: false,
    people: [],
  }));
  const store = createStaffStore(fake);
  await store.getState().refresh();
  store.getState().startSwitch();
  assert.equal(signInNeeded(store.getState()), false);
});

/** A till that refuses refunds until a supervisor or manager approves one, once. */
function refundTill() {
  const fake = new FakeTill();
  let approvals = 0;
  const refunded: number[] = [];
  fake
    .answer('payments.refund', ({ amount }) => {
      if (approvals === 0) throw notAllowed();
      approvals--;
      refunded.push(amount);
      return { ok: true } as never;
    })
    .answer('manager.unlock', ({ pin, action, staffId }) => {
      const approver = [SASHA, MORGAN].find((p) => p.id === staffId);
      if (action !== 'refund' || !approver || PINS[approver.id] !== pin)
        return { ok: false, reason: 'wrong', message: 'Wrong PIN for Sasha.', retryAfterMs: 0 };
      approvals++;
      return { ok: true, unlockedUntil: '2026-11-23T18:02:00.000Z', approvedBy: approver.name };
    });
  return { fake, refunded };
}

test('approval at the counter: refused, the picked approver’s PIN approves, the refund runs once', async () => {
  const { fake, refunded } = refundTill();
  const shown: Array<string | null> = [];
  const approval = createManagerApproval(fake, (reason) => shown.push(reason));
  const refund = async (amount: number): Promise<void> => {
    await approval
      .attempt(
        'a refund needs approval',
        () => fake.invoke('payments.refund', { terminalId: 't1', amount }),
        () => refund(amount),
        'refund',
      )
      .catch(() => undefined);
  };
  useCounterApproval.getState().pick('someone-from-before');

  await refund(450);
  assert.deepEqual(refunded, [], 'nothing refunded without approval');
  assert.deepEqual(shown, ['a refund needs approval']);
  assert.equal(useCounterApproval.getState().action, 'refund', 'the form knows whose PIN to ask for');
  assert.equal(useCounterApproval.getState().approverId, null, 'nobody is picked for a new refusal');

  useCounterApproval.getState().pick(SASHA.id);
  await assert.rejects(approval.approve('2468'), /Wrong PIN for Sasha/);
  assert.deepEqual(refunded, []);
  assert.equal(shown.at(-1), 'a refund needs approval', 'the form stays after a wrong PIN');

  await approval.approve('3691');
  assert.deepEqual(refunded, [450], 'the refused refund ran again, once');
  assert.equal(shown.at(-1), null, 'the form is gone');
  assert.equal(useCounterApproval.getState().approverId, null);
  assert.deepEqual(fake.callsOf('manager.unlock').at(-1), {
    pin: '3691',
    action: 'refund',
    staffId: SASHA.id,
  });

  // The approval was one-shot: the next refund asks again.
  await refund(200);
  assert.deepEqual(refunded, [450], 'the next refund needs its own approval');
  assert.equal(shown.at(-1), 'a refund needs approval');
  approval.cancel();
  assert.equal(shown.at(-1), null);
});

test('a German till shows a wrong PIN in German, from the words the services send with it', async () => {
  const fake = new FakeTill();
  const refusal = {
    ok: false as const,
    reason: 'wrong' as const,
    message: 'Wrong PIN for Sasha. 1 try left before a wait.',
    words: { key: 'staff.wrongPinFor.tries', params: { name: 'Sasha', count: 1 } },
    retryAfterMs: 0,
  };
  fake
    .answer('staff.session', () => sessionOf(null))
    .answer('staff.signIn', () => refusal)
    .answer('manager.unlock', () => refusal);
  const { i18n } = await import('../../../renderer/src/i18n');
  await i18n.changeLanguage('de-DE');
  try {
    const store = createStaffStore(fake);
    assert.equal(await store.getState().signIn(SASHA.id, '1111'), false);
    assert.equal(
      store.getState().problem,
      'Falsche PIN für Sasha. Noch 1 Versuch, dann folgt eine Wartezeit.',
    );
    const approval = createManagerApproval(fake, () => {});
    await assert.rejects(approval.approve('1111'), /^Error: Falsche PIN für Sasha\. Noch 1 Versuch/);
  } finally {
    await i18n.changeLanguage('en-GB');
  }
});
