// The one English table of what backups and restores say to staff: the backup service words its
// results with it (electron/services/backup/words.ts) and the screens' English catalogue is built
// from it (renderer/src/i18n/en/services-backup.ts), so the two cannot drift. `{{name}}` marks a
// value filled in; never a path, an id or a system message (those stay in the log).

export const BACKUP_WORDS = {
  // A backup's result.
  done: 'Backed up: {{sales}} sales, the last receipt {{receipt}}. The backup was checked and is good.',
  doneNoSales: 'Backed up: the till holds no sales yet. The backup was checked and is good.',
  noFolder: 'No backup folder is set: a manager chooses one under Backups.',
  sourceDamaged:
    'The backup was not made: the till’s records failed their check, and a copy would carry the damage. The earlier backups are untouched. Ask whoever looks after the till to restore the latest good backup.',
  folderMissing:
    'The backup was not made: the backup folder cannot be found. Plug in the USB stick or connect the network folder, then back up again. The earlier backups are untouched.',
  folderFull:
    'The backup was not made: the backup folder is full. Free space on it (or use a bigger USB stick), then back up again. The earlier backups are untouched.',
  folderNotWritable:
    'The backup was not made: the till may not write to the backup folder. Choose another folder, or ask whoever looks after this computer. The earlier backups are untouched.',
  checkFailed:
    'The backup was written but failed its check, so it was not kept. Back up again; if it fails again, use another USB stick or folder. The earlier backups are untouched.',
  failed:
    'The backup could not be made. Back up again; if it fails again, use another USB stick or folder. The earlier backups are untouched.',
  running: 'A backup is already running: wait for it to finish.',
  // Choosing the folder.
  folderNotAbsolute: 'Type the whole folder, starting with its drive letter or its first slash.',
  folderNotFound:
    'That folder cannot be found: plug in the USB stick or connect the network folder, then try again.',
  folderNotAFolder: 'That is a file, not a folder: type the folder the backups should go to.',
  folderRefusesWrites:
    'The till cannot write to that folder: choose another one, or ask whoever looks after this computer.',
  folderIsDataFolder:
    'That is the till’s own data folder: a backup must go somewhere else (a USB stick or a network folder), or a dead disk takes both.',
  // The top bar.
  neverMade:
    'No backup of this till’s records has been made yet. A manager sets a backup folder and backs up under Backups.',
  stale: 'The last good backup is {{days}} days old. A manager backs up now under Backups.',
  staleFailing:
    'The last good backup is {{days}} days old, and the last try failed. A manager looks under Backups to see why, then backs up again.',
  neverFailing:
    'No good backup of this till’s records has been made: the last try failed. A manager looks under Backups to see why, then backs up again.',
  // Restoring and listing.
  notABackup: 'This file is not a Paydesk backup: choose another one.',
  damaged: 'This backup is damaged (it failed its check): choose an older one.',
  incomplete: 'This backup is incomplete (it does not hold what it says it holds): choose another one.',
  newerTill: 'This backup comes from a newer version of Paydesk: update this till first, then restore.',
  unreadable: 'This backup cannot be read: check that the USB stick or network folder is connected.',
  listFolderMissing:
    'That folder cannot be found: plug in the USB stick or connect the network folder, then look again.',
  noneFound: 'No Paydesk backups are in that folder.',
  tillHasSales:
    'This till already holds {{sales}} sales (the last receipt {{receipt}}). Restoring replaces them with the backup’s records: a manager ticks “Replace this till’s sales” only when sure, then restores again.',
  restartToRestore:
    'This till cannot restore while it runs. Ask whoever looks after this computer to start it again with the backup to restore.',
  nothingMissing: 'No sales are missing: there is nothing to accept.',
} as const;

export type BackupWordKey = keyof typeof BACKUP_WORDS;

/** The English of a key with its values filled in. */
export function fillBackupWords(key: BackupWordKey, params: Record<string, string | number> = {}): string {
  return BACKUP_WORDS[key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
