// A storage failure in any method reaches staff in words that say what happened and what to do,
// never as an internal error: here the till's database file damaged under the running till
// (another program wrote over it), found when the till next reads it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../../../electron/services/storage/database';
import { startAppTill } from './support';

test('a database damaged under the running till is said so in staff words, and the failure logged', async () => {
  const errors: string[] = [];
  const t = await startAppTill({
    logger: { info: () => {}, warn: () => {}, error: (message) => errors.push(message) },
  });
  try {
    const file = join(t.dataDir, 'paydesk.sqlite');
    // Everything written so far moved into the file itself, then the file overwritten with zeros.
    const other = openDatabase(file);
    other.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    other.close();
    writeFileSync(file, Buffer.alloc(statSync(file).size));
    const reply = await t.dispatch('sales.recent', { limit: 5 });
    assert.deepEqual(reply, {
      ok: false,
      error: {
        code: 'storage',
        message:
          'That could not be saved: the till’s sales records are damaged. Do not sell on this till: ask whoever looks after it to restore the latest backup.',
      },
    });
    assert.deepEqual(errors, ['method sales.recent failed']);
    assert.equal((await t.call('status.get', {})).storage.state, 'damaged');
  } finally {
    await t.close();
  }
});
