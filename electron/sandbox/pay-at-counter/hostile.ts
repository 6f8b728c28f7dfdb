// Test-only: answers a lying or broken card service might send, to prove the till's outbound
// limits and how it takes in what it reads. The card machine still does the honest work (a start
// still starts the transaction); only the answer on the wire turns hostile. Switched on through
// POST /sandbox/control with a `hostile` field; the reply reports what the last hostile answer
// managed to send.
import type { ServerResponse } from 'node:http';
import type { Pace } from './pace';

export type HostileAnswerKind =
  'huge_body' | 'many_receipt_lines' | 'long_receipt_line' | 'control_characters' | 'slow_drip';

export interface HostileSwitch {
  /** Which answers turn hostile: a transaction start, a read of a transaction, or the list of card machines. */
  on: 'start' | 'read' | 'list';
  /**
   * huge_body: `bytes` of padding (default 150 MB), sent only as fast as the reader takes it.
   * many_receipt_lines: the honest answer with `lines` customer receipt lines (default 10,000).
   * long_receipt_line: the honest answer with one customer line of `chars` characters (default 10,000).
   * control_characters: the honest answer with printer commands and noise in every slip text
   *   line (ESC @ before it; GS V NUL, BEL after it), as a service that leaks them might send.
   * slow_drip: the headers, then one byte every `everyMs` of the sandbox clock, never ending.
   */
  answer: HostileAnswerKind;
  bytes?: number;
  lines?: number;
  chars?: number;
  everyMs?: number;
  /** How many answers turn hostile; every one until switched off when left out. */
  count?: number;
}

export interface HostileReport {
  /** Hostile answers begun. */
  answers: number;
  /** Body bytes the last one handed to the socket before it ended or the reader hung up. */
  lastBodyBytesSent: number;
  /** Whether the reader hung up before the last one was complete. */
  lastCutShort: boolean;
}

const CHUNK_BYTES = 64 * 1024;

export class HostileAnswers {
  private current: HostileSwitch | null = null;
  private readonly report: HostileReport = { answers: 0, lastBodyBytesSent: 0, lastCutShort: false };

  constructor(private readonly pace: Pace) {}

  /** A switch, or null to answer honestly again; undefined leaves things as they are. */
  apply(next: HostileSwitch | null | undefined): void {
    if (next !== undefined) this.current = next;
  }

  snapshot(): HostileReport {
    return { ...this.report };
  }

  /**
   * Sends the hostile answer if one is switched on for this kind of request, in place of
   * `honest` (the `{ result }` body the sandbox would send). True when it answered.
   */
  async answer(
    on: HostileSwitch['on'],
    res: ServerResponse,
    status: number,
    honest: { result: object },
  ): Promise<boolean> {
    const hostile = this.current;
    if (!hostile || hostile.on !== on) return false;
    if (hostile.count !== undefined && --hostile.count <= 0) this.current = null;
    this.report.answers += 1;
    this.report.lastBodyBytesSent = 0;
    this.report.lastCutShort = false;
    res.writeHead(status, { 'content-type': 'application/json' });
    if (hostile.answer === 'huge_body') await this.sendPadding(res, hostile.bytes ?? 150 * 1024 * 1024);
    else if (hostile.answer === 'slow_drip') await this.drip(res, hostile.everyMs ?? 1_000);
    else if (hostile.answer === 'control_characters')
      this.send(res, JSON.stringify(withControlCharacters(honest)));
    else this.send(res, JSON.stringify(withReceipt(honest, customerLines(hostile))));
    return true;
  }

  private send(res: ServerResponse, text: string): void {
    this.report.lastBodyBytesSent = Buffer.byteLength(text);
    res.end(text);
  }

  /** Writes padding only as fast as the reader takes it, so 150 MB is never held in memory. */
  private async sendPadding(res: ServerResponse, bytes: number): Promise<void> {
    const chunk = Buffer.alloc(CHUNK_BYTES, ' ');
    chunk.write('{"result":{"pad":"');
    while (this.report.lastBodyBytesSent < bytes && !res.destroyed) {
      const drained = res.write(chunk);
      this.report.lastBodyBytesSent += chunk.length;
      if (!drained) await drainedOrClosed(res);
    }
    this.finish(res);
  }

  private async drip(res: ServerResponse, everyMs: number): Promise<void> {
    const hungUp = closed(res);
    while (!res.destroyed && !this.pace.closed) {
      res.write(' ');
      this.report.lastBodyBytesSent += 1;
      await Promise.race([this.pace.pause(everyMs, undefined, false), hungUp]);
    }
    this.finish(res);
  }

  private finish(res: ServerResponse): void {
    this.report.lastCutShort = res.destroyed;
    if (!res.destroyed) res.end();
  }
}

function customerLines(hostile: HostileSwitch): Array<{ type: string; format: string[]; value: string }> {
  if (hostile.answer === 'long_receipt_line')
    return [{ type: 'TEXT', format: [], value: 'X'.repeat(hostile.chars ?? 10_000) }];
  return Array.from({ length: hostile.lines ?? 10_000 }, (_, i) => ({
    type: 'TEXT',
    format: [],
    value: `LINE ${i + 1}`,
  }));
}

function withReceipt(honest: { result: object }, lines: unknown[]): { result: object } {
  const merchant = (honest.result as { receipt_lines?: { MERCHANT?: unknown[] } }).receipt_lines?.MERCHANT;
  return { result: { ...honest.result, receipt_lines: { MERCHANT: merchant ?? [], CUSTOMER: lines } } };
}

/** Printer commands a leaking service might put in slip text: ESC @ (reset), GS V NUL (cut), BEL. */
export const LEAKED_PRINTER_COMMANDS = { before: '\x1b@', after: '\x1dV\x00\x07' } as const;

function withControlCharacters(honest: { result: object }): { result: object } {
  type Line = { type: string; value: string };
  const copies = (honest.result as { receipt_lines?: Record<string, Line[]> | null }).receipt_lines;
  if (!copies) return honest;
  const { before, after } = LEAKED_PRINTER_COMMANDS;
  const leaky = Object.fromEntries(
    Object.entries(copies).map(([copy, lines]) => [
      copy,
      lines.map((l) => (l.type === 'TEXT' ? { ...l, value: `${before}${l.value}${after}` } : l)),
    ]),
  );
  return { result: { ...honest.result, receipt_lines: leaky } };
}

function closed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    if (res.destroyed) resolve();
    else res.once('close', () => resolve());
  });
}

function drainedOrClosed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}
