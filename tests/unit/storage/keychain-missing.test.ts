// A copy of Paydesk whose keychain module is missing (a broken install): @napi-rs/keyring does
// not load. The store then says so in staff words and keeps each
// module's own reason for the log; no keychain is touched. The modules are hidden with a module
// resolution hook, registered only for this test and removed after it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire, registerHooks } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TillError } from '../../../shared/contract/errors';
import { loadKeychainBackend } from '../../../electron/services/storage/keychain-backends';
import { KeychainSecretStore } from '../../../electron/services/storage/secret-store-keychain';

const KEYCHAIN_MODULES = /^@napi-rs\/keyring$|[\\/]node_modules[\\/]@napi-rs[\\/]keyring[\\/]/;
const NO_MODULE =
  'This copy of Paydesk cannot reach the computer’s keychain. Ask whoever installed it to reinstall Paydesk.';

/** Hides the keychain modules from module resolution; false when one is already loaded here. */
function hideKeychainModules(t: { after: (fn: () => void) => void }): boolean {
  // A runner that keeps one process for several files may have loaded one already: that cannot be undone.
  const loaded = Object.keys(createRequire(join(process.cwd(), 'index.js')).cache);
  if (loaded.some((file) => KEYCHAIN_MODULES.test(file))) return false;
  const hooks = registerHooks({
    resolve(specifier, context, nextResolve) {
      if (KEYCHAIN_MODULES.test(specifier))
        throw Object.assign(new Error(`Cannot find package '${specifier}'`), {
          code: 'ERR_MODULE_NOT_FOUND',
        });
      return nextResolve(specifier, context);
    },
  });
  t.after(() => hooks.deregister());
  return true;
}

test('no keychain module loads: each one’s reason is kept, and the store refuses in staff words', async (t) => {
  if (!hideKeychainModules(t)) {
    t.skip('a keychain module is already loaded in this process');
    return;
  }
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-no-keychain-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));

  const loaded = await loadKeychainBackend();
  assert.equal(loaded.backend, null);
  const reason = 'reason' in loaded ? loaded.reason : '';
  assert.match(
    reason,
    /^no keychain module could be loaded \(@napi-rs\/keyring: Cannot find package '[^']*keyring[^']*'\)$/,
  );

  const store = new KeychainSecretStore({ savedDatesFile: join(folder, 'secrets-saved.json') });
  assert.deepEqual(await store.availability(), { ok: false, reason: NO_MODULE, detail: reason });
  await assert.rejects(
    store.set('payAtCounter.password', 'live', 'never-stored'),
    (e: unknown) =>
      e instanceof TillError &&
      e.code === 'not_configured' &&
      e.message === NO_MODULE &&
      (e.cause as Error).message === reason,
  );
  assert.deepEqual(readdirSync(folder), [], 'no "saved" date for a secret that was not saved');
});
