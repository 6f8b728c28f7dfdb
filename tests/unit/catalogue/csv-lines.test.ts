// Which line a bad row is reported on: the line it starts on in the file, whatever breaks the file
// uses (LF, CRLF or a lone CR) inside quoted values or between rows, with empty lines and a
// byte-order mark before it; and a file that cannot be read at all is placed the same way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCatalogueCsv } from '../../../electron/services/catalogue/csv';

const RATES = [2000, 500, 0];
const linesOf = (csv: string) => parseCatalogueCsv(csv, RATES).problems.map((p) => p.line);

/**
 * Line 1 header, 2 good (letters of two and three bytes), 3–5 a good row whose name has two breaks, 6 bad, 7 empty, 8 bad,
 * 9–10 a bad row with a break, 11 bad; `inside` is the break in names, `between` the row break.
 */
function file(inside: string, between: string): string {
  return [
    'sku,name,price',
    'A1,Thé ☕,1.00',
    `A2,"Three${inside}line${inside}name",2.00`,
    'A3,Bad price,x',
    '',
    'A4,,1.00',
    `A5,"Two${inside}lines",y`,
    'A6,Last,z',
  ].join(between);
}

for (const [inside, between] of [
  ['\r\n', '\n'],
  ['\r\n', '\r\n'],
  ['\n', '\r\n'],
  ['\n', '\n'],
  ['\r', '\n'],
  ['\r', '\r\n'],
] as const) {
  test(`bad rows by the line they start on: ${JSON.stringify(inside)} inside values, ${JSON.stringify(between)} between rows`, () => {
    const csv = file(inside, between);
    assert.deepEqual(linesOf(csv), [6, 8, 9, 11]);
    assert.deepEqual(linesOf(`\uFEFF${csv}${between}`), [6, 8, 9, 11], 'with a BOM and a last break');
    const parsed = parseCatalogueCsv(csv, RATES);
    assert.deepEqual(
      parsed.rows.map((r) => [r.line, r.product.name]),
      [
        [2, 'Thé ☕'],
        [3, `Three${inside}line${inside}name`],
      ],
      'the value keeps its own breaks',
    );
    assert.match(parsed.problems[0]!.reason, /^Line 6: the price "x"/);
  });
}

test('breaks mixed row by row, several empty lines, a break at the very start of a value, long letters', () => {
  const csv =
    'name,price\r\n' + // 1
    '"\r\nLeading break",1.00\n' + // 2–3
    '\r\n\n\r\n' + // 4–6 empty
    'Bad,q\r\n' + // 7
    '"A\r\n\r\nB",2.00\n' + // 8–10
    ',3.00\r\n' + // 11
    '"C\n\r\nD",w\n' + // 12–14
    `${'☕'.repeat(12)},1.00\n` + // 15: three bytes a letter
    'E,v\n'; // 16
  const parsed = parseCatalogueCsv(csv, RATES);
  assert.deepEqual(
    parsed.rows.map((r) => r.line),
    [2, 8, 15],
  );
  assert.deepEqual(
    parsed.problems.map((p) => p.line),
    [7, 11, 12, 16],
  );
});

test('two lone CRs in a row inside a value are two line breaks', () => {
  assert.deepEqual(linesOf('name,price\n"A\r\rB",1.00\nBad,x\n'), [5]);
});

test('a twice-used SKU or barcode names the line the first one starts on', () => {
  const csv = [
    'sku,name,price,barcodes',
    'S1,"Two\r\nlines",1.00,500',
    'S2,Other,1.00,',
    'S1,Again,1.00,',
    'S3,Again,1.00,500',
  ].join('\r\n');
  const problems = parseCatalogueCsv(csv, RATES).problems;
  assert.deepEqual(
    problems.map((p) => p.reason),
    ['Line 5: the SKU S1 is also on line 2.', 'Line 6: the barcode 500 is also on line 2.'],
  );
  assert.deepEqual(problems[0]!.reasons, [
    { key: 'catalogueImport.row.skuTwice', params: { sku: 'S1', other: 2 } },
  ]);
});

test('a file that cannot be read is placed at the line its broken row starts on, CRLF in values before it', () => {
  const closing = parseCatalogueCsv(
    'sku,name,price\r\nA1,"Two\r\nlines",1.00\r\nA2,Tea,1.00\r\nA3,"Broken "quote,2.00\r\nA4,Cake,3.00\r\n',
    RATES,
  );
  assert.equal(
    closing.fileProblem,
    'Around line 5: a quoted value is not closed properly (a " inside a value must be written twice). Fix the file and choose it again; nothing was imported.',
  );
  assert.deepEqual(closing.fileProblemWords, {
    key: 'catalogueImport.file.unclosedQuoteAt',
    params: { line: 5 },
  });
  assert.deepEqual([closing.rows, closing.problems], [[], []], 'nothing of it can be imported');
  const open = parseCatalogueCsv('name,price\nTea,1.00\n\n"Never closed,2.00\nCake,3.00\n', RATES);
  assert.match(open.fileProblem ?? '', /^Around line 4: a quoted value is not closed properly/);
});
