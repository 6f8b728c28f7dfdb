// CSV import and export through the contract, on a real till database: a 10,000-row file with
// bad rows is previewed (every bad row by its line), nothing is imported until confirmed, a
// confirm with bad rows imports nothing unless told to skip them, and export → import is exact.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { previewCsv, startEmptyTill, withoutIds } from './support';

interface BadRow {
  cells: string[];
  reason: RegExp;
}

const HEADER = 'sku;name;category;price;vat_rate;barcodes;colour;status';
const quote = (cell: string) => (/[;"\n\r]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/**
 * 10,000 rows (`;`, CRLF, BOM), some names with quotes and line breaks (LF or CRLF), and bad rows
 * at known lines.
 */
function generatedFile(): { csv: string; badLines: Map<number, RegExp>; good: number } {
  const bad = new Map<number, BadRow>([
    [
      17,
      {
        cells: ['B-17', 'Odd price', 'Tea', 'abc', '20', '', '', ''],
        reason: /price "abc" is not an amount/,
      },
    ],
    [
      2_500,
      {
        cells: ['B-2500', 'Odd rate', 'Tea', '1.00', '17.5', '', '', ''],
        reason: /VAT at 17\.5% is not one of/,
      },
    ],
    [
      4_000,
      {
        cells: ['SKU-00000003', 'Twin', 'Tea', '1.00', '20', '', '', ''],
        reason: /SKU SKU-00000003 is also on line/,
      },
    ],
    [6_000, { cells: ['B-6000', '', 'Tea', '1.00', '20', '', '', ''], reason: /name is empty/ }],
    [
      8_000,
      {
        cells: ['B-8000', 'Twin barcode', 'Tea', '1.00', '20', '5000000000005', '', ''],
        reason: /barcode 5000000000005 is also on line/,
      },
    ],
    [
      7_000,
      {
        cells: ['B-7000', 'Two-line\nbad row', 'Tea', 'x', '20', '', '', ''],
        reason: /price "x" is not an amount/,
      },
    ],
    [9_999, { cells: ['B-9999', 'Paint', 'Tea', '1.00', '20', '', 'red', ''], reason: /colour "red"/ }],
  ]);
  const lines: string[] = [HEADER];
  const badLines = new Map<number, RegExp>();
  let lineNo = 1;
  let good = 0;
  for (let row = 1; row <= 10_000; row++) {
    const startsAt = lineNo + 1;
    const planted = bad.get(row);
    const cells = planted?.cells ?? [
      `SKU-${String(row).padStart(8, '0')}`,
      row % 97 === 0 ? `Tea "special" no. ${row};${row % 2 ? '\n' : '\r\n'}second line` : `Product ${row}`,
      ['Coffee', 'Bakery', 'Grocery'][row % 3]!,
      `${Math.floor(row / 10)}.${String(row % 100).padStart(2, '0')}`,
      ['20', '5', '0'][row % 3]!,
      row % 5 === 0 ? `${5_000_000_000_000 + row} 99${row}` : '',
      row % 7 === 0 ? '#1f8a70' : '',
      row % 11 === 0 ? 'archived' : 'active',
    ];
    const record = cells.map(quote).join(';');
    lines.push(record);
    lineNo += record.split('\n').length;
    if (planted) badLines.set(startsAt, planted.reason);
    else good++;
  }
  return { csv: `\uFEFF${lines.join('\r\n')}\r\n`, badLines, good };
}

test('a 10,000-row file: every bad row by line, nothing imported until confirmed, good rows only when told', async (t) => {
  const till = await startEmptyTill();
  try {
    const { csv, badLines, good } = generatedFile();
    const startedPreview = performance.now();
    const preview = await previewCsv(till, csv);
    const previewMs = performance.now() - startedPreview;

    assert.equal(preview.fileProblem, null);
    assert.equal(preview.delimiter, ';');
    assert.equal(preview.rows, 10_000);
    assert.equal(preview.toAdd, good);
    assert.deepEqual(
      preview.problems.map((p) => p.line),
      [...badLines.keys()],
      'each bad row, at the line it starts on (names with line breaks before it count)',
    );
    for (const problem of preview.problems) {
      assert.match(problem.reason, badLines.get(problem.line)!, problem.reason);
      assert.ok(problem.reason.startsWith(`Line ${problem.line}: `));
    }
    assert.equal(preview.firstRows[0]?.name, 'Product 1');
    assert.equal(preview.firstRows[0]?.price, 1);
    assert.equal(preview.firstRows[0]?.vatRate, 500);

    // Previewing changed nothing; a confirm that does not say to skip the bad rows imports nothing.
    assert.equal((await till.call('catalogue.admin', {})).products.length, 0);
    const refused = await till.failure('catalogue.confirmImport', {
      importId: preview.importId,
      skipBadRows: false,
    });
    assert.equal(refused.code, 'invalid_input');
    assert.match(refused.message, /7 rows have problems.*Nothing was imported/);
    assert.equal((await till.call('catalogue.admin', {})).products.length, 0);

    const changed = till.waitForEvent('catalogue.changed', () => true, 10_000);
    const startedImport = performance.now();
    const result = await till.call('catalogue.confirmImport', {
      importId: preview.importId,
      skipBadRows: true,
    });
    const importMs = performance.now() - startedImport;
    await changed;
    assert.deepEqual(result, { added: good, updated: 0, skipped: 7 });
    t.diagnostic(`10,000 rows: preview ${Math.round(previewMs)} ms, import ${Math.round(importMs)} ms`);
    assert.ok(previewMs + importMs < 10_000, 'fast enough for a till');

    const admin = await till.call('catalogue.admin', {});
    assert.equal(admin.products.length, good);
    const special = admin.products.find((p) => p.sku === 'SKU-00000097')!;
    assert.equal(special.name, 'Tea "special" no. 97;\nsecond line');
    assert.equal(
      admin.products.find((p) => p.sku === 'SKU-00000194')!.name,
      'Tea "special" no. 194;\r\nsecond line',
    );
    assert.equal(special.price, 9_97);
    const withBarcodes = admin.products.find((p) => p.sku === 'SKU-00000005')!;
    assert.deepEqual(withBarcodes.barcodes, ['5000000000005', '995']);
    assert.equal(admin.products.find((p) => p.sku === 'SKU-00000011')!.active, false);
    // Archived products are not for sale.
    const forSale = await till.call('catalogue.get', {});
    assert.equal(forSale.products.length, admin.products.filter((p) => p.active).length);
    assert.ok(!forSale.products.some((p) => p.sku === 'SKU-00000011'));

    // The same preview cannot be confirmed twice.
    const again = await till.failure('catalogue.confirmImport', {
      importId: preview.importId,
      skipBadRows: true,
    });
    assert.equal(again.code, 'conflict');
  } finally {
    await till.close();
  }
});

test('a file that cannot be read as a whole is refused with its line, and nothing is imported', async () => {
  const till = await startEmptyTill();
  try {
    const preview = await previewCsv(
      till,
      'sku,name,price\nA1,Tea,1.00\nA2,"Broken "quote,2.00\nA3,Cake,3.00\n',
    );
    assert.match(preview.fileProblem ?? '', /^Around line 3: a quoted value is not closed properly/);
    assert.equal(preview.toAdd, 0);
    const refused = await till.failure('catalogue.confirmImport', {
      importId: preview.importId,
      skipBadRows: true,
    });
    assert.equal(refused.code, 'invalid_input');
    const header = await previewCsv(till, 'code,title\nA1,Tea\n');
    assert.match(header.fileProblem ?? '', /Missing: name, price\. Not known: code, title\./);
    assert.equal((await till.call('catalogue.admin', {})).products.length, 0);
  } finally {
    await till.close();
  }
});

test('a barcode kept by a product the file does not mention is a bad row; a change since the preview imports nothing', async () => {
  const till = await startEmptyTill();
  try {
    await till.call('catalogue.saveProduct', {
      sku: 'MILK',
      name: 'Milk 1L',
      category: 'Grocery',
      price: 125,
      vatRate: 0,
      barcodes: ['5012345678900'],
    });
    const preview = await previewCsv(
      till,
      'sku,name,price,barcodes\nOAT,Oat milk,1.80,5012345678900\nTEA,Tea,2.40,\n',
    );
    assert.deepEqual(
      preview.problems.map(({ line, reason }) => ({ line, reason })),
      [{ line: 2, reason: 'Line 2: the barcode 5012345678900 is already on Milk 1L (SKU MILK).' }],
    );
    await till.call('catalogue.setArchived', {
      ids: [(await till.call('catalogue.admin', {})).products[0]!.id],
      archived: true,
    });
    const stale = await till.failure('catalogue.confirmImport', {
      importId: preview.importId,
      skipBadRows: true,
    });
    assert.equal(stale.code, 'conflict');
    assert.match(stale.message, /changed since this preview/);
    assert.deepEqual(
      (await till.call('catalogue.admin', {})).products.map((p) => p.sku),
      ['MILK'],
    );
  } finally {
    await till.close();
  }
});

test('export then import round-trips exactly: quotes, delimiters, line breaks, formulas, prices, barcodes, VAT, archived', async () => {
  const source = await startEmptyTill();
  const target = await startEmptyTill();
  try {
    const tricky = [
      {
        sku: 'Q1',
        name: 'Say "cheese" sandwich',
        category: 'Deli; hot',
        price: 0,
        vatRate: 2000,
        barcodes: ['A1', 'A2'],
      },
      {
        sku: 'Q2',
        name: 'Two\nlines, with comma',
        category: 'Deli; hot',
        price: 99_999_999,
        vatRate: 500,
        barcodes: [],
      },
      {
        sku: 'Q3',
        name: '=SUM(A1:A9)',
        category: '+Odd',
        price: 5,
        vatRate: 0,
        barcodes: ['@x'],
        colour: '#ABCDEF',
      },
      { sku: 'Q4', name: 'Crème brûlée ☕', category: 'Café', price: 1_05, vatRate: 2000, barcodes: ['-1'] },
      {
        sku: 'Q5',
        name: "'Quoted' and spaced",
        category: 'Deli; hot',
        price: 3_40,
        vatRate: 500,
        barcodes: [],
      },
    ];
    for (const p of tricky) await source.call('catalogue.saveProduct', p);
    const archivedId = (await source.call('catalogue.admin', {})).products.find((p) => p.sku === 'Q2')!.id;
    await source.call('catalogue.setArchived', { ids: [archivedId], archived: true });

    const exported = await source.call('catalogue.exportCsv', {});
    assert.equal(exported.products, 5);
    assert.match(exported.csv, /^sku,name,category,price,vat_rate,barcodes,colour,status\n/);
    assert.ok(
      exported.csv.includes(`"'=SUM(A1:A9)"`) || exported.csv.includes(`'=SUM(A1:A9)`),
      'formula guarded',
    );

    const preview = await previewCsv(target, exported.csv);
    assert.deepEqual(preview.problems, []);
    assert.equal(preview.toAdd, 5);
    await target.call('catalogue.confirmImport', { importId: preview.importId, skipBadRows: false });

    const before = (await source.call('catalogue.admin', {})).products;
    const after = (await target.call('catalogue.admin', {})).products;
    assert.deepEqual(withoutIds(after), withoutIds(before));
    assert.equal(after.find((p) => p.sku === 'Q3')!.name, '=SUM(A1:A9)');
    assert.equal(after.find((p) => p.sku === 'Q2')!.active, false);
    assert.equal((await target.call('catalogue.exportCsv', {})).csv, exported.csv);

    // Importing the export into the till it came from changes nothing.
    const same = await previewCsv(source, exported.csv);
    assert.deepEqual([same.toAdd, same.toUpdate, same.unchanged], [0, 0, 5]);
  } finally {
    await source.close();
    await target.close();
  }
});
