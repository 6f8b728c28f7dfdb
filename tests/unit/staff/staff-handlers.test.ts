// The staff handlers the screens call: activity reported by the screens keeps the person serving
// signed in past the idle time, and creating the first manager tells the screens the staff changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { staffHandlers } from '../../../electron/services/staff/handlers';
import { gateInTempFolder, staffedGateInTempFolder, TEST_STAFF } from '../../support/staff';

const MINUTE = 60_000;

test('activity the screens report starts the idle time again', async (t) => {
  const { gate, clock } = await staffedGateInTempFolder(t, { idleMinutes: 5 });
  const handlers = staffHandlers(gate, () => undefined);
  await clock.advance(4 * MINUTE);
  assert.deepEqual(handlers['staff.touch']({}), { ok: true });
  await clock.advance(4 * MINUTE);
  assert.equal(gate.view().signedIn?.name, 'Casey', 'eight minutes in, four since the last activity');
  await clock.advance(MINUTE);
  assert.equal(gate.view().signedIn, null);
});

test('creating the first manager tells the screens the staff changed', async (t) => {
  const { gate } = gateInTempFolder(t);
  let peopleChanged = 0;
  const handlers = staffHandlers(gate, () => peopleChanged++);
  const view = await handlers['staff.createFirstManager'](TEST_STAFF.manager);
  assert.equal(view.signedIn?.name, 'Morgan');
  assert.equal(peopleChanged, 1);
});
