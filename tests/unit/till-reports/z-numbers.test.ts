// A Z number is never used twice: not after a restart, not when the database loses the last Z's
// row (the mark file beside it remembers), and not when the mark file is lost (the database
// remembers). A damaged mark refuses the Z in words and closes nothing.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import Database from 'better-sqlite3';
import { Z_NUMBER_MARK_FILE } from '../../../electron/services/till-reports/shop-day';
import { setUpStaff, TEST_STAFF } from '../../support/staff';
import { startTestTill, type TestTill } from '../../support/till';

const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-z-numbers-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

let managerId = '';

/** A till on the shared data folder with the manager signed in. */
async function till(): Promise<TestTill> {
  const t = await startTestTill({ dataDir });
  if (!managerId) {
    managerId = (await setUpStaff(t.call)).people.manager.id;
  } else {
    const signedIn = await t.call('staff.signIn', { staffId: managerId, pin: TEST_STAFF.manager.pin });
    assert.equal(signedIn.ok, true);
  }
  return t;
}

async function zNumbers(count: number): Promise<number[]> {
  const t = await till();
  try {
    const numbers: number[] = [];
    for (let i = 0; i < count; i++) numbers.push((await t.call('tillReports.z', {})).number!);
    return numbers;
  } finally {
    await t.close();
  }
}

function loseZRow(number: number): void {
  const db = new Database(join(dataDir, 'paydesk.sqlite'));
  try {
    assert.equal(db.prepare('DELETE FROM z_reports WHERE number = ?').run(number).changes, 1);
  } finally {
    db.close();
  }
}

test('Z numbers go on across a restart', async () => {
  assert.deepEqual(await zNumbers(2), [1, 2]);
  assert.deepEqual(await zNumbers(1), [3]);
});

test('a Z row the database lost does not give its number out again', async () => {
  loseZRow(3);
  assert.deepEqual(await zNumbers(1), [4]);
  const t = await till();
  try {
    assert.deepEqual(
      (await t.call('tillReports.list', { limit: 10 })).map((z) => z.number),
      [4, 2, 1],
    );
  } finally {
    await t.close();
  }
});

test('a lost mark file: the database still knows the numbers used', async () => {
  unlinkSync(join(dataDir, Z_NUMBER_MARK_FILE));
  assert.deepEqual(await zNumbers(1), [5]);
});

test('a damaged mark refuses the Z in words and closes nothing', async () => {
  writeFileSync(join(dataDir, Z_NUMBER_MARK_FILE), 'not json');
  const t = await till();
  try {
    const refused = await t.failure('tillReports.z', {});
    assert.equal(refused.code, 'storage');
    assert.match(refused.message, /could not record the next Z number, so the day was not closed/);
    assert.equal((await t.call('tillReports.list', { limit: 1 }))[0]?.number, 5);
  } finally {
    await t.close();
  }
});
