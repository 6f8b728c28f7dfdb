// A till restored from a backup (docs/backups.md) on a real PostgreSQL: its change counter goes
// back to the backup's, below what the shop server already holds of it. Every sale it makes after
// the restore still reaches the server, and nothing the server had is lost.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import {
  lastChangeSeq,
  openTillSide,
  prepareShop,
  sentEverything,
  serverMark,
  serverRows,
  startOutbox,
  tillSettings,
} from '../support/shop-server';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { waitUntil } from '../support/wait';

let server: TestPostgres;
before(async () => {
  server = await startTestPostgres();
});
after(() => server?.close());

for (const after of [2, 9]) {
  test(`a till restored from a backup sells ${after} sales and reconnects: each is on the server, nothing it had is lost`, async () => {
    const shop = await prepareShop(server, 1);
    const till = shop.tills[0]!;
    const settings = tillSettings(server, shop, till);
    const dir = mkdtempSync(join(tmpdir(), 'paydesk-restore-'));
    const backup = join(dir, 'backup.sqlite');
    try {
      const original = openTillSide();
      const first = startOutbox(original, settings, till.password);
      const beforeBackup = original.sell(3);
      first.outbox.nudge();
      await waitUntil(() => sentEverything(first), 'the first sales to go up');
      original.db.exec(`VACUUM INTO '${backup}'`);
      const lostLocally = original.sell(4);
      first.outbox.nudge();
      await waitUntil(() => sentEverything(first), 'the sales after the backup to go up');
      await first.close();
      original.close();

      // The till's disk is replaced; the backup is restored; it sells before it reconnects.
      const restored = openTillSide(backup);
      try {
        const afterRestore = restored.sell(after);
        const second = startOutbox(restored, settings, till.password);
        try {
          await waitUntil(() => sentEverything(second), 'the restored till to catch up');
          const rows = await serverRows(server, shop, till.number, 'sale');
          assert.deepEqual(
            new Set(rows.map((r) => r.local_id)),
            new Set([...beforeBackup, ...lostLocally, ...afterRestore]),
          );
          for (const row of rows) assert.equal(row.body.state, 'completed', row.local_id);
          assert.equal(await serverMark(server, shop, till.number), lastChangeSeq(restored.db));
          // Later sales go on as usual.
          const later = restored.sell(1);
          second.outbox.nudge();
          await waitUntil(
            async () =>
              (await serverRows(server, shop, till.number, 'sale')).some((r) => r.local_id === later[0]),
            'a later sale to arrive',
          );
        } finally {
          await second.close();
        }
      } finally {
        restored.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
