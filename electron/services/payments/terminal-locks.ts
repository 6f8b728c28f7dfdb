// One card payment or report at a time per card machine. The locks live in memory: after a
// restart, recovery.ts takes the terminals of the payments it resumes again.

export class TerminalLocks {
  /** Terminal id → what holds it: a payment id, or a report marker. */
  private readonly holders = new Map<string, string>();

  isTaken(terminalId: string): boolean {
    return this.holders.has(terminalId);
  }

  /** Callers check isTaken first, in the same tick, so two starts never both go out. */
  take(terminalId: string, holder: string): void {
    this.holders.set(terminalId, holder);
  }

  /** Frees the terminal only if `holder` still holds it. */
  release(terminalId: string, holder: string): void {
    if (this.holders.get(terminalId) === holder) this.holders.delete(terminalId);
  }
}
