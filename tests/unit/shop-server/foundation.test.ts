// The shop server's small rules, without a server: bodies cleaned for jsonb, which failures are a
// refused row, the SCRAM verifier's shape and that it depends on password and salt, the back-off
// after a link that breaks at once, and a restored till's rows numbered again above a mark.
import assert from 'node:assert/strict';
import { createHash, createHmac, pbkdf2Sync } from 'node:crypto';
import { test } from 'node:test';
import { createLogger } from '../../../electron/services/common/logger';
import { scramVerifier } from '../../../electron/services/shop-server/admin';
import { ShopServerConnection, type ShopServerLink } from '../../../electron/services/shop-server/connection';
import { cleanBody, isRowRefused } from '../../../electron/services/shop-server/outbox';
import { changedUpTo, lastChangeSeq, restampAbove } from '../../../electron/services/storage/journal-changes';
import { ManualClock } from '../../support/manual-clock';
import { openTillSide } from '../../support/shop-server';

test('a body goes up without NUL characters and with every string well formed, keys too; other values as they are', () => {
  const cut = '🍰'.slice(0, 1);
  assert.deepEqual(
    cleanBody({
      name: `Tea\u0000 ${cut}`,
      [`k\u0000${cut}`]: [1, null, true, `a\u0000b`],
      n: 5,
      deep: { x: cut },
    }),
    { name: 'Tea \uFFFD', ['k\uFFFD']: [1, null, true, 'ab'], n: 5, deep: { x: '\uFFFD' } },
  );
  assert.equal(cleanBody('🍰 whole'), '🍰 whole');
  assert.equal(cleanBody(null), null);
});

test('SQLSTATE classes 22, 23 and 42 are a refused row; a lost link, a login or anything else is not', () => {
  for (const code of ['22P05', '22P02', '23514', '23505', '42P01', '42501'])
    assert.equal(isRowRefused({ code }), true, code);
  for (const code of ['08006', '57P01', '28P01', '40001', 'ECONNRESET', undefined])
    assert.equal(isRowRefused({ code }), false, String(code));
  assert.equal(isRowRefused(null), false);
  assert.equal(isRowRefused(new Error('Connection terminated')), false);
});

test('the SCRAM-SHA-256 verifier is RFC 5803’s: 4096 rounds, the salt, StoredKey and ServerKey', () => {
  const salt = Buffer.from('W22ZaJ0SNY7soEsUEjb6gQ==', 'base64');
  const verifier = scramVerifier('pencil', salt);
  const [head, keys] = verifier.split('$').slice(1);
  assert.equal(verifier.split('$')[0], 'SCRAM-SHA-256');
  assert.equal(head, `4096:${salt.toString('base64')}`);
  const salted = pbkdf2Sync('pencil', salt, 4096, 32, 'sha256');
  const stored = createHash('sha256')
    .update(createHmac('sha256', salted).update('Client Key').digest())
    .digest();
  const server = createHmac('sha256', salted).update('Server Key').digest();
  assert.equal(keys, `${stored.toString('base64')}:${server.toString('base64')}`);
  assert.notEqual(scramVerifier('pencil'), scramVerifier('pencil'), 'a new salt each time');
  assert.notEqual(scramVerifier('pencil', salt), scramVerifier('pencils', salt));
});

test('a link that breaks at once keeps the back-off growing; one that lasted starts it again', async () => {
  const clock = new ManualClock();
  const connects: number[] = [];
  const link = { close: async () => undefined } as unknown as ShopServerLink;
  const connection = new ShopServerConnection({
    settings: () => ({
      enabled: true,
      address: 'x',
      tillNumber: 1,
      tillName: 'T',
      login: 'l',
      tls: 'prefer',
    }),
    password: async () => 'pw',
    clock,
    logger: createLogger('test', () => undefined),
    backoff: { firstMs: 1_000, maxMs: 60_000, steadyMs: 60_000 },
    connect: async () => {
      connects.push(clock.now());
      return link;
    },
  });
  const broken = new Error('Connection terminated');
  const waitConnected = async () => {
    for (let i = 0; i < 20 && connection.state().state !== 'connected'; i++) await clock.advanceToNextTimer();
  };
  connection.restart();
  await waitConnected();
  for (let i = 0; i < 4; i++) {
    connection.lost(broken);
    await waitConnected();
  }
  const gaps = connects.slice(1).map((t, i) => t - connects[i]!);
  assert.deepEqual(gaps, [1_000, 2_000, 4_000, 8_000]);
  // A link that lasted a minute: the next wait is 1 s again.
  await clock.advance(60_000);
  connection.lost(broken);
  await waitConnected();
  assert.equal(connects.at(-1)! - connects.at(-2)!, 61_000);
  await connection.stop();
});

test('a restored till’s rows the server lacks get new changes above its mark, and the counter goes on from there', () => {
  const side = openTillSide();
  try {
    const ids = side.sell(3);
    const local = lastChangeSeq(side.db);
    const rows = changedUpTo(side.db, local);
    assert.deepEqual(
      rows.filter((r) => r.kind === 'sale').map((r) => r.id),
      ids,
    );
    assert.deepEqual(changedUpTo(side.db, 0), []);
    const mark = local + 40;
    restampAbove(side.db, mark, [{ kind: 'sale', id: ids[0]! }]);
    assert.equal(lastChangeSeq(side.db), mark + 1);
    assert.deepEqual(
      changedUpTo(side.db, mark)
        .map((r) => r.id)
        .includes(ids[0]!),
      false,
    );
    const later = side.sell(1);
    assert.ok(
      changedUpTo(side.db, mark + 100).some((r) => r.id === later[0]),
      'the next sale is numbered after the mark',
    );
    assert.ok(lastChangeSeq(side.db) > mark + 1);
    // A mark below the counter moves nothing back.
    const before = lastChangeSeq(side.db);
    restampAbove(side.db, 1, []);
    side.sell(1);
    assert.ok(lastChangeSeq(side.db) > before);
  } finally {
    side.close();
  }
});
