// Receipt lines → the rows a receipt shows on paper: text wrapped to the paper's columns, rules,
// framed VOID/DECLINED boxes, the DUPLICATE or COPY banner at the top of each ticket, and the cuts.
// The one layout of a receipt: the ESC/POS encoder turns these rows into bytes and the on-screen
// preview draws them, so both show the same rows, with '?' where the code page has no character.
import { canPrint, toPrintable, type CodePage } from './code-pages';
import type { ReceiptLine } from './receipt';
import { receiptWords } from './receipt-words';

export type PaperWidth = 58 | 80;

export const COLUMNS: Record<PaperWidth, number> = { 58: 32, 80: 48 };

export interface TextStyle {
  bold: boolean;
  doubleHeight: boolean;
  doubleWidth: boolean;
}

export const PLAIN: TextStyle = { bold: false, doubleHeight: false, doubleWidth: false };

export interface RuleChars {
  single: string;
  double: string;
  topLeft: string;
  topRight: string;
  bottomLeft: string;
  bottomRight: string;
  horizontal: string;
  vertical: string;
}

export const BOX_DRAWING: RuleChars = {
  single: '─',
  double: '═',
  topLeft: '╔',
  topRight: '╗',
  bottomLeft: '╚',
  bottomRight: '╝',
  horizontal: '═',
  vertical: '║',
};

export const ASCII_RULES: RuleChars = {
  single: '-',
  double: '=',
  topLeft: '+',
  topRight: '+',
  bottomLeft: '+',
  bottomRight: '+',
  horizontal: '-',
  vertical: '|',
};

/** One printed line: code-page safe text (see toPrintable) in one style. */
export interface PrintedLine {
  text: string;
  style: TextStyle;
}

export type BoxKind = 'void' | 'decline' | 'duplicate' | 'copy';

export type PaperRow =
  | ({ kind: 'text' } & PrintedLine)
  | ({ kind: 'rule' } & PrintedLine)
  /** `words`: the wrapped text inside the frame; `lines`: the framed lines as printed. */
  | { kind: 'box'; box: BoxKind; words: string[]; lines: PrintedLine[] }
  | { kind: 'cut' };

export interface LayoutOptions {
  paperWidth: PaperWidth;
  /** The printer's code page: what it lacks (and control characters) shows as '?'. */
  codePage: CodePage;
  /** Prints a DUPLICATE banner at the top of every ticket (reprints). */
  duplicate?: boolean;
  /**
   * Prints the COPY banner at the top of every ticket: a resend of a receipt that may already
   * have printed (the link to the printer dropped after the whole receipt was sent).
   */
  copy?: boolean;
  /** The shop's locale: the banners' language (shared/receipt-words.ts); English when absent. */
  locale?: string | undefined;
}

export function styleFromFormat(format: readonly string[]): TextStyle {
  return {
    bold: format.includes('BOLD'),
    doubleHeight: format.includes('DOUBLE_HEIGHT'),
    doubleWidth: format.includes('DOUBLE_WIDTH'),
  };
}

export function columnsFor(paperWidth: PaperWidth, style: TextStyle = PLAIN): number {
  const columns = COLUMNS[paperWidth];
  return style.doubleWidth ? Math.floor(columns / 2) : columns;
}

/** Box-drawing rules where the code page has them, ASCII ones where it does not. */
export function ruleCharsFor(codePage: CodePage): RuleChars {
  return Object.values(BOX_DRAWING).every((c) => canPrint(c, codePage)) ? BOX_DRAWING : ASCII_RULES;
}

/** Word-wraps printable text to the column count; words longer than a line are split. */
export function wrapText(printable: string, columns: number): string[] {
  const lines: string[] = [];
  let rest = printable;
  while (rest.length > columns) {
    const window = rest.slice(0, columns + 1);
    const breakAt = window.lastIndexOf(' ');
    if (breakAt > 0 && window.slice(0, breakAt).trim() !== '') {
      lines.push(rest.slice(0, breakAt).trimEnd());
      rest = rest.slice(breakAt + 1).trimStart();
    } else {
      lines.push(rest.slice(0, columns));
      rest = rest.slice(columns);
    }
  }
  if (rest.length > 0 || lines.length === 0) lines.push(rest);
  return lines;
}

export function centre(text: string, width: number): string {
  if (text.length >= width) return text.slice(0, width);
  const left = Math.floor((width - text.length) / 2);
  return ' '.repeat(left) + text + ' '.repeat(width - text.length - left);
}

/** The lines a row puts on paper (none for a cut). */
export function printedLines(row: PaperRow): PrintedLine[] {
  switch (row.kind) {
    case 'text':
    case 'rule':
      return [{ text: row.text, style: row.style }];
    case 'box':
      return row.lines;
    case 'cut':
      return [];
  }
}

const BOXES: Record<string, { box: BoxKind; text: string }> = {
  VOID_BOX: { box: 'void', text: 'VOID' },
  DECLINE_BOX: { box: 'decline', text: 'DECLINED' },
};
const BANNER_STYLE: TextStyle = { bold: true, doubleHeight: true, doubleWidth: false };

export function layoutReceipt(lines: readonly ReceiptLine[], options: LayoutOptions): PaperRow[] {
  const { paperWidth, codePage } = options;
  const printable = (value: string) => toPrintable(value, codePage);
  const rules = ruleCharsFor(codePage);
  const banners = receiptWords(options.locale).banners;
  const rows: PaperRow[] = [];

  const text = (value: string, style: TextStyle) => {
    const columns = columnsFor(paperWidth, style);
    for (const part of value.split(/\r?\n/)) {
      for (const wrapped of wrapText(printable(part), columns))
        rows.push({ kind: 'text', text: wrapped, style });
    }
  };
  const rule = (char: string, style: TextStyle) =>
    rows.push({ kind: 'rule', text: char.repeat(columnsFor(paperWidth, style)), style });
  const box = (box: BoxKind, value: string | readonly string[], style: TextStyle) => {
    const inner = columnsFor(paperWidth, style) - 2;
    const framed = { ...style, bold: true };
    const paragraphs = typeof value === 'string' ? [value] : value;
    const words = paragraphs.flatMap((p) => wrapText(printable(p.trim()), inner - 2));
    const line = (text: string) => ({ text, style: framed });
    rows.push({
      kind: 'box',
      box,
      words,
      lines: [
        line(rules.topLeft + rules.horizontal.repeat(inner) + rules.topRight),
        ...words.map((w) => line(rules.vertical + centre(w, inner) + rules.vertical)),
        line(rules.bottomLeft + rules.horizontal.repeat(inner) + rules.bottomRight),
      ],
    });
  };

  let atTicketStart = true;
  for (const receiptLine of lines) {
    if (atTicketStart && receiptLine.type !== 'TICKET_FEED') {
      if (options.copy) box('copy', banners.copy, BANNER_STYLE);
      if (options.duplicate) box('duplicate', banners.duplicate, BANNER_STYLE);
    }
    atTicketStart = false;
    const style = styleFromFormat(receiptLine.format);
    switch (receiptLine.type) {
      case 'LINE_SEPARATOR':
        rule(rules.single, style);
        break;
      case 'DOUBLE_LINE_SEPARATOR':
        rule(rules.double, style);
        break;
      case 'TICKET_FEED':
        rows.push({ kind: 'cut' });
        atTicketStart = true;
        break;
      case 'VOID_BOX':
      case 'DECLINE_BOX': {
        const kind = BOXES[receiptLine.type]!;
        box(kind.box, receiptLine.value.trim() || kind.text, style);
        break;
      }
      // TEXT, CARRIAGE_RETURN (a line break, with its value if any) and any type the
      // document does not list: the value is printed, never dropped.
      default:
        text(receiptLine.value, style);
    }
  }
  return rows;
}
