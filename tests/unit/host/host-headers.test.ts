// Every answer of the browser host carries the security headers: pages, every error the HTTP
// server gives, requests Node cannot parse, refused upgrades, and the WebSocket's own 101.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SECURITY_HEADERS } from '../../../electron/host/answers';
import { HOST_SOCKET_PATH } from '../../../shared/host-protocol';
import { mustOpen, rawExchange, startLimitedHost, type LimitedHost, type RawAnswer } from './support';

let h: LimitedHost;
before(async () => {
  h = await startLimitedHost({
    limits: { maxConnections: 1 },
    files: {
      'assets/index-CeFWlmxJ.js': 'export {};',
      'assets/words.js': 'export {};',
      'index-CeFWlmxJ.js': 'export {};',
    },
  });
});
after(() => h?.close());

const own = () => `127.0.0.1:${h.host.port}`;
const KEY = 'dGhlIHNhbXBsZSBub25jZQ==';

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  const lines = [`${method} ${path} HTTP/1.1`];
  for (const [name, value] of Object.entries({ host: own(), connection: 'close', ...headers })) {
    lines.push(`${name}: ${value}`);
  }
  return rawExchange(h.host.port, `${lines.join('\r\n')}\r\n\r\n`);
}

function upgrade(options: { path?: string; host?: string; origin?: string | null; key?: string } = {}) {
  const token = encodeURIComponent(h.host.token);
  return get(options.path ?? `${HOST_SOCKET_PATH}?token=${token}`, {
    ...(options.host !== undefined && { host: options.host }),
    ...(options.origin !== null && { origin: options.origin ?? `http://${own()}` }),
    connection: 'Upgrade',
    upgrade: 'websocket',
    'sec-websocket-version': '13',
    'sec-websocket-key': options.key ?? KEY,
  });
}

function assertSecured(answer: RawAnswer, status: number, what: string): void {
  assert.equal(answer.status, status, `${what}: status`);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    assert.equal(answer.headers[name], value, `${what}: ${name} on the ${status}`);
  }
}

test('pages and every HTTP error carry the security headers', async () => {
  assertSecured(await get('/'), 200, 'the page');
  assertSecured(await get('/%E0%A4%A'), 400, 'a broken percent-encoding');
  assertSecured(await get('/..%5c..%5cpackage.json'), 403, 'a path out of the renderer folder');
  assertSecured(await get('/missing.js'), 404, 'a missing file');
  assertSecured(await get('/', {}, 'POST'), 405, 'a POST');
  assertSecured(await get('/', { 'content-length': '5' }, 'GET'), 413, 'a GET with a body');
  const rebound = await rawExchange(
    h.host.port,
    `GET / HTTP/1.1\r\nhost: rebound.example:${h.host.port}\r\nconnection: close\r\n\r\n`,
  );
  assertSecured(rebound, 421, 'another host name');
});

test('files named by their content are kept by the browser; the page and every other file never are', async () => {
  const kept = await get('/assets/index-CeFWlmxJ.js');
  assert.equal(kept.status, 200);
  assert.equal(kept.headers['cache-control'], 'public, max-age=31536000, immutable');
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (name !== 'cache-control') assert.equal(kept.headers[name], value, `${name} on a kept file`);
  }
  // The page names the current build's files; a file without a content name may change in place.
  assertSecured(await get('/'), 200, 'the page');
  assertSecured(await get('/index.html'), 200, 'the page by its name');
  assertSecured(await get('/assets/words.js'), 200, 'a file without a content name');
  assertSecured(await get('/index-CeFWlmxJ.js'), 200, 'a content name outside assets/');
  assertSecured(await get('/assets/missing-CeFWlmxJ.js'), 404, 'a missing content-named file');
});

test('requests Node cannot parse are answered with the headers, and the host survives them', async () => {
  assertSecured(await rawExchange(h.host.port, 'NOT A REQUEST\r\n\r\n'), 400, 'garbage');
  const hugeHeader = `GET / HTTP/1.1\r\nhost: ${own()}\r\nx-big: ${'a'.repeat(64 * 1024)}\r\n\r\n`;
  assertSecured(await rawExchange(h.host.port, hugeHeader), 431, 'oversized headers');
  // An absolute-form target the URL parser rejects must not throw inside the host.
  assertSecured(await get('http://[bad/'), 400, 'an unparseable address');
  assertSecured(await upgrade({ path: 'http://[bad/' }), 404, 'an unparseable socket address');
  assertSecured(await get('/'), 200, 'the host still serves');
});

test('refused upgrades and the accepted one carry the headers', async () => {
  assertSecured(await upgrade({ path: '/elsewhere' }), 404, 'another socket path');
  assertSecured(await upgrade({ host: `attacker.example:${h.host.port}` }), 421, 'another Host');
  assertSecured(await upgrade({ origin: 'http://evil.example' }), 403, 'a foreign Origin');
  assertSecured(await upgrade({ origin: null }), 403, 'no Origin');
  assertSecured(await upgrade({ path: `${HOST_SOCKET_PATH}?token=wrong` }), 401, 'a wrong token');
  assertSecured(await upgrade({ key: 'short' }), 400, 'a bad WebSocket key');

  const first = await mustOpen(h.host);
  assertSecured({ status: 101, headers: first.upgradeHeaders, body: '' }, 101, 'the accepted socket');
  assertSecured(await upgrade(), 503, 'one socket too many');
  first.ws.close();
});
