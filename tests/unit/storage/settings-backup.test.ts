// Settings kept with a backup copy: a truncated or missing settings file is set aside and
// reported, and the last saved settings (the manager PIN above all) come back from the backup,
// never a silent reset to defaults.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  truncateSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonFileSettingsStore } from '../../../electron/services/storage/settings';
import { ManagerPin, type ScryptParams } from '../../../electron/services/storage/manager-pin';
import { ManualClock } from '../../support/manual-clock';

const TEST_PARAMS: ScryptParams = { cost: 2 ** 10, blockSize: 8, parallelization: 1, keyLength: 32 };

function setup(t: { after: (fn: () => void) => void }) {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-settings-bak-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  const file = join(folder, 'settings.json');
  const clock = new ManualClock(Date.parse('2026-11-23T08:00:00.000Z'));
  const open = () => {
    const settings = new JsonFileSettingsStore({ file, clock });
    return { settings, pin: new ManagerPin({ settings, clock, scryptParams: TEST_PARAMS }) };
  };
  return { folder, file, open };
}

test('a settings file truncated mid-write: the manager PIN and the shop survive from the backup', async (t) => {
  const { folder, file, open } = setup(t);
  const first = open();
  await first.pin.setPin('482916');
  first.settings.update({ shop: { name: 'Corner Café' } });
  const saved = readFileSync(file, 'utf8');
  truncateSync(file, Math.floor(saved.length / 2));
  const damaged = readFileSync(file, 'utf8');

  const { settings, pin } = open();
  assert.equal(settings.load().shop.name, 'Corner Café');
  assert.equal(readFileSync(file, 'utf8'), saved, 'the file itself is put back whole');
  assert.equal(pin.isSet(), true, 'the PIN is still set');
  assert.deepEqual(await pin.verify('482916'), { ok: true });
  assert.equal((await pin.verify('000000')).ok, false, 'and still refuses a wrong one');

  const [problem] = settings.problems();
  assert.equal(problem?.kind, 'corrupt');
  assert.equal(problem?.restored, true);
  assert.match(problem!.message, /damaged.*kept as settings\.corrupt-.*restored from the backup/);
  assert.equal(readFileSync(problem!.keptAt!, 'utf8'), damaged, 'the damaged bytes are kept aside');
  assert.deepEqual(open().settings.problems(), [], 'the next start finds nothing wrong');
  assert.ok(readdirSync(folder).includes('settings.json.bak'));
});

test('a settings file that vanished comes back from its backup, and says so', async (t) => {
  const { file, open } = setup(t);
  await open().pin.setPin('135790');
  unlinkSync(file);

  const { settings, pin } = open();
  assert.deepEqual(await pin.verify('135790'), { ok: true });
  const [problem] = settings.problems();
  assert.equal(problem?.restored, true);
  assert.match(problem!.message, /missing.*restored from the backup/);
  assert.equal(existsSync(file), true);
});

test('file and backup both damaged: both reported, defaults in use, nothing silently reset', async (t) => {
  const { file, open } = setup(t);
  await open().pin.setPin('246801');
  writeFileSync(file, '{"schemaVersion": 1, "shop": {');
  writeFileSync(`${file}.bak`, '');

  const { settings, pin } = open();
  assert.equal(pin.isSet(), false);
  const [problem] = settings.problems();
  assert.equal(problem?.restored, false);
  assert.match(problem!.message, /damaged.*Default settings are in use/);
  assert.equal(readFileSync(problem!.keptAt!, 'utf8'), '{"schemaVersion": 1, "shop": {');
});

test('a vanished settings file is written back from the backup at once, before anything is saved', (t) => {
  const { file, open } = setup(t);
  open().settings.update({ shop: { name: 'Corner Café' } });
  const saved = readFileSync(file, 'utf8');
  unlinkSync(file);

  const { settings } = open();
  assert.deepEqual(settings.problems(), [
    {
      kind: 'corrupt',
      message:
        'The settings file was missing. The last saved settings (manager PIN included) were restored from the backup copy.',
      keptAt: null,
      restored: true,
      at: '2026-11-23T08:00:00.000Z',
    },
  ]);
  assert.equal(readFileSync(file, 'utf8'), saved);
});
