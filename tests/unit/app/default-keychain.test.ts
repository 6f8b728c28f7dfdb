// A till given no secret stores (as Electron main starts it) keeps credentials in the OS keychain,
// under the service name real installs use, and their saved dates in its own data folder. That
// name is shared with any Paydesk on the computer, so this runs only in the throw-away keyring of
// scripts/with-keyring.sh (PAYDESK_KEYRING=1) and skips elsewhere:
//
//   bash scripts/with-keyring.sh node --import tsx --test tests/unit/app/default-keychain.test.ts
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadNapiKeyringBackend } from '../../../electron/services/storage/keychain-backends';
import { ManualClock } from '../../support/manual-clock';
import { TEST_STAFF } from '../../support/staff';
import { startAppTill } from './support';

const inThrowAwayKeyring = process.env.PAYDESK_KEYRING === '1';

test('with no secret stores given, a saved credential goes to the OS keychain and its date to the data folder', async (t) => {
  if (!inThrowAwayKeyring) return t.skip('the real keychain service name: only in scripts/with-keyring.sh');
  const keychain = await loadNapiKeyringBackend();
  const clock = new ManualClock(Date.parse('2026-03-02T09:15:00Z'));
  // `undefined` replaces the encrypted file the app tests' till is given: the till's own default.
  const till = await startAppTill({ secretStores: undefined, clock });
  try {
    await till.call('staff.createFirstManager', TEST_STAFF.manager);
    await till.call('manager.unlock', { pin: TEST_STAFF.manager.pin });
    await till.call('secrets.save', {
      key: 'distribution.apiKey',
      profile: 'sandbox',
      value: 'supplier-key-42',
    });

    assert.equal(await keychain.getPassword('Paydesk', 'sandbox/distribution.apiKey'), 'supplier-key-42');
    assert.deepEqual(JSON.parse(readFileSync(join(till.dataDir, 'secret-dates.json'), 'utf8')), {
      version: 1,
      saved: { 'sandbox/distribution.apiKey': '2026-03-02T09:15:00.000Z' },
    });
  } finally {
    await keychain.deletePassword('Paydesk', 'sandbox/distribution.apiKey');
    await till.close();
  }
});
