// The shop server's form in Settings: each field's problem as the manager sees it next to the
// field, required fields only while the shop server is on, and the patch the services receive
// (which their own schema accepts).
import '../../support/words';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { i18n } from '../../../renderer/src/i18n';
import {
  draftOf,
  patchOf,
  problemsOf,
  tillNumberOf,
  type ShopServerDraft,
} from '../../../renderer/src/screens/shop-server/shop-server-form';
import { shopServerSettingsSchema } from '../../../shared/settings';

const good: ShopServerDraft = {
  enabled: true,
  address: ' postgres://192.168.1.10:5432/paydesk ',
  tillNumber: '2',
  tillName: ' Bar ',
  login: 'till_2',
  tls: 'verify',
};

test('a whole set-up has no problems and saves trimmed, with the number as a number', () => {
  assert.deepEqual(problemsOf(good), {});
  const patch = patchOf(good);
  assert.deepEqual(patch, {
    shopServer: {
      enabled: true,
      address: 'postgres://192.168.1.10:5432/paydesk',
      tillNumber: 2,
      tillName: 'Bar',
      login: 'till_2',
      tls: 'verify',
    },
  });
  assert.deepEqual(shopServerSettingsSchema.parse(patch.shopServer), patch.shopServer);
});

test('an address with a password in it, or not a shop server’s, is refused by its own reason', () => {
  const addressOf = (address: string) => problemsOf({ ...good, address }).address;
  assert.equal(addressOf('postgres://till_2:secret@192.168.1.10/paydesk'), 'addressProblem.hasLogin');
  assert.equal(addressOf('https://shop.example/paydesk'), 'addressProblem.notPostgres');
  assert.equal(addressOf('the server in the office'), 'addressProblem.notAnAddress');
  assert.equal(addressOf('postgres://192.168.1.10:5432/'), 'addressProblem.noDatabase');
  assert.equal(addressOf('postgres://192.168.1.10/paydesk?sslmode=disable'), 'addressProblem.hasQuery');
  // The same address is refused by the services' schema too: the form says it before they must.
  assert.equal(
    shopServerSettingsSchema.safeParse({ ...patchOf(good).shopServer, address: 'postgres://a:b@h/d' })
      .success,
    false,
  );
});

test('each reason reads as words in both languages', async () => {
  const keys = [
    'addressProblem.hasLogin',
    'addressProblem.notPostgres',
    'addressNeeded',
    'tillNumberNeeded',
    'tillNumberBad',
    'loginNeeded',
    'loginBad',
  ];
  for (const lng of ['en', 'de'])
    for (const key of keys) assert.ok(i18n.exists(`shopServer.${key}`, { lng }), `${key} in ${lng}`);
  assert.equal(
    i18n.t('shopServer.addressProblem.hasLogin', { lng: 'en' }),
    'The address must not contain a login or password: they have their own fields.',
  );
});

test('the till number is a whole number from 1 to 999', () => {
  assert.equal(tillNumberOf(' 12 '), 12);
  assert.equal(tillNumberOf(''), null);
  for (const bad of ['0', '1000', '2.5', '-1', 'two', '1e2']) assert.equal(tillNumberOf(bad), undefined, bad);
  assert.equal(problemsOf({ ...good, tillNumber: '0' }).tillNumber, 'tillNumberBad');
  assert.equal(problemsOf({ ...good, tillNumber: '999' }).tillNumber, undefined);
});

test('empty fields are needed only while the shop server is on; a wrong one is wrong either way', () => {
  const empty = { ...good, address: '', tillNumber: '', login: '  ' };
  assert.deepEqual(problemsOf(empty), {
    address: 'addressNeeded',
    tillNumber: 'tillNumberNeeded',
    login: 'loginNeeded',
  });
  assert.deepEqual(problemsOf({ ...empty, enabled: false }), {});
  assert.deepEqual(problemsOf({ ...empty, enabled: false, login: 'till two' }), { login: 'loginBad' });
  // Off and empty saves as nothing set, which the services accept.
  const off = patchOf({ ...empty, enabled: false });
  assert.deepEqual(off.shopServer, {
    enabled: false,
    address: null,
    tillNumber: null,
    tillName: 'Bar',
    login: null,
    tls: 'verify',
  });
  assert.equal(shopServerSettingsSchema.safeParse(off.shopServer).success, true);
});

test('the draft shows saved settings as text, and nothing saved as empty fields', () => {
  assert.deepEqual(draftOf(undefined), {
    enabled: false,
    address: '',
    tillNumber: '',
    tillName: '',
    login: '',
    tls: 'prefer',
  });
  const saved = patchOf(good).shopServer;
  assert.deepEqual(patchOf(draftOf(saved)).shopServer, saved);
  assert.equal(draftOf(saved).tillNumber, '2');
});
