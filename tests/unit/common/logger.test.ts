// The Node side's log lines: one format, the error described after the message, and whatever
// looks like a credential redacted, in the message and in the error alike.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLogger, redact } from '../../../electron/services/common/logger';

/** A logger writing into an array, and the lines without their leading timestamp. */
function captured(scope = 'settings') {
  const lines: string[] = [];
  const logger = createLogger(scope, (line) => lines.push(line));
  const stamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z /;
  const bodies = () =>
    lines.map((line) => {
      assert.match(line, stamp);
      return line.replace(stamp, '');
    });
  return { logger, bodies };
}

test('credentials are redacted wherever they appear, in any case, quoted or not', () => {
  const cases: Array<[string, string]> = [
    ['Authorization: Basic dXNlcjpwYXNz', 'Authorization: [redacted]'],
    [
      'authorization :Bearer   tok.en-1, Authorization=Basic b2',
      'authorization :[redacted], Authorization=[redacted]',
    ],
    ['authorization=bearer eyJhbGciOi.x.y, next', 'authorization=[redacted], next'],
    ['{"Authorization":"Bearer abc.def"}', '{"Authorization":"[redacted]"}'],
    ["headers {'authorization': 'Basic QQ=='}", "headers {'authorization': '[redacted]'}"],
    ['password=hunter2 was refused', 'password=[redacted] was refused'],
    ['{"password":"s3cret"}', '{"password":"[redacted]"}'],
    ['PASSWORD: x1,y', 'PASSWORD: [redacted],y'],
    ["secret='abc'", "secret='[redacted]'"],
    ['refresh_token=rt-1&scope=all', 'refresh_token=[redacted]'],
    ['{"token":"t-1"}', '{"token":"[redacted]"}'],
    [
      'api_key=k1 apiKey:k2 api-key = k3 API_KEY="k4"',
      'api_key=[redacted] apiKey:[redacted] api-key = [redacted] API_KEY="[redacted]"',
    ],
    ['{"apiKey":"k5"}', '{"apiKey":"[redacted]"}'],
  ];
  for (const [text, expected] of cases) assert.equal(redact(text), expected, text);
  const plain = 'sale S000042 saved: 3 lines, card 22900001, basic tea';
  assert.equal(redact(plain), plain, 'ordinary words are left alone');
});

test('each line carries time, level and scope; errors are described after the message, redacted too', () => {
  const { logger, bodies } = captured();
  logger.info('settings saved');
  logger.warn('keychain slow', 'no answer in 15 s');
  logger.error('sign-in failed', new TypeError('password=hunter2 was refused'));
  logger.error('odd failure', 42);
  logger.warn('no error given');
  assert.deepEqual(bodies(), [
    'INFO [settings] settings saved',
    'WARN [settings] keychain slow no answer in 15 s',
    'ERROR [settings] sign-in failed TypeError: password=[redacted] was refused',
    'ERROR [settings] odd failure 42',
    'WARN [settings] no error given',
  ]);
});

test('a quoted credential is redacted to its closing quote: a passphrase with spaces leaves nothing behind', () => {
  const { logger, bodies } = captured('payments');
  logger.error(
    'sign-in refused',
    new Error('body {"username":"till","password":"correct horse battery \\"staple\\""}'),
  );
  logger.warn(`config secret='two words', token: "a b", API_KEY: 'it\\'s mine'`);
  const [refused, config] = bodies();
  for (const word of ['horse', 'battery', 'staple', 'words', ' b"', 'mine']) {
    assert.ok(!refused!.includes(word) && !config!.includes(word), `"${word}" reached the log`);
  }
  assert.equal(
    refused,
    'ERROR [payments] sign-in refused Error: body {"username":"till","password":"[redacted]"}',
  );
  assert.equal(
    config,
    `WARN [payments] config secret='[redacted]', token: "[redacted]", API_KEY: '[redacted]'`,
  );
});

test('an error is described by its name and message, not by what its own toString makes of it', () => {
  const { logger, bodies } = captured('supplies');
  class RequestFailed extends Error {
    override name = 'RequestFailed';
    override toString() {
      return 'RequestFailed (GET /orders, 3 retries, see the request dump)';
    }
  }
  logger.error('order not sent', new RequestFailed('the service did not answer'));
  assert.deepEqual(bodies(), ['ERROR [supplies] order not sent RequestFailed: the service did not answer']);
});
