// The catalogue as a CSV file (csv-parse / csv-stringify): UTF-8 with or without a BOM, a
// header row, `,` or `;` between values (detected from the header). Reading checks every row and
// says what is wrong with each bad one, by its line in the file; writing quotes whatever needs it,
// so export → import gives back exactly the same catalogue (pictures are not part of the file).
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { ImportProblem, Product, Words } from '../../../shared/contract';
import { formatRate, parseRate } from '../../../shared/vat';
import type { ProductFields } from './store';

export const CSV_COLUMNS = [
  'sku',
  'name',
  'category',
  'price',
  'vat_rate',
  'barcodes',
  'colour',
  'status',
] as const;
type Column = (typeof CSV_COLUMNS)[number];
const REQUIRED: readonly Column[] = ['name', 'price'];
const ALIASES: Record<string, Column> = {
  vat: 'vat_rate',
  'vat rate': 'vat_rate',
  barcode: 'barcodes',
  color: 'colour',
};
export const MAX_IMPORT_ROWS = 50_000;
export const DEFAULT_CATEGORY = 'Other';
/** What a scanner types: printable ASCII without spaces. */
const BARCODE_CHARS = /^[\x21-\x7e]+$/;
const MAX_BARCODE_LENGTH = 40;
const COLOUR = /^#[0-9a-f]{6}$/i;
/**
 * A cell a spreadsheet would run as a formula, or one that would read as the guarded form of such
 * a cell: any number of apostrophes, then `=`, `+`, `-`, `@`, tab or CR. Export puts one more `'`
 * in front; import takes one off only where that could have been export's (at least one `'`, then
 * those apostrophes and the formula character), so every cell round-trips exactly.
 */
const NEEDS_GUARD = /^'*[=+\-@\t\r]/;
const GUARDED = /^'+[=+\-@\t\r]/;

export type CsvProduct = Omit<ProductFields, 'id' | 'image'>;
export interface CsvRow {
  line: number;
  product: CsvProduct;
}
export interface ParsedCsv {
  delimiter: ',' | ';';
  rows: CsvRow[];
  problems: ImportProblem[];
  /** The file cannot be read as a whole: nothing in it can be imported. */
  fileProblem: string | null;
  fileProblemWords: Words | null;
}

/** One thing wrong with a row: its English and its key under `services.catalogueImport.row`. */
export interface RowReason {
  text: string;
  words: Words;
}

const because = (text: string, key: string, params?: Words['params']): RowReason => ({
  text,
  words: { key: `catalogueImport.row.${key}`, ...(params && { params }) },
});

/** A bad row: "Line 4: the name is empty; …." with each reason keyed for the screens. */
export function lineProblem(line: number, reasons: readonly RowReason[]): ImportProblem {
  return {
    line,
    reason: `Line ${line}: ${reasons.map((r) => r.text).join('; ')}.`,
    reasons: reasons.map((r) => r.words),
  };
}

/** "3.40", "3,40", "£3.40", "12" → minor units, by string arithmetic; null when not a price. */
export function parsePrice(text: string): number | null {
  const match = /^[£€]?\s*(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export function formatPrice(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

function delimiterOf(text: string): ',' | ';' {
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const count = (c: string) => header.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

export const unescapeCell = (value: string) => (GUARDED.test(value) ? value.slice(1) : value);
export const escapeCell = (value: string) => (NEEDS_GUARD.test(value) ? `'${value}` : value);

const CR = 0x0d;
const LF = 0x0a;

/**
 * The line of `text` a record starts on, given where the one before it ended (in UTF-8 bytes, as
 * csv-parse counts): the first line after that with something on it. A line ends at CRLF, LF or a
 * lone CR, inside a quoted value or between rows alike (csv-parse's own count takes a CRLF inside
 * quotes for two lines). Asked in file order; each call goes on from the one before.
 */
function startLines(text: string): (endOfPrevious: number) => number {
  const bytes = Buffer.from(text, 'utf8');
  let at = 0;
  let line = 1;
  const isBreak = () => bytes[at] === CR || bytes[at] === LF;
  const stepOverBreak = () => {
    at += bytes[at] === CR && bytes[at + 1] === LF ? 2 : 1;
    line++;
  };
  return (endOfPrevious) => {
    while (at < endOfPrevious) {
      if (isBreak()) stepOverBreak();
      else at++;
    }
    while (isBreak()) stepOverBreak();
    return line;
  };
}

/** Reads and checks a whole file; `vatRates` are the shop's, the first one the default. */
export function parseCatalogueCsv(text: string, vatRates: readonly number[]): ParsedCsv {
  const delimiter = delimiterOf(text);
  const empty = (fileProblem: string, key: string, params?: Words['params']): ParsedCsv => ({
    delimiter,
    rows: [],
    problems: [],
    fileProblem,
    fileProblemWords: { key: `catalogueImport.file.${key}`, ...(params && { params }) },
  });
  // Where each record ended (csv-parse's count of UTF-8 bytes, a byte-order mark included).
  const ends: number[] = [];
  let records: string[][];
  try {
    records = parse(text, {
      delimiter,
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      record_delimiter: ['\r\n', '\n'],
      on_record: (record: string[], { bytes }) => {
        ends.push(bytes);
        return record;
      },
    });
  } catch (error) {
    // The broken record starts after the last one read.
    const line = startLines(text)(ends.at(-1) ?? 0);
    const code = (error as { code?: string }).code ?? '';
    const quote = /QUOTE/.test(code);
    const what = quote
      ? 'a quoted value is not closed properly (a " inside a value must be written twice)'
      : 'the file could not be read as CSV';
    return empty(
      `Around line ${line}: ${what}. Fix the file and choose it again; nothing was imported.`,
      `${quote ? 'unclosedQuote' : 'unreadable'}At`,
      { line },
    );
  }
  const [header, ...body] = records;
  if (!header) return empty('The file is empty. Export the catalogue to see the columns it needs.', 'empty');
  const columns = header.map((h) => {
    const key = h.trim().toLowerCase();
    return ALIASES[key] ?? key;
  });
  const unknown = columns.filter((c) => !(CSV_COLUMNS as readonly string[]).includes(c));
  const missing = REQUIRED.filter((c) => !columns.includes(c));
  if (unknown.length > 0 || missing.length > 0) {
    return empty(
      `The first line must name the columns: ${CSV_COLUMNS.join(', ')} (name and price are needed).` +
        (missing.length ? ` Missing: ${missing.join(', ')}.` : '') +
        (unknown.length ? ` Not known: ${unknown.join(', ')}.` : ''),
      `header${missing.length ? 'Missing' : ''}${unknown.length ? 'Unknown' : ''}`,
      { columns: CSV_COLUMNS.join(', '), missing: missing.join(', '), unknown: unknown.join(', ') },
    );
  }
  if (body.length > MAX_IMPORT_ROWS) {
    return empty(
      `The file has ${body.length} products; the till imports up to ${MAX_IMPORT_ROWS} at a time. Split it.`,
      'tooMany',
      { rows: body.length, most: MAX_IMPORT_ROWS },
    );
  }

  const rows: CsvRow[] = [];
  const problems: ImportProblem[] = [];
  const skuLines = new Map<string, number>();
  const barcodeLines = new Map<string, number>();
  const lineAfter = startLines(text);
  for (const [index, record] of body.entries()) {
    const line = lineAfter(ends[index]!); // ends[0] is the header's
    const cell = (c: Column) => {
      const at = columns.indexOf(c);
      return at === -1 ? '' : unescapeCell(record[at] ?? '');
    };
    const reasons: RowReason[] = [];
    if (record.length > columns.length) {
      reasons.push(
        because(
          `it has ${record.length} values but the header has ${columns.length} columns (a value containing "${delimiter}" needs quotes)`,
          'tooManyValues',
          { values: record.length, columns: columns.length, delimiter },
        ),
      );
    }
    const name = cell('name').trim();
    if (!name) reasons.push(because('the name is empty', 'noName'));
    else if (name.length > 80) reasons.push(because('the name is longer than 80 characters', 'longName'));
    const sku = cell('sku').trim();
    if (sku.length > 40) reasons.push(because('the SKU is longer than 40 characters', 'longSku'));
    else if (sku && skuLines.has(sku)) {
      const other = skuLines.get(sku)!;
      reasons.push(because(`the SKU ${sku} is also on line ${other}`, 'skuTwice', { sku, other }));
    }
    const category = cell('category').trim() || DEFAULT_CATEGORY;
    if (category.length > 40)
      reasons.push(because('the category is longer than 40 characters', 'longCategory'));
    const price = parsePrice(cell('price'));
    if (price === null) {
      const text = cell('price');
      reasons.push(because(`the price "${text}" is not an amount like 3.40`, 'price', { text }));
    }
    const vatText = cell('vat_rate').trim();
    const vatRate = vatText === '' ? (vatRates[0] ?? 0) : parseRate(vatText);
    if (vatRate === null) {
      reasons.push(
        because(`the VAT rate "${vatText}" is not a percentage like 20 or 5.5`, 'vatRate', { text: vatText }),
      );
    } else if (!vatRates.includes(vatRate)) {
      const rate = formatRate(vatRate);
      const rates = vatRates.map(formatRate).join(', ');
      reasons.push(
        because(`VAT at ${rate} is not one of the shop’s rates (${rates})`, 'unknownRate', { rate, rates }),
      );
    }
    const barcodes = cell('barcodes').split(/\s+/).filter(Boolean);
    for (const code of barcodes) {
      if (!BARCODE_CHARS.test(code)) {
        reasons.push(
          because(`the barcode "${code}" has characters a scanner does not send`, 'barcodeChars', { code }),
        );
      } else if (code.length > MAX_BARCODE_LENGTH) {
        reasons.push(
          because(
            `the barcode "${code}" is too long: a barcode has at most ${MAX_BARCODE_LENGTH} characters`,
            'barcodeLong',
            { code, most: MAX_BARCODE_LENGTH },
          ),
        );
      } else if (barcodeLines.has(code)) {
        const other = barcodeLines.get(code)!;
        reasons.push(
          because(`the barcode ${code} is also on line ${other}`, 'barcodeTwice', { code, other }),
        );
      }
    }
    if (new Set(barcodes).size !== barcodes.length)
      reasons.push(because('a barcode is listed twice', 'barcodeRepeated'));
    if (barcodes.length > 20) reasons.push(because('a product takes at most 20 barcodes', 'barcodesMany'));
    const colour = cell('colour').trim();
    if (colour && !COLOUR.test(colour))
      reasons.push(because(`the colour "${colour}" is not written like #1f8a70`, 'colour', { colour }));
    const status = cell('status').trim().toLowerCase();
    if (status && status !== 'active' && status !== 'archived') {
      const text = cell('status');
      reasons.push(because(`the status "${text}" is neither active nor archived`, 'status', { text }));
    }
    if (sku && !skuLines.has(sku)) skuLines.set(sku, line);
    for (const code of barcodes) if (!barcodeLines.has(code)) barcodeLines.set(code, line);
    if (reasons.length > 0) {
      problems.push(lineProblem(line, reasons));
      continue;
    }
    rows.push({
      line,
      product: {
        sku,
        name,
        category,
        price: price!,
        vatRate: vatRate!,
        colour: colour || null,
        barcodes,
        active: status !== 'archived',
      },
    });
  }
  return { delimiter, rows, problems, fileProblem: null, fileProblemWords: null };
}

/** The catalogue as CSV: `,` between values, a header row, archived products included. */
export function catalogueToCsv(products: readonly Product[]): string {
  const records = products.map((p) =>
    [
      p.sku,
      p.name,
      p.category,
      formatPrice(p.price),
      formatRate(p.vatRate).replace('%', ''),
      p.barcodes.join(' '),
      p.colour ?? '',
      p.active ? 'active' : 'archived',
    ].map(escapeCell),
  );
  return stringify([[...CSV_COLUMNS], ...records], { record_delimiter: '\n' });
}
