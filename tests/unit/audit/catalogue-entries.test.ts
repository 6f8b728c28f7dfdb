// The back office on the audit trail, through the catalogue's handlers on a real database: a new
// price is one "prices" entry ("Price of Latte: 320 → 340"), a new VAT rate one "vat" entry, any
// other field one "catalogue" entry, each with only what changed; a change to many products is one
// entry per area, an import one entry with its counts and file name; a refused or failed change
// writes none, and an entry that cannot be written undoes the change (and what was read during it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AuditValues } from '../../../shared/contract';
import { TillError } from '../../../shared/contract/errors';
import type { StaffStamp } from '../../../shared/contract/staff';
import type { AuditLog } from '../../../electron/services/audit/journal';
import { catalogueHandlers } from '../../../electron/services/catalogue/handlers';
import { seedJournaled } from '../../../electron/services/catalogue/audit-entries';
import { catalogueInTempFolder, fields, productInput } from '../catalogue/temp-catalogue';

const MORGAN: StaffStamp = { id: 'm-1', name: 'Morgan' };

function backOffice(
  t: { after: (fn: () => void) => void },
  options: { wrap?: (audit: AuditLog) => AuditLog } = {},
) {
  const opened = catalogueInTempFolder(t);
  const state = { allowed: true as boolean };
  const handlers = catalogueHandlers({
    catalogue: opened.catalogue,
    requireBackOffice: () => {
      if (!state.allowed) throw new TillError('not_allowed', 'The back office needs a manager.');
      return MORGAN;
    },
    supplierProduct: async () => ({ sku: 'CUP-12', name: 'Paper cups' }),
    onChange: () => undefined,
    today: () => '2026-11-22',
    audit: options.wrap ? options.wrap(opened.audit) : opened.audit,
  });
  let mark = 0;
  /** The entries written since the last call, as [area, action, subject, before, after]. */
  const since = () => {
    const entries = opened.audit.entriesAfter(mark, 100);
    mark = entries.at(-1)?.seq ?? mark;
    for (const e of entries) assert.deepEqual([e.by, e.approvedBy], [{ id: 'm-1', name: 'Morgan' }, null]);
    return entries.map((e) => [e.area, e.action, e.subject, e.before, e.after]);
  };
  return { ...opened, handlers, since, state };
}

const LATTE = productInput({ sku: 'LAT', name: 'Latte', category: 'Coffee', price: 320 });

test('a new product: one catalogue entry with what it was given', async (t) => {
  const { handlers, since } = backOffice(t);
  await handlers['catalogue.saveProduct'](LATTE);
  assert.deepEqual(since(), [
    [
      'catalogue',
      'product-added',
      'Latte',
      null,
      {
        sku: 'LAT',
        name: 'Latte',
        category: 'Coffee',
        price: 320,
        vatRate: 2000,
        colour: null,
        barcodes: [],
        active: true,
        picture: 'none',
      },
    ],
  ]);
});

test('a new price: exactly one prices entry, "Latte: 320 → 340"; saving it unchanged writes nothing', async (t) => {
  const { handlers, since } = backOffice(t);
  const latte = await handlers['catalogue.saveProduct'](LATTE);
  since();
  await handlers['catalogue.saveProduct']({ ...LATTE, id: latte.id, price: 340 });
  assert.deepEqual(since(), [['prices', 'price-changed', 'Latte', { price: 320 }, { price: 340 }]]);
  await handlers['catalogue.saveProduct']({ ...LATTE, id: latte.id, price: 340 });
  assert.deepEqual(since(), []);
});

test('a price, a VAT rate and a name at once: one entry per area, each with only its fields', async (t) => {
  const { handlers, since } = backOffice(t);
  const latte = await handlers['catalogue.saveProduct'](LATTE);
  since();
  await handlers['catalogue.saveProduct']({
    ...LATTE,
    id: latte.id,
    name: 'Latte large',
    price: 360,
    vatRate: 500,
    image: 'data:image/png;base64,AAAA',
  });
  assert.deepEqual(since(), [
    [
      'catalogue',
      'product-changed',
      'Latte large',
      { name: 'Latte', picture: 'none' },
      { name: 'Latte large', picture: 'set' },
    ],
    ['prices', 'price-changed', 'Latte large', { price: 320 }, { price: 360 }],
    ['vat', 'vat-rate-changed', 'Latte large', { vatRate: 2000 }, { vatRate: 500 }],
  ]);
  // A picture replaced by another is "changed"; the picture itself is never on the trail.
  await handlers['catalogue.saveProduct']({
    ...LATTE,
    id: latte.id,
    name: 'Latte large',
    price: 360,
    vatRate: 500,
    image: 'data:image/png;base64,BBBB',
  });
  assert.deepEqual(since(), [
    ['catalogue', 'product-changed', 'Latte large', { picture: 'set' }, { picture: 'changed' }],
  ]);
});

test('a price change to many products is one entry naming each, with the count', async (t) => {
  const { handlers, since, catalogue } = backOffice(t);
  const ids: string[] = [];
  for (const [sku, name, price] of [
    ['T', 'Tea', 200],
    ['C', 'Cake', 300],
    ['L', 'Latte', 320],
  ] as const) {
    ids.push((await handlers['catalogue.saveProduct'](productInput({ sku, name, price }))).id);
  }
  since();
  await handlers['catalogue.bulkEdit']({ ids, change: { kind: 'percent', basisPoints: 1000 } });
  assert.deepEqual(since(), [
    [
      'prices',
      'price-changed',
      '3 products',
      { price: { Tea: 200, Cake: 300, Latte: 320 } },
      { price: { Tea: 220, Cake: 330, Latte: 352 }, products: 3 },
    ],
  ]);
  // One of them already at the new price: only the others are named.
  await handlers['catalogue.bulkEdit']({ ids, change: { kind: 'price', price: 352 } });
  assert.deepEqual(since(), [
    [
      'prices',
      'price-changed',
      '2 products',
      { price: { Tea: 220, Cake: 330 } },
      { price: { Tea: 352, Cake: 352 }, products: 2 },
    ],
  ]);
  // Archiving, a new category: catalogue entries.
  await handlers['catalogue.setArchived']({ ids: [ids[0]!], archived: true });
  assert.deepEqual(since(), [['catalogue', 'product-changed', 'Tea', { active: true }, { active: false }]]);
  await handlers['catalogue.bulkEdit']({ ids, change: { kind: 'vatRate', vatRate: 500 } });
  assert.equal(since()[0]![0], 'vat');
  assert.equal(catalogue.admin().products.length, 3);
});

test('two products with the same name stay apart in one entry; any name is just a name', async (t) => {
  const { handlers, since, audit } = backOffice(t);
  const a = await handlers['catalogue.saveProduct'](productInput({ sku: 'A', name: 'Tea', price: 200 }));
  const b = await handlers['catalogue.saveProduct'](productInput({ sku: 'B', name: 'Tea', price: 250 }));
  const c = await handlers['catalogue.saveProduct'](productInput({ sku: 'C', name: '__proto__', price: 90 }));
  since();
  await handlers['catalogue.bulkEdit']({ ids: [a.id, b.id, c.id], change: { kind: 'price', price: 300 } });
  assert.deepEqual(
    since()[0]![3],
    JSON.parse('{ "price": { "Tea": 200, "Tea (B)": 250, "__proto__": 90 } }'),
  );
  assert.match(JSON.stringify(audit.entriesAfter(0, 100).at(-1)!.after), /"__proto__":300/);
});

test('categories and VAT rates: one entry each with before → after; unchanged, none', async (t) => {
  const { handlers, since, catalogue } = backOffice(t);
  await handlers['catalogue.saveProduct'](LATTE);
  since();
  const before = catalogue.admin().categories.map((c) => c.name);
  await handlers['catalogue.saveCategories']({
    categories: [
      { name: 'Hot drinks', colour: '#aa0000', renamedFrom: 'Coffee' },
      ...before.filter((n) => n !== 'Coffee').map((name) => ({ name, colour: null })),
    ],
  });
  const [categories] = since();
  assert.equal(categories![0], 'catalogue');
  assert.equal(categories![1], 'categories-changed');
  assert.deepEqual((categories![4] as { colours: unknown }).colours, { 'Hot drinks': '#aa0000' });
  await handlers['catalogue.saveVatRates']({
    country: null,
    rates: [
      { basisPoints: 2000, label: 'Standard' },
      { basisPoints: 500, label: 'Reduced' },
      { basisPoints: 0, label: 'Zero' },
      { basisPoints: 1250, label: 'Hospitality' },
    ],
  });
  assert.deepEqual(since(), [
    [
      'vat',
      'vat-rates-changed',
      '',
      {
        rates: [
          { basisPoints: 2000, label: 'Standard' },
          { basisPoints: 500, label: 'Reduced' },
          { basisPoints: 0, label: 'Zero' },
        ],
        country: 'GB',
      },
      {
        rates: [
          { basisPoints: 2000, label: 'Standard' },
          { basisPoints: 500, label: 'Reduced' },
          { basisPoints: 0, label: 'Zero' },
          { basisPoints: 1250, label: 'Hospitality' },
        ],
        country: null,
      },
    ],
  ]);
});

test('an import is one entry with the file’s name and the counts, however many rows', async (t) => {
  const { handlers, since, catalogue } = backOffice(t);
  await handlers['catalogue.saveProduct'](LATTE);
  since();
  const rows = Array.from({ length: 200 }, (_, i) => `S${i},Item ${i},Other,1.00`);
  const csv = ['sku,name,category,price', 'LAT,Latte,Coffee,3.40', ...rows, 'BAD,,Other,x'].join('\n');
  const { uploadId } = await handlers['catalogue.uploadImport']({
    uploadId: null,
    text: csv,
    fileName: 'menu.csv',
  });
  const preview = await handlers['catalogue.previewImport']({ uploadId });
  await handlers['catalogue.confirmImport']({ importId: preview.importId, skipBadRows: true });
  assert.equal(catalogue.admin().products.length, 201);
  assert.deepEqual(since(), [
    ['catalogue', 'imported', 'menu.csv', null, { file: 'menu.csv', added: 200, updated: 1, skipped: 1 }],
  ]);
});

test('refused and failed changes write nothing', async (t) => {
  const { handlers, since, state } = backOffice(t);
  const latte = await handlers['catalogue.saveProduct'](LATTE);
  const dear = await handlers['catalogue.saveProduct'](
    productInput({ sku: 'GOLD', name: 'Gold', price: 90_000_000 }),
  );
  since();
  await assert.rejects(
    async () => handlers['catalogue.saveProduct']({ ...LATTE, id: latte.id, vatRate: 1234 }),
    /not one of the shop’s rates/,
  );
  await assert.rejects(
    async () => handlers['catalogue.saveProduct'](productInput({ sku: 'LAT', name: 'Other' })),
    /already used/,
  );
  await assert.rejects(
    async () =>
      handlers['catalogue.bulkEdit']({
        ids: [latte.id, dear.id],
        change: { kind: 'percent', basisPoints: 20_000 },
      }),
    /larger than the till takes/,
  );
  state.allowed = false;
  await assert.rejects(
    async () => handlers['catalogue.saveProduct']({ ...LATTE, id: latte.id, price: 1 }),
    /needs a manager/,
  );
  assert.deepEqual(since(), []);
});

test('an entry that cannot be written undoes the change, and the catalogue shows it undone', async (t) => {
  let failing = false;
  const { handlers, catalogue, audit } = backOffice(t, {
    wrap: (real) => ({
      record(entry) {
        real.record(entry);
        if (failing) throw new Error('disk I/O error');
      },
    }),
  });
  const latte = await handlers['catalogue.saveProduct'](LATTE);
  failing = true;
  await assert.rejects(
    async () => handlers['catalogue.saveProduct']({ ...LATTE, id: latte.id, price: 999 }),
    /disk I\/O error/,
  );
  await assert.rejects(
    async () => handlers['catalogue.saveProduct'](productInput({ sku: 'NEW', name: 'Scone' })),
    /disk I\/O error/,
  );
  // What was read during the failed change (the new price) is not what the till shows after it.
  assert.equal(catalogue.get(latte.id)?.price, 320);
  assert.deepEqual(
    catalogue.all().products.map((p) => p.name),
    ['Latte'],
  );
  assert.equal(audit.entriesAfter(0, 10).length, 1);
});

test('the demo products of a first sandbox run: one entry by the till', async (t) => {
  const { catalogue, audit } = catalogueInTempFolder(t);
  seedJournaled(
    catalogue,
    [
      { sku: 'D1', name: 'Tea', category: 'Drinks', price: 200 },
      { sku: 'D2', name: 'Cake', category: 'Food', price: 300 },
    ],
    audit,
  );
  assert.deepEqual(
    audit.entriesAfter(0, 10).map((e) => [e.by, e.area, e.action, e.after]),
    [[null, 'catalogue', 'products-added', { products: 2 }]],
  );
  seedJournaled(catalogue, [{ sku: 'D1', name: 'Tea', category: 'Drinks', price: 200 }], audit);
  assert.equal(audit.entriesAfter(0, 10).length, 1, 'nothing new, nothing written');
});

test('a change to hundreds of products: one entry naming the first 50 and counting them all', async (t) => {
  const { handlers, since, catalogue } = backOffice(t);
  const ids = catalogue
    .write(Array.from({ length: 600 }, (_, i) => fields({ sku: `S${i}`, name: `Item ${i}`, price: 100 })))
    .map(String);
  since();
  const versionBefore = catalogue.version;
  const { changed } = await handlers['catalogue.bulkEdit']({ ids, change: { kind: 'price', price: 150 } });
  assert.equal(changed, 600);
  const entries = since();
  assert.equal(entries.length, 1);
  const [area, action, subject, before, after] = entries[0]! as [
    string,
    string,
    string,
    AuditValues,
    AuditValues,
  ];
  assert.deepEqual([area, action, subject, after.products], ['prices', 'price-changed', '600 products', 600]);
  assert.equal(Object.keys(before.price as object).length, 50);
  assert.deepEqual(new Set(Object.values(after.price as object)), new Set([150]));
  assert.equal(catalogue.version, versionBefore + 1, 'one change, one new version for the Sell screen');
});
