// A real full disk for tests: a small tmpfs mounted on a new temp folder, and a file that takes
// every byte left on it. Mounting needs root; where it is not allowed the tests skip.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Mounts an 8 MiB tmpfs on a new temp folder, unmounted after the test; null when this machine
 * does not allow it. `closeFirst` runs before the unmount (a till still holding its files keeps
 * the mount busy).
 */
export function mountSmallDisk(
  t: { after: (fn: () => Promise<void>) => void },
  closeFirst: () => Promise<void>,
): string | null {
  const mountPoint = mkdtempSync(join(tmpdir(), 'paydesk-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m,mode=0700', 'tmpfs', mountPoint], { stdio: 'pipe' });
  } catch {
    rmSync(mountPoint, { recursive: true, force: true });
    return null;
  }
  t.after(async () => {
    await closeFirst();
    execFileSync('umount', [mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  });
  return mountPoint;
}

/** Writes `file` until the disk refuses another byte; returns how many bytes went in. */
export function fillDisk(file: string): number {
  const descriptor = openSync(file, 'w');
  let written = 0;
  try {
    for (const size of [64 * 1024, 512, 1]) {
      const chunk = Buffer.alloc(size, 0x66);
      for (;;) {
        try {
          written += writeSync(descriptor, chunk);
        } catch (error) {
          if ((error as { code?: string }).code !== 'ENOSPC') throw error;
          break;
        }
      }
    }
  } finally {
    closeSync(descriptor);
  }
  return written;
}
