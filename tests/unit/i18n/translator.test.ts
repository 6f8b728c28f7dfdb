// The screens' own translator (renderer/src/i18n/translator.ts, trans.tsx): parameters, numbers
// and plural forms as each locale writes them, a forgotten parameter, missing keys, marked-up
// parts through Trans (rendered for real with React's server renderer), and switching language:
// catalogues read once on demand, the old words kept meanwhile, subscribers told of each change.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { interpolate, Translator, type Catalogue } from '../../../renderer/src/i18n/translator';
import { Trans } from '../../../renderer/src/i18n/trans';
import { i18n, useTranslation } from '../../../renderer/src/i18n';
import '../../support/words';

const english: Catalogue = {
  shop: {
    hello: 'Hello {{name}}, welcome to {{ shop }}.',
    items_one: '{{count, number}} item',
    items_other: '{{count, number}} items',
    due: 'Due: <strong>{{amount}}</strong> by {{who}}',
    plain: 'Nothing marked up',
  },
};
const german: Catalogue = {
  shop: {
    hello: 'Hallo {{name}}, willkommen bei {{ shop }}.',
    items_one: '{{count, number}} Artikel',
    items_other: '{{count, number}} Artikel (mehrere)',
    due: 'Offen: <strong>{{amount}}</strong> von {{who}}',
    plain: 'Nichts hervorgehoben',
  },
};
const french: Catalogue = { shop: { items_one: '{{count}} article', items_other: '{{count}} articles' } };

function translator(reads: string[] = []) {
  const catalogue = (language: string, words: Catalogue) => () => {
    reads.push(language);
    return Promise.resolve(words);
  };
  return new Translator({
    en: catalogue('en', english),
    de: catalogue('de', german),
    fr: catalogue('fr', french),
  });
}

test('parameters go in by name, spaces inside the braces allowed, nothing escaped', async () => {
  const words = translator();
  await words.changeLanguage('en-GB');
  assert.equal(
    words.t('shop.hello', { name: 'Ann & Bo', shop: 'Café <1>' }),
    'Hello Ann & Bo, welcome to Café <1>.',
  );
  assert.equal(words.t('shop.hello', { name: 0, shop: false }), 'Hello 0, welcome to false.');
});

test('a parameter not given keeps its placeholder; one given as null or undefined reads as nothing', async () => {
  const words = translator();
  await words.changeLanguage('en-GB');
  assert.equal(words.t('shop.hello', { name: 'Ann' }), 'Hello Ann, welcome to {{ shop }}.');
  assert.equal(words.t('shop.hello'), 'Hello {{name}}, welcome to {{ shop }}.');
  assert.equal(words.t('shop.hello', { name: undefined, shop: null }), 'Hello , welcome to .');
});

test('English plurals: one for 1 only, other for 0, 2 and 1.5; counts written as the locale writes numbers', async () => {
  const words = translator();
  await words.changeLanguage('en-GB');
  assert.equal(words.t('shop.items', { count: 1 }), '1 item');
  assert.equal(words.t('shop.items', { count: 0 }), '0 items');
  assert.equal(words.t('shop.items', { count: 2 }), '2 items');
  assert.equal(words.t('shop.items', { count: 1.5 }), '1.5 items');
  assert.equal(words.t('shop.items', { count: 1234 }), '1,234 items');
});

test('German plurals and numbers, and a language whose rules differ (French: 0 is singular)', async () => {
  const words = translator();
  await words.changeLanguage('de-DE');
  assert.equal(words.t('shop.items', { count: 1 }), '1 Artikel');
  assert.equal(words.t('shop.items', { count: 0 }), '0 Artikel (mehrere)');
  assert.equal(words.t('shop.items', { count: 1234.5 }), '1.234,5 Artikel (mehrere)');
  await words.changeLanguage('fr-FR');
  assert.equal(words.t('shop.items', { count: 0 }), '0 article', 'Intl.PluralRules, not count === 1');
  assert.equal(words.t('shop.items', { count: 2 }), '2 articles');
});

test('a missing key reads as its default (filled in) or the key; a section is not a message', async () => {
  const words = translator();
  assert.equal(words.t('shop.plain'), 'shop.plain', 'no language yet: the key');
  assert.equal(words.exists('shop.plain'), false);
  await words.changeLanguage('en-GB');
  assert.equal(words.t('shop.unknown'), 'shop.unknown');
  assert.equal(words.t('shop.unknown', { defaultValue: 'Till {{n}}', n: 4 }), 'Till 4');
  assert.equal(words.t('shop'), 'shop');
  assert.equal(words.exists('shop'), false);
  assert.equal(words.exists('shop.plain'), true);
  assert.equal(words.exists('shop.items'), false, 'a plural key alone is not a message');
  assert.equal(words.exists('shop.items', { count: 3 }), true, 'with its count it is');
  assert.equal(words.t('shop.plain.deeper'), 'shop.plain.deeper');
});

test('a fixed language speaks it whatever the current one is', async () => {
  const words = translator();
  await words.changeLanguage('en-GB');
  await words.load('de-DE');
  assert.equal(words.getFixedT('de-DE')('shop.items', { count: 2 }), '2 Artikel (mehrere)');
  assert.equal(words.t('shop.items', { count: 2 }), '2 items');
  assert.equal(
    words.getFixedT('de-DE'),
    words.getFixedT('de-DE'),
    'one function per locale: stable for memos',
  );
});

test('switching: a catalogue is read once, the old words stay until it is there, a failure changes nothing', async () => {
  const reads: string[] = [];
  const words = translator(reads);
  let heard = 0;
  const stop = words.subscribe(() => heard++);
  await words.changeLanguage('en-GB');
  assert.equal(heard, 1);

  const first = words.changeLanguage('de-DE');
  const second = words.load('de-AT');
  assert.equal(words.language, 'en-GB', 'English until the German words are read');
  assert.equal(words.t('shop.plain'), 'Nothing marked up');
  await Promise.all([first, second]);
  assert.equal(words.language, 'de-DE');
  assert.equal(heard, 2);
  assert.deepEqual(reads, ['en', 'de'], 'each catalogue read once');

  await words.changeLanguage('de-DE');
  assert.equal(heard, 2, 'the same language again tells no one');
  void words.changeLanguage('en-GB');
  assert.equal(words.language, 'en-GB', 'words already read: switched at once');
  assert.equal(heard, 3);

  await assert.rejects(words.changeLanguage('nl-NL'), /No catalogue for nl/);
  assert.equal(words.language, 'en-GB');
  stop();
  await words.changeLanguage('de-DE');
  assert.equal(heard, 3, 'an unsubscribed listener hears nothing');
});

test('a catalogue that cannot be read can be tried again', async () => {
  let attempts = 0;
  const words = new Translator({
    en: () => (++attempts === 1 ? Promise.reject(new Error('chunk missing')) : Promise.resolve(english)),
  });
  await assert.rejects(words.changeLanguage('en-GB'), /chunk missing/);
  assert.equal(words.language, undefined);
  await words.changeLanguage('en-GB');
  assert.equal(words.t('shop.plain'), 'Nothing marked up');
});

test('interpolate alone: only the number format is known; others write the value as it is', () => {
  assert.equal(interpolate('{{n, number}} / {{n, currency}}', { n: 9876.5 }, 'de-DE'), '9.876,5 / 9876.5');
  assert.equal(interpolate('{{n, number}}', { n: '12' }, 'en-GB'), '12', 'a text count is not reformatted');
});

const render = (element: ReactElement) => renderToStaticMarkup(element);

test('Trans puts the value inside the given component, in the language of its t', async () => {
  const words = translator();
  await words.changeLanguage('en-GB');
  await words.load('de-DE');
  const strong = createElement('strong', { 'data-testid': 'amount-due' });
  const due = (locale: string) =>
    render(
      createElement(Trans, {
        t: words.getFixedT(locale),
        i18nKey: 'shop.due',
        values: { amount: '£3.00', who: 'Ann' },
        components: { strong },
      }),
    );
  assert.equal(due('en-GB'), 'Due: <strong data-testid="amount-due">£3.00</strong> by Ann');
  assert.equal(due('de-DE'), 'Offen: <strong data-testid="amount-due">£3.00</strong> von Ann');
});

test('Trans: a value is text, never markup; a tag without a component shows its text; a missing key shows the key', async () => {
  const words = translator();
  await words.changeLanguage('en-GB');
  const t = words.getFixedT('en-GB');
  const values = { amount: '<em>free</em>', who: '<strong>x</strong>' };
  assert.equal(
    render(
      createElement(Trans, { t, i18nKey: 'shop.due', values, components: { strong: createElement('b') } }),
    ),
    'Due: <b>&lt;em&gt;free&lt;/em&gt;</b> by &lt;strong&gt;x&lt;/strong&gt;',
  );
  assert.equal(
    render(createElement(Trans, { t, i18nKey: 'shop.due', values })),
    'Due: &lt;em&gt;free&lt;/em&gt; by &lt;strong&gt;x&lt;/strong&gt;',
  );
  assert.equal(render(createElement(Trans, { t, i18nKey: 'shop.plain' })), 'Nothing marked up');
  assert.equal(render(createElement(Trans, { t, i18nKey: 'shop.gone' })), 'shop.gone');
});

function Greeting(): ReactElement {
  const { t, i18n: active } = useTranslation();
  return createElement('p', { lang: active.language }, t('shell.nav.sell'));
}

test('useTranslation follows the screens’ language: subscribers are told, the next render speaks it', async () => {
  await i18n.changeLanguage('en-GB');
  let told = 0;
  const stop = i18n.subscribe(() => told++);
  try {
    assert.equal(render(createElement(Greeting)), '<p lang="en-GB">Sell</p>');
    await i18n.changeLanguage('de-DE');
    assert.equal(told, 1, 'a mounted screen re-renders on this call');
    assert.equal(render(createElement(Greeting)), '<p lang="de-DE">Verkaufen</p>');
  } finally {
    stop();
    await i18n.changeLanguage('en-GB');
  }
});
