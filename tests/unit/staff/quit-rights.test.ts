// Leaving a kiosk till (Settings' Quit) is a guarded action: on a till with no staff the refusal
// says to create the first manager, and once they exist (signed in) Paydesk quits; a cashier needs
// a supervisor or manager to approve it at the counter, once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setUpStaff, TEST_STAFF } from '../../support/staff';
import { startTestTill } from '../../support/till';

/** A till whose quit is recorded; `quitCalled` settles when the till ends itself. */
async function quittableTill() {
  let quits = 0;
  let ended: () => void = () => {};
  const quitCalled = new Promise<void>((resolve) => (ended = resolve));
  const t = await startTestTill({
    drivenClock: true,
    quit: () => {
      quits++;
      ended();
    },
  });
  const waitForQuit = () =>
    Promise.race([
      quitCalled,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('the till did not quit within 5 s of app.quit')), 5000).unref(),
      ),
    ]);
  return { t, quits: () => quits, waitForQuit };
}

test('a till with no staff refuses Quit with a way forward; the first manager, created, can quit', async () => {
  const { t, quits, waitForQuit } = await quittableTill();
  try {
    const refused = await t.failure('app.quit', {});
    assert.equal(refused.code, 'not_allowed');
    assert.equal(
      refused.message,
      'Quitting Paydesk needs a manager, and this till has none yet: create the first manager with their own PIN.',
    );
    assert.equal(quits(), 0);
    await t.call('staff.createFirstManager', TEST_STAFF.manager);
    assert.deepEqual(await t.call('app.quit', {}), { ok: true });
    await waitForQuit();
    assert.equal(quits(), 1);
  } finally {
    await t.close();
  }
});

test('a cashier’s Quit waits for a supervisor’s own PIN at the counter, for that one quit', async () => {
  const { t, quits, waitForQuit } = await quittableTill();
  try {
    const staff = await setUpStaff(t.call, { signIn: 'cashier' });
    const refused = await t.failure('app.quit', {});
    assert.equal(refused.code, 'not_allowed');
    assert.match(refused.message, /^Quitting Paydesk needs a supervisor or manager/);
    const approved = await t.call('manager.unlock', {
      pin: TEST_STAFF.supervisor.pin,
      action: 'quit',
      staffId: staff.people.supervisor.id,
    });
    assert.equal(approved.ok && approved.approvedBy, TEST_STAFF.supervisor.name);
    assert.deepEqual(await t.call('app.quit', {}), { ok: true });
    await waitForQuit();
    assert.equal(quits(), 1);
    assert.equal((await t.failure('app.quit', {})).code, 'not_allowed', 'the approval was for one quit');
  } finally {
    await t.close();
  }
});
