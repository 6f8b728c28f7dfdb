// The delivery address form opens before the saved address has arrived: what the manager types
// meanwhile must not be overwritten when it lands (under load, an order could not be reviewed).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSuppliesStore } from '../../../renderer/src/state/supplies';
import { FakeTill } from '../renderer/fake-till';

test('fields typed while the saved address loads keep what was typed; the others take the saved address', async () => {
  let deliver: (address: Record<string, string>) => void = () => {};
  const fake = new FakeTill().answer(
    'supplies.deliveryAddress',
    () => new Promise((resolve) => (deliver = resolve as typeof deliver)) as never,
  );
  const store = createSuppliesStore(fake);
  const opening = store.getState().go('address');
  store.getState().setAddressField('firstName', 'Ada');
  store.getState().setAddressField('postalCode', 'SW1A 1AA');
  deliver({
    firstName: 'Sam',
    lastName: 'Baker',
    companyName: '',
    phoneNumber: '020 7946 0000',
    lineOne: '12 High Street',
    lineTwo: '',
    city: 'London',
    postalCode: 'N1 9GU',
    country: 'GB',
    notes: '',
  });
  await opening;
  const { address } = store.getState();
  assert.deepEqual(
    [address.firstName, address.postalCode, address.lastName, address.city],
    ['Ada', 'SW1A 1AA', 'Baker', 'London'],
  );
  assert.deepEqual(store.getState().addressProblems, {}, 'a complete address can be reviewed');
});
