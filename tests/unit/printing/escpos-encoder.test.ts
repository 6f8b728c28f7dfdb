import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  encodeReceipt,
  printFinishedRequest,
  type CodePage,
  type EncodeOptions,
  type PaperWidth,
} from '../../../electron/services/printing/escpos-encoder';
import type { ReceiptLine } from '../../../shared/receipt';
import { decodeEscPos, type DecodedLine } from './escpos-decoder';

const samples = JSON.parse(
  readFileSync(join(import.meta.dirname, 'fixtures', 'sample-receipts.json'), 'utf8'),
) as {
  chip_and_pin_sale: { MERCHANT: ReceiptLine[]; CUSTOMER: ReceiptLine[] };
  declined_merchant_copy_tail: ReceiptLine[];
  signature_rejected_merchant_copy_tail: ReceiptLine[];
};

const FORMATS = ['BOLD', 'DOUBLE_HEIGHT', 'DOUBLE_WIDTH'] as const;
const ALL_FORMAT_COMBINATIONS: string[][] = [0, 1, 2, 3, 4, 5, 6, 7].map((mask) =>
  FORMATS.filter((_, bit) => (mask >> bit) & 1),
);
const base: EncodeOptions = { paperWidth: 80, codePage: 'cp858' };

function styleOf(format: string[]): Omit<DecodedLine, 'text'> {
  return {
    bold: format.includes('BOLD'),
    doubleHeight: format.includes('DOUBLE_HEIGHT'),
    doubleWidth: format.includes('DOUBLE_WIDTH'),
  };
}

test('starts with initialise, leave-Chinese-mode, USA set and the configured code page', () => {
  const expectedTable: Record<CodePage, number> = { cp858: 19, cp437: 0, cp850: 2, cp1252: 16 };
  for (const codePage of Object.keys(expectedTable) as CodePage[]) {
    const bytes = encodeReceipt([{ type: 'TEXT', format: [], value: 'x' }], { ...base, codePage });
    assert.deepEqual(
      [...bytes.subarray(0, 10)],
      [0x1b, 0x40, 0x1c, 0x2e, 0x1b, 0x52, 0x00, 0x1b, 0x74, expectedTable[codePage]],
    );
  }
});

for (const styleCommands of ['esc-bang', 'gs-bang'] as const) {
  test(`all 8 style combinations decode back to the input styles (${styleCommands})`, () => {
    // Every ordered pair of combinations, so each change from every state is exercised.
    const lines: ReceiptLine[] = [];
    for (const a of ALL_FORMAT_COMBINATIONS) {
      for (const b of ALL_FORMAT_COMBINATIONS) {
        lines.push({ type: 'TEXT', format: a, value: `A ${a.map((f) => f[7] ?? f[0]).join('')}` });
        lines.push({ type: 'TEXT', format: b, value: `B ${b.map((f) => f[7] ?? f[0]).join('')}` });
      }
    }
    const decoded = decodeEscPos(encodeReceipt(lines, { ...base, styleCommands }));
    assert.equal(decoded.lines.length, lines.length);
    decoded.lines.forEach((got, index) => {
      const want = lines[index]!;
      assert.deepEqual(got, { text: want.value, ...styleOf(want.format) }, `line ${index}`);
    });
  });
}

test('the default profile uses ESC ! only; epson-tm uses GS ! and ESC E', () => {
  const lines: ReceiptLine[] = [{ type: 'TEXT', format: ['BOLD', 'DOUBLE_WIDTH'], value: 'X' }];
  const portable = encodeReceipt(lines, base);
  assert.ok(portable.includes(Buffer.from([0x1b, 0x21, 0x28])), 'ESC ! 0x28 = bold | double width');
  assert.ok(!portable.includes(Buffer.from([0x1d, 0x21])));
  const epson = encodeReceipt(lines, { ...base, profile: 'epson-tm' });
  assert.ok(epson.includes(Buffer.from([0x1d, 0x21, 0x10])), 'GS ! 0x10 = double width');
  assert.ok(epson.includes(Buffer.from([0x1b, 0x45, 0x01])));
  assert.ok(!epson.includes(Buffer.from([0x1b, 0x21])));
});

test('£ and € encode per code page: CP858 9C/D5, CP1252 A3/80, CP437 has no €', () => {
  const text = (codePage: CodePage) => {
    const bytes = encodeReceipt([{ type: 'TEXT', format: [], value: '£1 €2' }], { ...base, codePage });
    return { bytes, line: decodeEscPos(bytes).lines[0]!.text };
  };
  const cp858 = text('cp858');
  assert.ok(cp858.bytes.includes(Buffer.from([0x9c, 0x31, 0x20, 0xd5, 0x32, 0x0a])));
  assert.equal(cp858.line, '£1 €2');
  const cp1252 = text('cp1252');
  assert.ok(cp1252.bytes.includes(Buffer.from([0xa3, 0x31, 0x20, 0x80, 0x32, 0x0a])));
  assert.equal(cp1252.line, '£1 €2');
  const cp437 = text('cp437');
  assert.ok(cp437.bytes.includes(Buffer.from([0x9c, 0x31, 0x20, 0x3f, 0x32, 0x0a])));
  assert.equal(cp437.line, '£1 ?2');
});

test('characters the code page lacks become one visible ? each, never stray bytes', () => {
  for (const codePage of ['cp858', 'cp437', 'cp850', 'cp1252'] as CodePage[]) {
    const bytes = encodeReceipt([{ type: 'TEXT', format: [], value: 'a★b中c😀d\u0007e' }], {
      ...base,
      codePage,
    });
    const body = bytes.subarray(10); // after the initialise sequence
    assert.deepEqual([...body], [...Buffer.from('a?b?c?d?e\n', 'ascii')], codePage);
  }
});

for (const paperWidth of [58, 80] as PaperWidth[]) {
  const columns = paperWidth === 58 ? 32 : 48;
  test(`${paperWidth} mm: rules fill ${columns} columns, half under double width`, () => {
    const lines: ReceiptLine[] = [
      { type: 'LINE_SEPARATOR', format: [], value: '' },
      { type: 'DOUBLE_LINE_SEPARATOR', format: [], value: '' },
      { type: 'LINE_SEPARATOR', format: ['DOUBLE_WIDTH'], value: '' },
    ];
    const decoded = decodeEscPos(encodeReceipt(lines, { ...base, paperWidth }));
    assert.equal(decoded.lines[0]!.text, '─'.repeat(columns));
    assert.equal(decoded.lines[1]!.text, '═'.repeat(columns));
    assert.equal(decoded.lines[2]!.text, '─'.repeat(columns / 2));
    assert.equal(decoded.lines[2]!.doubleWidth, true);
    const ascii = decodeEscPos(encodeReceipt(lines, { ...base, paperWidth, codePage: 'cp1252' }));
    assert.deepEqual(
      ascii.lines.map((l) => l.text),
      ['-'.repeat(columns), '='.repeat(columns), '-'.repeat(columns / 2)],
    );
  });

  test(`${paperWidth} mm: long text wraps at the column count without losing words`, () => {
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`);
    const value = words.join(' ');
    for (const format of [[], ['DOUBLE_WIDTH']]) {
      const limit = format.length ? columns / 2 : columns;
      const decoded = decodeEscPos(encodeReceipt([{ type: 'TEXT', format, value }], { ...base, paperWidth }));
      assert.ok(decoded.lines.length > 1);
      for (const l of decoded.lines) assert.ok(l.text.length <= limit, `"${l.text}" longer than ${limit}`);
      assert.deepEqual(
        decoded.lines.flatMap((l) => l.text.split(' ')),
        words,
      );
    }
    const unbroken = 'X'.repeat(columns * 2 + 5);
    const split = decodeEscPos(
      encodeReceipt([{ type: 'TEXT', format: [], value: unbroken }], { ...base, paperWidth }),
    );
    assert.deepEqual(
      split.lines.map((l) => l.text.length),
      [columns, columns, 5],
    );
  });

  test(`${paperWidth} mm: VOID and DECLINE boxes are framed with the value centred`, () => {
    const lines: ReceiptLine[] = [
      { type: 'VOID_BOX', format: [], value: 'VOID' },
      { type: 'DECLINE_BOX', format: [], value: 'DECLINED' },
      { type: 'DECLINE_BOX', format: [], value: '' },
    ];
    for (const codePage of ['cp858', 'cp1252'] as CodePage[]) {
      const decoded = decodeEscPos(encodeReceipt(lines, { ...base, paperWidth, codePage })).lines;
      assert.equal(decoded.length, 9);
      const frame = codePage === 'cp858' ? { tl: '╔', v: '║', h: '═' } : { tl: '+', v: '|', h: '-' };
      for (const [index, word] of [
        [0, 'VOID'],
        [3, 'DECLINED'],
        [6, 'DECLINED'],
      ] as const) {
        const [top, middle, bottom] = [decoded[index]!, decoded[index + 1]!, decoded[index + 2]!];
        for (const row of [top, middle, bottom]) {
          assert.equal(row.text.length, columns);
          assert.equal(row.bold, true);
        }
        assert.ok(top.text.startsWith(frame.tl + frame.h));
        assert.equal(middle.text[0], frame.v);
        assert.equal(middle.text.at(-1), frame.v);
        const inner = middle.text.slice(1, -1);
        const left = inner.indexOf(word);
        const right = inner.length - left - word.length;
        assert.ok(left > 0 && Math.abs(left - right) <= 1, `"${middle.text}" is not centred`);
        assert.equal(inner.trim(), word);
      }
    }
  });
}

test('TICKET_FEED feeds and cuts: GS V 41 n (epson-tm) or ESC d n + GS V 00 (portable)', () => {
  const lines: ReceiptLine[] = [
    { type: 'TEXT', format: ['DOUBLE_HEIGHT'], value: 'last' },
    { type: 'TICKET_FEED', format: [], value: '' },
  ];
  const portable = decodeEscPos(encodeReceipt(lines, base)).items;
  const lastTwo = portable.filter((x) => x.kind === 'event').slice(-2);
  assert.deepEqual(lastTwo[0], { kind: 'event', type: 'feed', lines: 4 });
  assert.deepEqual(lastTwo[1], { kind: 'event', type: 'cut', mode: 'full', feed: 0 });
  const epson = encodeReceipt(lines, { ...base, profile: 'epson-tm' });
  const events = decodeEscPos(epson).events;
  assert.deepEqual(events.at(-1), { type: 'cut', mode: 'full', feed: 4 });
  // The cut is at the start of a line: only the size reset (GS ! 0) sits between the last LF and GS V.
  const cutAt = epson.indexOf(Buffer.from([0x1d, 0x56, 0x41]));
  const lastLf = epson.lastIndexOf(0x0a, cutAt);
  assert.deepEqual([...epson.subarray(lastLf + 1, cutAt)], [0x1d, 0x21, 0x00]);
});

test('CARRIAGE_RETURN is a blank line (or its value); unknown types print their value; unknown formats are ignored', () => {
  const lines: ReceiptLine[] = [
    { type: 'CARRIAGE_RETURN', format: [], value: '' },
    { type: 'QR_CODE', format: [], value: 'https://example.test/r/1' },
    { type: 'TEXT', format: ['ITALIC', 'BOLD', 'BLINK'], value: 'styled' },
    { type: 'CARRIAGE_RETURN', format: [], value: 'after' },
  ];
  const decoded = decodeEscPos(encodeReceipt(lines, base)).lines;
  assert.deepEqual(decoded, [
    { text: '', bold: false, doubleHeight: false, doubleWidth: false },
    { text: 'https://example.test/r/1', bold: false, doubleHeight: false, doubleWidth: false },
    { text: 'styled', bold: true, doubleHeight: false, doubleWidth: false },
    { text: 'after', bold: false, doubleHeight: false, doubleWidth: false },
  ]);
});

test('drawer kick sends all five bytes before the receipt; the ack request has the notes layout', () => {
  const bytes = encodeReceipt([{ type: 'TEXT', format: [], value: 'x' }], {
    ...base,
    drawerKick: { pin: 5 },
  });
  const at = bytes.indexOf(Buffer.from([0x1b, 0x70]));
  assert.deepEqual([...bytes.subarray(at, at + 5)], [0x1b, 0x70, 0x01, 50, 100]);
  assert.ok(at < bytes.indexOf(Buffer.from('x\n')));
  const pin2 = decodeEscPos(encodeReceipt([], { ...base, drawerKick: { pin: 2, onMs: 60, offMs: 120 } }));
  assert.deepEqual(
    pin2.events.find((e) => e.type === 'drawerKick'),
    { type: 'drawerKick', pin: 2, onMs: 60, offMs: 120 },
  );
  assert.deepEqual(
    [...printFinishedRequest('AB12')],
    [0x1d, 0x28, 0x48, 0x06, 0x00, 0x30, 0x30, 0x41, 0x42, 0x31, 0x32],
  );
  assert.throws(() => printFinishedRequest('AB'));
});

test('DUPLICATE banner tops every ticket of a reprint', () => {
  const receipt = [...samples.chip_and_pin_sale.MERCHANT, ...samples.chip_and_pin_sale.CUSTOMER];
  const decoded = decodeEscPos(encodeReceipt(receipt, { ...base, duplicate: true }));
  const banners = decoded.lines.filter((l) => l.text.includes('DUPLICATE'));
  assert.equal(banners.length, 2);
  const plain = decodeEscPos(encodeReceipt(receipt, base));
  assert.equal(plain.lines.filter((l) => l.text.includes('DUPLICATE')).length, 0);
});

for (const copy of ['MERCHANT', 'CUSTOMER'] as const) {
  for (const paperWidth of [58, 80] as PaperWidth[]) {
    test(`sample chip-and-PIN ${copy} copy decodes back to its text and styles (${paperWidth} mm)`, () => {
      const receipt = samples.chip_and_pin_sale[copy];
      const decoded = decodeEscPos(encodeReceipt(receipt, { ...base, paperWidth }));
      const textLines = receipt.filter((l) => l.type === 'TEXT');
      const decodedText = decoded.lines.filter((l) => !/^[═─]+$/.test(l.text));
      // Any wrapped line is rejoined so the comparison is with the input wording.
      const columns = paperWidth === 58 ? 32 : 48;
      let cursor = 0;
      for (const want of textLines) {
        const style = styleOf(want.format);
        const limit = style.doubleWidth ? columns / 2 : columns;
        let got = decodedText[cursor++]!;
        let joined = got.text;
        while (
          joined.replace(/\s+/g, ' ').trim() !== want.value.replace(/\s+/g, ' ').trim() &&
          cursor < decodedText.length
        ) {
          assert.ok(want.value.length > limit, `"${want.value}" wrapped though it fits`);
          got = decodedText[cursor++]!;
          joined += ' ' + got.text;
        }
        assert.equal(joined.replace(/\s+/g, ' ').trim(), want.value.replace(/\s+/g, ' ').trim());
        assert.deepEqual(
          { bold: got.bold, doubleHeight: got.doubleHeight, doubleWidth: got.doubleWidth },
          style,
        );
      }
      assert.equal(decoded.events.filter((e) => e.type === 'cut').length, 1);
      assert.ok(decoded.lines.some((l) => l.text.includes('£23.50')));
    });
  }
}

test('declined and signature-rejected tails print their boxes', () => {
  const decoded = decodeEscPos(
    encodeReceipt(
      [...samples.declined_merchant_copy_tail, ...samples.signature_rejected_merchant_copy_tail],
      base,
    ),
  );
  const texts = decoded.lines.map((l) => l.text.replace(/[║╔╗╚╝═]/g, '').trim());
  assert.ok(texts.includes('DECLINED'));
  assert.ok(texts.includes('VOID'));
  assert.ok(texts.includes('CARD DECLINED'));
  assert.ok(texts.includes('SIGNATURE DECLINED'));
});
