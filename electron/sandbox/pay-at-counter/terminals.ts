// The sandbox's two card machines and what each remembers between runs: what it is busy with,
// its transaction counter, the last finished transaction (for DUPLICATE) and the totals sessions
// its reports add up.
import type { Pace } from './pace';
import type { ReportRecord, TransactionRecord } from './records';
import type { CountedTransaction } from './reports';

/** A terminal as the API lists it. */
export interface SandboxTerminal {
  terminal_id: string;
  currency: string;
  status: 'AVAILABLE' | 'BUSY';
  last_activity: string;
  device_address: string;
}

export interface TerminalState {
  info: Omit<SandboxTerminal, 'status'>;
  active: TransactionRecord | ReportRecord | null;
  nextNumber: number;
  lastFinished: TransactionRecord | null;
  balanceEntries: CountedTransaction[];
  balanceSince: string;
  bankingCurrent: CountedTransaction[];
  bankingPrevious: CountedTransaction[];
}

const SANDBOX_TERMINALS = [
  ['22900001', 'GBP', '192.0.2.21:8888'],
  ['22900002', 'EUR', '192.0.2.22:8888'],
] as const;

export class Terminals {
  private readonly byId = new Map<string, TerminalState>();

  constructor(private readonly pace: Pace) {
    const startedAt = pace.isoNow();
    for (const [tid, currency, address] of SANDBOX_TERMINALS) {
      this.byId.set(tid, {
        info: { terminal_id: tid, currency, last_activity: startedAt, device_address: address },
        active: null,
        nextNumber: 1,
        lastFinished: null,
        balanceEntries: [],
        balanceSince: startedAt,
        bankingCurrent: [],
        bankingPrevious: [],
      });
    }
  }

  get(tid: string | undefined): TerminalState | undefined {
    return tid ? this.byId.get(tid) : undefined;
  }

  all(): TerminalState[] {
    return [...this.byId.values()];
  }

  /** Marks activity on the terminal now and returns that time. */
  touch(state: TerminalState): string {
    const at = this.pace.isoNow();
    state.info.last_activity = at;
    return at;
  }
}
