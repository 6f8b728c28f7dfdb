// The message catalogues: English and German have the same keys with the same interpolation
// variables and plural forms, and no message shows staff an internal (id, path, class, code).
import '../../support/words';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { i18n } from '../../../renderer/src/i18n';
import { catalogues } from '../../../renderer/src/i18n/catalogues';
import { offences, internalsIn } from './staff-words';
import { ACTION_WORDS, RIGHTS, whoMay } from '../../../shared/staff-rights';
import { methods } from '../../../shared/contract';

type Tree = { readonly [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const en = flatten(catalogues.en);
const de = flatten(catalogues.de);

const variables = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]).sort();

test('the catalogues are not empty and every message is words', () => {
  assert.ok(en.size > 100, `only ${en.size} English messages`);
  for (const [key, text] of [...en, ...de]) assert.ok(text.trim().length > 0, `${key} is empty`);
});

test('every English key is in German and every German key in English', () => {
  const missingInGerman = [...en.keys()].filter((key) => !de.has(key));
  const missingInEnglish = [...de.keys()].filter((key) => !en.has(key));
  assert.deepEqual(missingInGerman, [], 'English keys with no German');
  assert.deepEqual(missingInEnglish, [], 'German keys with no English');
});

test('each message uses the same interpolation variables in both languages', () => {
  const differ = [...en].flatMap(([key, text]) => {
    const german = de.get(key);
    if (german === undefined) return [];
    const a = variables(text).join(',');
    const b = variables(german).join(',');
    return a === b ? [] : [`${key}: en {{${a}}} / de {{${b}}}`];
  });
  assert.deepEqual(differ, []);
});

test('plural forms come in pairs (_one and _other) in both languages', () => {
  for (const messages of [en, de]) {
    for (const key of messages.keys()) {
      const one = /_one$/.exec(key);
      if (one) assert.ok(messages.has(key.replace(/_one$/, '_other')), `${key} has no _other`);
    }
  }
});

test('no message in either catalogue shows an id, a URL path, an error class or a code', () => {
  const texts = [...en].map(([where, text]) => ({ where: `en ${where}`, text }));
  texts.push(...[...de].map(([where, text]) => ({ where: `de ${where}`, text })));
  assert.deepEqual(offences(texts), []);
});

test('the internals check itself catches each kind it is meant to', () => {
  for (const bad of [
    'Job 3f2b1c9e-8d7a-4e6f-9a0b-1c2d3e4f5a6b failed',
    'See /api/v1/transactions for details',
    'Answer from /mcp was empty',
    'Open http://127.0.0.1:8080 now',
    'TypeError: cannot read x',
    'connect ECONNREFUSED 127.0.0.1:9100',
    'org.freedesktop.DBus.Error.ServiceUnknown',
    'TRANSACTION_FINISHED',
  ])
    assert.notDeepEqual(internalsIn(bad), [], `not caught: ${bad}`);
  for (const fine of ['Printer: ready', 'A device printer path looks like /dev/usb/lp0.', 'Total 1.234,50 €'])
    assert.deepEqual(internalsIn(fine), [], `wrongly caught: ${fine}`);
});

test('the internals check knows every contract method, so a new area’s method name is caught too', () => {
  const missed = Object.keys(methods).filter((name) => internalsIn(`The call ${name} failed.`).length === 0);
  assert.deepEqual(missed, []);
});

test('German reads German: a plural and money by key', () => {
  void i18n.changeLanguage('de-DE');
  try {
    assert.equal(i18n.t('status.needsLook', { count: 2 }).startsWith('2 Belege'), true);
    assert.equal(i18n.t('status.needsLook', { count: 1 }).startsWith('Ein Beleg'), true);
  } finally {
    void i18n.changeLanguage('en-GB');
  }
});

test('every guarded action has its approval sentence, the same English the services use', () => {
  for (const action of Object.keys(RIGHTS) as (keyof typeof RIGHTS)[]) {
    const english = `${ACTION_WORDS[action]} needs ${whoMay(action)}.`;
    assert.equal(en.get(`approval.needs.${action}`), english, action);
    assert.ok(de.get(`approval.needs.${action}`), `${action} has German words`);
  }
});
