// Backups' words for staff: the English from shared/backup-words.ts, with the key the screens
// translate it by. A refusal is a TillError carrying the same words.
import type { BackupWords } from '../../../shared/contract/backup';
import { TillError, type ErrorCode } from '../../../shared/contract/errors';
import { fillBackupWords, type BackupWordKey } from '../../../shared/backup-words';

export function backupWords(key: BackupWordKey, params?: Record<string, string | number>): BackupWords {
  return {
    message: fillBackupWords(key, params),
    words: { key: `backup.${key}`, ...(params && { params }) },
  };
}

export function backupRefusal(
  code: ErrorCode,
  key: BackupWordKey,
  params?: Record<string, string | number>,
  cause?: unknown,
): TillError {
  const { message, words } = backupWords(key, params);
  return new TillError(code, message, { ...(words && { words }), ...(cause !== undefined && { cause }) });
}
