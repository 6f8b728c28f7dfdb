// Money in the merchant tools (renderer/src/screens/merchant: money-fields.ts, result-values.ts,
// schema-form.ts): which fields say they are money (a whole number named for minor units, or
// described so in the tool's schema), how an amount reads (the record's currency, else the
// account's, in the shop's locale; never bare minor units), and money typed into a tool's form in
// the shop's locale, sent in minor units, confirmed and bounded as money.
import '../../support/words';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { applyShopLocale } from '../../../renderer/src/i18n';
import {
  moneyFieldsOf,
  moneyText,
  nameSaysMoney,
  schemaSaysMoney,
  withoutMoneySuffix,
} from '../../../renderer/src/screens/merchant/money-fields';
import { labelOf, scalar, within, type Reading } from '../../../renderer/src/screens/merchant/result-values';
import { changeSummary, fieldsOf, readForm } from '../../../renderer/src/screens/merchant/schema-form';

afterEach(() => applyShopLocale('en-GB'));

const NBSP = '\u00a0';
const reading = (currency: string | null, money: string[] = []): Reading => ({
  currency,
  money: new Set(money),
});

test('a name says money when it ends in a minor-unit word, in any of the usual spellings', () => {
  for (const name of [
    'price_minor',
    'totalMinor',
    'amount_minor_units',
    'amountMinorUnits',
    'unit-price-minor',
    'tip_cents',
    'feePence',
  ])
    assert.equal(nameSaysMoney(name), true, name);
  for (const name of [
    'minor',
    'cents',
    'price',
    'quantity',
    'minor_version',
    'minority_share',
    'units',
    'price_units',
  ])
    assert.equal(nameSaysMoney(name), false, name);
  assert.equal(withoutMoneySuffix('previous_price_minor'), 'previous_price');
  assert.equal(withoutMoneySuffix('amountMinorUnits'), 'amount');
  assert.equal(withoutMoneySuffix('tip_cents'), 'tip');
  assert.equal(withoutMoneySuffix('quantity'), 'quantity');
  assert.equal(labelOf('previous_price_minor'), 'Previous price');
  assert.equal(labelOf('unitPriceMinor'), 'Unit price');
});

test('a schema says money for a whole number described in minor units, pence or cents; never for other types', () => {
  const whole = (description: string) => ({ type: 'integer', description });
  assert.equal(schemaSaysMoney('price', whole('The new price in minor units.')), true);
  assert.equal(schemaSaysMoney('price', whole('Price in pence.')), true);
  assert.equal(schemaSaysMoney('total', { type: ['integer', 'null'], title: 'Total, in cents' }), true);
  assert.equal(schemaSaysMoney('price', whole('Number of minor-units')), true);
  assert.equal(schemaSaysMoney('price_minor', { type: 'integer' }), true, 'the name is enough');
  assert.equal(schemaSaysMoney('price', whole('The price.')), false);
  assert.equal(schemaSaysMoney('count', whole('How many pence coins are in the till.')), false);
  assert.equal(schemaSaysMoney('price_minor', { type: 'number' }), false, 'minor units are whole');
  assert.equal(schemaSaysMoney('price', { type: 'string', description: 'in minor units' }), false);
  assert.equal(schemaSaysMoney('price', { type: ['integer', 'string'], description: 'in pence' }), false);
});

test('a tool’s output schema names its money fields at any depth', () => {
  const output = {
    type: 'object',
    properties: {
      products: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            price: { type: 'integer', description: 'Price in pence.' },
            stock: { type: 'integer', description: 'Units in stock.' },
          },
        },
      },
      summary: {
        type: 'object',
        properties: { takings: { type: 'integer', title: 'Takings in minor units' } },
      },
    },
  };
  assert.deepEqual([...moneyFieldsOf(output)].sort(), ['price', 'takings']);
  assert.deepEqual([...moneyFieldsOf(null)], []);
  assert.deepEqual([...moneyFieldsOf({ type: 'object' })], []);
});

test('an amount reads as money in the shop’s locale, and without a currency still as an amount, never bare minor units', () => {
  assert.equal(moneyText(340, 'GBP'), '£3.40');
  assert.equal(moneyText(123450, 'EUR'), '€1,234.50');
  assert.equal(moneyText(340, null), '3.40');
  applyShopLocale('de-DE');
  assert.equal(moneyText(340, 'GBP'), `3,40${NBSP}£`);
  assert.equal(moneyText(123450, 'EUR'), `1.234,50${NBSP}€`);
  assert.equal(moneyText(340, null), '3,40');
});

test('results: the latte reads £3.40 (the row’s currency, else the account’s), schema-marked fields too; other numbers stay numbers', () => {
  const account = reading('GBP');
  // A product row names its currency; the price is money because of its name.
  const latte = { id: 'prd_latte', name: 'Latte', price_minor: 340, currency: 'GBP' };
  assert.equal(scalar('price_minor', latte.price_minor, within(latte, reading(null))), '£3.40');
  // A row in euros is read in euros, whatever the account's currency.
  const euroRow = { price_minor: 250, currency: 'EUR' };
  assert.equal(scalar('price_minor', euroRow.price_minor, within(euroRow, account)), '€2.50');
  // A field with no currency beside it is read in the account's.
  assert.equal(scalar('previous_price_minor', 340, within({ previous_price_minor: 340 }, account)), '£3.40');
  // A field the output schema marks as money, named nothing special.
  assert.equal(scalar('price', 340, reading('GBP', ['price'])), '£3.40');
  assert.equal(scalar('price', 340, account), '340', 'not marked: a number');
  // No currency anywhere: an amount all the same.
  assert.equal(scalar('total_minor', 1995, reading(null)), '19.95');
  // Not money: counts, odd currencies, fractions.
  assert.equal(scalar('quantity', 2, account), '2');
  assert.equal(scalar('price_minor', 3.4, account), '3.4', 'not whole minor units: shown as it came');
  assert.equal(
    within({ currency: 'pounds' }, account).currency,
    'GBP',
    'an unknown currency word is ignored',
  );
  applyShopLocale('de-DE');
  assert.equal(scalar('price_minor', 340, account), `3,40${NBSP}£`);
});

const PRICE_TOOL = {
  type: 'object',
  properties: {
    product_id: { type: 'string' },
    price: { type: 'integer', minimum: 1, maximum: 1_000_000, description: 'The new price in minor units.' },
  },
  required: ['product_id', 'price'],
};

test('a money input: found by its description, hinted, confirmed and bounded in the account’s currency, sent in minor units', () => {
  const fields = fieldsOf(PRICE_TOOL, 'GBP');
  const price = fields.find((f) => f.name === 'price')!;
  assert.equal(price.kind, 'money');
  assert.equal(price.description, 'An amount, like £3.45.');
  const read = (typed: string) => readForm(fields, { product_id: 'prd_latte', price: typed });
  assert.deepEqual(read('3.45').args, { product_id: 'prd_latte', price: 345 });
  assert.deepEqual(read('£3.45').args.price, 345, 'typed with the sign, as the hint shows it');
  assert.deepEqual(read('1,234.50').args.price, 123450);
  assert.deepEqual(changeSummary(fields, read('3.45').args), ['Product id: prd_latte', 'Price: £3.45']);
  assert.equal(read('0').problems.price, 'Price must be at least £0.01.');
  assert.equal(read('10000.01').problems.price, 'Price must be at most £10,000.00.');
  assert.equal(read('3.456').problems.price, 'Price must be an amount, like £3.45.');

  // No currency known: the same amounts, without a sign.
  const plain = fieldsOf(PRICE_TOOL, null);
  assert.equal(plain.find((f) => f.name === 'price')!.description, 'An amount, like 3.45.');
  assert.deepEqual(changeSummary(plain, { product_id: 'p', price: 345 }), ['Product id: p', 'Price: 3.45']);
});

test('in a German shop, amounts are typed and shown the German way and still sent in minor units', () => {
  applyShopLocale('de-DE');
  const fields = fieldsOf(PRICE_TOOL, 'EUR');
  assert.equal(fields.find((f) => f.name === 'price')!.description, `Ein Betrag, etwa 3,45${NBSP}€.`);
  const read = (typed: string) => readForm(fields, { product_id: 'p', price: typed });
  assert.equal(read('3,45').args.price, 345);
  assert.equal(read('1.234,50 €').args.price, 123450);
  // The other decimal mark is refused, never read as 345,00 € (shared/money.ts parseAmount).
  assert.equal(read('3.45').args.price, undefined, 'a dot is not a decimal mark in German');
  assert.equal(read('3.45').problems.price, `Price muss ein Betrag sein, etwa 3,45${NBSP}€.`);
  // The labels are the tool's own field names; the amount is written the shop's way.
  assert.deepEqual(changeSummary(fields, { product_id: 'p', price: 345 }), [
    'Product id: p',
    `Price: 3,45${NBSP}€`,
  ]);
});
