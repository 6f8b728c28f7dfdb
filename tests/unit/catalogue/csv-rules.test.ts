// The CSV file's rules, row by row, on the parser alone: each limit at its edge (the most allowed
// passes, one more is refused with its own words), prices and VAT rates as shops write them, the
// header's columns and their other names, the delimiter, and a refusal worded for staff in English
// and German.
import '../../support/words';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Words } from '../../../shared/contract';
import {
  CSV_COLUMNS,
  escapeCell,
  formatPrice,
  MAX_IMPORT_ROWS,
  parseCatalogueCsv,
  parsePrice,
  unescapeCell,
} from '../../../electron/services/catalogue/csv';
import { i18n } from '../../../renderer/src/i18n';

const RATES = [2000, 500, 0];
type Cells = Partial<Record<(typeof CSV_COLUMNS)[number], string>>;
const GOOD: Required<Cells> = {
  sku: 'T1',
  name: 'Tea',
  category: 'Drinks',
  price: '2.50',
  vat_rate: '20',
  barcodes: '',
  colour: '',
  status: '',
};
const quoted = (cell: string) => (/[,"\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** A one-row file (all the columns, `,` between) with the given cells over a good row's. */
function oneRow(cells: Cells, rates: readonly number[] = RATES) {
  const row = { ...GOOD, ...cells };
  return parseCatalogueCsv(`${CSV_COLUMNS.join(',')}\n${Object.values(row).map(quoted).join(',')}\n`, rates);
}

/** The product a one-row file reads as; fails when the row was refused. */
function read(cells: Cells, rates?: readonly number[]) {
  const parsed = oneRow(cells, rates);
  assert.deepEqual(parsed.problems, [], JSON.stringify(cells));
  return parsed.rows[0]!.product;
}

/** The reasons a one-row file is refused for, by key (none: it was read). */
const refusedFor = (cells: Cells, rates?: readonly number[]) => {
  const parsed = oneRow(cells, rates);
  assert.deepEqual(parsed.rows, [], `${JSON.stringify(cells)} is refused`);
  return parsed.problems.flatMap((p) => p.reasons ?? []);
};
const keysFor = (cells: Cells, rates?: readonly number[]) =>
  refusedFor(cells, rates).map((w) => w.key.replace('catalogueImport.row.', ''));

/** What a keyed reason says in a language's catalogue. */
const said = (language: 'en' | 'de', words: Words) =>
  String(i18n.getFixedT(language)(`services.${words.key}` as never, words.params as never));

test('a barcode of 40 characters is read; one of 41 is refused as too long, saying the most, in English and German', () => {
  const longest = '1'.repeat(40);
  assert.deepEqual(read({ barcodes: longest }).barcodes, [longest]);
  const tooLong = '9'.repeat(41);
  const parsed = oneRow({ barcodes: `5000 ${tooLong}` });
  assert.deepEqual(parsed.rows, []);
  assert.deepEqual(parsed.problems, [
    {
      line: 2,
      reason: `Line 2: the barcode "${tooLong}" is too long: a barcode has at most 40 characters.`,
      reasons: [{ key: 'catalogueImport.row.barcodeLong', params: { code: tooLong, most: 40 } }],
    },
  ]);
  const [words] = parsed.problems[0]!.reasons!;
  assert.equal(
    said('de', words!),
    `der Barcode „${tooLong}“ ist zu lang: ein Barcode hat höchstens 40 Zeichen`,
  );
  assert.equal(
    said('en', words!),
    parsed.problems[0]!.reason.replace(/^Line 2: /, '').replace(/\.$/, ''),
    'the English catalogue says what the service says',
  );
});

test('a barcode with a space-like or non-ASCII character is refused for its characters, whatever its length', () => {
  for (const code of ['caf\u00e9', '\u00e95000', 'x\u007f', `${'1'.repeat(41)}\u00e9`]) {
    assert.deepEqual(keysFor({ barcodes: code }), ['barcodeChars'], code);
  }
  assert.deepEqual(read({ barcodes: '!~ A-1' }).barcodes, ['!~', 'A-1'], 'printable ASCII');
});

test('the row limit: the most a file may hold is read, one row more refuses the whole file', () => {
  const rows = (n: number) => `name,price\n${'Tea,1.00\n'.repeat(n)}`;
  const most = parseCatalogueCsv(rows(MAX_IMPORT_ROWS), RATES);
  assert.equal(most.fileProblem, null);
  assert.equal(most.rows.length, MAX_IMPORT_ROWS);
  const over = parseCatalogueCsv(rows(MAX_IMPORT_ROWS + 1), RATES);
  assert.equal(
    over.fileProblem,
    'The file has 50001 products; the till imports up to 50000 at a time. Split it.',
  );
  assert.deepEqual(over.fileProblemWords, {
    key: 'catalogueImport.file.tooMany',
    params: { rows: 50_001, most: 50_000 },
  });
  assert.deepEqual([over.rows, over.problems], [[], []]);
});

test('each length limit at its edge: name 80, SKU 40, category 40, 20 barcodes', () => {
  assert.equal(read({ name: 'n'.repeat(80) }).name, 'n'.repeat(80));
  assert.deepEqual(keysFor({ name: 'n'.repeat(81) }), ['longName']);
  assert.equal(read({ name: `  ${'n'.repeat(80)}  ` }).name, 'n'.repeat(80), 'measured trimmed');
  assert.equal(read({ sku: 's'.repeat(40) }).sku, 's'.repeat(40));
  assert.deepEqual(keysFor({ sku: 's'.repeat(41) }), ['longSku']);
  assert.equal(read({ category: 'c'.repeat(40) }).category, 'c'.repeat(40));
  assert.deepEqual(keysFor({ category: 'c'.repeat(41) }), ['longCategory']);
  const codes = (n: number) => Array.from({ length: n }, (_, i) => `B${i}`).join(' ');
  assert.equal(read({ barcodes: codes(20) }).barcodes.length, 20);
  assert.deepEqual(keysFor({ barcodes: codes(21) }), ['barcodesMany']);
});

test('the name is needed; an empty category is "Other"; cells are read trimmed', () => {
  for (const name of ['', '   ']) assert.deepEqual(keysFor({ name }), ['noName']);
  assert.deepEqual(read({ name: ' Tea ', sku: ' T9 ', category: '  ' }), {
    sku: 'T9',
    name: 'Tea',
    category: 'Other',
    price: 250,
    vatRate: 2000,
    colour: null,
    barcodes: [],
    active: true,
  });
});

test('prices as shops write them, in minor units; anything else is refused with the text given', () => {
  for (const [text, minor] of [
    ['3.40', 340],
    ['3,40', 340],
    ['£3.40', 340],
    ['€ 3.4', 340],
    [' 12 ', 1200],
    ['0.05', 5],
    ['0', 0],
    ['999999.99', 99_999_999],
  ] as const) {
    assert.equal(read({ price: text }).price, minor, text);
    assert.equal(parsePrice(text), minor, text);
  }
  for (const text of ['', 'abc', '3.405', '1,000.00', '-1', '1234567', '3.', '$3', '3 40']) {
    assert.deepEqual(
      refusedFor({ price: text }),
      [{ key: 'catalogueImport.row.price', params: { text } }],
      JSON.stringify(text),
    );
  }
  assert.deepEqual(
    [formatPrice(0), formatPrice(5), formatPrice(340), formatPrice(99_999_999)],
    ['0.00', '0.05', '3.40', '999999.99'],
  );
});

test('VAT: empty is the shop’s first rate; a percentage must be one of the shop’s rates', () => {
  assert.equal(read({ vat_rate: '' }, [500, 2000]).vatRate, 500, 'the first of the shop’s, not 20 %');
  assert.equal(read({ vat_rate: ' 5 ' }).vatRate, 500);
  assert.equal(read({ vat_rate: '  ' }, [500, 2000]).vatRate, 500, 'spaces alone are empty');
  assert.equal(read({ vat_rate: '0' }).vatRate, 0);
  assert.equal(read({ vat_rate: '5,5' }, [550]).vatRate, 550);
  assert.equal(read({ vat_rate: '13.5' }, [1350, 0]).vatRate, 1350);
  assert.deepEqual(refusedFor({ vat_rate: ' twenty ' }), [
    { key: 'catalogueImport.row.vatRate', params: { text: 'twenty' } },
  ]);
  const odd = oneRow({ vat_rate: '7' });
  assert.equal(odd.problems[0]?.reason, 'Line 2: VAT at 7% is not one of the shop’s rates (20%, 5%, 0%).');
  assert.deepEqual(odd.problems[0]?.reasons, [
    { key: 'catalogueImport.row.unknownRate', params: { rate: '7%', rates: '20%, 5%, 0%' } },
  ]);
});

test('colour, status, repeated barcodes and too many values', () => {
  assert.equal(read({ colour: '#1F8a70' }).colour, '#1F8a70');
  assert.equal(read({ colour: ' #1f8a70 ' }).colour, '#1f8a70', 'read trimmed');
  for (const colour of ['red', 'x#1f8a70', '#1f8a7', '#1f8a700', '1f8a70', '#1g8a70'])
    assert.deepEqual(keysFor({ colour }), ['colour'], colour);
  assert.equal(read({ status: ' ARCHIVED ' }).active, false);
  assert.equal(read({ status: 'Active' }).active, true);
  assert.deepEqual(refusedFor({ status: 'gone' }), [
    { key: 'catalogueImport.row.status', params: { text: 'gone' } },
  ]);
  assert.deepEqual(keysFor({ barcodes: 'A1 B2 A1' }), ['barcodeRepeated']);

  const values = (row: string) => parseCatalogueCsv(`name,price,sku\n${row}\n`, RATES);
  assert.deepEqual(values('Tea,1.00').rows[0]?.product.sku, '', 'fewer values: the rest are empty');
  assert.equal(values('Tea,1.00,T1').rows.length, 1);
  assert.deepEqual(values('Tea,1.00,T1,extra').problems, [
    {
      line: 2,
      reason: 'Line 2: it has 4 values but the header has 3 columns (a value containing "," needs quotes).',
      reasons: [
        {
          key: 'catalogueImport.row.tooManyValues',
          params: { values: 4, columns: 3, delimiter: ',' },
        },
      ],
    },
  ]);
});

test('every reason a row has is given, in the order of its columns', () => {
  const [problem] = oneRow({ name: '', price: 'x', colour: 'red', status: 'gone' }).problems;
  assert.equal(
    problem?.reason,
    'Line 2: the name is empty; the price "x" is not an amount like 3.40; the colour "red" is not written like #1f8a70; the status "gone" is neither active nor archived.',
  );
});

test('a SKU or barcode on a refused row still counts as taken for the rows after it', () => {
  const parsed = parseCatalogueCsv(
    'sku,name,price,barcodes\nS1,,1.00,77\nS1,Tea,1.00,\nS2,Cake,1.00,77\nS1,Pie,1.00,77\n',
    RATES,
  );
  assert.deepEqual(
    parsed.problems.map((p) => p.reason),
    [
      'Line 2: the name is empty.',
      'Line 3: the SKU S1 is also on line 2.',
      'Line 4: the barcode 77 is also on line 2.',
      'Line 5: the SKU S1 is also on line 2; the barcode 77 is also on line 2.',
    ],
  );
  const blank = parseCatalogueCsv('sku,name,price\n,Tea,1.00\n,Cake,1.00\n', RATES);
  assert.equal(blank.rows.length, 2, 'empty SKUs are made up later, never "twice"');
});

test('the header: columns in any order, any case, and their other names; missing and unknown ones said', () => {
  const parsed = parseCatalogueCsv(' Price ;NAME;VAT;Barcode;Color;Status\n1.00;Tea;5;A1;#000000;\n', RATES);
  assert.equal(parsed.fileProblem, null);
  assert.deepEqual(parsed.rows[0]?.product, {
    sku: '',
    name: 'Tea',
    category: 'Other',
    price: 100,
    vatRate: 500,
    colour: '#000000',
    barcodes: ['A1'],
    active: true,
  });
  assert.equal(parseCatalogueCsv('name,VAT Rate,price\nTea,0,1\n', RATES).rows[0]?.product.vatRate, 0);

  const header = (line: string) => parseCatalogueCsv(`${line}\nx\n`, RATES);
  const columns = CSV_COLUMNS.join(', ');
  assert.deepEqual(header('name').fileProblemWords, {
    key: 'catalogueImport.file.headerMissing',
    params: { columns, missing: 'price', unknown: '' },
  });
  assert.deepEqual(header('price,name,shelf').fileProblemWords, {
    key: 'catalogueImport.file.headerUnknown',
    params: { columns, missing: '', unknown: 'shelf' },
  });
  const both = header('title,cost');
  assert.deepEqual(both.fileProblemWords, {
    key: 'catalogueImport.file.headerMissingUnknown',
    params: { columns, missing: 'name, price', unknown: 'title, cost' },
  });
  assert.equal(
    both.fileProblem,
    `The first line must name the columns: ${columns} (name and price are needed). Missing: name, price. Not known: title, cost.`,
  );
  assert.deepEqual([both.rows, both.problems], [[], []]);
});

test('the delimiter is whichever the header line has more of, "," when as many', () => {
  assert.equal(parseCatalogueCsv('name;price\nTea;1,50\n', RATES).rows[0]?.product.price, 150);
  assert.equal(parseCatalogueCsv('name;price;sku,x\n', RATES).delimiter, ';');
  assert.equal(parseCatalogueCsv('name;price,sku\n', RATES).delimiter, ',');
  assert.equal(parseCatalogueCsv('name,price;sku,x\n', RATES).delimiter, ',');
  assert.equal(
    parseCatalogueCsv('name,price\n"A;B;C",1\n', RATES).delimiter,
    ',',
    'only the header line counts',
  );
  assert.equal(
    parseCatalogueCsv('name,price\n"A;B;C;D",1\n', RATES).delimiter,
    ',',
    'only the header line counts, with LF breaks too',
  );
});

test('an empty file, a BOM alone and a header alone: nothing to read, only the empty file is a problem', () => {
  for (const text of ['', '\uFEFF', '\n\r\n']) {
    assert.deepEqual(
      parseCatalogueCsv(text, RATES).fileProblemWords,
      { key: 'catalogueImport.file.empty' },
      JSON.stringify(text),
    );
  }
  const headerOnly = parseCatalogueCsv('\uFEFFname,price\r\n', RATES);
  assert.deepEqual([headerOnly.fileProblem, headerOnly.rows, headerOnly.problems], [null, [], []]);
});

test("a cell a spreadsheet would run is written with a leading ' and read back without it", () => {
  for (const cell of ['=SUM(A1)', '+1', '-1', '@x', '\tx', '\rx']) {
    assert.equal(escapeCell(cell), `'${cell}`, JSON.stringify(cell));
    assert.equal(unescapeCell(escapeCell(cell)), cell);
  }
  for (const cell of ['Tea', 'a=b', "'quoted'", '', ' =x', "Tea '+ milk"]) {
    assert.equal(escapeCell(cell), cell, JSON.stringify(cell));
    assert.equal(unescapeCell(cell), cell);
  }
  assert.equal(read({ name: "'=Tea", sku: "'-5" }).name, '=Tea');
  assert.equal(read({ sku: "'-5" }).sku, '-5');
});
