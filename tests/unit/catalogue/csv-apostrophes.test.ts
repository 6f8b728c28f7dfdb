// Names a spreadsheet would run as a formula, and names that only look like the guarded form of
// one: every string of up to four characters made of apostrophes, formula characters, tab, CR,
// line breaks, quotes, commas, spaces and a letter goes out through the export and comes back
// through the import exactly; a leading ' that export did not add stays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Product } from '../../../shared/contract';
import {
  catalogueToCsv,
  escapeCell,
  parseCatalogueCsv,
  unescapeCell,
} from '../../../electron/services/catalogue/csv';
import { previewCsv, startEmptyTill, withoutIds } from './support';

const RATES = [2000, 500, 0];
const ALPHABET = ["'", '=', '+', '-', '@', '\t', '\r', '\n', ' ', '"', ',', 'a'];
const FORMULA_FIRST = /^[=+\-@\t\r]/;

/** Every string of 1 to `longest` characters from ALPHABET (12 + 144 + 1,728 + 20,736 of them). */
function everyString(longest: number): string[] {
  const all: string[] = [];
  let layer = [''];
  for (let length = 1; length <= longest; length++) {
    layer = layer.flatMap((s) => ALPHABET.map((c) => s + c));
    all.push(...layer);
  }
  return all;
}

const STRINGS = everyString(4);
/** What a product name can be: the contract trims names and refuses an empty one. */
const NAMES = STRINGS.filter((s) => s.trim() === s && s !== '');

function product(index: number, name: string): Product {
  return {
    id: String(index + 1),
    sku: `S${index}`,
    name,
    category: name,
    price: 100 + index,
    vatRate: 2000,
    colour: null,
    image: null,
    barcodes: [],
    active: true,
  };
}

test('every cell comes back from its guarded form exactly, and no guarded cell starts a formula', () => {
  assert.equal(STRINGS.length, 12 + 144 + 1_728 + 20_736);
  for (const cell of STRINGS) {
    const written = escapeCell(cell);
    assert.equal(unescapeCell(written), cell, JSON.stringify(cell));
    assert.doesNotMatch(written, FORMULA_FIRST, JSON.stringify(cell));
  }
});

test('a leading apostrophe before a formula character is guarded too; one before anything else is left alone', () => {
  assert.equal(escapeCell("'=1+1"), "''=1+1");
  assert.equal(escapeCell("''@x"), "'''@x");
  assert.equal(escapeCell("'\tx"), "''\tx");
  assert.equal(escapeCell("'80s hits"), "'80s hits");
  assert.equal(escapeCell("Rock 'n' roll"), "Rock 'n' roll");
  assert.equal(escapeCell("'"), "'");
});

test('export then import gives back every name and category exactly, the file read as a spreadsheet would', () => {
  const products = NAMES.map((name, i) => product(i, name));
  const csv = catalogueToCsv(products);
  const parsed = parseCatalogueCsv(csv, RATES);
  assert.equal(parsed.fileProblem, null);
  assert.deepEqual(parsed.problems, []);
  assert.equal(parsed.rows.length, NAMES.length);
  for (const [i, row] of parsed.rows.entries()) {
    assert.equal(row.product.name, NAMES[i], JSON.stringify(NAMES[i]));
    assert.equal(row.product.category, NAMES[i], JSON.stringify(NAMES[i]));
  }
});

test('import takes off only an apostrophe export could have added', () => {
  const header = 'sku,name,price\n';
  const names = (rows: string[]) =>
    parseCatalogueCsv(header + rows.map((name, i) => `S${i},"${name}",1.00`).join('\n'), RATES).rows.map(
      (r) => r.product.name,
    );
  // A name the shop wrote with an apostrophe of its own, not before a formula character.
  assert.deepEqual(names(["'80s hits", "''", "Rock 'n' roll", "'a'", "''a"]), [
    "'80s hits",
    "''",
    "Rock 'n' roll",
    "'a'",
    "''a",
  ]);
  // A cell written by hand without the guard is read as it stands.
  assert.deepEqual(names(['=x', '-1', '@home']), ['=x', '-1', '@home']);
  // The guarded forms export writes: one apostrophe comes off, the rest are the name's.
  assert.deepEqual(names(["'=x", "''=x", "'''-1", "'@home"]), ['=x', "'=x", "''-1", '@home']);
});

test('through the till: names starting with apostrophes and formula characters round-trip between two tills', async () => {
  const source = await startEmptyTill();
  const target = await startEmptyTill();
  try {
    const names = ["'=SUM(A1)", "''+1", "'-2", "'@x", "'\tTab", '=Real formula', "'Quoted'", "'''=deep"];
    for (const [i, name] of names.entries())
      await source.call('catalogue.saveProduct', {
        sku: `A${i}`,
        name,
        category: name,
        price: 100,
        vatRate: 2000,
      });
    const exported = await source.call('catalogue.exportCsv', {});
    const preview = await previewCsv(target, exported.csv);
    assert.deepEqual(preview.problems, []);
    await target.call('catalogue.confirmImport', { importId: preview.importId, skipBadRows: false });
    const before = (await source.call('catalogue.admin', {})).products;
    const after = (await target.call('catalogue.admin', {})).products;
    assert.deepEqual(withoutIds(after), withoutIds(before));
    assert.deepEqual(after.map((p) => p.name).sort(), [...names].sort());
    // Importing the export into the till it came from changes nothing.
    const same = await previewCsv(source, exported.csv);
    assert.deepEqual([same.toAdd, same.toUpdate, same.unchanged], [0, 0, names.length]);
  } finally {
    await source.close();
    await target.close();
  }
});
