// The catalogue's handlers on their own (a real catalogue database, the gate and the supplier
// played by the test): adding from the supplier tidies what the supplier sends, every back-office
// call asks the gate first and a refused one changes and announces nothing, each change is
// announced once with the new version, and the export is named by the day.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TillError } from '../../../shared/contract/errors';
import { catalogueHandlers, type SupplierProduct } from '../../../electron/services/catalogue/handlers';
import type { ProductCatalogue } from '../../../electron/services/catalogue/store';
import type { AuditLog } from '../../../electron/services/audit/journal';
import { catalogueInTempFolder, productInput } from './temp-catalogue';

function handlersFor(
  catalogue: ProductCatalogue,
  audit: AuditLog,
  options: { allowed?: () => boolean; supplied?: SupplierProduct } = {},
) {
  const announced: number[] = [];
  const asked: number[] = [];
  let allowed = options.allowed ?? (() => true);
  const handlers = catalogueHandlers({
    catalogue,
    requireBackOffice: () => {
      if (!allowed()) throw new TillError('not_allowed', 'The back office needs a manager.');
      return null;
    },
    supplierProduct: async (id) => {
      asked.push(id);
      return options.supplied ?? { sku: 'CUP-12', name: 'Paper cups' };
    },
    onChange: (version) => announced.push(version),
    today: () => '2026-11-22',
    audit,
  });
  return {
    handlers,
    announced,
    asked,
    refuse: () => {
      allowed = () => false;
    },
  };
}

const fromSupplier = { supplierProductId: 7, price: 480, vatRate: 0, category: 'Supplies' };

test('from the supplier: SKU and name trimmed; a product with no name is named by its trimmed SKU', async (t) => {
  const { catalogue, audit } = catalogueInTempFolder(t);
  const nameless = handlersFor(catalogue, audit, { supplied: { sku: '  CUP-12\t ', name: '   ' } });
  const added = await nameless.handlers['catalogue.addFromSupplier'](fromSupplier);
  assert.deepEqual(
    [added.sku, added.name, added.price, added.vatRate, added.category, added.active],
    ['CUP-12', 'CUP-12', 480, 0, 'Supplies', true],
  );
  assert.deepEqual(nameless.asked, [7], 'the product is read from the supplier by its id');
  assert.deepEqual(nameless.announced, [catalogue.version]);

  const long = handlersFor(catalogue, audit, {
    supplied: { sku: ` ${'S'.repeat(45)} `, name: ` ${'N'.repeat(90)} ` },
  });
  const trimmed = await long.handlers['catalogue.addFromSupplier'](fromSupplier);
  assert.deepEqual(
    [trimmed.sku, trimmed.name],
    ['S'.repeat(40), 'N'.repeat(80)],
    'cut to the most the catalogue keeps',
  );
});

test('a refused back-office call asks no supplier, changes nothing and announces nothing; the Sell screen’s read stays open', async (t) => {
  const { catalogue, audit } = catalogueInTempFolder(t);
  const { handlers, announced, asked, refuse } = handlersFor(catalogue, audit);
  const tea = await handlers['catalogue.saveProduct'](productInput({ sku: 'TEA', barcodes: ['111'] }));
  const version = catalogue.version;
  announced.length = 0;
  refuse();
  const calls: Array<[string, () => unknown]> = [
    ['admin', () => handlers['catalogue.admin']({})],
    ['saveProduct', () => handlers['catalogue.saveProduct'](productInput({ name: 'Sneaky' }))],
    ['setArchived', () => handlers['catalogue.setArchived']({ ids: [tea.id], archived: true })],
    [
      'bulkEdit',
      () => handlers['catalogue.bulkEdit']({ ids: [tea.id], change: { kind: 'price', price: 1 } }),
    ],
    ['saveCategories', () => handlers['catalogue.saveCategories']({ categories: [] })],
    [
      'saveVatRates',
      () => handlers['catalogue.saveVatRates']({ country: null, rates: [{ basisPoints: 2000, label: 'S' }] }),
    ],
    ['uploadImport', () => handlers['catalogue.uploadImport']({ uploadId: null, text: 'name,price\nX,1\n' })],
    ['previewImport', () => handlers['catalogue.previewImport']({ uploadId: 'x' })],
    ['confirmImport', () => handlers['catalogue.confirmImport']({ importId: 'x', skipBadRows: true })],
    ['exportCsv', () => handlers['catalogue.exportCsv']({})],
    ['addFromSupplier', () => handlers['catalogue.addFromSupplier'](fromSupplier)],
  ];
  for (const [what, call] of calls) {
    await assert.rejects(
      Promise.resolve().then(call),
      (e: unknown) => e instanceof TillError && e.code === 'not_allowed',
      what,
    );
  }
  assert.deepEqual(asked, [], 'the supplier is not asked for a refused call');
  assert.deepEqual(announced, []);
  assert.equal(catalogue.version, version);
  const sold = await handlers['catalogue.get']({});
  assert.deepEqual(
    sold.products.map((p) => [p.sku, p.price, p.active, p.barcodes]),
    [['TEA', 250, true, ['111']]],
  );
});

test('each change is announced once, after it, with the new version; reads and previews announce nothing', async (t) => {
  const { catalogue, audit } = catalogueInTempFolder(t);
  const { handlers, announced } = handlersFor(catalogue, audit);
  const tea = await handlers['catalogue.saveProduct'](productInput({ sku: 'TEA' }));
  assert.deepEqual(announced, [catalogue.version]);
  await handlers['catalogue.setArchived']({ ids: [tea.id], archived: true });
  await handlers['catalogue.bulkEdit']({ ids: [tea.id], change: { kind: 'price', price: 300 } });
  assert.equal(announced.length, 3);
  assert.equal(announced.at(-1), catalogue.version);
  assert.ok(
    announced.every((v, i) => i === 0 || v > announced[i - 1]!),
    'versions only move on',
  );

  announced.length = 0;
  await handlers['catalogue.admin']({});
  await handlers['catalogue.exportCsv']({});
  const { uploadId } = await handlers['catalogue.uploadImport']({
    uploadId: null,
    text: 'sku,name,price\nCAKE,Cake,3.00\n',
  });
  const preview = await handlers['catalogue.previewImport']({ uploadId });
  assert.deepEqual(announced, [], 'nothing changed yet');
  assert.deepEqual(
    await handlers['catalogue.confirmImport']({ importId: preview.importId, skipBadRows: false }),
    {
      added: 1,
      updated: 0,
      skipped: 0,
    },
  );
  assert.deepEqual(announced, [catalogue.version]);
});

test('saving a product by an id that is not a product is refused as gone; the export is named by the day', async (t) => {
  const { catalogue, audit } = catalogueInTempFolder(t);
  const { handlers, announced } = handlersFor(catalogue, audit);
  for (const [id, vatRate] of [
    ['abc', 2000],
    ['1.5', 2000],
    ['99', 2000],
    ['abc', 1900], // not a product id: gone, before anything else is looked at
    ['9007199254740993', 1900],
  ] as const) {
    await assert.rejects(
      Promise.resolve().then(() => handlers['catalogue.saveProduct'](productInput({ id, vatRate }))),
      (e: unknown) =>
        e instanceof TillError &&
        e.code === 'not_found' &&
        e.message === 'That product is no longer in the catalogue.',
      id,
    );
  }
  assert.equal(catalogue.isEmpty(), true);
  assert.deepEqual(announced, []);
  await handlers['catalogue.saveProduct'](productInput({ sku: 'TEA', name: 'Tea, "green"' }));
  const exported = await handlers['catalogue.exportCsv']({});
  assert.deepEqual(exported, {
    fileName: 'catalogue-2026-11-22.csv',
    csv: 'sku,name,category,price,vat_rate,barcodes,colour,status\nTEA,"Tea, ""green""",Drinks,2.50,20,,,active\n',
    products: 1,
  });
});
