// The Backups screen (docs/backups.md): backing up, restoring, and missing sales.
export const backup = {
  screenTitle: 'Backups',
  title: 'Back up the till’s records',
  intro:
    'Sales, refunds, shifts and Z reports live on this computer only. Back them up to a USB stick or a network folder: every night, and now.',
  lastGood: 'Last good backup: {{when}}, {{sales}} sales, the last receipt {{receipt}}.',
  noReceipt: 'none yet',
  noGoodYet: 'No good backup has been made yet.',
  lastFailed: 'The last try ({{when}}) failed:',
  next: 'Next backup: {{when}}.',
  folder: 'Backup folder',
  folderHint:
    'The whole folder, starting with its drive letter or its first slash. Not on this computer’s own disk.',
  keep: 'Backups to keep',
  keepHint: 'Older ones are removed once a new backup has been checked.',
  keepUnreadable: 'Backups to keep is a whole number from 1 to 365.',
  nightly: 'Back up every night',
  nightlyHint: 'At 3 at night; a till switched off then backs up soon after it starts.',
  saved: 'Saved.',
  now: 'Back up now',
  running: 'Backing up…',
  restoreTitle: 'Restore from a backup',
  restoreIntro:
    'Replaces this till’s records with a backup’s. For a new computer, or after a disk failed. Passwords and keys are not in a backup: enter them again afterwards.',
  restoreIntroNew:
    'A new till? Start it from the last backup of the old one: type the folder, look, choose a backup. Passwords and keys are not in a backup: enter them again afterwards.',
  pending:
    'The till was started with a backup to restore, but it already holds sales: a manager decides below.',
  restoreFolder: 'Folder with the backups',
  look: 'Look for backups',
  choose: 'Choose a backup',
  found: '{{when}}: {{sales}} sales, the last receipt {{receipt}}',
  replace: 'Replace this till’s sales',
  replaceHint: 'Only when you are sure: the sales on this till now are set aside and the backup’s come back.',
  restore: 'Restore',
  restored: 'Restored: {{sales}} sales are back. The next receipt is {{next}}.',
  enterAgain: 'Enter the sign-in again in Settings for: {{services}}.',
  gapAfterRestore:
    'Sales numbered after this backup are not in it ({{count}}): a manager accepts the gap with their PIN on this screen.',
  carryOn: 'Carry on',
  summary: {
    title: 'Backups',
    intro: 'The till backs up its records to a USB stick or a network folder, every night and on demand.',
    open: 'Open Backups',
  },
  firstStart: {
    title: 'New till, or moving from another PC?',
    text: 'If this shop used Paydesk on another computer, restore its last backup here: its sales, receipt numbers, staff and products carry on. Otherwise start fresh. You can sell straight away either way.',
    restore: 'Restore from a backup',
    startFresh: 'Start fresh',
  },
  missing: {
    title: 'Sales are missing from this till’s records',
    what: 'The till handed out receipts {{first}} to {{last}} ({{count}}), but its records no longer hold them (an older backup or a failed disk).',
    todo: 'Restore the latest backup that holds them (below). If none does, a manager accepts that they are gone: their paper receipts are the record, and numbering carries on after {{last}}.',
    formLabel: 'Accept the missing sales',
    pin: 'Manager PIN',
    accept: 'Accept the missing sales',
    accepted: 'Accepted. The till sells again, numbering on after the last receipt handed out.',
  },
};
