// The shop's catalogue as the till UI sees it: products (VAT-inclusive prices in minor units,
// VAT rates in basis points), categories in the shop's order, VAT rates, and CSV import/export.
// The Sell screen reads it whole (`catalogue.get`); the back office reads and changes it, and every
// change is a back-office action the services guard (and announce with `catalogue.changed`).
import { z } from 'zod';
import { MAX_VAT_BASIS_POINTS } from '../vat';
import { method, noInput } from './define';
import { wordsSchema } from './errors';

const productId = z.string().min(1).max(20);
const basisPoints = z.number().int().min(0).max(MAX_VAT_BASIS_POINTS);
const price = z.number().int().min(0).max(99_999_999);
export const colourSchema = z.string().regex(/^#[0-9a-f]{6}$/i, 'A colour is written #rrggbb.');
/** A small picture for the sell grid, kept inline: PNG, JPEG, WebP or GIF as a data URL. */
export const MAX_IMAGE_CHARS = 24_000;
const imageSchema = z
  .string()
  .max(MAX_IMAGE_CHARS)
  .regex(
    /^data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/=]+$/,
    'A picture is a PNG, JPEG, WebP or GIF.',
  );
/** Printable ASCII without spaces: what a barcode scanner types. */
export const barcodeSchema = z
  .string()
  .trim()
  .regex(/^[\x21-\x7e]{1,40}$/, 'A barcode is 1 to 40 letters, digits or symbols, without spaces.');
export const MAX_BARCODES = 20;

export const productSchema = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  category: z.string(),
  /** VAT-inclusive, minor units. */
  price: z.number().int(),
  /** Basis points (2000 = 20 %). */
  vatRate: z.number().int(),
  /** The tile's own colour; null: the category's. */
  colour: z.string().nullable(),
  image: z.string().nullable(),
  barcodes: z.array(z.string()),
  active: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;

export const vatRateSchema = z.object({ basisPoints: z.number().int(), label: z.string() });
export type VatRateView = z.infer<typeof vatRateSchema>;

export const catalogueSchema = z.object({
  currency: z.string(),
  /** Categories that have products for sale, in the shop's order. */
  categories: z.array(z.string()),
  /** Colours the shop gave its categories (absent: no colour). */
  categoryColours: z.record(z.string(), z.string()),
  /** Products for sale (archived ones are left out). */
  products: z.array(productSchema),
  vatRates: z.array(vatRateSchema),
});
export type Catalogue = z.infer<typeof catalogueSchema>;

export const categoryViewSchema = z.object({
  name: z.string(),
  colour: z.string().nullable(),
  /** Products in it, archived ones included. */
  productCount: z.number().int(),
});
export type CategoryView = z.infer<typeof categoryViewSchema>;

/** The back office's view: every product (archived too), every category, the VAT rates. */
export const catalogueAdminSchema = z.object({
  currency: z.string(),
  products: z.array(productSchema),
  categories: z.array(categoryViewSchema),
  vatRates: z.array(vatRateSchema),
  /** The preset the rates came from ('GB', 'DE', …), or null when the shop changed them. */
  vatCountry: z.string().nullable(),
});
export type CatalogueAdmin = z.infer<typeof catalogueAdminSchema>;

const name = z.string().trim().min(1, 'Give the product a name.').max(80);
const categoryName = z.string().trim().min(1, 'Give the category a name.').max(40);

export const productInputSchema = z
  .object({
    /** Absent for a new product. */
    id: productId.optional(),
    /** Empty: the till makes one up. */
    sku: z.string().trim().max(40).default(''),
    name,
    category: categoryName,
    price,
    vatRate: basisPoints,
    colour: colourSchema.nullable().default(null),
    image: imageSchema.nullable().default(null),
    barcodes: z.array(barcodeSchema).max(MAX_BARCODES).default([]),
    active: z.boolean().default(true),
  })
  .strict();
export type ProductInput = z.output<typeof productInputSchema>;

export const bulkChangeSchema = z.discriminatedUnion('kind', [
  /** Prices up or down by a percentage in basis points (-1000 = 10 % less), rounded half up. */
  z.object({ kind: z.literal('percent'), basisPoints: z.number().int().min(-10_000).max(100_000) }).strict(),
  z.object({ kind: z.literal('price'), price }).strict(),
  z.object({ kind: z.literal('vatRate'), vatRate: basisPoints }).strict(),
  z.object({ kind: z.literal('category'), category: categoryName }).strict(),
]);
export type BulkChange = z.infer<typeof bulkChangeSchema>;

const productIds = z.array(productId).min(1).max(50_000);

/** One bad row of an import: its line in the file and what is wrong, in words. */
export const importProblemSchema = z.object({
  line: z.number().int(),
  reason: z.string(),
  /** Each thing wrong with the row, keyed for the screens' catalogues (`reason` is the English). */
  reasons: z.array(wordsSchema).optional(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

export const importRowViewSchema = z.object({
  line: z.number().int(),
  sku: z.string(),
  name: z.string(),
  category: z.string(),
  price: z.number().int(),
  vatRate: z.number().int(),
  /** New to the catalogue, or changes a product with this SKU. */
  action: z.enum(['add', 'update', 'unchanged']),
});

export const importPreviewSchema = z.object({
  importId: z.string(),
  delimiter: z.enum([',', ';']),
  rows: z.number().int(),
  toAdd: z.number().int(),
  toUpdate: z.number().int(),
  unchanged: z.number().int(),
  /** The first good rows, as they will be imported. */
  firstRows: z.array(importRowViewSchema),
  /** Every bad row, by line. */
  problems: z.array(importProblemSchema),
  /** A fault in the file as a whole (no header, a quote never closed): nothing can be imported. */
  fileProblem: z.string().nullable(),
  /** The file problem keyed for the screens' catalogues. */
  fileProblemWords: wordsSchema.nullable().optional(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** The most text one call carries: big files go up in parts (the browser host takes ≤ 1 MiB a message). */
export const IMPORT_CHUNK_CHARS = 150_000;
export const MAX_IMPORT_CHARS = 30_000_000;

export const catalogueMethods = {
  'catalogue.get': method(
    'The products for sale, whole (the Sell screen indexes and filters it locally).',
    noInput,
    catalogueSchema,
  ),
  'catalogue.admin': method(
    'Every product (archived too), category and VAT rate: the back office’s view.',
    noInput,
    catalogueAdminSchema,
  ),
  'catalogue.saveProduct': method(
    'Adds a product (no id) or changes one.',
    productInputSchema,
    productSchema,
  ),
  'catalogue.setArchived': method(
    'Archives products (off the Sell screen, kept for history) or brings them back.',
    z.object({ ids: productIds, archived: z.boolean() }).strict(),
    z.object({ changed: z.number().int() }),
  ),
  'catalogue.bulkEdit': method(
    'Changes the price (by a percentage or to an amount), VAT rate or category of a selection.',
    z.object({ ids: productIds, change: bulkChangeSchema }).strict(),
    z.object({ changed: z.number().int() }),
  ),
  'catalogue.saveCategories': method(
    'Sets the categories’ order and colours; a category may be renamed (its products follow).',
    z
      .object({
        categories: z
          .array(
            z
              .object({
                name: categoryName,
                colour: colourSchema.nullable(),
                /** The name it had, when renamed. */
                renamedFrom: categoryName.optional(),
              })
              .strict(),
          )
          .max(500),
      })
      .strict(),
    catalogueAdminSchema,
  ),
  'catalogue.saveVatRates': method(
    'Sets the shop’s VAT rates (a rate still used by a product cannot go).',
    z
      .object({
        country: z.string().max(2).nullable(),
        rates: z
          .array(z.object({ basisPoints, label: z.string().trim().min(1).max(30) }).strict())
          .min(1)
          .max(12),
      })
      .strict(),
    catalogueAdminSchema,
  ),
  'catalogue.uploadImport': method(
    'Sends (part of) a CSV file to import; the first part starts a new upload (and names the file, for the audit trail).',
    z
      .object({
        uploadId: z.string().max(60).nullable(),
        text: z.string().max(IMPORT_CHUNK_CHARS),
        fileName: z.string().max(255).optional(),
      })
      .strict(),
    z.object({ uploadId: z.string(), chars: z.number().int() }),
  ),
  'catalogue.previewImport': method(
    'Reads an uploaded CSV file and says what importing it would do; nothing changes yet.',
    z.object({ uploadId: z.string().max(60) }).strict(),
    importPreviewSchema,
  ),
  'catalogue.confirmImport': method(
    'Imports a previewed file in one go. With bad rows, only when told to skip them; else nothing.',
    z.object({ importId: z.string().max(60), skipBadRows: z.boolean() }).strict(),
    z.object({ added: z.number().int(), updated: z.number().int(), skipped: z.number().int() }),
  ),
  'catalogue.exportCsv': method(
    'The whole catalogue (archived products too) as a CSV file that imports back exactly.',
    noInput,
    z.object({ fileName: z.string(), csv: z.string(), products: z.number().int() }),
  ),
  'catalogue.addFromSupplier': method(
    'Adds a product from the supplier’s catalogue at the shop’s own sell price.',
    z
      .object({
        supplierProductId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
        price,
        vatRate: basisPoints,
        category: categoryName,
      })
      .strict(),
    productSchema,
  ),
} as const;

export const catalogueEvents = {
  /** The catalogue changed (a back-office edit or an import): the Sell screen reloads it. */
  'catalogue.changed': z.object({ version: z.number().int() }),
} as const;
