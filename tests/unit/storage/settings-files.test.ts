// The till's small files (settings, secret dates, the encrypted secrets): a save that fails says
// why in staff words and keeps the old file; a file that cannot be read is a clear error, never
// taken for "no file" and reset; a damaged file that cannot be copied aside says so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TillError } from '../../../shared/contract/errors';
import {
  readTextIfExists,
  writeFileAtomic,
  type SettingsFs,
} from '../../../electron/services/storage/settings-files';
import { JsonFileSettingsStore } from '../../../electron/services/storage/settings';

function tempFolder(t: { after: (fn: () => void) => void }): string {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-files-words-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

const systemError = (code: string) => Object.assign(new Error(`${code}: raw system words`), { code });

const FULL = 'This could not be saved: the disk is full. Free some space, then try again.';
const NO_PERMISSION =
  'This could not be saved: Paydesk does not have permission to write to its data folder. Ask whoever looks after this computer.';
const OTHER =
  'This could not be saved: the disk did not take it. Try again; if it keeps happening, ask whoever looks after this computer.';
const UNREADABLE = 'A file the till needs could not be read. Ask whoever looks after this computer.';

test('a save that fails is worded by its cause; the old file stays and the system words stay in the cause', (t) => {
  const folder = tempFolder(t);
  const file = join(folder, 'settings.json');
  writeFileSync(file, '{"old":true}\n');
  const cases: Array<[string, string]> = [
    ['ENOSPC', FULL],
    ['EDQUOT', FULL],
    ['EACCES', NO_PERMISSION],
    ['EPERM', NO_PERMISSION],
    ['EROFS', NO_PERMISSION],
    ['EIO', OTHER],
    ['EBUSY', OTHER],
  ];
  for (const [code, words] of cases) {
    const cause = systemError(code);
    const refusing: SettingsFs = {
      ...fs,
      renameSync: () => {
        throw cause;
      },
    };
    assert.throws(
      () => writeFileAtomic(file, '{"new":true}\n', refusing),
      (error: unknown) =>
        error instanceof TillError &&
        error.code === 'storage' &&
        error.message === words &&
        error.cause === cause,
      code,
    );
    assert.equal(readFileSync(file, 'utf8'), '{"old":true}\n', code);
    assert.deepEqual(readdirSync(folder), ['settings.json'], `${code}: no temporary file left`);
  }
});

test('a file that cannot be read is a clear error, not "no file"; a missing one is', (t) => {
  const folder = tempFolder(t);
  const file = join(folder, 'settings.json');
  assert.equal(readTextIfExists(file), null);
  writeFileSync(file, '{"schemaVersion":1}\n');
  const cause = systemError('EACCES');
  const unreadable: SettingsFs = {
    ...fs,
    readFileSync: (() => {
      throw cause;
    }) as SettingsFs['readFileSync'],
  };
  const isUnreadable = (error: unknown) =>
    error instanceof TillError &&
    error.code === 'storage' &&
    error.message === UNREADABLE &&
    error.cause === cause;
  assert.throws(() => readTextIfExists(file, unreadable), isUnreadable);

  // The settings are not reset to defaults over a file that may be perfectly good.
  const store = new JsonFileSettingsStore({ file, fs: unreadable });
  assert.throws(() => store.load(), isUnreadable);
  assert.equal(readFileSync(file, 'utf8'), '{"schemaVersion":1}\n');
  assert.deepEqual(readdirSync(folder), ['settings.json'], 'nothing set aside or written');
});

test('a damaged settings file that cannot be copied aside: said so, and the file is left where it is', (t) => {
  const folder = tempFolder(t);
  const file = join(folder, 'settings.json');
  writeFileSync(file, '{"schemaVersion": 1, "shop": {');
  const store = new JsonFileSettingsStore({
    file,
    clock: { now: () => Date.parse('2026-11-23T08:00:00.000Z') },
    fs: {
      ...fs,
      renameSync: () => {
        throw systemError('EBUSY');
      },
    },
  });
  assert.equal(store.load().shop.name, 'My Shop', 'defaults in use');
  assert.deepEqual(store.problems(), [
    {
      kind: 'corrupt',
      message:
        'The settings file was damaged; it could not be copied aside. Default settings are in use until you save new ones.',
      keptAt: null,
      restored: false,
      at: '2026-11-23T08:00:00.000Z',
    },
  ]);
  assert.equal(
    readFileSync(file, 'utf8'),
    '{"schemaVersion": 1, "shop": {',
    'the damaged bytes are still there',
  );
});
