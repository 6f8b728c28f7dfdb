// Receipt lines (shared/receipt.ts) → ESC/POS bytes. Text goes through the printer's code page
// with iconv-lite; anything the code page lacks becomes a visible '?', never stray bytes.
import iconv from 'iconv-lite';
import type { ReceiptLine } from '../../../shared/receipt';

export type CodePage = 'cp858' | 'cp437' | 'cp850' | 'cp1252';
export type PaperWidth = 58 | 80;
export type PrinterProfile = 'escpos-portable' | 'epson-tm';

/** `ESC t n` numbers (Epson TM tables). */
export const CODE_PAGE_NUMBERS: Record<CodePage, number> = { cp437: 0, cp850: 2, cp1252: 16, cp858: 19 };

export const COLUMNS: Record<PaperWidth, number> = { 58: 32, 80: 48 };

export const REPLACEMENT_CHARACTER = '?';

interface ProfileTraits {
  /** 'esc-bang': one `ESC ! n` byte for bold and size; 'gs-bang': `GS ! n` for size and `ESC E` for bold. */
  styleCommands: 'esc-bang' | 'gs-bang';
  /** 'feed-cut': `GS V 41 n`; 'feed-then-cut': `ESC d n` then `GS V 00` (older clones lack function B). */
  cut: 'feed-cut' | 'feed-then-cut';
  /** The printer answers `GS ( H` with a print-finished message. */
  printFinishedAck: boolean;
}

export const PROFILE_TRAITS: Record<PrinterProfile, ProfileTraits> = {
  'escpos-portable': { styleCommands: 'esc-bang', cut: 'feed-then-cut', printFinishedAck: false },
  'epson-tm': { styleCommands: 'gs-bang', cut: 'feed-cut', printFinishedAck: true },
};

export interface EncodeOptions {
  paperWidth: PaperWidth;
  codePage: CodePage;
  profile?: PrinterProfile;
  /** Overrides the profile's choice of style commands. */
  styleCommands?: ProfileTraits['styleCommands'];
  /** Prints a DUPLICATE banner at the top of every ticket (reprints). */
  duplicate?: boolean;
  /** Opens the cash drawer before the receipt prints. */
  drawerKick?: DrawerKick;
}

export interface DrawerKick {
  pin: 2 | 5;
  /** Pulse on/off times in ms (sent as ×2 ms units). Defaults 100/200 ms. */
  onMs?: number;
  offMs?: number;
}

const ESC = 0x1b;
const GS = 0x1d;
const FS = 0x1c;
const LF = 0x0a;

const MODE_BOLD = 0x08;
const MODE_DOUBLE_HEIGHT = 0x10;
const MODE_DOUBLE_WIDTH = 0x20;

/** Lines fed before a cut so the last printed line clears the cutter. */
const FEED_BEFORE_CUT = 4;

export interface TextStyle {
  bold: boolean;
  doubleHeight: boolean;
  doubleWidth: boolean;
}

export const PLAIN: TextStyle = { bold: false, doubleHeight: false, doubleWidth: false };

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

const representableCache = new Map<string, boolean>();

/** True when the code page has a single byte for this code point. */
export function canEncode(char: string, codePage: CodePage): boolean {
  const key = `${codePage}:${char}`;
  let known = representableCache.get(key);
  if (known === undefined) {
    const bytes = iconv.encode(char, codePage);
    known =
      bytes.length === 1 &&
      (char === REPLACEMENT_CHARACTER || bytes[0] !== REPLACEMENT_CHARACTER.charCodeAt(0));
    representableCache.set(key, known);
  }
  return known;
}

/**
 * The text as the printer will show it: one entry per code point, with code points the
 * code page lacks (and control characters) replaced by '?'. Its length is its printed width.
 */
export function toPrintable(value: string, codePage: CodePage): string {
  let out = '';
  for (const char of value.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if (char === '\t') out += ' ';
    else if (code < 0x20 || code === 0x7f) out += REPLACEMENT_CHARACTER;
    else out += canEncode(char, codePage) ? char : REPLACEMENT_CHARACTER;
  }
  return out;
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

interface RuleChars {
  single: string;
  double: string;
  topLeft: string;
  topRight: string;
  bottomLeft: string;
  bottomRight: string;
  horizontal: string;
  vertical: string;
}

const BOX_DRAWING: RuleChars = {
  single: '─',
  double: '═',
  topLeft: '╔',
  topRight: '╗',
  bottomLeft: '╚',
  bottomRight: '╝',
  horizontal: '═',
  vertical: '║',
};
const ASCII_RULES: RuleChars = {
  single: '-',
  double: '=',
  topLeft: '+',
  topRight: '+',
  bottomLeft: '+',
  bottomRight: '+',
  horizontal: '-',
  vertical: '|',
};

export function ruleCharsFor(codePage: CodePage): RuleChars {
  return Object.values(BOX_DRAWING).every((c) => canEncode(c, codePage)) ? BOX_DRAWING : ASCII_RULES;
}

export function initialise(codePage: CodePage): Buffer {
  return Buffer.from([ESC, 0x40, FS, 0x2e, ESC, 0x52, 0x00, ESC, 0x74, CODE_PAGE_NUMBERS[codePage]]);
}

/** `ESC p m t1 t2`: all five bytes, or the printer takes two receipt bytes as the timing. */
export function drawerKickCommand(kick: DrawerKick): Buffer {
  const units = (ms: number | undefined, fallback: number) =>
    Math.min(255, Math.max(1, Math.round((ms ?? fallback) / 2)));
  return Buffer.from([ESC, 0x70, kick.pin === 2 ? 0 : 1, units(kick.onMs, 100), units(kick.offMs, 200)]);
}

/** Four printable ASCII characters identifying one print-finished request. */
export function isValidAckId(id: string): boolean {
  return /^[\x21-\x7e]{4}$/.test(id);
}

/** Epson `GS ( H`: the printer answers `37 22 d1..d4 00` once everything before it has printed. */
export function printFinishedRequest(ackId: string): Buffer {
  if (!isValidAckId(ackId)) throw new RangeError(`Print-finished id must be 4 printable ASCII characters`);
  return Buffer.concat([Buffer.from([GS, 0x28, 0x48, 0x06, 0x00, 0x30, 0x30]), Buffer.from(ackId, 'ascii')]);
}

/** Builds the command stream; keeps the printer's current style so each change is sent once. */
class ByteWriter {
  private readonly chunks: Buffer[] = [];
  private current: TextStyle = PLAIN;

  constructor(
    private readonly options: Required<Pick<EncodeOptions, 'codePage' | 'paperWidth'>> & ProfileTraits,
  ) {}

  raw(bytes: Buffer | number[]): void {
    this.chunks.push(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes));
  }

  style(next: TextStyle): void {
    const cur = this.current;
    if (
      cur.bold === next.bold &&
      cur.doubleHeight === next.doubleHeight &&
      cur.doubleWidth === next.doubleWidth
    ) {
      return;
    }
    if (this.options.styleCommands === 'esc-bang') {
      const mode =
        (next.bold ? MODE_BOLD : 0) |
        (next.doubleHeight ? MODE_DOUBLE_HEIGHT : 0) |
        (next.doubleWidth ? MODE_DOUBLE_WIDTH : 0);
      this.raw([ESC, 0x21, mode]);
    } else {
      if (cur.doubleHeight !== next.doubleHeight || cur.doubleWidth !== next.doubleWidth) {
        this.raw([GS, 0x21, (next.doubleWidth ? 0x10 : 0) | (next.doubleHeight ? 0x01 : 0)]);
      }
      if (cur.bold !== next.bold) this.raw([ESC, 0x45, next.bold ? 1 : 0]);
    }
    this.current = next;
  }

  /** One printed line; `printable` must already be code-page safe (see toPrintable). */
  line(printable: string, style: TextStyle): void {
    this.style(style);
    this.raw(iconv.encode(printable, this.options.codePage));
    this.raw([LF]);
  }

  cut(): void {
    this.style(PLAIN);
    if (this.options.cut === 'feed-cut') this.raw([GS, 0x56, 0x41, FEED_BEFORE_CUT]);
    else this.raw([ESC, 0x64, FEED_BEFORE_CUT, GS, 0x56, 0x00]);
  }

  toBuffer(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

const BOX_DEFAULT_TEXT: Record<string, string> = { VOID_BOX: 'VOID', DECLINE_BOX: 'DECLINED' };

export function encodeReceipt(lines: readonly ReceiptLine[], options: EncodeOptions): Buffer {
  const traits = { ...PROFILE_TRAITS[options.profile ?? 'escpos-portable'] };
  if (options.styleCommands) traits.styleCommands = options.styleCommands;
  const { codePage, paperWidth } = options;
  const out = new ByteWriter({ codePage, paperWidth, ...traits });
  const rules = ruleCharsFor(codePage);

  const printText = (value: string, style: TextStyle) => {
    const columns = columnsFor(paperWidth, style);
    for (const part of value.split(/\r?\n/)) {
      for (const row of wrapText(toPrintable(part, codePage), columns)) out.line(row, style);
    }
  };
  const printBox = (value: string, style: TextStyle) => {
    const inner = columnsFor(paperWidth, style) - 2;
    const bannerStyle = { ...style, bold: true };
    out.line(rules.topLeft + rules.horizontal.repeat(inner) + rules.topRight, bannerStyle);
    for (const row of wrapText(toPrintable(value.trim(), codePage), inner - 2)) {
      out.line(rules.vertical + centre(row, inner) + rules.vertical, bannerStyle);
    }
    out.line(rules.bottomLeft + rules.horizontal.repeat(inner) + rules.bottomRight, bannerStyle);
  };
  const duplicateBanner = () => printBox('DUPLICATE', { bold: true, doubleHeight: true, doubleWidth: false });

  out.raw(initialise(codePage));
  if (options.drawerKick) out.raw(drawerKickCommand(options.drawerKick));
  let atTicketStart = true;
  for (const receiptLine of lines) {
    if (atTicketStart && options.duplicate && receiptLine.type !== 'TICKET_FEED') duplicateBanner();
    atTicketStart = false;
    const style = styleFromFormat(receiptLine.format);
    switch (receiptLine.type) {
      case 'LINE_SEPARATOR':
        out.line(rules.single.repeat(columnsFor(paperWidth, style)), style);
        break;
      case 'DOUBLE_LINE_SEPARATOR':
        out.line(rules.double.repeat(columnsFor(paperWidth, style)), style);
        break;
      case 'TICKET_FEED':
        out.cut();
        atTicketStart = true;
        break;
      case 'VOID_BOX':
      case 'DECLINE_BOX':
        printBox(receiptLine.value.trim() || BOX_DEFAULT_TEXT[receiptLine.type]!, style);
        break;
      // TEXT, CARRIAGE_RETURN (a line break, with its value if any) and any type the
      // document does not list: the value is printed, never dropped.
      default:
        printText(receiptLine.value, style);
    }
  }
  out.style(PLAIN);
  return out.toBuffer();
}
