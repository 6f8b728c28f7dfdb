// The shop server's words, produced by the services' own functions: the top bar's status in each
// state (with nothing, one and several sales waiting), what a failed connection means (PostgreSQL's
// and the network's errors as pg raises them), the refusals the connection makes itself, and the
// connection test's answer.
import type { ShopServerLink } from '../../../electron/services/shop-server/connection';
import type { OutboxView } from '../../../electron/services/shop-server/outbox';
import { shopServerStatus } from '../../../electron/services/shop-server/service';
import { problemOf, ShopServerProblem, shopServerWords } from '../../../electron/services/shop-server/words';
import type { Worded } from './office-samples';

const outbox = (waitingSales: number, upToDate = waitingSales === 0, heldRows = 0): OutboxView => ({
  sending: !upToDate,
  upToDate,
  waitingSales,
  sentRows: 0,
  heldRows,
});

const pgError = (code: string, message = 'server said no') => Object.assign(new Error(message), { code });

export function shopServerSamples(): Worded[] {
  const out: Worded[] = [];
  const status = (where: string, value: ReturnType<typeof shopServerStatus>) => {
    out.push({ where: `${where} pill`, text: value.pill, words: value.pillWords });
    if (value.detailWords)
      out.push({ where: `${where} detail`, text: value.detail, words: value.detailWords });
  };
  const away = problemOf(pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'));
  const link = { state: 'connected', link: {} as ShopServerLink } as const;
  status('off', shopServerStatus(false, { state: 'off' }, null));
  status('connecting', shopServerStatus(true, { state: 'connecting' }, null));
  status('up to date', shopServerStatus(true, link, outbox(0)));
  for (const waiting of [0, 1, 5]) {
    status(`sending ${waiting}`, shopServerStatus(true, link, outbox(waiting, false)));
    status(
      `offline ${waiting}`,
      shopServerStatus(true, { state: 'offline', problem: away }, outbox(waiting)),
    );
  }
  for (const held of [1, 3]) {
    status(`held ${held}`, shopServerStatus(true, link, outbox(0, true, held)));
    status(`sending, held ${held}`, shopServerStatus(true, link, outbox(2, false, held)));
  }
  const refusedBy = problemOf(pgError('28P01', 'password authentication failed for user "till_2"'));
  status('refused', shopServerStatus(true, { state: 'refused', problem: refusedBy }, outbox(3)));

  const failures: [string, unknown][] = [
    ['wrong password', pgError('28P01')],
    ['no such role', pgError('28000')],
    ['no database', pgError('3D000', 'database "shop" does not exist')],
    ['no TLS', new Error('The server does not support SSL connections')],
    ['untrusted certificate', pgError('SELF_SIGNED_CERT_IN_CHAIN')],
    ['host unknown', pgError('ENOTFOUND', 'getaddrinfo ENOTFOUND shop-server')],
    ['cut off', new Error('Connection terminated unexpectedly')],
    ['server shutting down', pgError('57P01')],
    ['something else', new TypeError('Cannot read properties of undefined')],
  ];
  for (const [where, error] of failures) {
    const problem = problemOf(error);
    out.push({ where: `connection ${where}`, text: problem.message, words: problem.said.words });
  }
  for (const key of ['notSetUp', 'noPassword', 'serverOutdated', 'tillOutdated', 'notATill'] as const) {
    const problem = new ShopServerProblem(key, 'refused');
    out.push({ where: `connection ${key}`, text: problem.message, words: problem.said.words });
  }
  const wrongNumber = new ShopServerProblem('wrongNumber', 'refused', { server: 3, till: 2 });
  out.push({ where: 'connection wrong number', text: wrongNumber.message, words: wrongNumber.said.words });
  const ok = shopServerWords('testOk', { number: 2, shop: 'Corner Café' });
  out.push({ where: 'test passed', text: ok.message, words: ok.words });
  return out;
}
