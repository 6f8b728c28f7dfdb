// The card machine running a transaction: the script picked by the amount advances step by step
// at the pace's speed, notifications are added as it goes, and the result, amounts and receipts
// appear together with TRANSACTION_FINISHED. A cancel or a signature answer wakes a waiting step.
import { randomUUID } from 'node:crypto';
import type { ReceiptLine } from '../../../shared/receipt';
import type { Pace } from './pace';
import { cardSlip, duplicateOf } from './receipts';
import { notify, Refusal, type NotificationStamp, type TransactionRecord } from './records';
import type { CountedTransaction } from './reports';
import {
  cardFor,
  SANDBOX_CASHBACK,
  SANDBOX_SCRIPTS,
  sandboxGratuity,
  scriptForAmount,
  stepsFor,
  type ScriptStep,
} from './scripts';
import type { Terminals, TerminalState } from './terminals';

export const SIGNATURE_TIMEOUT_MS = 80_000;

const KEYED_ON_MACHINE = SANDBOX_SCRIPTS.find((s) => s.name === 'chip_and_pin')!;

/** A DUPLICATE reprints the terminal's last finished transaction. */
function duplicateSteps(state: TerminalState): ScriptStep[] {
  return [
    { kind: 'notify', code: 'PLEASE_WAIT', afterMs: 400 },
    { kind: 'finish', result: state.lastFinished ? 'SUCCESSFUL' : 'FAILED_ERROR', afterMs: 600 },
  ];
}

export class TransactionMachine {
  private readonly transactions = new Map<string, TransactionRecord>();

  constructor(
    private readonly terminals: Terminals,
    private readonly pace: Pace,
  ) {}

  /**
   * Starts a transaction the routes have already validated (type, amount, currency) and runs its
   * script in the background. Refuses when the machine is busy or the script plays a refusal.
   */
  start(state: TerminalState, type: string, amount: number, keyedOnMachine = false): TransactionRecord {
    if (state.active) throw new Refusal('busy');
    // A sale keyed on the machine itself plays no script: the caller finishes it at once.
    const script = keyedOnMachine ? KEYED_ON_MACHINE : scriptForAmount(amount);
    if (type !== 'DUPLICATE' && !keyedOnMachine) {
      if (script.name === 'offline_terminal') throw new Refusal('offline');
      if (script.name === 'service_error') throw new Refusal('internal_error');
      if (script.name === 'terminal_busy') throw new Refusal('busy');
    }
    const createdAt = this.terminals.touch(state);
    const tx: TransactionRecord = {
      id: randomUUID(),
      tid: state.info.terminal_id,
      number: String(state.nextNumber++).padStart(4, '0'),
      type,
      script,
      currency: state.info.currency,
      card: cardFor(script.name),
      amountBase: amount,
      amountCashback: 0,
      amountGratuity: 0,
      notifications: [],
      result: null,
      bankStepReached: false,
      cancelRequested: false,
      signature: null,
      authCode: '',
      reference: String(this.pace.clock.now()).slice(-8) + String(state.nextNumber).padStart(4, '0'),
      createdAt,
      updatedAt: createdAt,
      receipts: null,
    };
    this.transactions.set(tx.id, tx);
    state.active = tx;
    if (keyedOnMachine) return tx;
    const steps = type === 'DUPLICATE' ? duplicateSteps(state) : stepsFor(script.name, type);
    void this.run(tx, steps);
    return tx;
  }

  /**
   * A sale keyed on the card machine itself, which the till never started and so never journaled
   * (training and tests): approved at once, numbered and counted like any other.
   */
  recordUnjournaledSale(state: TerminalState, amount: number): TransactionRecord {
    if (state.active) throw new Refusal('busy');
    const tx = this.start(state, 'SALE', amount, true);
    this.finish(tx, 'SUCCESSFUL');
    return tx;
  }

  /** The transaction, if it exists and belongs to this terminal. */
  find(state: TerminalState, id: string | undefined): TransactionRecord | undefined {
    const tx = id ? this.transactions.get(id) : undefined;
    return tx && tx.tid === state.info.terminal_id ? tx : undefined;
  }

  /** Asks for a cancel; honoured at the next step, and only before the bank is involved. */
  cancel(tx: TransactionRecord): void {
    if (tx.result !== null || tx.bankStepReached || tx.signature !== null) {
      throw new Refusal('too_late_to_cancel');
    }
    if (!tx.cancelRequested) {
      tx.cancelRequested = true;
      tx.interrupt?.();
    }
  }

  answerSignature(tx: TransactionRecord, accepted: boolean): void {
    if (tx.signature !== 'waiting') throw new Refusal('no_signature_awaited');
    tx.signature = accepted ? 'accepted' : 'declined';
    tx.interrupt?.();
  }

  /** Notifications of a transaction, oldest first, as copies. */
  timeline(id: string): NotificationStamp[] {
    return (this.transactions.get(id)?.notifications ?? []).map((n) => ({ ...n }));
  }

  private async run(tx: TransactionRecord, steps: readonly ScriptStep[]): Promise<void> {
    const { pace } = this;
    const interruptible = (wake: () => void) => {
      tx.interrupt = wake;
    };
    for (const step of steps) {
      if (pace.closed) return;
      if (step.kind === 'bank_step') {
        tx.bankStepReached = true;
        continue;
      }
      await pace.pause(step.afterMs, tx.bankStepReached ? undefined : interruptible);
      tx.interrupt = undefined;
      if (pace.closed) return;
      if (tx.cancelRequested) {
        await pace.pause(300);
        return this.finish(tx, 'CANCELLED');
      }
      if (step.kind === 'notify') {
        if (step.code === 'CASHBACK_AMOUNT_ENTRY') tx.amountCashback = SANDBOX_CASHBACK;
        if (step.code === 'DECLINED') tx.declinedBy = 'BANK';
        if (step.code === 'DECLINED_BY_CARD') tx.declinedBy = 'CARD';
        notify(pace, tx, step.code);
      } else if (step.kind === 'finish') {
        if (tx.script.name === 'gratuity' && tx.type === 'SALE')
          tx.amountGratuity = sandboxGratuity(tx.amountBase);
        return this.finish(tx, step.result);
      } else if (step.kind === 'signature') {
        return this.awaitSignature(tx);
      }
    }
  }

  private async awaitSignature(tx: TransactionRecord): Promise<void> {
    const { pace } = this;
    tx.signature = 'waiting';
    // The merchant copy with SIGN BELOW must be printable before the decision.
    tx.receipts = { MERCHANT: slip(tx, 'MERCHANT', null), CUSTOMER: [] };
    notify(pace, tx, 'SIGNATURE_VERIFICATION');
    await pace.pause(SIGNATURE_TIMEOUT_MS, (wake) => {
      tx.interrupt = wake;
    });
    tx.interrupt = undefined;
    if (pace.closed) return;
    if (tx.signature === 'waiting') {
      tx.signature = 'timeout';
      notify(pace, tx, 'SIGNATURE_VERIFICATION_TIMEOUT');
      await pace.pause(600);
      return this.finish(tx, 'VOID');
    }
    notify(pace, tx, 'SIGNATURE_VERIFICATION_COMPLETED');
    await pace.pause(700);
    notify(pace, tx, 'REMOVE_CARD');
    await pace.pause(800);
    this.finish(tx, tx.signature === 'accepted' ? 'SUCCESSFUL' : 'VOID');
  }

  /** Everything a finished record shows appears in the same instant as TRANSACTION_FINISHED. */
  private finish(tx: TransactionRecord, result: string): void {
    const state = this.terminals.get(tx.tid)!;
    tx.result = result;
    if (result === 'SUCCESSFUL') tx.authCode = String(100000 + Math.floor(Math.random() * 900000));
    if (tx.type === 'DUPLICATE') {
      const last = state.lastFinished;
      tx.receipts = last?.receipts
        ? { MERCHANT: duplicateOf(last.receipts.MERCHANT), CUSTOMER: duplicateOf(last.receipts.CUSTOMER) }
        : { MERCHANT: [], CUSTOMER: [] };
    } else {
      tx.receipts = { MERCHANT: slip(tx, 'MERCHANT', result), CUSTOMER: slip(tx, 'CUSTOMER', result) };
    }
    notify(this.pace, tx, 'TRANSACTION_FINISHED');
    state.active = null;
    this.terminals.touch(state);
    if (tx.type === 'DUPLICATE') return;
    state.lastFinished = tx;
    if (result === 'SUCCESSFUL') {
      const counted: CountedTransaction = {
        transactionType: tx.type,
        transactionNumber: tx.number,
        issuerName: tx.card.issuerName,
        amountTotal: tx.amountBase + tx.amountCashback + tx.amountGratuity,
        amountCashback: tx.amountCashback,
        amountGratuity: tx.amountGratuity,
      };
      state.balanceEntries.push(counted);
      state.bankingCurrent.push(counted);
    }
  }
}

function slip(tx: TransactionRecord, copy: 'MERCHANT' | 'CUSTOMER', result: string | null): ReceiptLine[] {
  return cardSlip({
    copy,
    tid: tx.tid,
    transactionType: tx.type,
    transactionNumber: tx.number,
    currency: tx.currency,
    card: tx.card,
    amountBase: tx.amountBase,
    amountCashback: tx.amountCashback,
    amountGratuity: tx.amountGratuity,
    amountTotal: tx.amountBase + tx.amountCashback + tx.amountGratuity,
    authCode: tx.authCode,
    result,
    declinedBy: tx.declinedBy,
    signatureDeclined: tx.signature === 'declined',
    time: new Date(tx.createdAt),
  });
}
