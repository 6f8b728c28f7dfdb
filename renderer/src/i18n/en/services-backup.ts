// Backup words the services send by key: the very English of shared/backup-words.ts.
import { BACKUP_WORDS } from '../../../../shared/backup-words';

export const backupServices = { backup: BACKUP_WORDS };
