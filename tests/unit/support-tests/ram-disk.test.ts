// Where the unit suite keeps its temporary files (scripts/ram-disk.mjs): the RAM disk only when it
// is tmpfs with at least the set room free; a disk, a small container /dev/shm or none at all
// leave the files in the system's temporary folder.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RAM_DISK_MIN_FREE, ramDiskFrom } from '../../../scripts/ram-disk.mjs';

const TMPFS = 0x01021994;
const EXT4 = 0xef53;
const BLOCK = 4096;

test('a tmpfs with room to spare is used, down to exactly the least room', () => {
  assert.equal(
    ramDiskFrom({ type: TMPFS, bsize: BLOCK, bavail: (4 * RAM_DISK_MIN_FREE) / BLOCK }),
    '/dev/shm',
  );
  assert.equal(ramDiskFrom({ type: TMPFS, bsize: BLOCK, bavail: RAM_DISK_MIN_FREE / BLOCK }), '/dev/shm');
});

test('a tmpfs one block short of the least room is not used (a container default of 64 MB)', () => {
  assert.equal(ramDiskFrom({ type: TMPFS, bsize: BLOCK, bavail: RAM_DISK_MIN_FREE / BLOCK - 1 }), null);
  assert.equal(ramDiskFrom({ type: TMPFS, bsize: BLOCK, bavail: (64 * 1024 ** 2) / BLOCK }), null);
});

test('a /dev/shm that is a disk, or none, is not used however much room it has', () => {
  assert.equal(ramDiskFrom({ type: EXT4, bsize: BLOCK, bavail: (4 * RAM_DISK_MIN_FREE) / BLOCK }), null);
  assert.equal(ramDiskFrom(null), null);
});
