// Changing a manager's PIN from Settings (ManagerGate.setPin): the manager serving may change
// their own with their current PIN; anyone else is refused in words; a missing current PIN is
// asked for without counting a try; a wrong one is refused in words, carrying a wait only when
// the wrong try started one, and a locked till says so with the time left.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { refusalOf } from '../../support/refusal';
import { gateInTempFolder } from '../../support/staff';

const SECOND = 1000;
const PINS = { manager: '2468', cashier: '1470' };

/** Morgan, the first manager, serving (no window open); Casey, a cashier, not signed in. */
async function managerServing(t: { after: (fn: () => void) => void }) {
  const { clock, gate } = gateInTempFolder(t);
  await gate.createFirstManager('Morgan', PINS.manager);
  const cashier = await gate.directory.add({ name: 'Casey', role: 'cashier', pin: PINS.cashier });
  return { clock, gate, cashier };
}

test('the manager serving changes their own PIN with their current one', async (t) => {
  const { gate } = await managerServing(t);
  assert.equal(gate.view().managerWindowUntil, null, 'no window: the manager is the one serving');
  await gate.setPin('8642', PINS.manager);
  gate.lock();
  assert.equal((await gate.unlock(PINS.manager)).ok, false);
  assert.equal((await gate.unlock('8642')).ok, true);
});

test('a cashier serving, with no manager’s window, is refused in words', async (t) => {
  const { gate, cashier } = await managerServing(t);
  assert.equal((await gate.signIn(cashier.id, PINS.cashier)).ok, true);
  assert.deepEqual(await refusalOf(gate.setPin('8642', PINS.manager)), {
    code: 'not_allowed',
    message: 'Changing the manager PIN needs a manager.',
    words: { key: 'staff.pinChangeNeedsManager' },
  });
});

test('without the current PIN the till asks for it, and no try is counted', async (t) => {
  const { gate } = await managerServing(t);
  for (let i = 0; i < 4; i++) {
    assert.deepEqual(await refusalOf(gate.setPin('8642')), {
      code: 'not_allowed',
      message: 'Enter your current PIN to change it.',
      words: { key: 'staff.enterCurrentPin' },
    });
  }
  assert.equal(gate.directory.lockedForMs(), 0);
  const first = await gate.unlock('9999');
  assert.equal(first.ok ? '' : first.message, 'Wrong PIN. 2 tries left before a wait.');
});

test('a wrong current PIN is refused in words, with a wait only once one starts; locked, the till says so', async (t) => {
  const { clock, gate } = await managerServing(t);
  const wrong = {
    code: 'not_allowed',
    message: 'The current PIN is wrong.',
    words: { key: 'staff.currentPinWrong' },
  };
  assert.deepEqual(await refusalOf(gate.setPin('8642', '1357')), wrong);
  assert.deepEqual(await refusalOf(gate.setPin('8642', '1357')), wrong);
  assert.deepEqual(await refusalOf(gate.setPin('8642', '1357')), {
    ...wrong,
    retryAfterMs: 30 * SECOND,
  });
  await clock.advance(10 * SECOND);
  assert.deepEqual(await refusalOf(gate.setPin('8642', PINS.manager)), {
    code: 'not_allowed',
    message: 'PINs are locked for now.',
    words: { key: 'staff.pinsLocked' },
    retryAfterMs: 20 * SECOND,
  });
  await clock.advance(20 * SECOND);
  await gate.setPin('8642', PINS.manager);
});
