// The CSV file's rules, row by row, on the parser alone: each limit at its edge (the most allowed
// passes, one more is refused with its own words), prices and VAT rates as shops write them, the
// header's columns and their other names, the delimiter, and a refusal worded for staff in English
// and German.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Words } from '../../../shared/contract';
import { MAX_IMPORT_ROWS, parseCatalogueCsv } from '../../../electron/services/catalogue/csv';
import { i18n } from '../../../renderer/src/i18n';

const RATES = [2000, 500, 0];
const HEADER = 'sku,name,category,price,vat_rate,barcodes,colour,status';

/** A one-row file with the given cells over a good row's. */
function oneRow(
  cells: Partial<
    Record<'sku' | 'name' | 'category' | 'price' | 'vat_rate' | 'barcodes' | 'colour' | 'status', string>
  >,
) {
  const row = {
    sku: 'T1',
    name: 'Tea',
    category: 'Drinks',
    price: '2.50',
    vat_rate: '20',
    barcodes: '',
    colour: '',
    status: '',
    ...cells,
  };
  return parseCatalogueCsv(`${HEADER}\n${Object.values(row).join(',')}\n`, RATES);
}

/** The reasons a one-row file is refused for, by key (none: it was read). */
const refusedFor = (cells: Parameters<typeof oneRow>[0]) =>
  oneRow(cells).problems.flatMap((p) => p.reasons ?? []);

/** What a keyed reason says in a language's catalogue. */
const said = (language: 'en' | 'de', words: Words) =>
  String(i18n.getFixedT(language)(`services.${words.key}` as never, words.params as never));

test('a barcode of 40 characters is read; one of 41 is refused as too long, saying the most, in English and German', () => {
  const longest = '1'.repeat(40);
  assert.deepEqual(oneRow({ barcodes: longest }).rows[0]?.product.barcodes, [longest]);
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
  for (const code of ['caf\u00e9', 'x\u007f', `${'1'.repeat(41)}\u00e9`]) {
    assert.deepEqual(
      refusedFor({ barcodes: code }).map((w) => w.key),
      ['catalogueImport.row.barcodeChars'],
      code,
    );
  }
  assert.deepEqual(
    oneRow({ barcodes: '!~ A-1' }).rows[0]?.product.barcodes,
    ['!~', 'A-1'],
    'printable ASCII',
  );
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
