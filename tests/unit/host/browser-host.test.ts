import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import WebSocket from 'ws';
import { startTestHost, type TestHost } from '../../e2e/support/host';
import { HOST_SOCKET_PATH } from '../../../shared/host-protocol';

let t: TestHost;
let rendererDir: string;

before(async () => {
  rendererDir = mkdtempSync(join(tmpdir(), 'paydesk-renderer-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>till</title>');
  t = await startTestHost({ rendererDir });
});
after(async () => {
  await t?.close();
  if (rendererDir) rmSync(rendererDir, { recursive: true, force: true });
});

function socketUrl(token: string | null): string {
  const q = token === null ? '' : `?token=${encodeURIComponent(token)}`;
  return `ws://127.0.0.1:${t.host.port}${HOST_SOCKET_PATH}${q}`;
}

/** Resolves with the HTTP status of a refused upgrade, or 101 when the socket opened. */
function tryConnect(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; ws?: WebSocket }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => resolve({ status: 101, ws }));
    ws.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
    ws.once('error', () => resolve({ status: -1 }));
  });
}

const goodOrigin = () => ({ origin: `http://127.0.0.1:${t.host.port}` });

test('a socket without the token is refused', async () => {
  assert.equal((await tryConnect(socketUrl(null), goodOrigin())).status, 401);
  assert.equal((await tryConnect(socketUrl('wrong-token'), goodOrigin())).status, 401);
  assert.equal((await tryConnect(socketUrl(t.host.token.slice(0, -1)), goodOrigin())).status, 401);
});

test('a socket from a foreign origin is refused even with the token', async () => {
  for (const origin of ['http://evil.example', `http://127.0.0.1:${t.host.port + 1}`, 'null', 'file://']) {
    assert.equal((await tryConnect(socketUrl(t.host.token), { origin })).status, 403, origin);
  }
  assert.equal((await tryConnect(socketUrl(t.host.token), {})).status, 403, 'no Origin header');
});

test('a socket whose Host header names another server is refused (DNS rebinding)', async () => {
  const r = await tryConnect(socketUrl(t.host.token), {
    ...goodOrigin(),
    host: `attacker.example:${t.host.port}`,
  });
  assert.equal(r.status, 421);
});

test('with the token and the right origin, contract calls work and malformed frames get clear errors', async () => {
  const { status, ws } = await tryConnect(socketUrl(t.host.token), goodOrigin());
  assert.equal(status, 101);
  const replies: unknown[] = [];
  ws!.on('message', (data) => {
    const frame = JSON.parse(String(data));
    if (frame.kind === 'reply') replies.push(frame);
  });
  const waitFor = async (n: number) => {
    while (replies.length < n) await new Promise((r) => setTimeout(r, 10));
  };
  ws!.send(JSON.stringify({ kind: 'call', id: 1, method: 'terminals.list', input: {} }));
  ws!.send('{not json');
  ws!.send(JSON.stringify({ kind: 'call', id: 3, method: 'terminals.get', input: { terminalId: 7 } }));
  await waitFor(3);
  ws!.close();
  const byId = (id: number | null) =>
    replies.find((r) => (r as { id: number | null }).id === id) as {
      reply: { ok: boolean; value?: { terminalId: string; currency: string }[]; error?: { code: string } };
    };
  const list = byId(1).reply;
  assert.equal(list.ok, true);
  assert.deepEqual(list.value!.map((x) => `${x.terminalId}:${x.currency}`).sort(), [
    '22900001:GBP',
    '22900002:EUR',
  ]);
  assert.equal(byId(null).reply.error!.code, 'invalid_input');
  assert.equal(byId(3).reply.error!.code, 'invalid_input');
});

test('an oversized frame closes that socket and the host carries on', async () => {
  const { ws } = await tryConnect(socketUrl(t.host.token), goodOrigin());
  const closed = new Promise((resolve) => ws!.once('close', resolve));
  ws!.send('x'.repeat(2 * 1024 * 1024));
  await closed;
  const again = await tryConnect(socketUrl(t.host.token), goodOrigin());
  assert.equal(again.status, 101);
  again.ws!.close();
});

function httpGet(path: string, host: string): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: t.host.port, path, headers: { host } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
    });
    req.on('error', reject);
    req.end();
  });
}

test('pages are served only to this host name, with the CSP, and never outside the renderer folder', async () => {
  const own = `127.0.0.1:${t.host.port}`;
  const page = await httpGet('/', own);
  assert.equal(page.status, 200);
  assert.match(String(page.headers['content-security-policy']), /script-src 'self'/);
  assert.equal((await httpGet('/', `rebound.example:${t.host.port}`)).status, 421);
  assert.notEqual((await httpGet('/../package.json', own)).status, 200);
  assert.notEqual((await httpGet('/%2e%2e/package.json', own)).status, 200);
});
