// Where the unit suite keeps its temporary files: a RAM disk (/dev/shm) when the machine has one
// with room to spare, else the system's temporary folder. The unit tests open hundreds of real
// database files, spools and settings files, and the till syncs each commit to the disk as it must
// on a counter PC; on a virtual machine's disk those syncs cost about 9 s of a 51 s unit run (42 s
// on the RAM disk, the same tests, the same code). The fault suite, which tests durability, and the
// e2e suite stay on the disk (neither was faster on the RAM disk).
import { statfsSync } from 'node:fs';

const RAM_DISK = '/dev/shm';
/** tmpfs's magic number in statfs(2). */
const TMPFS = 0x01021994;
/**
 * The least free room the RAM disk must have. A unit run uses about 50 MB at its peak; a
 * container's default /dev/shm of 64 MB is too close, and Chromium shares memory there.
 */
export const RAM_DISK_MIN_FREE = 1024 ** 3;

/** The RAM disk, when `stats` (statfs of it) says it is tmpfs with room to spare; else null. */
export function ramDiskFrom(stats) {
  if (!stats || stats.type !== TMPFS) return null;
  return stats.bavail * stats.bsize >= RAM_DISK_MIN_FREE ? RAM_DISK : null;
}

/** The machine's RAM disk for temporary files, or null when it has none fit for them. */
export function ramDisk() {
  try {
    return ramDiskFrom(statfsSync(RAM_DISK));
  } catch {
    return null;
  }
}
