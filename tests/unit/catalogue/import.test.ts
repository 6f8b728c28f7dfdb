// Importing on the catalogue alone: the upload in parts and its size limit, what the preview
// calls an addition, a change or no change (any one field differing is a change), barcodes moving
// between products the file mentions, and a confirm that writes all of it or nothing (bad rows
// without the manager's say-so, a catalogue changed since the preview, a write failing half way).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_IMPORT_CHARS } from '../../../shared/contract/catalogue';
import { TillError } from '../../../shared/contract/errors';
import { CatalogueImports } from '../../../electron/services/catalogue/import';
import { catalogueInTempFolder, fields } from './temp-catalogue';

/** Imports on a catalogue of its own whose upload ids are up-1, up-2, … */
function importsOn(t: { after: (fn: () => void) => void }) {
  const opened = catalogueInTempFolder(t);
  let n = 0;
  const imports = new CatalogueImports(opened.catalogue, () => `up-${++n}`);
  const preview = (csv: string) => imports.preview(imports.append(null, csv).uploadId);
  const skus = () => opened.catalogue.admin().products.map((p) => p.sku);
  return { ...opened, imports, preview, skus };
}

const refusal = (code: string, message: RegExp) => (e: unknown) =>
  e instanceof TillError && e.code === code && message.test(e.message);

test('an upload comes in parts up to the size limit; a newer upload replaces it', (t) => {
  const { imports } = importsOn(t);
  assert.throws(
    () => imports.append('up-0', 'x'),
    refusal('conflict', /replaced by a newer one/),
    'none yet',
  );
  const first = imports.append(null, 'sku,name,');
  assert.deepEqual(first, { uploadId: 'up-1', chars: 9 });
  assert.deepEqual(imports.append('up-1', 'price\nT1,Tea,1.00\n'), { uploadId: 'up-1', chars: 27 });
  assert.deepEqual(
    imports.preview('up-1').firstRows.map((r) => [r.sku, r.price]),
    [['T1', 100]],
  );

  imports.append(null, 'name,price\n');
  assert.throws(() => imports.append('up-1', 'x'), refusal('conflict', /replaced by a newer one/));
  assert.throws(() => imports.preview('up-1'), refusal('conflict', /no longer waiting/));

  const big = imports.append(null, 'x'.repeat(MAX_IMPORT_CHARS - 1));
  assert.equal(imports.append(big.uploadId, 'y').chars, MAX_IMPORT_CHARS, 'up to the limit exactly');
  assert.throws(
    () => imports.append(big.uploadId, 'z'),
    (e) =>
      refusal('invalid_input', /too large/)(e) && (e as TillError).words?.key === 'catalogueImport.tooLarge',
  );
  assert.throws(() => imports.append(big.uploadId, 'z'), refusal('conflict', /replaced by a newer one/));
  assert.throws(() => imports.preview(big.uploadId), refusal('conflict', /no longer waiting/), 'dropped');
});

test('the preview: additions, changes and unchanged rows; any one field differing is a change', (t) => {
  const { catalogue, preview, imports } = importsOn(t);
  catalogue.write([
    fields({ sku: 'KEEP', name: 'Tea', barcodes: ['1', '2'], colour: '#aabbcc' }),
    ...['NAME', 'CAT', 'PRICE', 'VAT', 'COLOUR', 'STATUS', 'CODES', 'ORDER'].map((sku) =>
      fields({ sku, name: 'Tea', barcodes: [`${sku}-1`, `${sku}-2`], colour: '#aabbcc' }),
    ),
  ]);
  const row = (sku: string, over: Partial<Record<string, string>> = {}) => {
    const cells = {
      name: 'Tea',
      category: 'Drinks',
      price: '2.50',
      vat: '20',
      codes: sku === 'KEEP' ? '1 2' : `${sku}-1 ${sku}-2`,
      colour: '#aabbcc',
      status: 'active',
      ...over,
    };
    return [sku, ...Object.values(cells)].join(',');
  };
  const result = preview(
    [
      'sku,name,category,price,vat_rate,barcodes,colour,status',
      row('KEEP'),
      row('NAME', { name: 'Tea!' }),
      row('CAT', { category: 'Hot' }),
      row('PRICE', { price: '2.51' }),
      row('VAT', { vat: '5' }),
      row('COLOUR', { colour: '#aabbcd' }),
      row('STATUS', { status: 'archived' }),
      row('CODES', { codes: 'CODES-1' }),
      row('ORDER', { codes: 'ORDER-2 ORDER-1' }),
      row('NEW'),
      'BAD,,Drinks,2.50,20,,,',
    ].join('\n'),
  );
  assert.deepEqual(
    [result.rows, result.toAdd, result.toUpdate, result.unchanged],
    [11, 1, 8, 1],
    'the rows counted include the bad one',
  );
  assert.deepEqual(
    result.firstRows.map((r) => [r.line, r.sku, r.action]),
    [
      [2, 'KEEP', 'unchanged'],
      [3, 'NAME', 'update'],
      [4, 'CAT', 'update'],
      [5, 'PRICE', 'update'],
      [6, 'VAT', 'update'],
      [7, 'COLOUR', 'update'],
      [8, 'STATUS', 'update'],
      [9, 'CODES', 'update'],
      [10, 'ORDER', 'update'],
      [11, 'NEW', 'add'],
    ],
  );
  assert.deepEqual(
    result.problems.map((p) => p.line),
    [12],
  );
  assert.deepEqual(imports.confirm(result.importId, true), { added: 1, updated: 8, skipped: 1 });
  const products = new Map(catalogue.admin().products.map((p) => [p.sku, p]));
  assert.equal(products.get('PRICE')?.price, 251);
  assert.equal(products.get('STATUS')?.active, false);
  assert.deepEqual(products.get('ORDER')?.barcodes, ['ORDER-2', 'ORDER-1']);
  assert.equal(products.get('NEW')?.name, 'Tea');
});

test('the preview shows the first ten rows; problems of the file and of the catalogue in line order', (t) => {
  const { catalogue, preview } = importsOn(t);
  catalogue.write([fields({ sku: 'OLD', barcodes: ['999'] })]);
  const rows = Array.from({ length: 12 }, (_, i) => `S${i},Tea ${i},1.00,`);
  rows[0] = 'S0,Tea 0,1.00,999'; // line 2: the barcode is the catalogue's
  rows.splice(1, 0, 'X2,Bad,x,'); // line 3
  rows.splice(4, 0, 'X1,,1.00,'); // line 6
  const result = preview(['sku,name,price,barcodes', ...rows].join('\n'));
  assert.deepEqual(
    result.firstRows.map((r) => r.sku),
    ['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'S9', 'S10'],
  );
  assert.deepEqual(
    result.problems.map((p) => p.line),
    [2, 3, 6],
  );
});

test('barcodes may move between products the file mentions, never off one it does not', (t) => {
  const { catalogue, preview, imports } = importsOn(t);
  catalogue.write([
    fields({ sku: 'A', name: 'Apple', barcodes: ['111'] }),
    fields({ sku: 'B', name: 'Banana', barcodes: ['222'] }),
    fields({ sku: 'C', name: 'Cherry', barcodes: ['333'] }),
  ]);
  const swap = preview('sku,name,price,barcodes\nA,Apple,2.50,222\nB,Banana,2.50,111\nD,Date,1.00,333\n');
  assert.deepEqual(
    swap.problems.map((p) => [p.line, p.reasons]),
    [
      [
        4,
        [
          {
            key: 'catalogueImport.row.barcodeTaken',
            params: { code: '333', name: 'Cherry', sku: 'C' },
          },
        ],
      ],
    ],
  );
  assert.deepEqual(imports.confirm(swap.importId, true), { added: 0, updated: 2, skipped: 1 });
  assert.deepEqual(
    catalogue
      .admin()
      .products.map((p) => [p.sku, p.barcodes])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
    [
      ['A', ['222']],
      ['B', ['111']],
      ['C', ['333']],
    ],
  );
});

test('a confirm with bad rows, or after the catalogue changed, or twice, imports nothing', (t) => {
  const { catalogue, preview, imports, skus } = importsOn(t);
  const csv = 'sku,name,price\nT1,Tea,1.00\nT2,,1.00\n';
  const bad = preview(csv);
  const version = catalogue.version;
  assert.throws(
    () => imports.confirm(bad.importId, false),
    refusal('invalid_input', /^1 row has problems\. .*Nothing was imported\.$/),
  );
  assert.deepEqual([skus(), catalogue.version], [[], version]);

  const later = preview(csv);
  catalogue.write([fields({ sku: 'OTHER' })]);
  assert.throws(
    () => imports.confirm(later.importId, true),
    refusal('conflict', /changed since this preview/),
  );
  assert.deepEqual(skus(), ['OTHER']);

  const fresh = preview(csv);
  assert.throws(() => imports.confirm('up-0', true), refusal('conflict', /no longer current/));
  assert.deepEqual(imports.confirm(fresh.importId, true), { added: 1, updated: 0, skipped: 1 });
  assert.throws(() => imports.confirm(fresh.importId, true), refusal('conflict', /no longer current/));
  assert.deepEqual(skus(), ['OTHER', 'T1']);

  for (const nothing of ['name,price\n', 'title\nx\n']) {
    const empty = preview(nothing);
    assert.throws(
      () => imports.confirm(empty.importId, true),
      refusal('invalid_input', /^The file has no products to import\.$/),
    );
  }
  const twoBad = preview('name,price\n,1\nTea,x\n');
  assert.throws(
    () => imports.confirm(twoBad.importId, false),
    refusal('invalid_input', /^2 rows have problems/),
  );
  const versionBefore = catalogue.version;
  assert.deepEqual(imports.confirm(twoBad.importId, true), { added: 0, updated: 0, skipped: 2 });
  assert.equal(catalogue.version, versionBefore, 'no good rows: nothing written');
  assert.deepEqual(skus(), ['OTHER', 'T1']);
});

test('a file of unchanged rows writes nothing: the catalogue does not move on', (t) => {
  const { catalogue, preview, imports } = importsOn(t);
  catalogue.write([fields({ sku: 'T1', name: 'Tea', price: 100, category: 'Drinks' })]);
  const same = preview('sku,name,category,price\nT1,Tea,Drinks,1.00\n');
  assert.equal(same.unchanged, 1);
  const version = catalogue.version;
  assert.deepEqual(imports.confirm(same.importId, false), { added: 0, updated: 0, skipped: 0 });
  assert.equal(catalogue.version, version);
});

test('a write that fails half way imports nothing, and the same preview can be confirmed once it is fixed', (t) => {
  const { catalogue, db, preview, imports, skus } = importsOn(t);
  db.exec(`CREATE TRIGGER storage_trouble BEFORE INSERT ON products WHEN NEW.name = 'Third'
    BEGIN SELECT RAISE(ABORT, 'disk trouble'); END`);
  const result = preview('sku,name,price,barcodes\nT1,First,1.00,11\nT2,Second,1.00,22\nT3,Third,1.00,33\n');
  const version = catalogue.version;
  assert.throws(() => imports.confirm(result.importId, false), /disk trouble/);
  assert.deepEqual(skus(), [], 'the first two rows were not kept');
  assert.equal(
    (db.prepare('SELECT COUNT(*) AS n FROM product_barcodes').get() as { n: number }).n,
    0,
    'nor their barcodes',
  );
  assert.equal(catalogue.version, version);
  db.exec('DROP TRIGGER storage_trouble');
  assert.deepEqual(imports.confirm(result.importId, false), { added: 3, updated: 0, skipped: 0 });
  assert.deepEqual(skus(), ['T1', 'T2', 'T3']);
});

test('made-up SKUs skip the SKUs other rows of the same file name, as well as the catalogue’s', (t) => {
  const { catalogue, preview, imports } = importsOn(t);
  // The till would make up P000001 for the first row, and P000003 for the third.
  const result = preview('sku,name,price\n,Scones,1.00\nP000001,Tea,1.00\n,Cake,2.00\nP000003,Jam,1.00\n');
  assert.deepEqual([result.toAdd, result.problems], [4, []]);
  assert.deepEqual(imports.confirm(result.importId, false), { added: 4, updated: 0, skipped: 0 });
  assert.deepEqual(Object.fromEntries(catalogue.admin().products.map((p) => [p.name, p.sku])), {
    Scones: 'P000002',
    Tea: 'P000001',
    Cake: 'P000004',
    Jam: 'P000003',
  });
});
