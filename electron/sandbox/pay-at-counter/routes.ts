// The HTTP face of the sandbox card machine: Basic auth, the nine endpoints under API_PREFIX,
// body checks, every answer wrapped in { result }, refusals turned into the spec's status codes,
// and the loopback-only /sandbox/control endpoint.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { checkBasicAuth, readJsonBody, sendJson } from '../../common/http-util';
import type { SandboxControl, SandboxControls } from './controls';
import { HostileAnswers, type HostileSwitch } from './hostile';
import type { Pace } from './pace';
import { Refusal, type RefusalReason, type TransactionRecord } from './records';
import type { ReportMachine } from './report-machine';
import type { Terminals, TerminalState } from './terminals';
import type { TransactionMachine } from './transaction-machine';
import { reportView, terminalView, transactionView } from './views';

export const API_PREFIX = '/api/v1/pay-at-counter';
export const CONTROL_PATH = '/sandbox/control';
const SLOW_RESPONSE_MS = 3_000;
const MAX_AMOUNT = 99_999_999;
const REPORT_TYPES = ['END_OF_DAY', 'BANKING', 'X_BAL', 'Z_BAL'];
const TRANSACTION_TYPES = ['SALE', 'REFUND', 'DUPLICATE'];

/** How each refusal of the card machine is answered. */
const REFUSALS: Record<RefusalReason, [status: number, message: string]> = {
  busy: [422, 'The card machine is busy'],
  offline: [404, 'terminal not found (offline)'],
  internal_error: [500, 'internal error'],
  too_late_to_cancel: [422, 'The transaction can no longer be cancelled'],
  no_signature_awaited: [422, 'No signature is awaited'],
  bad_request: [400, 'bad request'],
};

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface RouteDeps {
  username: string;
  password: string;
  /** Answer a cancel with 204 (older Connect) instead of 202. */
  legacyCancel: boolean;
  pace: Pace;
  terminals: Terminals;
  transactions: TransactionMachine;
  reports: ReportMachine;
  controls: SandboxControls;
}

function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

/** The body of a transaction start, checked against the terminal; a bad one answers 400. */
function parseTransactionStart(state: TerminalState, body: unknown): { type: string; amount: number } {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const type = input.transaction_type;
  if (typeof type !== 'string' || !TRANSACTION_TYPES.includes(type)) {
    throw new HttpFailure(400, 'transaction_type must be SALE, REFUND or DUPLICATE');
  }
  if (type === 'DUPLICATE') return { type, amount: 0 };
  if (typeof input.amount !== 'number' || !Number.isInteger(input.amount)) {
    throw new HttpFailure(400, 'amount must be an integer in pence');
  }
  if (input.amount < 1 || input.amount > MAX_AMOUNT) throw new HttpFailure(400, 'amount out of range');
  if (input.currency !== state.info.currency)
    throw new HttpFailure(400, 'currency does not match the terminal');
  return { type, amount: input.amount };
}

function parseReportType(body: unknown): string {
  const type = (body as { type?: unknown } | undefined)?.type;
  if (typeof type !== 'string' || !REPORT_TYPES.includes(type)) {
    throw new HttpFailure(400, 'type must be END_OF_DAY, BANKING, X_BAL or Z_BAL');
  }
  return type;
}

export function createRequestListener(deps: RouteDeps): RequestListener {
  const { pace, terminals, transactions, reports, controls } = deps;
  const hostile = new HostileAnswers(pace);

  function terminalOr404(tid: string | undefined): TerminalState {
    const state = terminals.get(tid);
    if (!state) throw new HttpFailure(404, 'terminal not found');
    return state;
  }

  function transactionOr404(state: TerminalState, id: string | undefined): TransactionRecord {
    const tx = transactions.find(state, id);
    if (!tx) throw new HttpFailure(404, 'transaction not found');
    return tx;
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams) {
    controls.stats.apiRequests += 1;
    const retryAfter = controls.throttled();
    if (retryAfter !== null) {
      return sendJson(res, 429, { error: 'too many requests' }, { 'retry-after': String(retryAfter) });
    }
    const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
    const method = req.method ?? 'GET';
    if (parts[0] !== 'terminals') throw new HttpFailure(404, 'not found');
    if (parts.length === 1 && method === 'GET') {
      const currency = query.get('currency');
      const status = query.get('status');
      const result = terminals
        .all()
        .map(terminalView)
        .filter((t) => (!currency || t.currency === currency) && (!status || t.status === status));
      if (await hostile.answer('list', res, 200, { result })) return;
      return sendJson(res, 200, { result });
    }
    const state = terminalOr404(parts[1]);
    if (parts.length === 2 && method === 'GET') return sendJson(res, 200, { result: terminalView(state) });

    if (
      parts[2] === 'transactions' &&
      method === 'POST' &&
      (parts.length === 3 || parts[3] === 'duplicate')
    ) {
      controls.stats.startRequests += 1;
      const body = parts.length === 3 ? await readJsonBody(req) : { transaction_type: 'DUPLICATE' };
      const { type, amount } = parseTransactionStart(state, body);
      const tx = transactions.start(state, type, amount);
      controls.takeLie(tx.id, type);
      const control = controls.takeStartControls();
      if (control.dropNextStartResponse) {
        req.socket.destroy();
        return;
      }
      if (control.delayNextStartResponseMs)
        await pace.pause(control.delayNextStartResponseMs, undefined, false);
      if (tx.script.name === 'slow_responses') await pace.pause(SLOW_RESPONSE_MS);
      if (await hostile.answer('start', res, 201, { result: { transaction_id: tx.id } })) return;
      return sendJson(res, 201, { result: { transaction_id: tx.id } });
    }
    if (parts[2] === 'transactions' && parts.length >= 4) {
      const tx = transactionOr404(state, parts[3]);
      if (parts.length === 4 && method === 'GET') {
        controls.recordRead(tx.id);
        if (tx.script.name === 'slow_responses') await pace.pause(SLOW_RESPONSE_MS);
        const view = controls.withLie(transactionView(tx, state));
        if (await hostile.answer('read', res, 200, { result: view })) return;
        return sendJson(res, 200, { result: view });
      }
      if (parts.length === 4 && method === 'DELETE') {
        transactions.cancel(tx);
        if (deps.legacyCancel) {
          res.writeHead(204).end();
          return;
        }
        return sendJson(res, 202, { result: { transaction_id: tx.id } });
      }
      if (parts.length === 5 && parts[4] === 'signature' && method === 'PUT') {
        const accepted = ((await readJsonBody(req)) as { accepted?: unknown } | undefined)?.accepted;
        if (typeof accepted !== 'boolean') throw new HttpFailure(400, 'accepted must be true or false');
        transactions.answerSignature(tx, accepted);
        return sendJson(res, 202, { result: { transaction_id: tx.id } });
      }
    }
    if (parts[2] === 'reports' && parts.length === 3 && method === 'POST') {
      const report = reports.start(state, parseReportType(await readJsonBody(req)));
      return sendJson(res, 201, { result: { report_id: report.id } });
    }
    if (parts[2] === 'reports' && parts.length === 4 && method === 'GET') {
      const report = reports.find(state, parts[3]);
      if (!report) throw new HttpFailure(404, 'report not found');
      return sendJson(res, 200, { result: reportView(report) });
    }
    throw new HttpFailure(404, 'not found');
  }

  async function handleControl(req: IncomingMessage, res: ServerResponse) {
    if (!isLoopback(req.socket.remoteAddress)) return sendJson(res, 403, { error: 'loopback only' });
    if (req.method === 'POST') {
      const body = (await readJsonBody(req)) as
        (SandboxControl & { hostile?: HostileSwitch | null }) | undefined;
      controls.apply(body);
      hostile.apply(body?.hostile);
    }
    return sendJson(res, 200, {
      result: {
        stats: { ...controls.stats, transactionReads: undefined },
        pending: controls.pending,
        hostile: hostile.snapshot(),
      },
    });
  }

  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const work = async () => {
      if (url.pathname === CONTROL_PATH) return handleControl(req, res);
      if (!url.pathname.startsWith(API_PREFIX)) throw new HttpFailure(404, 'not found');
      if (!checkBasicAuth(req, deps.username, deps.password)) {
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
      if (error instanceof Refusal) {
        const [status, message] = REFUSALS[error.reason];
        return sendJson(res, status, { error: message });
      }
      if (error instanceof SyntaxError) return sendJson(res, 400, { error: 'body is not JSON' });
      sendJson(res, 500, { error: 'internal error' });
    });
  };
}
