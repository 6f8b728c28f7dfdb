// The data-folder probe that tells a full or read-only till it can save again: it really writes
// and syncs PROBE_BYTES, throws the file system's own error when the folder cannot take them,
// and never leaves its file or an open descriptor behind. A full disk is /dev/full and a write
// that cannot be synced is /dev/null, each linked in as the probe's file (Linux).
// Also: the folder made private (files 0600, folders 0700) over what an older version left.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openFilesWhere } from '../../support/open-files';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ensurePrivateFile,
  PROBE_BYTES,
  probeDataDir,
  secureDataDir,
} from '../../../electron/services/storage/data-dir';
import { StorageHealth } from '../../../electron/services/storage/storage-health';

const PROBE_FILE = '.space-probe';
const linux = process.platform === 'linux';

function dataDir(t: { after: (fn: () => void) => void }): { root: string; data: string } {
  const root = mkdtempSync(join(tmpdir(), 'paydesk-probe-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const data = join(root, 'data');
  mkdirSync(data);
  return { root, data };
}

/** What this process has open that mentions `fragment`. */
const openFilesNaming = (fragment: string) => openFilesWhere((target) => target.includes(fragment));

/** Runs the probe and returns the file system's error code it threw. */
function probeFailure(dir: string): string {
  try {
    probeDataDir(dir);
  } catch (error) {
    return String((error as { code?: unknown }).code);
  }
  return 'no error';
}

test(
  'the probe writes and syncs exactly PROBE_BYTES, then removes its file and closes it',
  { skip: !linux },
  (t) => {
    const { root, data } = dataDir(t);
    probeDataDir(data);
    assert.deepEqual(readdirSync(data), [], 'nothing left in the data folder');
    assert.deepEqual(openFilesNaming(PROBE_FILE), [], 'no descriptor left open');

    // The same probe writing through a link shows how much it wrote.
    const seen = join(root, 'what-the-probe-wrote');
    symlinkSync(seen, join(data, PROBE_FILE));
    probeDataDir(data);
    assert.equal(statSync(seen).size, PROBE_BYTES);
    assert.deepEqual(readdirSync(data), [], 'its link is gone too');
    assert.deepEqual(openFilesNaming('what-the-probe-wrote'), []);
  },
);

test(
  'a full disk: the probe throws ENOSPC, leaves nothing behind, and the till recovers once there is room',
  { skip: !linux },
  (t) => {
    const { data } = dataDir(t);
    const full = () => symlinkSync('/dev/full', join(data, PROBE_FILE));
    full();
    assert.equal(probeFailure(data), 'ENOSPC');
    assert.deepEqual(readdirSync(data), []);
    assert.deepEqual(openFilesNaming('/dev/full'), []);

    const health = new StorageHealth({ probe: () => probeDataDir(data) });
    assert.equal(health.ok, true);
    assert.equal(
      health.reportFailure(Object.assign(new Error('disk full'), { code: 'SQLITE_FULL' })),
      'full',
    );
    assert.equal(health.ok, false);
    full();
    assert.throws(
      () => health.assertNewSaleAllowed(),
      /A new sale cannot start: this computer’s disk is full/,
    );
    assert.equal(health.ok, false);
    // The probe removed its link: the disk has room again.
    health.assertNewSaleAllowed();
    assert.equal(health.ok, true);
    assert.equal(health.status().state, 'ok');
  },
);

test('a write that cannot be synced fails the probe', { skip: !linux }, (t) => {
  const { data } = dataDir(t);
  symlinkSync('/dev/null', join(data, PROBE_FILE));
  assert.equal(probeFailure(data), 'EINVAL');
  assert.deepEqual(readdirSync(data), []);
});

test('a data folder that is gone: the file system’s own error, not another', (t) => {
  const { root } = dataDir(t);
  assert.equal(probeFailure(join(root, 'unplugged')), 'ENOENT');
  assert.deepEqual(readdirSync(root), ['data']);
});

test('an older, readable data folder is made private: its files 0600, its folders still 0700 and usable', (t) => {
  const { data } = dataDir(t);
  const mode = (path: string) => statSync(path).mode & 0o777;
  const settings = join(data, 'settings.json');
  writeFileSync(settings, '{}', { mode: 0o644 });
  mkdirSync(join(data, 'keychain'), { mode: 0o700 });
  writeFileSync(join(data, 'keychain', 'kept.txt'), 'kept');
  chmodSync(data, 0o755);
  secureDataDir(data);
  assert.deepEqual([mode(data), mode(settings), mode(join(data, 'keychain'))], [0o700, 0o600, 0o700]);
  assert.deepEqual(readdirSync(join(data, 'keychain')), ['kept.txt']);

  const log = join(data, 'till.log');
  writeFileSync(log, 'kept', { mode: 0o644 });
  ensurePrivateFile(log);
  ensurePrivateFile(join(data, 'new.log'));
  assert.deepEqual([mode(log), mode(join(data, 'new.log'))], [0o600, 0o600]);
  assert.equal(statSync(log).size, 4, 'an existing file keeps what it holds');
});
