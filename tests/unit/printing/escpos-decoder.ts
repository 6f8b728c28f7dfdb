// A small ESC/POS interpreter for tests, written apart from the encoder: it plays the printer,
// following the commands the notes list, and reports the lines it would print and the events.
import iconv from 'iconv-lite';

export interface DecodedLine {
  text: string;
  bold: boolean;
  doubleHeight: boolean;
  doubleWidth: boolean;
}

export type DecodedEvent =
  | { type: 'init' }
  | { type: 'codePage'; table: number }
  | { type: 'feed'; lines: number }
  | { type: 'cut'; mode: 'full' | 'partial'; feed: number }
  | { type: 'drawerKick'; pin: 2 | 5; onMs: number; offMs: number }
  | { type: 'ackRequest'; id: string }
  | { type: 'realTimeStatus'; n: number };

export type DecodedItem = ({ kind: 'line' } & DecodedLine) | ({ kind: 'event' } & DecodedEvent);

export interface Decoded {
  lines: DecodedLine[];
  events: DecodedEvent[];
  items: DecodedItem[];
}

const TABLES: Record<number, string> = { 0: 'cp437', 2: 'cp850', 16: 'cp1252', 19: 'cp858' };

export function decodeEscPos(bytes: Buffer): Decoded {
  const items: DecodedItem[] = [];
  let table = 0;
  let escBang = { bold: false, doubleHeight: false, doubleWidth: false };
  let emphasis: boolean | null = null; // ESC E, when set after ESC !
  let pending: number[] = [];
  let lineStyle: DecodedLine | null = null;
  const style = () => ({
    bold: emphasis ?? escBang.bold,
    doubleHeight: escBang.doubleHeight,
    doubleWidth: escBang.doubleWidth,
  });
  const event = (e: DecodedEvent) => items.push({ kind: 'event', ...e });
  const endLine = () => {
    const text = iconv.decode(Buffer.from(pending), TABLES[table] ?? 'cp437');
    items.push({ kind: 'line', ...(lineStyle ?? { ...style(), text: '' }), text });
    pending = [];
    lineStyle = null;
  };
  const need = (i: number, count: number) => {
    if (i + count > bytes.length) throw new Error(`Truncated command at byte ${i}`);
  };

  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b === 0x0a) {
      endLine();
      i += 1;
    } else if (b === 0x1b) {
      need(i, 2);
      const cmd = bytes[i + 1]!;
      if (cmd === 0x40) {
        table = 0;
        escBang = { bold: false, doubleHeight: false, doubleWidth: false };
        emphasis = null;
        event({ type: 'init' });
        i += 2;
      } else if (cmd === 0x74) {
        need(i, 3);
        table = bytes[i + 2]!;
        event({ type: 'codePage', table });
        i += 3;
      } else if (cmd === 0x21) {
        need(i, 3);
        const n = bytes[i + 2]!;
        escBang = { bold: (n & 0x08) !== 0, doubleHeight: (n & 0x10) !== 0, doubleWidth: (n & 0x20) !== 0 };
        emphasis = null;
        i += 3;
      } else if (cmd === 0x45) {
        need(i, 3);
        emphasis = (bytes[i + 2]! & 1) === 1;
        i += 3;
      } else if (cmd === 0x64) {
        need(i, 3);
        event({ type: 'feed', lines: bytes[i + 2]! });
        i += 3;
      } else if (cmd === 0x52) {
        need(i, 3);
        if (bytes[i + 2] !== 0) throw new Error('International character set other than USA');
        i += 3;
      } else if (cmd === 0x70) {
        need(i, 5);
        event({
          type: 'drawerKick',
          pin: bytes[i + 2] === 0 || bytes[i + 2] === 0x30 ? 2 : 5,
          onMs: bytes[i + 3]! * 2,
          offMs: bytes[i + 4]! * 2,
        });
        i += 5;
      } else {
        throw new Error(`Unknown ESC command 0x${cmd.toString(16)} at byte ${i}`);
      }
    } else if (b === 0x1d) {
      need(i, 2);
      const cmd = bytes[i + 1]!;
      if (cmd === 0x21) {
        need(i, 3);
        const n = bytes[i + 2]!;
        escBang = { ...escBang, doubleHeight: (n & 0x0f) > 0, doubleWidth: (n & 0xf0) > 0 };
        i += 3;
      } else if (cmd === 0x56) {
        need(i, 3);
        const m = bytes[i + 2]!;
        if (m === 0x41 || m === 0x42) {
          need(i, 4);
          event({ type: 'cut', mode: m === 0x41 ? 'full' : 'partial', feed: bytes[i + 3]! });
          i += 4;
        } else {
          event({ type: 'cut', mode: m === 0 || m === 0x30 ? 'full' : 'partial', feed: 0 });
          i += 3;
        }
      } else if (cmd === 0x28 && bytes[i + 2] === 0x48) {
        need(i, 5);
        const length = bytes[i + 3]! + 256 * bytes[i + 4]!;
        need(i, 5 + length);
        const body = bytes.subarray(i + 5, i + 5 + length);
        if (length === 6 && body[0] === 0x30 && body[1] === 0x30) {
          event({ type: 'ackRequest', id: body.subarray(2).toString('ascii') });
        }
        i += 5 + length;
      } else {
        throw new Error(`Unknown GS command 0x${cmd.toString(16)} at byte ${i}`);
      }
    } else if (b === 0x1c) {
      need(i, 2);
      if (bytes[i + 1] !== 0x2e) throw new Error(`Unknown FS command at byte ${i}`);
      i += 2;
    } else if (b === 0x10 && bytes[i + 1] === 0x04) {
      need(i, 3);
      event({ type: 'realTimeStatus', n: bytes[i + 2]! });
      i += 3;
    } else if (b < 0x20) {
      throw new Error(`Stray control byte 0x${b.toString(16)} at byte ${i}`);
    } else {
      if (pending.length === 0) lineStyle = { ...style(), text: '' };
      pending.push(b);
      i += 1;
    }
  }
  if (pending.length > 0) endLine();
  return {
    items,
    lines: items.filter((x) => x.kind === 'line').map(({ kind: _kind, ...l }) => l as DecodedLine),
    events: items.filter((x) => x.kind === 'event').map(({ kind: _kind, ...e }) => e as DecodedEvent),
  };
}
