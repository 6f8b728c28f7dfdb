// Importing a CSV file: uploaded in parts, previewed (what would be added, changed, and every
// bad row by line), then confirmed in one transaction. Nothing is half-imported: with bad rows the
// manager either fixes the file or says explicitly to import only the good rows; a confirm that
// finds the catalogue changed since the preview imports nothing and asks for a new preview.
import { randomUUID } from 'node:crypto';
import type { ImportPreview, ImportProblem } from '../../../shared/contract';
import { MAX_IMPORT_CHARS } from '../../../shared/contract/catalogue';
import { TillError } from '../../../shared/contract/errors';
import { lineProblem, parseCatalogueCsv } from './csv';
import type { ProductCatalogue, ProductFields } from './store';

const PREVIEW_ROWS = 10;

interface PlannedRow {
  line: number;
  fields: ProductFields;
  action: 'add' | 'update' | 'unchanged';
}

interface Planned {
  id: string;
  version: number;
  rows: PlannedRow[];
  problems: ImportProblem[];
}

export class CatalogueImports {
  private upload: { id: string; parts: string[]; chars: number } | null = null;
  private planned: Planned | null = null;

  constructor(
    private readonly catalogue: ProductCatalogue,
    private readonly newId: () => string = randomUUID,
  ) {}

  /** Adds a part of the file; without an upload id a new upload starts (an earlier one is dropped). */
  append(uploadId: string | null, text: string): { uploadId: string; chars: number } {
    if (uploadId === null) {
      this.upload = { id: this.newId(), parts: [], chars: 0 };
      this.planned = null;
    } else if (this.upload?.id !== uploadId) {
      throw new TillError('conflict', 'That upload was replaced by a newer one: choose the file again.', {
        words: { key: 'catalogueImport.uploadReplaced' },
      });
    }
    const upload = this.upload!;
    if (upload.chars + text.length > MAX_IMPORT_CHARS) {
      this.upload = null;
      throw new TillError(
        'invalid_input',
        'The file is too large to import at once (30 MB at most): split it.',
        { words: { key: 'catalogueImport.tooLarge' } },
      );
    }
    upload.parts.push(text);
    upload.chars += text.length;
    return { uploadId: upload.id, chars: upload.chars };
  }

  preview(uploadId: string): ImportPreview {
    if (this.upload?.id !== uploadId) {
      throw new TillError('conflict', 'That file is no longer waiting to be imported: choose it again.', {
        words: { key: 'catalogueImport.noLongerWaiting' },
      });
    }
    const parsed = parseCatalogueCsv(
      this.upload.parts.join(''),
      this.catalogue.vatRates().map((r) => r.basisPoints),
    );
    const existing = new Map(this.catalogue.admin().products.map((p) => [p.sku, p]));
    const barcodeOwners = new Map(
      this.catalogue.admin().products.flatMap((p) => p.barcodes.map((b) => [b, p])),
    );
    const fileSkus = new Set(parsed.rows.map((r) => r.product.sku).filter(Boolean));
    const problems = [...parsed.problems];
    const rows: PlannedRow[] = [];
    for (const { line, product } of parsed.rows) {
      const current = product.sku ? existing.get(product.sku) : undefined;
      // A barcode kept by a product the file does not mention would end up on two products.
      const clash = product.barcodes
        .map((code) => ({ code, owner: barcodeOwners.get(code) }))
        .find(({ owner }) => owner && owner.sku !== product.sku && !fileSkus.has(owner.sku));
      if (clash) {
        const { code, owner } = { code: clash.code, owner: clash.owner! };
        problems.push(
          lineProblem(line, [
            {
              text: `the barcode ${code} is already on ${owner.name} (SKU ${owner.sku})`,
              words: {
                key: 'catalogueImport.row.barcodeTaken',
                params: { code, name: owner.name, sku: owner.sku },
              },
            },
          ]),
        );
        continue;
      }
      const fields: ProductFields = { ...product, ...(current && { id: Number(current.id) }) };
      const same =
        current &&
        current.name === product.name &&
        current.category === product.category &&
        current.price === product.price &&
        current.vatRate === product.vatRate &&
        current.colour === product.colour &&
        current.active === product.active &&
        current.barcodes.join(' ') === product.barcodes.join(' ');
      rows.push({ line, fields, action: !current ? 'add' : same ? 'unchanged' : 'update' });
    }
    problems.sort((a, b) => a.line - b.line);
    const usable = parsed.fileProblem === null;
    this.planned = {
      id: uploadId,
      version: this.catalogue.version,
      rows: usable ? rows : [],
      problems: usable ? problems : [],
    };
    const count = (action: PlannedRow['action']) =>
      this.planned!.rows.filter((r) => r.action === action).length;
    return {
      importId: uploadId,
      delimiter: parsed.delimiter,
      rows: usable ? rows.length + problems.length : 0,
      toAdd: count('add'),
      toUpdate: count('update'),
      unchanged: count('unchanged'),
      firstRows: this.planned.rows.slice(0, PREVIEW_ROWS).map((r) => ({
        line: r.line,
        sku: r.fields.sku,
        name: r.fields.name,
        category: r.fields.category,
        price: r.fields.price,
        vatRate: r.fields.vatRate,
        action: r.action,
      })),
      problems: this.planned.problems,
      fileProblem: parsed.fileProblem,
      fileProblemWords: parsed.fileProblemWords,
    };
  }

  confirm(importId: string, skipBadRows: boolean): { added: number; updated: number; skipped: number } {
    const planned = this.planned;
    if (!planned || planned.id !== importId) {
      throw new TillError('conflict', 'That preview is no longer current: choose the file again.', {
        words: { key: 'catalogueImport.previewStale' },
      });
    }
    if (planned.version !== this.catalogue.version) {
      throw new TillError(
        'conflict',
        'The catalogue changed since this preview. Preview the file again; nothing was imported.',
        { words: { key: 'catalogueImport.catalogueChanged' } },
      );
    }
    if (planned.problems.length > 0 && !skipBadRows) {
      throw new TillError(
        'invalid_input',
        `${planned.problems.length} row${planned.problems.length === 1 ? ' has' : 's have'} problems. Fix the file and import it again, or choose to import only the good rows. Nothing was imported.`,
        { words: { key: 'catalogueImport.badRows', params: { count: planned.problems.length } } },
      );
    }
    if (planned.rows.length === 0 && planned.problems.length === 0) {
      throw new TillError('invalid_input', 'The file has no products to import.', {
        words: { key: 'catalogueImport.empty' },
      });
    }
    const changes = planned.rows.filter((r) => r.action !== 'unchanged');
    this.catalogue.write(changes.map((r) => r.fields));
    this.planned = null;
    this.upload = null;
    return {
      added: changes.filter((r) => r.action === 'add').length,
      updated: changes.filter((r) => r.action === 'update').length,
      skipped: planned.problems.length,
    };
  }
}
