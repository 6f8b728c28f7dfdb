// Client of the terminal pay-at-counter API. Every answer is unwrapped from `result` and
// validated; failures become TillErrors the UI can word.
import { z } from 'zod';
import { TillError } from '../../../shared/contract/errors';

export const terminalRecordSchema = z.object({
  terminal_id: z.string(),
  currency: z.string(),
  status: z.string(),
  last_activity: z.string().nullable().optional(),
  device_address: z.string().nullable().optional(),
});
export type TerminalRecord = z.infer<typeof terminalRecordSchema>;

export interface PayAtCounterCredentials {
  username: string;
  password: string;
}

export interface PayAtCounterClientOptions {
  baseUrl: string;
  credentials: () => Promise<PayAtCounterCredentials | null>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export class PayAtCounterClient {
  private readonly fetchImpl: typeof fetch;
  constructor(private readonly options: PayAtCounterClientOptions) {
    this.fetchImpl = options.fetch ?? fetch;
  }

  async listTerminals(filter: { currency?: string; status?: string } = {}): Promise<TerminalRecord[]> {
    const query = new URLSearchParams();
    if (filter.currency) query.set('currency', filter.currency);
    if (filter.status) query.set('status', filter.status);
    const qs = query.toString();
    return this.request('GET', `/terminals${qs ? `?${qs}` : ''}`, z.array(terminalRecordSchema));
  }

  async getTerminal(terminalId: string): Promise<TerminalRecord> {
    return this.request('GET', `/terminals/${encodeURIComponent(terminalId)}`, terminalRecordSchema);
  }

  private async request<T>(method: string, path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    const credentials = await this.options.credentials();
    if (!credentials) throw new TillError('not_configured', 'No card service username and password are saved yet.');
    const url = `${this.options.baseUrl.replace(/\/+$/, '')}/api/v1/pay-at-counter${path}`;
    const auth = Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64');
    let response: Response;
    try {
      response = await this.fetchImpl(url, {
        method,
        headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json', accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw networkError(error);
    }
    if (!response.ok) throw await statusError(response);
    let json: unknown;
    try {
      json = await response.json();
    } catch (error) {
      throw new TillError('malformed_response', 'The card service sent an answer that is not JSON.', { cause: error });
    }
    const wrapped = z.object({ result: schema }).safeParse(json);
    if (!wrapped.success) {
      throw new TillError('malformed_response', `The card service sent an unexpected answer to ${method} ${path.split('?')[0]}.`);
    }
    return wrapped.data.result;
  }
}

export function networkError(error: unknown): TillError {
  const name = (error as { name?: string })?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new TillError('timeout', 'The card service did not answer in time.', { cause: error });
  }
  const code = String((error as { cause?: { code?: string } })?.cause?.code ?? '');
  if (/CERT|SSL|TLS/i.test(code)) {
    return new TillError('certificate', 'The card service’s security certificate was not accepted.', { cause: error });
  }
  return new TillError('unreachable', 'The card service cannot be reached.', { cause: error });
}

export async function statusError(response: Response): Promise<TillError> {
  const status = response.status;
  await response.body?.cancel().catch(() => undefined);
  if (status === 401) return new TillError('bad_credentials', 'The card service refused the username or password.');
  if (status === 404) return new TillError('not_found', 'The card service does not know that terminal or transaction (it may be offline).');
  if (status === 422) return new TillError('terminal_busy', 'The card machine is busy or refused the request.');
  if (status === 400) return new TillError('rejected', 'The card service refused the request as invalid.');
  if (status === 429) {
    const retryAfter = Number(response.headers.get('retry-after'));
    const retryAfterMs = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : 1000;
    return new TillError('rate_limited', 'The card service asked the till to slow down.', { retryAfterMs });
  }
  if (status >= 500) return new TillError('service_error', `The card service had an internal error (${status}).`);
  return new TillError('service_error', `The card service answered with an unexpected status ${status}.`);
}
