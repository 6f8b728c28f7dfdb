// The form made from a merchant tool's input schema: which box each property gets, what staff
// see first (defaults), what is sent (typed values, nothing for empty optional fields), and every
// problem in a cashier's words. Schemas as the tools publish them (JSON Schema from zod).
import '../../support/words';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  changeSummary,
  fieldsOf,
  initialValues,
  readForm,
  type FormField,
  type FormValues,
} from '../../../renderer/src/screens/merchant/schema-form';

const PRICE_TOOL = {
  type: 'object',
  properties: {
    product_id: { type: 'string', maxLength: 64, description: 'The product (an id from list_products).' },
    price_minor: {
      type: 'integer',
      minimum: 1,
      maximum: 1_000_000,
      description: 'The new price in minor units.',
    },
  },
  required: ['product_id', 'price_minor'],
};

function field(fields: FormField[], name: string): FormField {
  const found = fields.find((f) => f.name === name);
  assert.ok(found, `a field for ${name}`);
  return found;
}

/** Fills the form's defaults with `typed` and reads it as the Run button does. */
function submit(schema: unknown, typed: FormValues) {
  const fields = fieldsOf(schema);
  return readForm(fields, { ...initialValues(fields), ...typed });
}

/** Staff never see a property's raw name, a type name or a library's word. */
function assertStaffWords(text: string) {
  assert.doesNotMatch(text, /_|\bundefined\b|\bNaN\b|\bnull\b|\bobject\b|\barray\b|schema|integer/i, text);
  assert.match(text, /\.$/, `a whole sentence: ${text}`);
}

test('text: labelled from its name (a title wins), trimmed, length limits in words, empty optional text not sent', () => {
  const schema = {
    type: 'object',
    properties: {
      terminal_id: { type: 'string' },
      name: { type: 'string', title: 'New name', minLength: 1, maxLength: 40, description: 'Up to 40.' },
      venueId: { type: 'string' },
    },
    required: ['name'],
  };
  const fields = fieldsOf(schema);
  assert.deepEqual(
    fields.map((f) => [f.name, f.label, f.kind, f.required]),
    [
      ['terminal_id', 'Terminal id', 'string', false],
      ['name', 'New name', 'string', true],
      ['venueId', 'Venue id', 'string', false],
    ],
  );
  assert.equal(field(fields, 'name').description, 'Up to 40.');

  assert.deepEqual(submit(schema, { name: '  Till 2  ', terminal_id: '   ' }), {
    args: { name: 'Till 2' },
    problems: {},
  });
  const tooLong = submit(schema, { name: 'x'.repeat(41) });
  assert.deepEqual(tooLong.problems, { name: 'New name can be at most 40 characters.' });
  assert.deepEqual(tooLong.args, {}, 'nothing is sent from a field with a problem');

  const short = { type: 'object', properties: { code: { type: 'string', minLength: 3 } } };
  assert.deepEqual(submit(short, { code: 'ab' }).problems, { code: 'Code needs at least 3 characters.' });
  assert.deepEqual(submit(short, { code: 'abc' }).args, { code: 'abc' });
});

test('required: an empty required field is named, in words, and the form sends nothing for it', () => {
  const { args, problems } = submit(PRICE_TOOL, { product_id: ' ', price_minor: '' });
  assert.deepEqual(problems, { product_id: 'Product id is needed.', price_minor: 'Price is needed.' });
  assert.deepEqual(args, {});
  Object.values(problems).forEach(assertStaffWords);
});

test('whole numbers: digits only, within the bounds, sent as numbers; a default is shown first and sent', () => {
  const schema = {
    type: 'object',
    properties: {
      limit: { type: 'integer', minimum: 1, maximum: 100, default: 20, description: 'How many at most.' },
      page: { type: ['integer', 'null'] },
    },
  };
  const fields = fieldsOf(schema);
  assert.equal(field(fields, 'limit').kind, 'integer');
  assert.equal(field(fields, 'page').kind, 'integer', 'a value that may also be null is still a number');
  assert.deepEqual(initialValues(fields), { limit: '20', page: '' });
  assert.deepEqual(readForm(fields, initialValues(fields)), { args: { limit: 20 }, problems: {} });

  const say = (limit: string) => submit(schema, { limit }).problems.limit;
  assert.equal(say('2.5'), 'Limit must be a whole number.');
  assert.equal(say('1e1'), 'Limit must be a whole number.', 'no exponent notation');
  assert.equal(say('0x10'), 'Limit must be a whole number.', 'no hexadecimal');
  assert.equal(say('twenty'), 'Limit must be a whole number.');
  assert.equal(say('0'), 'Limit must be at least 1.');
  assert.equal(say('101'), 'Limit must be at most 100.');
  assert.equal(say('100'), undefined);
  assert.deepEqual(submit(schema, { limit: ' 7 ' }).args, { limit: 7 });
});

test('decimal numbers: decimals accepted, anything else refused in words', () => {
  const schema = { type: 'object', properties: { weight: { type: 'number', minimum: 0.5 } } };
  assert.deepEqual(submit(schema, { weight: '1.25' }).args, { weight: 1.25 });
  assert.deepEqual(submit(schema, { weight: '-1' }).problems, { weight: 'Weight must be at least 0.5.' });
  for (const typed of ['Infinity', '1,5', '1e3', 'abc'])
    assert.deepEqual(
      submit(schema, { weight: typed }).problems,
      { weight: 'Weight must be a number.' },
      typed,
    );
});

test('money ("…_minor" whole numbers): typed as an amount, sent in minor units, bounds and summary as amounts', () => {
  const fields = fieldsOf(PRICE_TOOL);
  const price = field(fields, 'price_minor');
  assert.equal(price.kind, 'money');
  assert.equal(price.label, 'Price');
  assert.equal(price.description, 'An amount, like 3.45.', 'not "minor units"');

  assert.deepEqual(submit(PRICE_TOOL, { product_id: 'prd_1', price_minor: '3.45' }).args, {
    product_id: 'prd_1',
    price_minor: 345,
  });
  assert.equal(submit(PRICE_TOOL, { product_id: 'p', price_minor: '£12.5' }).args.price_minor, 1250);
  assert.equal(submit(PRICE_TOOL, { product_id: 'p', price_minor: '3' }).args.price_minor, 300);

  const say = (typed: string) =>
    submit(PRICE_TOOL, { product_id: 'p', price_minor: typed }).problems.price_minor;
  assert.equal(say('3.456'), 'Price must be an amount, like 3.45.');
  assert.equal(say('three'), 'Price must be an amount, like 3.45.');
  assert.equal(say('0'), 'Price must be at least 0.01.');
  assert.equal(say('10000.01'), 'Price must be at most 10000.00.');

  const { args } = submit(PRICE_TOOL, { product_id: 'prd_1', price_minor: '3.45' });
  assert.deepEqual(changeSummary(fields, args), ['Product id: prd_1', 'Price: 3.45']);

  const withDefault = { type: 'object', properties: { tip_minor: { type: 'integer', default: 250 } } };
  assert.deepEqual(initialValues(fieldsOf(withDefault)), { tip_minor: '2.50' });
});

test('yes/no: a checkbox that starts at its default and always sends true or false', () => {
  const schema = {
    type: 'object',
    properties: { online_only: { type: 'boolean', default: true }, archived: { type: 'boolean' } },
  };
  const fields = fieldsOf(schema);
  assert.deepEqual(
    fields.map((f) => f.kind),
    ['boolean', 'boolean'],
  );
  assert.deepEqual(initialValues(fields), { online_only: true, archived: false });
  assert.deepEqual(readForm(fields, initialValues(fields)).args, { online_only: true, archived: false });
  assert.deepEqual(readForm(fields, { online_only: false, archived: true }).args, {
    online_only: false,
    archived: true,
  });
  assert.deepEqual(changeSummary(fields, { online_only: false, archived: true }), [
    'Online only: no',
    'Archived: yes',
  ]);
});

test('a choice: its options as listed, the value sent as the schema has it, anything else refused', () => {
  const schema = {
    type: 'object',
    properties: {
      status: { type: 'string', enum: ['online', 'offline'], default: 'online' },
      size: { type: 'integer', enum: [1, 2, 5] },
      kind: { const: 'card' },
    },
    required: ['size'],
  };
  const fields = fieldsOf(schema);
  assert.deepEqual(field(fields, 'status').options, ['online', 'offline']);
  assert.deepEqual(field(fields, 'size').options, ['1', '2', '5']);
  assert.equal(field(fields, 'kind').kind, 'enum');
  assert.deepEqual(initialValues(fields), { status: 'online', size: '', kind: '' });

  assert.deepEqual(submit(schema, { size: '5', kind: 'card' }), {
    args: { status: 'online', size: 5, kind: 'card' },
    problems: {},
  });
  assert.deepEqual(submit(schema, { status: 'broken', size: '3' }).problems, {
    status: 'Choose one of the status options.',
    size: 'Choose one of the size options.',
  });
});

test('details the form cannot take (nested, lists, mixed kinds) are said so; a tool needing them cannot run here', () => {
  const schema = {
    type: 'object',
    properties: {
      address: { type: 'object', properties: { street: { type: 'string' } } },
      tags: { type: 'array', items: { type: 'string' }, default: ['a'] },
      filter: { anyOf: [{ type: 'string' }, { type: 'number' }] },
      code: { type: ['string', 'number'] },
      note: { type: 'string', default: { not: 'text' } },
    },
    required: ['address'],
  };
  const fields = fieldsOf(schema);
  assert.deepEqual(
    fields.map((f) => [f.name, f.kind]),
    [
      ['address', 'unsupported'],
      ['tags', 'unsupported'],
      ['filter', 'unsupported'],
      ['code', 'unsupported'],
      ['note', 'string'],
    ],
  );
  for (const f of fields.filter((f) => f.kind === 'unsupported')) {
    assert.match(f.description, /cannot fill in here\. Use the merchant dashboard for this\./);
    assert.equal(f.defaultValue, undefined, 'no "[object Object]" or list shown as a default');
  }
  assert.equal(field(fields, 'note').defaultValue, undefined, 'a default that is not text is not shown');
  const { args, problems } = submit(schema, { note: 'hello' });
  assert.deepEqual(problems, {
    address: 'Address cannot be filled in here. Use the merchant dashboard for this.',
  });
  assert.deepEqual(args, { note: 'hello' }, 'optional details the form cannot take are left out');
  Object.values(problems).forEach(assertStaffWords);

  const optionalOnly = { ...schema, required: [] };
  assert.deepEqual(submit(optionalOnly, { note: 'hi' }), { args: { note: 'hi' }, problems: {} });
});

test('every problem the form can show is a sentence in staff words', () => {
  const schema = {
    type: 'object',
    properties: {
      product_id: { type: 'string', minLength: 2, maxLength: 3 },
      price_minor: { type: 'integer', minimum: 1, maximum: 10 },
      max_count: { type: 'integer', minimum: 1, maximum: 10 },
      ratio: { type: 'number' },
      venue_status: { type: 'string', enum: ['open'] },
      nested_thing: { type: 'object' },
    },
    required: ['nested_thing'],
  };
  const typed: FormValues[] = [
    { product_id: 'a', price_minor: 'x', max_count: '1.5', ratio: 'x', venue_status: 'shut' },
    { product_id: 'abcd', price_minor: '1.00', max_count: '0' },
    { max_count: '11' },
  ];
  const seen = typed.flatMap((values) => Object.values(submit(schema, values).problems));
  assert.ok(seen.length >= 9, `all kinds of problem seen: ${seen.join(' | ')}`);
  seen.forEach(assertStaffWords);
});

test('no properties, or no schema at all: an empty form that runs with no arguments', () => {
  assert.deepEqual(fieldsOf({ type: 'object', properties: {} }), []);
  assert.deepEqual(fieldsOf(undefined), []);
  assert.deepEqual(readForm([], {}), { args: {}, problems: {} });
});
