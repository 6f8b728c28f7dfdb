// The words the screens showed last time are read while the settings are asked for (the first
// render then does not wait for them after the settings), and the settings still choose the
// language. In a process of its own (scripts/test.mjs, OWN_PROCESS): it needs a renderer that has
// read no words yet. The browser's storage is a stand-in here (Node has none by default).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { SettingsView } from '../../../shared/contract';
import { defaultSettings, publicSettings } from '../../../shared/settings';
import { i18n } from '../../../renderer/src/i18n';
import { loadShopWords } from '../../../renderer/src/i18n/follow-locale';
import { createSettingsStore } from '../../../renderer/src/state/settings';
import { FakeTill } from '../renderer/fake-till';

const KEY = 'paydesk.shownLocale';
const stored = new Map<string, string>();
const storage = {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => void stored.set(key, value),
};
before(() => Object.assign(globalThis, { localStorage: storage }));
after(() => Reflect.deleteProperty(globalThis, 'localStorage'));

function viewIn(locale: 'en-GB' | 'de-DE'): SettingsView {
  const settings = defaultSettings();
  settings.shop.locale = locale;
  return {
    settings: publicSettings(settings),
    problems: [],
    secrets: [],
    keychain: { ok: true, detail: 'test' },
    manager: { pinSet: false, unlockedUntil: null },
  };
}

/** A settings store whose answer waits until `send` is called. */
function settingsHeldBack(locale: 'en-GB' | 'de-DE') {
  let send = () => undefined as void;
  const answered = new Promise<void>((resolve) => (send = resolve));
  const store = createSettingsStore(
    new FakeTill().answer('settings.get', () => answered.then(() => viewIn(locale))),
  );
  return { store, send };
}

/** Lets the dynamic imports of a catalogue finish (a few turns of the event loop). */
async function turns(count = 20): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve));
}

test('with nothing noted, no words are read until the settings come; the shown locale is noted', async () => {
  const { store, send } = settingsHeldBack('de-DE');
  const loaded = loadShopWords(store, new Promise(() => undefined));
  await turns();
  assert.equal(i18n.hasWords('de'), false, 'German read before the settings said so');
  assert.equal(i18n.hasWords('en'), false, 'English read before the settings said so');

  send();
  await loaded;
  assert.equal(i18n.language, 'de-DE');
  assert.equal(stored.get(KEY), 'de-DE');
  assert.equal(i18n.hasWords('en'), false, 'a German till read English');
});

test('the noted locale’s words are read while the settings are on their way, and the settings still choose', async () => {
  stored.set(KEY, 'en-GB');
  const { store, send } = settingsHeldBack('en-GB');
  const loaded = loadShopWords(store, new Promise(() => undefined));
  await turns();
  assert.equal(i18n.hasWords('en'), true, 'the English words wait for the settings');
  assert.equal(i18n.language, 'de-DE', 'the language switched before the settings came');

  send();
  await loaded;
  assert.equal(i18n.language, 'en-GB');
  assert.equal(i18n.t('shell.nav.sell'), 'Sell');
});

test('a noted locale the shop no longer speaks is read, but the shop’s is shown', async () => {
  stored.set(KEY, 'en-GB');
  const { store, send } = settingsHeldBack('de-DE');
  const loaded = loadShopWords(store, new Promise(() => undefined));
  send();
  await loaded;
  assert.equal(i18n.language, 'de-DE');
  assert.equal(i18n.t('shell.nav.sell'), 'Verkaufen');
  assert.equal(stored.get(KEY), 'de-DE');
});

test('something else noted, or storage that refuses, changes nothing', async () => {
  stored.set(KEY, 'fr-FR');
  const { store, send } = settingsHeldBack('en-GB');
  send();
  await loadShopWords(store, new Promise(() => undefined));
  assert.equal(i18n.language, 'en-GB');

  const refusing = {
    getItem: () => {
      throw new Error('storage is off');
    },
    setItem: () => {
      throw new Error('storage is full');
    },
  };
  Object.assign(globalThis, { localStorage: refusing });
  try {
    const held = settingsHeldBack('de-DE');
    held.send();
    await loadShopWords(held.store, new Promise(() => undefined));
    assert.equal(i18n.language, 'de-DE');
  } finally {
    Object.assign(globalThis, { localStorage: storage });
  }
});
