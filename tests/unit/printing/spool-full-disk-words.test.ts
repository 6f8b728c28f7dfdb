// What the cashier reads when the printing service cannot save a print job or a reprint, beyond
// what spool-storage-words.test.ts covers: through the service on a real SQLite file that runs out
// of pages, the words come keyed so the screens show them in the shop's language (German here)
// and SQLite's own error stays in `cause`; a "disk is full" message is a full disk whatever its
// code, and the system's words are matched in any case; other failures and things thrown that are
// not Errors (even the text 'SQLITE_FULL') read as a storage failure.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TillError } from '../../../shared/contract/errors';
import { closeDatabase, openDatabase } from '../../../electron/services/storage/database';
import { SPOOL_MIGRATIONS, createPrintingService } from '../../../electron/services/printing';
import { storageError } from '../../../electron/services/printing/spool-store';
import { i18n } from '../../../renderer/src/i18n';
import { wordsText } from '../../../renderer/src/i18n/words';
import { ManualClock } from '../../support/manual-clock';
import { waitForJob } from './spool-harness';

const FULL = {
  job: "Could not save the print job: the till's disk is full. Nothing already queued was lost.",
  reprint: "Could not save the reprint: the till's disk is full. Nothing already queued was lost.",
};
const FAILED = {
  job: "Could not save the print job: the till's storage failed. Nothing already queued was lost.",
  reprint: "Could not save the reprint: the till's storage failed. Nothing already queued was lost.",
};
const GERMAN_FULL_JOB =
  'Der Druckauftrag konnte nicht gespeichert werden: die Festplatte der Kasse ist voll. Nichts in der Warteschlange ging verloren.';
const GERMAN_FAILED_REPRINT =
  'Der Nachdruck konnte nicht gespeichert werden: der Speicher der Kasse hatte einen Fehler. Nichts in der Warteschlange ging verloren.';

/** What a cashier reads in German for `error`. */
async function inGerman(error: TillError): Promise<string> {
  await i18n.changeLanguage('de-DE');
  try {
    return wordsText(error.words, error.message);
  } finally {
    await i18n.changeLanguage('en-GB');
  }
}

test('a real SQLite file that fills up: the print job and the reprint are refused as a full disk', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-spool-full-'));
  const db = openDatabase(join(dir, 'till.db'), SPOOL_MIGRATIONS);
  const clock = new ManualClock();
  const service = createPrintingService({ db, printers: [], clock });
  t.after(async () => {
    await service.close();
    closeDatabase(db, () => {});
    rmSync(dir, { recursive: true, force: true });
  });
  const big = [{ type: 'TEXT', format: [], value: 'x'.repeat(64_000) }];
  const first = await service.printReceipt('R-1', big);
  await waitForJob(service, first.id, (j) => j.state === 'printed', { clock });

  // The file may not grow any more: the next insert that needs a page fails with SQLITE_FULL.
  db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
  let saving: unknown;
  try {
    await service.printReceipt('R-2', big);
  } catch (error) {
    saving = error;
  }
  assert.ok(saving instanceof TillError);
  assert.equal(saving.code, 'storage');
  assert.equal(saving.message, FULL.job);
  assert.equal((saving.cause as { code?: string }).code, 'SQLITE_FULL');
  assert.equal(await inGerman(saving), GERMAN_FULL_JOB);
  assert.deepEqual(
    (await service.listJobs()).map((j) => [j.receiptId, j.state]),
    [['R-1', 'printed']],
    'nothing already queued was lost, nothing half-saved',
  );

  let reprinting: unknown;
  try {
    await service.reprint(first.id);
  } catch (error) {
    reprinting = error;
  }
  assert.ok(reprinting instanceof TillError);
  assert.equal(reprinting.message, FULL.reprint);
  assert.deepEqual(reprinting.words, { key: 'printing.diskFull.reprint' });
  assert.equal((await service.listJobs()).length, 1);
});

test('a system full-disk message is a full disk whatever (or whether) its code is', () => {
  for (const cause of [
    new Error('enospc while writing the journal'),
    Object.assign(new Error('database or Disk Is Full'), { code: 'SQLITE_IOERR' }),
  ]) {
    const error = storageError('job', cause);
    assert.equal(error.message, FULL.job, cause.message);
    assert.deepEqual(error.words, { key: 'printing.diskFull.job' });
    assert.equal(error.cause, cause, 'the database error stays for the log');
  }
});

test('any other storage failure is not called a full disk', async () => {
  for (const cause of [
    Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }),
    new Error('something else went wrong'),
  ]) {
    const error = storageError('reprint', cause);
    assert.equal(error.code, 'storage');
    assert.equal(error.message, FAILED.reprint, cause.message);
    assert.deepEqual(error.words, { key: 'printing.storageFailed.reprint' });
    assert.equal(error.cause, cause);
    assert.equal(await inGerman(error), GERMAN_FAILED_REPRINT);
  }
});

test('something thrown that is not an Error at all still reads as a storage failure', () => {
  for (const thrown of ['SQLITE_FULL', 42]) {
    const error = storageError('job', thrown);
    assert.equal(error.message, FAILED.job, String(thrown));
    assert.deepEqual(error.words, { key: 'printing.storageFailed.job' });
  }
});
