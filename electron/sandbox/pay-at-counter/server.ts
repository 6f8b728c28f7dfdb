// Sandbox stand-in of the terminal pay-at-counter API (see ../shared/specs). Real HTTP on
// loopback, Basic auth, every answer wrapped in { result }. The card machine plays the script
// chosen by the amount's last two digits (scripts.ts) at a human pace, divided by `speed`.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { ReceiptLine } from '../../../shared/receipt';
import { checkBasicAuth, closeServer, listenOnLoopback, readJsonBody, sendJson } from '../http-util';
import { balancesOf, bankingOf, totalsOf, type CountedTransaction } from './reports';
import { cardSlip, duplicateOf, reportSlip } from './receipts';
import {
  cardFor,
  SANDBOX_CASHBACK,
  sandboxGratuity,
  scriptForAmount,
  stepsFor,
  type CardProfile,
  type SandboxScriptInfo,
  type ScriptStep,
} from './scripts';

export { SANDBOX_SCRIPTS, scriptForAmount } from './scripts';

export interface PayAtCounterSandboxOptions {
  port?: number;
  username?: string;
  password?: string;
  /** Multiplies the pace of the card machine; tests use e.g. 20 to run scripts fast. */
  speed?: number;
  /** Clock for record timestamps, for tests. */
  now?: () => Date;
  /** Rolling-window limit on API requests; over it the answer is 429 with Retry-After. */
  rateLimit?: { limit: number; windowMs: number };
  /** Answer a cancel with 204 (older Connect) instead of 202. */
  legacyCancel?: boolean;
}

export interface SandboxTerminal {
  terminal_id: string;
  currency: string;
  status: 'AVAILABLE' | 'BUSY';
  last_activity: string;
  device_address: string;
}

/** What a test (or the /sandbox/control endpoint) can make the sandbox do next. */
export interface SandboxControl {
  /** Process the next start request, then destroy the socket instead of answering. */
  dropNextStartResponse?: boolean;
  /** Process the next start request, then hold its answer this long (ms, not scaled). */
  delayNextStartResponseMs?: number;
  /** Answer the next `count` API requests with 429 and this Retry-After. */
  throttleNext?: { count: number; retryAfterSeconds: number };
}

export interface SandboxStats {
  /** Every POST that asked for a transaction (endpoints 3 and 4), accepted or not. */
  startRequests: number;
  apiRequests: number;
  /** GETs per transaction id, with their arrival times (ms since epoch). */
  transactionReads: Record<string, number[]>;
}

export interface NotificationStamp {
  code: string;
  /** Date.now() when the card machine added it. */
  at: number;
}

export interface PayAtCounterSandbox {
  url: string;
  baseUrl: string;
  username: string;
  password: string;
  close(): Promise<void>;
  control(next: SandboxControl): void;
  stats(): SandboxStats;
  /** Notifications of a transaction, oldest first, with the time each was added. */
  timeline(transactionId: string): NotificationStamp[];
}

export const API_PREFIX = '/api/v1/pay-at-counter';
export const CONTROL_PATH = '/sandbox/control';
export const SIGNATURE_TIMEOUT_MS = 80_000;
const SLOW_RESPONSE_MS = 3_000;
const MAX_AMOUNT = 99_999_999;
const REPORT_TYPES = ['END_OF_DAY', 'BANKING', 'X_BAL', 'Z_BAL'];
const TRANSACTION_TYPES = ['SALE', 'REFUND', 'DUPLICATE'];

interface Transaction {
  id: string;
  tid: string;
  number: string;
  type: string;
  script: SandboxScriptInfo;
  currency: string;
  card: CardProfile;
  amountBase: number;
  amountCashback: number;
  amountGratuity: number;
  notifications: NotificationStamp[];
  result: string | null;
  bankStepReached: boolean;
  cancelRequested: boolean;
  signature: 'waiting' | 'accepted' | 'declined' | 'timeout' | null;
  declinedBy?: 'BANK' | 'CARD';
  authCode: string;
  reference: string;
  createdAt: string;
  updatedAt: string;
  receipts: { MERCHANT: ReceiptLine[]; CUSTOMER: ReceiptLine[] } | null;
  /** Ends the current pause early (cancel, signature answer). */
  interrupt?: () => void;
}

interface Report {
  id: string;
  tid: string;
  type: string;
  result: string | null;
  notifications: NotificationStamp[];
  createdAt: string;
  updatedAt: string;
  balances?: ReturnType<typeof balancesOf>;
  banking?: ReturnType<typeof bankingOf>;
  receiptLines: ReceiptLine[];
}

interface TerminalState {
  info: Omit<SandboxTerminal, 'status'>;
  active: Transaction | Report | null;
  nextNumber: number;
  lastFinished: Transaction | null;
  balanceEntries: CountedTransaction[];
  balanceSince: string;
  bankingCurrent: CountedTransaction[];
  bankingPrevious: CountedTransaction[];
}

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

export async function startPayAtCounterSandbox(
  options: PayAtCounterSandboxOptions = {},
): Promise<PayAtCounterSandbox> {
  const username = options.username ?? 'sandbox-user';
  const password = options.password ?? 'sandbox-password';
  const now = options.now ?? (() => new Date());
  const speed = options.speed && options.speed > 0 ? options.speed : 1;
  const startedAt = now().toISOString();
  const terminals = new Map<string, TerminalState>();
  for (const [tid, currency, address] of [
    ['22900001', 'GBP', '192.0.2.21:8888'],
    ['22900002', 'EUR', '192.0.2.22:8888'],
  ] as const) {
    terminals.set(tid, {
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
  const transactions = new Map<string, Transaction>();
  const reports = new Map<string, Report>();
  const timers = new Set<NodeJS.Timeout>();
  const stats: SandboxStats = { startRequests: 0, apiRequests: 0, transactionReads: {} };
  const pendingControl: SandboxControl = {};
  const recentRequests: number[] = [];
  let closed = false;

  /** A pause of the card machine; `scaled` pauses run `speed` times faster. */
  function pause(ms: number, onInterrupt?: (wake: () => void) => void, scaled = true): Promise<void> {
    return new Promise((resolve) => {
      if (closed) return;
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          resolve();
        },
        scaled ? ms / speed : ms,
      );
      timers.add(timer);
      onInterrupt?.(() => {
        clearTimeout(timer);
        timers.delete(timer);
        resolve();
      });
    });
  }

  function terminalView(state: TerminalState): SandboxTerminal {
    return { ...state.info, status: state.active ? 'BUSY' : 'AVAILABLE' };
  }

  function touch(state: TerminalState): string {
    const at = now().toISOString();
    state.info.last_activity = at;
    return at;
  }

  function notify(item: Transaction | Report, code: string): void {
    item.notifications.push({ code, at: Date.now() });
    item.updatedAt = now().toISOString();
  }

  function slip(tx: Transaction, copy: 'MERCHANT' | 'CUSTOMER', result: string | null): ReceiptLine[] {
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

  /** Everything a finished record shows appears in the same instant as TRANSACTION_FINISHED. */
  function finish(tx: Transaction, result: string): void {
    const state = terminals.get(tx.tid)!;
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
    notify(tx, 'TRANSACTION_FINISHED');
    state.active = null;
    touch(state);
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

  async function runSteps(tx: Transaction, steps: readonly ScriptStep[]): Promise<void> {
    const interruptible = (wake: () => void) => {
      tx.interrupt = wake;
    };
    for (const step of steps) {
      if (closed) return;
      if (step.kind === 'bank_step') {
        tx.bankStepReached = true;
        continue;
      }
      await pause(step.afterMs, tx.bankStepReached ? undefined : interruptible);
      tx.interrupt = undefined;
      if (closed) return;
      if (tx.cancelRequested) {
        await pause(300);
        return finish(tx, 'CANCELLED');
      }
      if (step.kind === 'notify') {
        if (step.code === 'CASHBACK_AMOUNT_ENTRY') tx.amountCashback = SANDBOX_CASHBACK;
        if (step.code === 'DECLINED') tx.declinedBy = 'BANK';
        if (step.code === 'DECLINED_BY_CARD') tx.declinedBy = 'CARD';
        notify(tx, step.code);
      } else if (step.kind === 'finish') {
        if (tx.script.name === 'gratuity' && tx.type === 'SALE')
          tx.amountGratuity = sandboxGratuity(tx.amountBase);
        return finish(tx, step.result);
      } else if (step.kind === 'signature') {
        return awaitSignature(tx);
      }
    }
  }

  async function awaitSignature(tx: Transaction): Promise<void> {
    tx.signature = 'waiting';
    // The merchant copy with SIGN BELOW must be printable before the decision.
    tx.receipts = { MERCHANT: slip(tx, 'MERCHANT', null), CUSTOMER: [] };
    notify(tx, 'SIGNATURE_VERIFICATION');
    await pause(SIGNATURE_TIMEOUT_MS, (wake) => {
      tx.interrupt = wake;
    });
    tx.interrupt = undefined;
    if (closed) return;
    if (tx.signature === 'waiting') {
      tx.signature = 'timeout';
      notify(tx, 'SIGNATURE_VERIFICATION_TIMEOUT');
      await pause(600);
      return finish(tx, 'VOID');
    }
    notify(tx, 'SIGNATURE_VERIFICATION_COMPLETED');
    await pause(700);
    notify(tx, 'REMOVE_CARD');
    await pause(800);
    finish(tx, tx.signature === 'accepted' ? 'SUCCESSFUL' : 'VOID');
  }

  function transactionView(tx: Transaction) {
    const finished = tx.result !== null;
    const base = {
      id: tx.id,
      tid: tx.tid,
      transaction_number: tx.number,
      transaction_type: tx.type,
      transaction_time: tx.createdAt,
      currency: tx.currency,
      // Newest first, like Connect: clients must not depend on the order.
      device_notifications: tx.notifications.map((n) => n.code).reverse(),
      created_at: tx.createdAt,
      updated_at: tx.updatedAt,
    };
    if (!finished) {
      return tx.receipts ? { ...base, receipt_lines: tx.receipts } : base;
    }
    const source = tx.type === 'DUPLICATE' ? terminals.get(tx.tid)!.lastFinished : tx;
    const card = source?.card;
    const approved = tx.result === 'SUCCESSFUL';
    return {
      ...base,
      transaction_result: tx.result,
      application_id: card?.applicationId ?? '',
      application_label: card?.applicationLabel ?? '',
      auth_code: source?.authCode ?? '',
      reference_number: source ? source.reference : '',
      amount_base: source?.amountBase ?? 0,
      amount_cashback: approved ? (source?.amountCashback ?? 0) : 0,
      amount_gratuity: approved ? (source?.amountGratuity ?? 0) : 0,
      amount_total: source ? source.amountBase + source.amountCashback + source.amountGratuity : 0,
      issuer_name: card?.issuerName ?? '',
      card_holder_verification_method: card?.verification ?? '',
      date_of_expiry: card?.expiry ?? '',
      date_of_start: null,
      payment_method: card?.paymentMethod ?? '',
      primary_account_number: card?.pan ?? '',
      primary_account_number_sequence: card?.panSequence ?? '',
      receipt_lines: tx.receipts ?? { MERCHANT: [], CUSTOMER: [] },
    };
  }

  function reportView(report: Report) {
    const base = {
      id: report.id,
      tid: report.tid,
      report_type: report.type,
      report_time: report.createdAt,
      device_notifications: report.notifications.map((n) => n.code).reverse(),
      created_at: report.createdAt,
      updated_at: report.updatedAt,
    };
    if (report.result === null) return base;
    return {
      ...base,
      report_result: report.result,
      ...(report.balances && { balances: report.balances }),
      ...(report.banking && { banking: report.banking }),
      receipt_lines: report.receiptLines,
    };
  }

  function terminalOr404(tid: string | undefined): TerminalState {
    const state = tid ? terminals.get(tid) : undefined;
    if (!state) throw new HttpFailure(404, 'terminal not found');
    return state;
  }

  function startTransaction(state: TerminalState, body: unknown): Transaction {
    const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const type = input.transaction_type;
    if (typeof type !== 'string' || !TRANSACTION_TYPES.includes(type)) {
      throw new HttpFailure(400, 'transaction_type must be SALE, REFUND or DUPLICATE');
    }
    let amount = 0;
    if (type !== 'DUPLICATE') {
      if (typeof input.amount !== 'number' || !Number.isInteger(input.amount)) {
        throw new HttpFailure(400, 'amount must be an integer in pence');
      }
      if (input.amount < 1 || input.amount > MAX_AMOUNT) throw new HttpFailure(400, 'amount out of range');
      if (input.currency !== state.info.currency)
        throw new HttpFailure(400, 'currency does not match the terminal');
      amount = input.amount;
    }
    if (state.active) throw new HttpFailure(422, 'The card machine is busy');
    const script = scriptForAmount(amount);
    if (type !== 'DUPLICATE') {
      if (script.name === 'offline_terminal') throw new HttpFailure(404, 'terminal not found (offline)');
      if (script.name === 'service_error') throw new HttpFailure(500, 'internal error');
      if (script.name === 'terminal_busy') throw new HttpFailure(422, 'The card machine is busy');
    }
    const createdAt = touch(state);
    const tx: Transaction = {
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
      reference: String(Date.now()).slice(-8) + String(state.nextNumber).padStart(4, '0'),
      createdAt,
      updatedAt: createdAt,
      receipts: null,
    };
    transactions.set(tx.id, tx);
    state.active = tx;
    const steps: ScriptStep[] =
      type === 'DUPLICATE'
        ? [
            { kind: 'notify', code: 'PLEASE_WAIT', afterMs: 400 },
            { kind: 'finish', result: state.lastFinished ? 'SUCCESSFUL' : 'FAILED_ERROR', afterMs: 600 },
          ]
        : stepsFor(script.name, type);
    void runSteps(tx, steps);
    return tx;
  }

  function startReport(state: TerminalState, body: unknown): Report {
    const type = (body as { type?: unknown } | undefined)?.type;
    if (typeof type !== 'string' || !REPORT_TYPES.includes(type)) {
      throw new HttpFailure(400, 'type must be END_OF_DAY, BANKING, X_BAL or Z_BAL');
    }
    if (state.active) throw new HttpFailure(422, 'The card machine is busy');
    const createdAt = touch(state);
    const report: Report = {
      id: randomUUID(),
      tid: state.info.terminal_id,
      type,
      result: null,
      notifications: [],
      createdAt,
      updatedAt: createdAt,
      receiptLines: [],
    };
    reports.set(report.id, report);
    state.active = report;
    void (async () => {
      await pause(500);
      notify(report, 'REPORT_STARTED');
      await pause(1500);
      if (closed) return;
      completeReport(state, report);
    })();
    return report;
  }

  function completeReport(state: TerminalState, report: Report): void {
    const currency = state.info.currency;
    const at = now();
    if (report.type !== 'BANKING') {
      report.balances = balancesOf(state.balanceEntries, currency, state.balanceSince);
    }
    if (report.type === 'BANKING' || report.type === 'END_OF_DAY') {
      report.banking = bankingOf(state.bankingCurrent, state.bankingPrevious, currency);
    }
    const totals = totalsOf(
      report.type === 'BANKING' ? state.bankingCurrent : state.balanceEntries,
      currency,
    );
    report.receiptLines = reportSlip(
      report.type.replace('_', ' '),
      state.info.terminal_id,
      at,
      [
        ['SALES COUNT', totals.total_sales_count],
        ['SALES', totals.total_sales_amount],
        ['REFUNDS COUNT', totals.total_refunds_count],
        ['REFUNDS', totals.total_refunds_amount],
        ['TOTAL', totals.total_amount],
      ],
      currency,
    );
    // Z and end of day close the balance session; banking and end of day close the banking session.
    if (report.type === 'Z_BAL' || report.type === 'END_OF_DAY') {
      state.balanceEntries = [];
      state.balanceSince = at.toISOString();
    }
    if (report.type === 'BANKING' || report.type === 'END_OF_DAY') {
      state.bankingPrevious = state.bankingCurrent;
      state.bankingCurrent = [];
    }
    report.result = 'COMPLETE';
    notify(report, 'REPORT_FINISHED');
    state.active = null;
    touch(state);
  }

  function transactionOf(state: TerminalState, id: string | undefined): Transaction {
    const tx = id ? transactions.get(id) : undefined;
    if (!tx || tx.tid !== state.info.terminal_id) throw new HttpFailure(404, 'transaction not found');
    return tx;
  }

  function throttled(): number | null {
    const throttle = pendingControl.throttleNext;
    if (throttle && throttle.count > 0) {
      throttle.count -= 1;
      return throttle.retryAfterSeconds;
    }
    if (!options.rateLimit) return null;
    const at = Date.now();
    const { limit, windowMs } = options.rateLimit;
    while (recentRequests.length > 0 && recentRequests[0]! <= at - windowMs) recentRequests.shift();
    if (recentRequests.length >= limit)
      return Math.max(1, Math.ceil((recentRequests[0]! + windowMs - at) / 1000));
    recentRequests.push(at);
    return null;
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams) {
    stats.apiRequests += 1;
    const retryAfter = throttled();
    if (retryAfter !== null) {
      return sendJson(res, 429, { error: 'too many requests' }, { 'retry-after': String(retryAfter) });
    }
    const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
    const method = req.method ?? 'GET';
    if (parts[0] !== 'terminals') throw new HttpFailure(404, 'not found');
    if (parts.length === 1 && method === 'GET') {
      const currency = query.get('currency');
      const status = query.get('status');
      const result = [...terminals.values()]
        .map(terminalView)
        .filter((t) => (!currency || t.currency === currency) && (!status || t.status === status));
      return sendJson(res, 200, { result });
    }
    const state = terminalOr404(parts[1]);
    if (parts.length === 2 && method === 'GET') return sendJson(res, 200, { result: terminalView(state) });

    if (
      parts[2] === 'transactions' &&
      method === 'POST' &&
      (parts.length === 3 || parts[3] === 'duplicate')
    ) {
      stats.startRequests += 1;
      const body = parts.length === 3 ? await readJsonBody(req) : { transaction_type: 'DUPLICATE' };
      const tx = startTransaction(state, body);
      const control = { ...pendingControl };
      delete pendingControl.dropNextStartResponse;
      delete pendingControl.delayNextStartResponseMs;
      if (control.dropNextStartResponse) {
        req.socket.destroy();
        return;
      }
      if (control.delayNextStartResponseMs) await pause(control.delayNextStartResponseMs, undefined, false);
      if (tx.script.name === 'slow_responses') await pause(SLOW_RESPONSE_MS);
      return sendJson(res, 201, { result: { transaction_id: tx.id } });
    }
    if (parts[2] === 'transactions' && parts.length >= 4) {
      const tx = transactionOf(state, parts[3]);
      if (parts.length === 4 && method === 'GET') {
        (stats.transactionReads[tx.id] ??= []).push(Date.now());
        if (tx.script.name === 'slow_responses') await pause(SLOW_RESPONSE_MS);
        return sendJson(res, 200, { result: transactionView(tx) });
      }
      if (parts.length === 4 && method === 'DELETE') {
        if (tx.result !== null || tx.bankStepReached || tx.signature !== null) {
          throw new HttpFailure(422, 'The transaction can no longer be cancelled');
        }
        if (!tx.cancelRequested) {
          tx.cancelRequested = true;
          tx.interrupt?.();
        }
        if (options.legacyCancel) {
          res.writeHead(204).end();
          return;
        }
        return sendJson(res, 202, { result: { transaction_id: tx.id } });
      }
      if (parts.length === 5 && parts[4] === 'signature' && method === 'PUT') {
        const accepted = ((await readJsonBody(req)) as { accepted?: unknown } | undefined)?.accepted;
        if (typeof accepted !== 'boolean') throw new HttpFailure(400, 'accepted must be true or false');
        if (tx.signature !== 'waiting') throw new HttpFailure(422, 'No signature is awaited');
        tx.signature = accepted ? 'accepted' : 'declined';
        tx.interrupt?.();
        return sendJson(res, 202, { result: { transaction_id: tx.id } });
      }
    }
    if (parts[2] === 'reports' && parts.length === 3 && method === 'POST') {
      const report = startReport(state, await readJsonBody(req));
      return sendJson(res, 201, { result: { report_id: report.id } });
    }
    if (parts[2] === 'reports' && parts.length === 4 && method === 'GET') {
      const report = parts[3] ? reports.get(parts[3]) : undefined;
      if (!report || report.tid !== state.info.terminal_id) throw new HttpFailure(404, 'report not found');
      return sendJson(res, 200, { result: reportView(report) });
    }
    throw new HttpFailure(404, 'not found');
  }

  async function handleControl(req: IncomingMessage, res: ServerResponse) {
    if (!isLoopback(req.socket.remoteAddress)) return sendJson(res, 403, { error: 'loopback only' });
    if (req.method === 'POST') applyControl((await readJsonBody(req)) as SandboxControl);
    return sendJson(res, 200, {
      result: { stats: { ...stats, transactionReads: undefined }, pending: pendingControl },
    });
  }

  function applyControl(next: SandboxControl | undefined): void {
    if (!next) return;
    if (next.dropNextStartResponse !== undefined)
      pendingControl.dropNextStartResponse = next.dropNextStartResponse;
    if (next.delayNextStartResponseMs !== undefined)
      pendingControl.delayNextStartResponseMs = next.delayNextStartResponseMs;
    if (next.throttleNext) pendingControl.throttleNext = { ...next.throttleNext };
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const work = async () => {
      if (url.pathname === CONTROL_PATH) return handleControl(req, res);
      if (!url.pathname.startsWith(API_PREFIX)) throw new HttpFailure(404, 'not found');
      if (!checkBasicAuth(req, username, password)) {
        return sendJson(
          res,
          401,
          { error: 'unauthorised' },
          { 'www-authenticate': 'Basic realm="pay-at-counter"' },
        );
      }
      return handleApi(req, res, url.pathname.slice(API_PREFIX.length), url.searchParams);
    };
    work().catch((error: unknown) => {
      if (res.headersSent || res.destroyed) return;
      if (error instanceof HttpFailure) return sendJson(res, error.status, { error: error.message });
      if (error instanceof SyntaxError) return sendJson(res, 400, { error: 'body is not JSON' });
      sendJson(res, 500, { error: 'internal error' });
    });
  });
  const port = await listenOnLoopback(server, options.port ?? 0);
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    baseUrl: url,
    username,
    password,
    close: async () => {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await closeServer(server);
    },
    control: applyControl,
    stats: () => ({
      ...stats,
      transactionReads: Object.fromEntries(
        Object.entries(stats.transactionReads).map(([k, v]) => [k, [...v]]),
      ),
    }),
    timeline: (id) => (transactions.get(id)?.notifications ?? []).map((n) => ({ ...n })),
  };
}
