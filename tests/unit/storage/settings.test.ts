import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TillError } from '../../../shared/contract/errors';
import {
  JsonFileSettingsPersistence,
  JsonFileSettingsStore,
  SettingsUnreadableError,
  defaultSettings,
  liveBaseUrlProblem,
  parsePrinterAddress,
  publicSettings,
  rendererSettingsPatch,
  settingsSchema,
  type Settings,
} from '../../../electron/services/storage/settings';
import type { SettingsFs } from '../../../electron/services/storage/settings-files';

function tempFolder(t: { after: (fn: () => void) => void }): string {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-settings-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

const FIXED_NOW = Date.parse('2026-11-22T10:15:30.000Z');

test('no file yet: defaults, sandbox everywhere, no problems, nothing written', (t) => {
  const folder = tempFolder(t);
  const store = new JsonFileSettingsStore({ file: join(folder, 'settings.json') });
  const settings = store.load();
  assert.deepEqual(settings, defaultSettings());
  assert.equal(settings.payAtCounter.mode, 'sandbox');
  assert.equal(settings.distribution.mode, 'sandbox');
  assert.equal(settings.merchant.mode, 'sandbox');
  assert.deepEqual(store.problems(), []);
  assert.deepEqual(readdirSync(folder), []);
});

test('settings survive a round trip through the file, via patch and via updater', (t) => {
  const folder = tempFolder(t);
  const file = join(folder, 'settings.json');
  const store = new JsonFileSettingsStore({ file });
  store.update({
    payAtCounter: { mode: 'live', liveBaseUrl: 'https://pay.example.com/api', defaultTerminalId: 'T-100' },
    shop: { name: 'Corner Café', addressLines: ['1 High Street', 'Leeds'], vatRateBasisPoints: 2000 },
  });
  store.update((s) => ({
    ...s,
    printers: [
      ...s.printers,
      {
        ...s.printers[0]!,
        id: 'bar',
        name: 'Bar printer',
        transport: 'network',
        address: '192.168.1.50:9100',
        paperWidth: 58,
        drawer: { enabled: true, pin: 5 },
      },
    ],
    receiptPrinterId: 'bar',
  }));

  const onDisk = JSON.parse(readFileSync(file, 'utf8')) as Settings;
  const reopened = new JsonFileSettingsStore({ file }).load();
  assert.deepEqual(reopened, onDisk);
  assert.equal(reopened.payAtCounter.mode, 'live');
  assert.equal(reopened.payAtCounter.liveBaseUrl, 'https://pay.example.com/api');
  assert.equal(reopened.payAtCounter.defaultTerminalId, 'T-100');
  // A deep patch keeps the fields it does not name.
  assert.equal(reopened.shop.name, 'Corner Café');
  assert.equal(reopened.shop.receiptFooter, '');
  assert.equal(reopened.distribution.mode, 'sandbox');
  assert.equal(reopened.receiptPrinterId, 'bar');
  assert.deepEqual(reopened.printers[1]?.drawer, { enabled: true, pin: 5 });
  assert.deepEqual(
    readdirSync(folder).filter((name) => name !== 'settings.json' && name !== 'settings.json.bak'),
    [],
    'no temporary files left',
  );
  assert.equal(
    readFileSync(`${file}.bak`, 'utf8'),
    readFileSync(file, 'utf8'),
    'the backup is the last save',
  );
});

test('a corrupt file is kept aside under a timestamped name, reported, and defaults are used', (t) => {
  const folder = tempFolder(t);
  const file = join(folder, 'settings.json');
  const damaged = '{"payAtCounter": {"mode": "live", "liveBa';
  writeFileSync(file, damaged);
  const store = new JsonFileSettingsStore({ file, clock: { now: () => FIXED_NOW } });

  assert.deepEqual(store.load(), defaultSettings());
  const problems = store.problems();
  assert.equal(problems.length, 1);
  assert.equal(problems[0]!.kind, 'corrupt');
  assert.equal(problems[0]!.at, '2026-11-22T10:15:30.000Z');
  const kept = join(folder, 'settings.corrupt-2026-11-22T10-15-30-000Z.json');
  assert.equal(problems[0]!.keptAt, kept);
  assert.equal(readFileSync(kept, 'utf8'), damaged, 'the damaged bytes are kept, not lost');
  assert.equal(existsSync(file), false);
  assert.match(problems[0]!.message, /damaged/);
  assert.match(problems[0]!.message, /settings\.corrupt-2026-11-22T10-15-30-000Z\.json/);

  // Saving new settings afterwards writes a good file and leaves the kept copy alone.
  store.update({ kioskMode: true });
  assert.equal(new JsonFileSettingsStore({ file }).load().kioskMode, true);
  assert.equal(readFileSync(kept, 'utf8'), damaged);
});

test('a file with values outside the schema is kept aside and reported as invalid', (t) => {
  const folder = tempFolder(t);
  const file = join(folder, 'settings.json');
  const valid = settingsSchema.parse({});
  const bad = { ...valid, printers: [{ ...valid.printers[0], paperWidth: 70 }] };
  writeFileSync(file, JSON.stringify(bad));
  const store = new JsonFileSettingsStore({ file, clock: { now: () => FIXED_NOW } });

  assert.deepEqual(store.load(), defaultSettings());
  const [problem] = store.problems();
  assert.equal(problem?.kind, 'invalid');
  assert.match(problem!.message, /printers\.0\.paperWidth/);
  assert.deepEqual(JSON.parse(readFileSync(problem!.keptAt!, 'utf8')), bad);
});

test('live base URLs: https, or plain http only on loopback; no credentials in the address', () => {
  for (const ok of [
    'https://pay.example.com',
    'https://pay.example.com:8443/v2',
    'http://127.0.0.1:8080',
    'http://localhost:3000/api',
    'http://[::1]:9000',
  ])
    assert.equal(liveBaseUrlProblem(ok), null, ok);
  for (const bad of [
    'http://pay.example.com',
    'http://192.168.1.10:8080',
    'http://127.0.0.2',
    'ftp://example.com',
    'https://user:pass@pay.example.com',
    'https://pay.example.com/?key=abc',
    'pay.example.com',
    '',
  ])
    assert.notEqual(liveBaseUrlProblem(bad), null, bad);
});

test('an invalid update is refused with a plain reason and changes nothing', (t) => {
  const folder = tempFolder(t);
  const file = join(folder, 'settings.json');
  const store = new JsonFileSettingsStore({ file });
  store.update({ shop: { name: 'Before' } });
  const before = readFileSync(file, 'utf8');

  const attempts: unknown[] = [
    { distribution: { mode: 'live', liveBaseUrl: 'http://supplier.example.com' } },
    { merchant: { mode: 'live' } },
    { printers: [{ id: 'p1', transport: 'network' }], receiptPrinterId: 'p1' },
    { receiptPrinterId: 'missing' },
    { shop: { vatRateBasisPoints: 20.5 } },
  ];
  for (const patch of attempts) {
    assert.throws(
      () => store.update(patch as Parameters<typeof store.update>[0]),
      (error: unknown) => error instanceof TillError && error.code === 'invalid_input',
      JSON.stringify(patch),
    );
  }
  assert.throws(
    () => store.update({ distribution: { mode: 'live', liveBaseUrl: 'http://supplier.example.com' } }),
    /https/,
  );
  assert.equal(readFileSync(file, 'utf8'), before);
  assert.equal(store.load().shop.name, 'Before');
});

test('a failed write (disk full) throws TillError storage and leaves the old file and settings intact', (t) => {
  const folder = tempFolder(t);
  const file = join(folder, 'settings.json');
  new JsonFileSettingsStore({ file }).update({ shop: { name: 'Old name' } });
  const before = readFileSync(file, 'utf8');

  // Like a disk filling up: the first write call gets 16 bytes out, the next one fails.
  let writes = 0;
  const fillingDisk: SettingsFs = {
    ...fs,
    writeSync: ((fd: number, buffer: Buffer, offset: number, length: number) => {
      writes += 1;
      if (writes === 1) return fs.writeSync(fd, buffer, offset, Math.min(length, 16));
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    }) as typeof fs.writeSync,
  };
  const store = new JsonFileSettingsStore({ file, fs: fillingDisk });
  const changed = new Set<string>();
  store.onChange((next) => changed.add(next.shop.name));

  assert.throws(
    () => store.update({ shop: { name: 'New name' } }),
    (error: unknown) =>
      error instanceof TillError && error.code === 'storage' && /disk is full/.test(error.message),
  );
  assert.equal(readFileSync(file, 'utf8'), before);
  assert.equal(store.load().shop.name, 'Old name');
  assert.equal(changed.size, 0, 'no change announced');
  assert.equal(readFileSync(`${file}.bak`, 'utf8'), before, 'the backup is untouched too');
  assert.deepEqual(
    readdirSync(folder).sort(),
    ['settings.json', 'settings.json.bak'],
    'the temporary file was removed',
  );
});

test('a rename that fails also leaves the old file', (t) => {
  const folder = tempFolder(t);
  const file = join(folder, 'settings.json');
  new JsonFileSettingsStore({ file }).update({ kioskMode: true });
  const before = readFileSync(file, 'utf8');
  const store = new JsonFileSettingsStore({
    file,
    fs: {
      ...fs,
      renameSync: () => {
        throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
      },
    },
  });
  assert.throws(() => store.update({ kioskMode: false }), /permission/);
  assert.equal(readFileSync(file, 'utf8'), before);
  assert.equal(readFileSync(`${file}.bak`, 'utf8'), before);
  assert.deepEqual(readdirSync(folder).sort(), ['settings.json', 'settings.json.bak']);
});

test('onChange gets the new and previous settings; unsubscribing stops it', (t) => {
  const folder = tempFolder(t);
  const store = new JsonFileSettingsStore({ file: join(folder, 'settings.json') });
  const seen: Array<[boolean, boolean]> = [];
  const stop = store.onChange((next, previous) => seen.push([next.startOnLogin, previous.startOnLogin]));
  store.update({ startOnLogin: true });
  stop();
  store.update({ startOnLogin: false });
  assert.deepEqual(seen, [[true, false]]);
});

test('load() hands out copies: changing one does not change the store', (t) => {
  const folder = tempFolder(t);
  const store = new JsonFileSettingsStore({ file: join(folder, 'settings.json') });
  const copy = store.load();
  copy.shop.name = 'Mutated';
  assert.equal(store.load().shop.name, 'My Shop');
});

test('publicSettings removes the manager PIN hash and lockout but says whether a PIN is set', () => {
  const settings = defaultSettings();
  settings.managerPin.hash = {
    algorithm: 'scrypt',
    cost: 1024,
    blockSize: 8,
    parallelization: 1,
    keyLength: 32,
    salt: 'c2FsdHNhbHRzYWx0c2FsdA==',
    hash: 'aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g=',
    setAt: '2026-11-22T00:00:00.000Z',
  };
  const visible = publicSettings(settings);
  assert.equal('managerPin' in visible, false);
  assert.equal(visible.managerPinSet, true);
  assert.equal(JSON.stringify(visible).includes(settings.managerPin.hash.hash), false);
  assert.equal(JSON.stringify(visible).includes(settings.managerPin.hash.salt), false);
  assert.equal(publicSettings(defaultSettings()).managerPinSet, false);
});

test('printer addresses are a host with a real port, 9100 when none is given', () => {
  assert.deepEqual(parsePrinterAddress('192.168.1.50:9101'), { host: '192.168.1.50', port: 9101 });
  assert.deepEqual(parsePrinterAddress('[fe80::1]:9101'), { host: 'fe80::1', port: 9101 });
  assert.deepEqual(parsePrinterAddress('printer.local'), { host: 'printer.local', port: 9100 });
  assert.deepEqual(parsePrinterAddress('fd00::10'), { host: 'fd00::10', port: 9100 });
  assert.equal(parsePrinterAddress('printer.local:0'), null);
  assert.equal(parsePrinterAddress('printer.local:70000'), null);
  assert.equal(parsePrinterAddress('http://printer:9100'), null);
});

test('a patch from the renderer cannot touch the manager PIN record or lockout', (t) => {
  const folder = tempFolder(t);
  const store = new JsonFileSettingsStore({ file: join(folder, 'settings.json') });
  store.update({ managerPin: { lockout: { failedAttempts: 3, lockedUntil: FIXED_NOW } } });
  const fromRenderer = {
    kioskMode: true,
    managerPin: { hash: null, lockout: { failedAttempts: 0, lockedUntil: null } },
    managerPinSet: false,
  };
  store.update(rendererSettingsPatch(fromRenderer));
  const after = store.load();
  assert.equal(after.kioskMode, true);
  assert.deepEqual(after.managerPin.lockout, { failedAttempts: 3, lockedUntil: FIXED_NOW });
  assert.throws(() => rendererSettingsPatch('kioskMode'), TillError);
});

test('problems() asked first still finds the damage: it loads the settings itself', (t) => {
  const folder = tempFolder(t);
  const file = join(folder, 'settings.json');
  writeFileSync(file, '{"shop": {');
  const store = new JsonFileSettingsStore({ file, clock: { now: () => FIXED_NOW } });
  assert.deepEqual(
    store.problems().map((problem) => problem.kind),
    ['corrupt'],
  );
});

test('a patch field left undefined keeps the saved value, at any depth', (t) => {
  const folder = tempFolder(t);
  const store = new JsonFileSettingsStore({ file: join(folder, 'settings.json') });
  store.update({ shop: { name: 'Corner Café', receiptFooter: 'Thank you' }, kioskMode: true });
  // e.g. a form that only sends the fields it changed: { name: edited ? value : undefined }.
  const after = store.update({
    shop: { name: undefined, receiptFooter: 'See you soon' },
    kioskMode: undefined,
  });
  assert.equal(after.shop.name, 'Corner Café');
  assert.equal(after.shop.receiptFooter, 'See you soon');
  assert.equal(after.kioskMode, true);
});

test('a settings file that is not JSON is read as a SettingsUnreadableError, named so in the log', (t) => {
  const folder = tempFolder(t);
  const file = join(folder, 'settings.json');
  writeFileSync(file, '{"shop": {');
  assert.throws(
    () => new JsonFileSettingsPersistence(file).read(),
    (error: unknown) =>
      error instanceof SettingsUnreadableError && String(error).startsWith('SettingsUnreadableError: '),
  );
});

test('a renderer change that is not an object is refused in plain words', () => {
  for (const patch of ['kioskMode', null, [{ kioskMode: true }], 7])
    assert.throws(
      () => rendererSettingsPatch(patch),
      (error: unknown) =>
        error instanceof TillError &&
        error.code === 'invalid_input' &&
        error.message === 'Settings changes must be an object.',
      JSON.stringify(patch),
    );
});
