// Where the dashboard's sign-in page sends the browser back (RFC 8252, native apps): a listener
// on 127.0.0.1 with a port chosen by the system for each sign-in. It accepts exactly one answer
// carrying the `state` this sign-in sent (the SDK does not check it); anything else is refused
// and the wait goes on, so a stray or forged request cannot end a real sign-in.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, listenOnLoopback } from '../../common/http-util';
import type { Clock, TimerHandle } from '../common/clock';
import type { Logger } from '../common/logger';

export interface RedirectAnswer {
  code: string;
  /** The issuer the authorisation server named on the redirect (RFC 9207), when it did. */
  iss: string | undefined;
}

/** The sign-in page answered with an OAuth error (refused, not on the waitlist, …). */
export class SignInRefused extends Error {
  constructor(
    readonly error: string,
    readonly description: string | null,
  ) {
    super(`sign-in refused: ${error}${description ? ` (${description})` : ''}`);
    this.name = 'SignInRefused';
  }
}

export class SignInTimedOut extends Error {
  constructor() {
    super('no answer from the sign-in page in time');
    this.name = 'SignInTimedOut';
  }
}

const PAGE = (title: string, words: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
  `<body style="font-family:sans-serif;max-width:32rem;margin:4rem auto"><h1>${title}</h1><p>${words}</p></body></html>`;

export const CALLBACK_PATH = '/callback';

export class LoopbackRedirect {
  private expectedState: string | null = null;
  private settle: { resolve: (a: RedirectAnswer) => void; reject: (e: Error) => void } | null = null;
  private timer: TimerHandle | null = null;
  /** Requests refused for a wrong or missing state (tests and the log read it). */
  refused = 0;
  readonly answer: Promise<RedirectAnswer>;

  private constructor(
    private readonly server: ReturnType<typeof createServer>,
    readonly url: string,
    private readonly log: Logger,
  ) {
    this.answer = new Promise<RedirectAnswer>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    this.answer.catch(() => undefined); // a sign-in nobody waits for must not crash the process
    server.on('request', (req, res) => this.handle(req, res));
  }

  static async open(log: Logger): Promise<LoopbackRedirect> {
    const server = createServer();
    const port = await listenOnLoopback(server, 0);
    return new LoopbackRedirect(server, `http://127.0.0.1:${port}${CALLBACK_PATH}`, log);
  }

  /** The state the authorisation request carries; set before the browser is sent there. */
  expect(state: string, clock: Clock, timeoutMs: number): void {
    this.expectedState = state;
    this.timer?.cancel();
    this.timer = clock.setTimer(() => this.finish(new SignInTimedOut()), timeoutMs);
  }

  cancel(reason: Error): void {
    this.finish(reason);
  }

  async close(): Promise<void> {
    this.timer?.cancel();
    await closeServer(this.server).catch(() => undefined);
  }

  private finish(outcome: RedirectAnswer | Error): void {
    if (!this.settle) return;
    const { resolve, reject } = this.settle;
    this.settle = null;
    this.timer?.cancel();
    if (outcome instanceof Error) reject(outcome);
    else resolve(outcome);
    void this.close();
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', this.url);
    const page = (status: number, title: string, words: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(PAGE(title, words));
    };
    if (req.method !== 'GET' || url.pathname !== CALLBACK_PATH)
      return page(404, 'Not found', 'Nothing here.');
    const state = url.searchParams.get('state');
    if (!this.settle || this.expectedState === null || state !== this.expectedState) {
      this.refused++;
      this.log.warn('merchant sign-in: a redirect without this sign-in’s state was refused');
      return page(
        400,
        'This sign-in did not start here',
        'Paydesk did not start this sign-in, or it has already finished. Start the sign-in again from the till.',
      );
    }
    const error = url.searchParams.get('error');
    if (error) {
      page(200, 'Sign-in not completed', 'The sign-in did not complete. Go back to Paydesk to see why.');
      return this.finish(new SignInRefused(error, url.searchParams.get('error_description')));
    }
    const code = url.searchParams.get('code');
    if (!code)
      return page(400, 'Sign-in not completed', 'The sign-in page sent no answer. Try again from the till.');
    page(200, 'Signed in to Paydesk', 'You can close this tab and go back to Paydesk.');
    this.finish({ code, iss: url.searchParams.get('iss') ?? undefined });
  }
}
