// What this process holds open, read from /proc/self/fd (Linux): for tests that prove a file
// or folder was closed again, whatever happened to the work that opened it.
import { readdirSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';

/** The targets of this process's open descriptors that `matches` accepts. */
export function openFilesWhere(matches: (target: string) => boolean): string[] {
  const open: string[] = [];
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const target = readlinkSync(join('/proc/self/fd', fd));
      if (matches(target)) open.push(target);
    } catch {
      // Closed between listing and reading (the listing's own descriptor).
    }
  }
  return open;
}
