// What the slip tests share: one moment far enough from UTC to show a slip printing UTC, and the
// slip as text, as laid out and as the printer prints it.
import assert from 'node:assert/strict';
import type { ReceiptLine } from '../../../shared/receipt';
import { MINUS_SIGN } from '../../../shared/format';
import { COLUMNS } from '../../../shared/receipt-layout';
import { encodeReceipt, type CodePage } from '../../../electron/services/printing/escpos-encoder';
import { decodeEscPos } from './escpos-decoder';

// In July London is UTC+1 and Berlin UTC+2: a slip showing 16:12 would be printing UTC.
export const PRINTED_AT = new Date('2026-07-04T16:12:00Z');
export const EARLIER = '2026-07-03T20:05:00Z';
export const LONDON = 'Europe/London';
export const BERLIN = 'Europe/Berlin';
const COLUMNS_80 = COLUMNS[80];

/** One amount row as the slip lays it out: the label left, the amount against the right edge. */
export function row(label: string, amount: string): string {
  assert.ok(label.length + amount.length < COLUMNS_80, `${label} fits on one line`);
  return label + ' '.repeat(COLUMNS_80 - label.length - amount.length) + amount;
}

/** The slip as text: separators as '-' and '=', the feed as '>>'. */
export function shown(lines: ReceiptLine[]): string[] {
  const marks: Record<string, string> = {
    LINE_SEPARATOR: '-',
    DOUBLE_LINE_SEPARATOR: '=',
    TICKET_FEED: '>>',
  };
  return lines.map((l) => (l.type === 'TEXT' ? l.value : (marks[l.type] ?? l.type)));
}

/** The slip printed on a code page and read back as the printer would print it. */
function printed(lines: ReceiptLine[], codePage: CodePage): string[] {
  return decodeEscPos(encodeReceipt(lines, { paperWidth: 80, codePage })).lines.map((l) => l.text);
}

export function assertNoReplacement(name: string, lines: ReceiptLine[]): void {
  const texts = lines.filter((l) => l.type === 'TEXT').map((l) => l.value);
  for (const codePage of ['cp858', 'cp1252'] as const) {
    const paper = printed(lines, codePage);
    const lost = paper.filter((l) => l.includes('?'));
    assert.deepEqual(lost, [], `${name} on ${codePage}: no character printed as '?'`);
    for (const value of texts) {
      // The minus sign is in none of these code pages: it prints as '-', the one stand-in.
      const expected = value.replaceAll(MINUS_SIGN, '-').trimEnd();
      assert.ok(
        paper.some((l) => l.trimEnd() === expected),
        `${name} on ${codePage} prints "${value}" as it is`,
      );
    }
  }
}
