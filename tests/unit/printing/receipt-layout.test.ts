// The one receipt layout (shared/receipt-layout.ts): the rows the on-screen preview draws are
// the lines the printer prints, '?' for '?', checked against the ESC/POS bytes decoded back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CODE_PAGES, type CodePage } from '../../../shared/code-pages';
import { layoutReceipt, printedLines, type PaperRow, type PaperWidth } from '../../../shared/receipt-layout';
import { receiptLineSchema, type ReceiptLine } from '../../../shared/receipt';
import { encodeReceipt } from '../../../electron/services/printing/escpos-encoder';
import { decodeEscPos } from './escpos-decoder';

const samples = JSON.parse(
  readFileSync(join(import.meta.dirname, 'fixtures', 'sample-receipts.json'), 'utf8'),
) as {
  chip_and_pin_sale: { MERCHANT: unknown; CUSTOMER: unknown };
  declined_merchant_copy_tail: unknown;
  signature_rejected_merchant_copy_tail: unknown;
};

const fixture = (lines: unknown) => receiptLineSchema.array().parse(lines);
const sampleReceipts: ReceiptLine[][] = [
  fixture(samples.chip_and_pin_sale.MERCHANT),
  fixture(samples.chip_and_pin_sale.CUSTOMER),
  fixture(samples.declined_merchant_copy_tail),
  fixture(samples.signature_rejected_merchant_copy_tail),
];

function paper(rows: PaperRow[]) {
  return rows.flatMap(printedLines).map(({ text, style }) => ({ text, ...style }));
}

function printed(lines: ReceiptLine[], paperWidth: PaperWidth, codePage: CodePage, duplicate = false) {
  return decodeEscPos(encodeReceipt(lines, { paperWidth, codePage, duplicate })).lines;
}

test('control bytes and a character the code page lacks show as ? in the rows and on paper', () => {
  // As a card service's receipt might send them: NUL, BEL, ESC, DEL, and € (not in CP437).
  const lines: ReceiptLine[] = [
    { type: 'TEXT', format: [], value: 'AUTH\x00CODE\x07 \x1b@123\x7f €5' },
    { type: 'VOID_BOX', format: [], value: 'VO\x1bID' },
  ];
  const rows = layoutReceipt(lines, { paperWidth: 80, codePage: 'cp437' });
  assert.deepEqual(rows[0], {
    kind: 'text',
    text: 'AUTH?CODE? ?@123? ?5',
    style: { bold: false, doubleHeight: false, doubleWidth: false },
  });
  assert.equal(rows[1]!.kind === 'box' && rows[1]!.words.join('|'), 'VO?ID');
  const bytes = encodeReceipt(lines, { paperWidth: 80, codePage: 'cp437' });
  const body = bytes.subarray(10); // after initialise and the code page
  assert.ok(body.includes(Buffer.from('AUTH?CODE? ?@123? ?5\n', 'ascii')));
  assert.ok(!body.includes(Buffer.from([0x1b, 0x40])), 'the ESC @ in the text never reaches the printer');
  // The decoder throws on any stray control byte, so this also says there are none.
  assert.deepEqual(printed(lines, 80, 'cp437'), paper(rows));
  // CP858 has €: only the control bytes become '?'.
  const cp858 = layoutReceipt(lines, { paperWidth: 80, codePage: 'cp858' });
  assert.equal(cp858[0]!.kind === 'text' && cp858[0]!.text, 'AUTH?CODE? ?@123? €5');
  assert.deepEqual(printed(lines, 80, 'cp858'), paper(cp858));
});

test('a value with line breaks starts a new row at each, in the rows and on paper', () => {
  const lines: ReceiptLine[] = [{ type: 'TEXT', format: ['BOLD'], value: 'one\ntwo\r\nthree' }];
  const rows = layoutReceipt(lines, { paperWidth: 58, codePage: 'cp858' });
  assert.deepEqual(
    rows.map((r) => r.kind === 'text' && r.text),
    ['one', 'two', 'three'],
  );
  assert.deepEqual(printed(lines, 58, 'cp858'), paper(rows));
});

test('the sample receipts: the preview rows are the printed lines, on each paper and code page', () => {
  for (const lines of sampleReceipts) {
    for (const paperWidth of [58, 80] as PaperWidth[]) {
      for (const codePage of CODE_PAGES) {
        for (const duplicate of [false, true]) {
          const rows = layoutReceipt(lines, { paperWidth, codePage, duplicate });
          const where = `${paperWidth} mm ${codePage}${duplicate ? ' duplicate' : ''}`;
          assert.deepEqual(printed(lines, paperWidth, codePage, duplicate), paper(rows), where);
          const cuts = decodeEscPos(encodeReceipt(lines, { paperWidth, codePage, duplicate })).events;
          assert.equal(
            cuts.filter((e) => e.type === 'cut').length,
            rows.filter((r) => r.kind === 'cut').length,
            where,
          );
        }
      }
    }
  }
});

test('boxes and the DUPLICATE banner keep their words for the preview, framed for the paper', () => {
  const lines: ReceiptLine[] = [
    { type: 'TEXT', format: [], value: 'first ticket' },
    { type: 'DECLINE_BOX', format: [], value: '' },
    { type: 'TICKET_FEED', format: [], value: '' },
    { type: 'TEXT', format: [], value: 'second ticket' },
    { type: 'TICKET_FEED', format: [], value: '' },
  ];
  const rows = layoutReceipt(lines, { paperWidth: 58, codePage: 'cp1252', duplicate: true });
  assert.deepEqual(
    rows.map((r) => (r.kind === 'box' ? `${r.box}:${r.words.join(' ')}` : r.kind)),
    ['duplicate:DUPLICATE', 'text', 'decline:DECLINED', 'cut', 'duplicate:DUPLICATE', 'text', 'cut'],
  );
  const banner = rows[0]!;
  assert.ok(banner.kind === 'box');
  assert.deepEqual(
    banner.lines.map((l) => l.text),
    ['+' + '-'.repeat(30) + '+', '|' + 'DUPLICATE'.padStart(19).padEnd(30) + '|', '+' + '-'.repeat(30) + '+'],
    'CP1252 has no box-drawing characters: ASCII frames',
  );
});

test('the COPY banner heads every ticket with both its lines, inside 58 mm paper', () => {
  const lines: ReceiptLine[] = [
    { type: 'TEXT', format: [], value: 'slip' },
    { type: 'TICKET_FEED', format: [], value: '' },
    { type: 'TEXT', format: [], value: 'receipt' },
    { type: 'TICKET_FEED', format: [], value: '' },
  ];
  const rows = layoutReceipt(lines, { paperWidth: 58, codePage: 'cp858', copy: true });
  assert.deepEqual(
    rows.map((r) => (r.kind === 'box' ? `${r.box}:${r.words.join(' / ')}` : r.kind)),
    [
      'copy:COPY / may already have printed',
      'text',
      'cut',
      'copy:COPY / may already have printed',
      'text',
      'cut',
    ],
  );
  const banner = rows[0]!;
  assert.ok(banner.kind === 'box');
  assert.ok(
    banner.lines.every((l) => l.text.length === 32 && !l.text.includes('?')),
    'one line each, no ?',
  );
  const paper = decodeEscPos(encodeReceipt(lines, { paperWidth: 58, codePage: 'cp858', copy: true }));
  assert.deepEqual(
    paper.lines.slice(0, 4).map((l) => l.text.replace(/[║═╔╗╚╝]/g, '').trim()),
    ['', 'COPY', 'may already have printed', ''],
  );
});

test('the banners print in the shop’s language, each on one framed line of 58 mm paper, on every code page', () => {
  const lines: ReceiptLine[] = [{ type: 'TEXT', format: [], value: 'Beleg' }];
  const banners = (locale: string | undefined, codePage: CodePage) =>
    layoutReceipt(lines, { paperWidth: 58, codePage, copy: true, duplicate: true, locale }).flatMap((r) =>
      r.kind === 'box' ? [r.words.join(' / ')] : [],
    );
  for (const codePage of ['cp858', 'cp1252', 'cp437'] as const) {
    assert.deepEqual(banners('de-DE', codePage), ['KOPIE / vielleicht schon gedruckt', 'DUPLIKAT'], codePage);
    assert.deepEqual(banners('en-GB', codePage), ['COPY / may already have printed', 'DUPLICATE'], codePage);
  }
  assert.deepEqual(
    banners(undefined, 'cp858'),
    ['COPY / may already have printed', 'DUPLICATE'],
    'English by default',
  );
  const paper = decodeEscPos(
    encodeReceipt(lines, { paperWidth: 58, codePage: 'cp858', copy: true, duplicate: true, locale: 'de-DE' }),
  );
  const framed = paper.lines.map((l) => l.text.replace(/[║═╔╗╚╝]/g, '').trim()).filter(Boolean);
  assert.deepEqual(framed.slice(0, 3), ['KOPIE', 'vielleicht schon gedruckt', 'DUPLIKAT']);
  assert.ok(paper.lines.every((l) => !l.text.includes('?')));
});
