// Every secret gets a unique marker; the till is driven through settings, a live card sale and
// a restart; then the data directory, the logs, the database and every frame sent towards the
// renderer are searched for the markers (as text, and as the Basic-auth header would carry
// them). None may be found. Needs the real keychain (npm test runs inside scripts/with-keyring.sh).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import type { Browser } from 'playwright-core';
import { startTestHost, type TestHost } from './support/host';
import { launchBrowser, openTill } from './support/browser';
import {
  startPayAtCounterSandbox,
  type PayAtCounterSandbox,
} from '../../electron/sandbox/pay-at-counter/server';
import { HOST_SOCKET_PATH } from '../../shared/host-protocol';
import { SECRET_KEYS } from '../../shared/contract';

const keyringAvailable = process.env.PAYDESK_KEYRING === '1';
const marker = (name: string) => `MARK${name.replace(/\W/g, '')}${randomBytes(6).toString('hex')}`;
const markers = Object.fromEntries(SECRET_KEYS.map((k) => [k, marker(k)])) as Record<
  (typeof SECRET_KEYS)[number],
  string
>;

let live: PayAtCounterSandbox;
let dataDir: string;
let browser: Browser;
const logLines: string[] = [];
const framesToRenderer: string[] = [];
const logger = {
  info: (m: string) => logLines.push(m),
  warn: (m: string, e?: unknown) => logLines.push(`${m} ${String(e ?? '')}`),
  error: (m: string, e?: unknown) => logLines.push(`${m} ${String(e ?? '')} ${(e as Error)?.stack ?? ''}`),
};

/** A contract client on the host's socket that records every frame the host sends it. */
async function connect(host: TestHost) {
  const ws = new WebSocket(`ws://127.0.0.1:${host.host.port}${HOST_SOCKET_PATH}?token=${host.host.token}`, {
    headers: { origin: `http://127.0.0.1:${host.host.port}` },
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let id = 0;
  const waiting = new Map<
    number,
    (reply: { ok: boolean; value?: unknown; error?: { code: string; message: string } }) => void
  >();
  const listeners = new Set<(event: string, payload: unknown) => void>();
  ws.on('message', (data) => {
    const text = String(data);
    framesToRenderer.push(text);
    const frame = JSON.parse(text);
    if (frame.kind === 'reply') waiting.get(frame.id)?.(frame.reply);
    if (frame.kind === 'event') listeners.forEach((l) => l(frame.event, frame.payload));
  });
  const call = <T = unknown>(method: string, input: unknown = {}) =>
    new Promise<T>((resolve, reject) => {
      const n = ++id;
      waiting.set(n, (reply) =>
        reply.ok ? resolve(reply.value as T) : reject(new Error(`${method}: ${reply.error!.message}`)),
      );
      ws.send(JSON.stringify({ kind: 'call', id: n, method, input }));
    });
  const event = (name: string, match: (p: never) => boolean) =>
    new Promise<unknown>((resolve) => {
      const l = (e: string, p: unknown) => {
        if (e === name && match(p as never)) {
          listeners.delete(l);
          resolve(p);
        }
      };
      listeners.add(l);
    });
  return { call, event, close: () => ws.close() };
}

async function sellByCard(client: Awaited<ReturnType<typeof connect>>) {
  const catalogue = await client.call<{ products: { id: string; price: number }[] }>('catalogue.get');
  const product = catalogue.products.find((p) => p.price % 100 === 20) ?? catalogue.products[0]!;
  const sale = await client.call<{ saleId: string; total: number }>('sales.open', {
    lines: [{ productId: product.id, quantity: 1 }],
  });
  const completed = client.event(
    'sales.updated',
    (s: { saleId: string; state: string }) => s.saleId === sale.saleId && s.state === 'completed',
  );
  await client.call('sales.payCard', { saleId: sale.saleId, terminalId: '22900001', amount: sale.total });
  await completed;
}

before(async () => {
  live = await startPayAtCounterSandbox({
    username: markers['payAtCounter.username'],
    password: markers['payAtCounter.password'],
    speed: 50,
  });
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-leak-'));
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await live?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test(
  'no secret is ever written to disk, logged, or sent towards the renderer',
  { skip: !keyringAvailable && 'needs the real keychain: run under scripts/with-keyring.sh (npm test does)' },
  async () => {
    // First run: settings, every secret saved, live card service, a sale.
    let host = await startTestHost({ dataDir, logger, pinScryptCost: 1024 });
    const page = await openTill(browser, host.host.url);
    page.on('websocket', (ws) => ws.on('framereceived', (f) => framesToRenderer.push(String(f.payload))));
    let client = await connect(host);
    await client.call('manager.setPin', { newPin: '4826' });
    await client.call('manager.unlock', { pin: '4826' });
    for (const profile of ['sandbox', 'live'] as const) {
      for (const key of SECRET_KEYS) await client.call('secrets.save', { key, profile, value: markers[key] });
    }
    await client.call('settings.update', {
      patch: { payAtCounter: { mode: 'live', liveBaseUrl: live.baseUrl } },
    });
    const test1 = await client.call<{ ok: boolean }>('settings.testConnection', { service: 'payAtCounter' });
    assert.equal(test1.ok, true, 'the live stand-in accepted the credentials from the keychain');
    await sellByCard(client);
    const view = await client.call<{ secrets: unknown[] }>('settings.get');
    assert.equal(view.secrets.length, SECRET_KEYS.length * 2, 'every secret is reported as saved');
    client.close();
    await page.close();
    await host.close();

    // Restart on the same data directory: the secrets come back from the keychain.
    host = await startTestHost({ dataDir, logger, pinScryptCost: 1024 });
    client = await connect(host);
    // A restart signs everyone out: the manager signs in again before selling.
    const { people } = await client.call<{ people: { id: string }[] }>('staff.session');
    await client.call('staff.signIn', { staffId: people[0]!.id, pin: '4826' });
    await sellByCard(client);
    client.close();
    await host.close();

    const forms = Object.values(markers).flatMap((m) => [m, Buffer.from(m).toString('base64').slice(0, 12)]);
    const basic = Buffer.from(
      `${markers['payAtCounter.username']}:${markers['payAtCounter.password']}`,
    ).toString('base64');
    const needles = [...forms, basic];
    const found: string[] = [];
    const search = (where: string, haystack: string) => {
      for (const n of needles) if (haystack.includes(n)) found.push(`${where} contains ${n.slice(0, 16)}…`);
    };
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const p = join(dir, name);
        return statSync(p).isDirectory() ? walk(p) : [p];
      });
    const files = walk(dataDir);
    assert.ok(
      files.some((f) => f.endsWith('paydesk.sqlite')),
      'the database is in the data directory',
    );
    for (const file of files) search(file, readFileSync(file).toString('latin1'));
    search('logs', logLines.join('\n'));
    assert.ok(framesToRenderer.length > 20, 'frames towards the renderer were captured');
    search('frames sent to the renderer', framesToRenderer.join('\n'));
    assert.deepEqual(found, []);
  },
);
