// The backup area's words, produced for real on a till in a temp folder: the refusals of a folder
// a manager types, a backup into a folder that is fine or has gone, a folder looked through, files
// offered for a restore that are no backup or are missing, a restore over a till's sales; then the
// rest of shared/backup-words.ts (a damaged database, a newer till, the top bar's days) through the
// service's own wording function, so every key is sampled.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Words } from '../../../shared/contract';
import { BACKUP_WORDS, type BackupWordKey } from '../../../shared/backup-words';
import { backupWords } from '../../../electron/services/backup/words';
import { startTestTill, type TestTill } from '../../support/till';
import type { Worded } from './office-samples';

/** Values a key's `{{name}}`s are filled with when no real run produced it. */
const SAMPLE_PARAMS: Record<string, string | number> = { sales: 12, receipt: 'S000042', days: 3 };

export async function backupSamples(): Promise<Worded[]> {
  const scratch = mkdtempSync(join(tmpdir(), 'paydesk-backup-words-'));
  const till: TestTill = await startTestTill({
    drivenClock: true,
    dataDir: join(scratch, 'data'),
    // The backup into a folder that went fails on purpose; anything else is printed.
    logger: {
      info: () => {},
      warn: () => {},
      error: (message, error) => {
        if (!message.startsWith('backup (manual) failed: folderMissing')) console.error(message, error);
      },
    },
  });
  const out: Worded[] = [];
  const failed = async (where: string, method: Parameters<TestTill['failure']>[0], input: unknown) => {
    const error = (await till.failure(method, input)) as { message: string; words?: Words };
    out.push({ where, text: error.message, words: error.words });
  };
  const ran = (where: string, run: { result: { message: string; words?: Words | undefined } }) =>
    out.push({ where, text: run.result.message, words: run.result.words });
  try {
    const stick = join(scratch, 'stick');
    mkdirSync(stick);
    const file = join(scratch, 'notes.txt');
    writeFileSync(file, 'not a folder');
    await failed('folder typed in part', 'backup.configure', { folder: 'stick' });
    await failed('folder not there', 'backup.configure', { folder: join(scratch, 'gone') });
    await failed('a file for a folder', 'backup.configure', { folder: file });
    await failed('the data folder', 'backup.configure', { folder: till.dataDir });
    await failed('back up without a folder', 'backup.runNow', {});
    await failed('accept missing sales when none are', 'backup.acceptMissingSales', { pin: '2468' });

    await till.call('backup.configure', { folder: stick });
    ran('a backup of a till without sales', await till.call('backup.runNow', {}));
    const { products } = await till.call('catalogue.get', {});
    const sale = await till.call('sales.open', { lines: [{ productId: products[0]!.id, quantity: 1 }] });
    await till.call('sales.payCash', { saleId: sale.saleId, amountGiven: sale.total });
    ran('a backup', await till.call('backup.runNow', {}));
    const looked = await till.call('backup.list', { folder: scratch });
    out.push({
      where: 'a folder without backups',
      text: looked.problem!.message,
      words: looked.problem!.words,
    });
    const missing = await till.call('backup.list', { folder: join(scratch, 'gone') });
    out.push({ where: 'a folder not there', text: missing.problem!.message, words: missing.problem!.words });
    await failed('restore a file that is no backup', 'backup.restore', { file });
    await failed('restore a file not there', 'backup.restore', { file: join(stick, 'gone.sqlite') });
    const [backup] = (await till.call('backup.list', { folder: stick })).backups;
    await failed('restore over this till’s sales', 'backup.restore', { file: backup!.file });

    rmSync(stick, { recursive: true });
    ran('a backup into a folder that went', await till.call('backup.runNow', {}));
  } finally {
    await till.close();
    rmSync(scratch, { recursive: true, force: true });
  }
  const produced = new Set(out.map((w) => w.words?.key));
  for (const key of Object.keys(BACKUP_WORDS) as BackupWordKey[]) {
    if (produced.has(`backup.${key}`)) continue;
    const params = Object.fromEntries(
      [...BACKUP_WORDS[key].matchAll(/\{\{(\w+)\}\}/g)].map(([, name]) => [name!, SAMPLE_PARAMS[name!]!]),
    );
    const { message, words } = backupWords(key, Object.keys(params).length > 0 ? params : undefined);
    out.push({ where: `backup words ${key}`, text: message, words });
  }
  return out;
}
