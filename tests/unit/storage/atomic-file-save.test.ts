// writeFileAtomic and readTextIfExists, the way the settings, secret and sale-number files are
// saved and read: a save survives a power cut the moment it returns, a disk that takes a few
// bytes per write still gets every byte, no file handle is left open whether a save works or
// fails, and whatever a file system throws (even a bare value) becomes a plain storage error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openFilesWhere } from '../../support/open-files';
import * as fs from 'node:fs';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { TillError } from '../../../shared/contract/errors';
import {
  readTextIfExists,
  writeFileAtomic,
  type SettingsFs,
} from '../../../electron/services/storage/settings-files';

function tempFolder(t: { after: (fn: () => void) => void }): string {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-atomic-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

const OTHER =
  'This could not be saved: the disk did not take it. Try again; if it keeps happening, ask whoever looks after this computer.';
const UNREADABLE = 'A file the till needs could not be read. Ask whoever looks after this computer.';

/** What this process has open inside `folder`, the folder itself included. */
const openFilesIn = (folder: string) => openFilesWhere((target) => target.startsWith(folder));

/**
 * The real file system, plus what a power cut does to it: bytes written to a file are only on the
 * disk once that file has been flushed (fsync of its descriptor), and a rename only once its
 * folder has been flushed. powerCut() puts back each unflushed file's earlier content, then
 * whatever each unflushed rename changed (both names).
 */
function diskWithPowerCuts() {
  const folderOf = new Map<number, string>();
  /** A file's descriptor → its name and the content on the disk before it was opened. */
  const fileOf = new Map<number, { file: string; before: string }>();
  /** Files written and not flushed since → the content the disk still holds. */
  const unflushedData = new Map<string, string>();
  const unflushed: Array<{ folder: string; file: string; before: string | null }> = [];
  const disk: SettingsFs = {
    ...fs,
    openSync: ((path: string, flags: fs.OpenMode, mode?: fs.Mode) => {
      const before = existsSync(path) && !statSync(path).isDirectory() ? readFileSync(path, 'utf8') : '';
      const descriptor = fs.openSync(path, flags, mode);
      if (statSync(path).isDirectory()) folderOf.set(descriptor, path);
      else fileOf.set(descriptor, { file: path, before });
      return descriptor;
    }) as SettingsFs['openSync'],
    writeSync: ((descriptor: number, ...rest: [Buffer, number, number]) => {
      const opened = fileOf.get(descriptor);
      if (opened && !unflushedData.has(opened.file)) unflushedData.set(opened.file, opened.before);
      return fs.writeSync(descriptor, ...rest);
    }) as SettingsFs['writeSync'],
    fsyncSync: (descriptor: number) => {
      fs.fsyncSync(descriptor);
      const opened = fileOf.get(descriptor);
      if (opened) unflushedData.delete(opened.file);
      const folder = folderOf.get(descriptor);
      for (let i = unflushed.length - 1; i >= 0; i--)
        if (unflushed[i]!.folder === folder) unflushed.splice(i, 1);
    },
    closeSync: (descriptor: number) => {
      folderOf.delete(descriptor);
      fileOf.delete(descriptor);
      fs.closeSync(descriptor);
    },
    renameSync: (from: fs.PathLike, to: fs.PathLike) => {
      const entries = [String(from), String(to)].map((file) => ({
        folder: dirname(file),
        file,
        before: existsSync(file) ? readFileSync(file, 'utf8') : null,
      }));
      fs.renameSync(from, to);
      // Unflushed bytes travel with the file under its new name.
      const data = unflushedData.get(String(from));
      unflushedData.delete(String(from));
      if (data !== undefined) unflushedData.set(String(to), data);
      unflushed.push(...entries);
    },
  };
  const powerCut = () => {
    for (const [file, before] of unflushedData) if (existsSync(file)) writeFileSync(file, before);
    unflushedData.clear();
    for (const { file, before } of unflushed.splice(0).reverse()) {
      if (before === null) unlinkSync(file);
      else writeFileSync(file, before);
    }
  };
  return { disk, powerCut };
}

test('a save is on the disk when it returns: a power cut straight after keeps the new content', (t) => {
  const folder = tempFolder(t);
  const file = join(folder, 'settings.json');
  writeFileSync(file, '{"shop":"old"}\n');
  const { disk, powerCut } = diskWithPowerCuts();

  writeFileAtomic(file, '{"shop":"new"}\n', disk);
  powerCut();
  assert.equal(readFileSync(file, 'utf8'), '{"shop":"new"}\n');

  // The model itself: bytes nobody flushed are lost, and a rename nobody flushed is undone.
  const descriptor = disk.openSync(file, 'r+');
  disk.writeSync(descriptor, Buffer.from('{"shop":"lost"}\n'), 0, 16);
  disk.closeSync(descriptor);
  powerCut();
  assert.equal(readFileSync(file, 'utf8'), '{"shop":"new"}\n');
  const other = join(folder, 'other.json');
  writeFileSync(other, '{"shop":"other"}\n');
  disk.renameSync(other, file);
  powerCut();
  assert.equal(readFileSync(file, 'utf8'), '{"shop":"new"}\n');
  assert.equal(readFileSync(other, 'utf8'), '{"shop":"other"}\n');
});

test('where a folder cannot be opened to flush it (Windows), the save still works', (t) => {
  const folder = tempFolder(t);
  const file = join(folder, 'settings.json');
  const noFolderHandles: SettingsFs = {
    ...fs,
    openSync: ((path: string, flags: fs.OpenMode, mode?: fs.Mode) => {
      if (path === folder) throw Object.assign(new Error('EISDIR: illegal operation'), { code: 'EISDIR' });
      return fs.openSync(path, flags, mode);
    }) as SettingsFs['openSync'],
  };
  writeFileAtomic(file, '{"kioskMode":true}\n', noFolderHandles);
  assert.equal(readFileSync(file, 'utf8'), '{"kioskMode":true}\n');
  assert.deepEqual(openFilesIn(folder), []);
});

test('a disk that takes a few bytes per write still gets every byte, in order', (t) => {
  const folder = tempFolder(t);
  const file = join(folder, 'settings.json');
  const fewBytesAtATime: SettingsFs = {
    ...fs,
    writeSync: ((descriptor: number, buffer: Buffer, offset: number, length: number) =>
      fs.writeSync(descriptor, buffer, offset, Math.min(length, 5))) as typeof fs.writeSync,
  };
  const content = `${JSON.stringify({ shop: { name: 'Corner Café', footer: 'Thank you — see you soon' } })}\n`;
  writeFileAtomic(file, content, fewBytesAtATime);
  assert.equal(readFileSync(file, 'utf8'), content);
});

test('no file handle is left open, whether saves work or the disk refuses them', (t) => {
  const folder = tempFolder(t);
  const file = join(folder, 'settings.json');
  for (let i = 0; i < 3; i++) writeFileAtomic(file, `{"save":${i}}\n`);
  assert.deepEqual(openFilesIn(folder), [], 'after saves that worked');

  const fullDisk: SettingsFs = {
    ...fs,
    writeSync: (() => {
      throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    }) as typeof fs.writeSync,
  };
  for (let i = 0; i < 3; i++)
    assert.throws(() => writeFileAtomic(file, '{"save":"lost"}\n', fullDisk), TillError);
  assert.deepEqual(openFilesIn(folder), [], 'after saves the disk refused');
  assert.equal(readFileSync(file, 'utf8'), '{"save":2}\n');
});

test('a file is read as text, exactly as saved', (t) => {
  const folder = tempFolder(t);
  const file = join(folder, 'settings.json');
  writeFileAtomic(file, '{"shop":"Corner Café"}\n');
  assert.equal(readTextIfExists(file), '{"shop":"Corner Café"}\n');
});

test('a file system that throws a bare value (null, undefined, text, a number) still gets plain words', (t) => {
  const folder = tempFolder(t);
  const file = join(folder, 'settings.json');
  writeFileSync(file, '{"old":true}\n');
  for (const thrown of [null, undefined, 'disk gone', 42, {}]) {
    const throwing: SettingsFs = {
      ...fs,
      renameSync: () => {
        throw thrown;
      },
      readFileSync: (() => {
        throw thrown;
      }) as SettingsFs['readFileSync'],
    };
    const label = String(JSON.stringify(thrown));
    assert.throws(
      () => writeFileAtomic(file, '{"new":true}\n', throwing),
      (error: unknown) =>
        error instanceof TillError &&
        error.code === 'storage' &&
        error.message === OTHER &&
        error.cause === thrown,
      `save, thrown ${label}`,
    );
    assert.throws(
      () => readTextIfExists(file, throwing),
      (error: unknown) =>
        error instanceof TillError &&
        error.code === 'storage' &&
        error.message === UNREADABLE &&
        error.cause === thrown,
      `read, thrown ${label}`,
    );
  }
  assert.equal(readFileSync(file, 'utf8'), '{"old":true}\n');
});
