// Receipt lines (shared/receipt.ts) → ESC/POS bytes. The shared layout decides the rows, with
// '?' for anything the code page lacks (shared/code-pages.ts); iconv-lite writes their bytes.
import iconv from 'iconv-lite';
import type { CodePage } from '../../../shared/code-pages';
import type { ReceiptLine } from '../../../shared/receipt';
import {
  PLAIN,
  layoutReceipt,
  printedLines,
  type PaperWidth,
  type TextStyle,
} from '../../../shared/receipt-layout';

export type { CodePage } from '../../../shared/code-pages';
export type { PaperWidth } from '../../../shared/receipt-layout';
export type PrinterProfile = 'escpos-portable' | 'epson-tm';

/** `ESC t n` numbers (Epson TM tables). */
export const CODE_PAGE_NUMBERS: Record<CodePage, number> = { cp437: 0, cp850: 2, cp1252: 16, cp858: 19 };

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
  /** Prints a "COPY, may already have printed" banner at the top of every ticket. */
  copy?: boolean;
  /** The shop's locale: the banners' language; English when absent. */
  locale?: string | undefined;
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

export function initialise(codePage: CodePage): Buffer {
  return Buffer.from([ESC, 0x40, FS, 0x2e, ESC, 0x52, 0x00, ESC, 0x74, CODE_PAGE_NUMBERS[codePage]]);
}

/** The drawer pulse on its own (No-sale): 50 ms on, 500 ms off, `ESC p m 25 250`. */
export const DRAWER_PULSE = { onMs: 50, offMs: 500 } as const;

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

  /** One printed line; `printable` must already be code-page safe (the layout's rows are). */
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

/** Lays the receipt out (shared/receipt-layout.ts) and writes its rows as printer commands. */
export function encodeReceipt(lines: readonly ReceiptLine[], options: EncodeOptions): Buffer {
  const traits = { ...PROFILE_TRAITS[options.profile ?? 'escpos-portable'] };
  if (options.styleCommands) traits.styleCommands = options.styleCommands;
  const { codePage, paperWidth } = options;
  const out = new ByteWriter({ codePage, paperWidth, ...traits });
  out.raw(initialise(codePage));
  if (options.drawerKick) out.raw(drawerKickCommand(options.drawerKick));
  const layout = layoutReceipt(lines, {
    paperWidth,
    codePage,
    duplicate: options.duplicate ?? false,
    copy: options.copy ?? false,
    locale: options.locale,
  });
  for (const row of layout) {
    if (row.kind === 'cut') out.cut();
    for (const line of printedLines(row)) out.line(line.text, line.style);
  }
  out.style(PLAIN);
  return out.toBuffer();
}
