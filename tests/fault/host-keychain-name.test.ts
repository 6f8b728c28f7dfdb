// Two tills tried on one computer (docs/shop-server.md): two browser hosts, each started by its
// command line with its own data folder and `--keychain-name`, save their shop server passwords
// to the real keychain (scripts/with-keyring.sh) without overwriting each other's.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { test } from 'node:test';
import WebSocket from 'ws';
import { KeychainSecretStore } from '../../electron/services/storage/secret-store-keychain';
import { HOST_SOCKET_PATH } from '../../shared/host-protocol';

const ROOT = resolve(__dirname, '../..');

interface HostChild {
  child: ChildProcess;
  /** Calls the till over the host's socket, as the page does. */
  call(method: string, input: unknown): Promise<unknown>;
  stop(): Promise<void>;
}

async function startHost(dataDir: string, keychainName: string): Promise<HostChild> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'electron/host/cli.ts',
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--keychain-name',
      keychainName,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  const address = await new Promise<URL>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`the host did not start: ${stderr}`)), 120_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const found = /^Paydesk till: (\S+)/.exec(line);
      if (found) {
        clearTimeout(timer);
        done(new URL(found[1]!));
      }
    });
    child.once('exit', (code) => fail(new Error(`the host ended (${code}): ${stderr}`)));
  });
  const token = new URLSearchParams(address.hash.slice(1)).get('token')!;
  const ws = new WebSocket(`ws://${address.host}${HOST_SOCKET_PATH}?token=${encodeURIComponent(token)}`, {
    headers: { origin: address.origin },
  });
  await new Promise((done, fail) => ws.once('open', done).once('error', fail));
  let id = 0;
  const waiting = new Map<
    number,
    (reply: { ok: boolean; value?: unknown; error?: { message: string } }) => void
  >();
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data));
    if (frame.kind === 'reply') waiting.get(frame.id)?.(frame.reply);
  });
  return {
    child,
    call: (method, input) =>
      new Promise((done, fail) => {
        const n = ++id;
        waiting.set(n, (reply) =>
          reply.ok ? done(reply.value) : fail(new Error(`${method}: ${reply.error?.message}`)),
        );
        ws.send(JSON.stringify({ kind: 'call', id: n, method, input }));
      }),
    async stop() {
      ws.close();
      if (child.exitCode !== null) return;
      const ended = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await ended;
    },
  };
}

test(
  'two tills on one computer keep their own shop server passwords under their own keychain names',
  { skip: process.env.PAYDESK_KEYRING === '1' ? false : 'needs the test keyring (scripts/with-keyring.sh)' },
  async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'paydesk-two-tills-'));
    const names = [`Paydesk test till 1 ${process.pid}`, `Paydesk test till 2 ${process.pid}`];
    const passwords = [randomBytes(12).toString('base64url'), randomBytes(12).toString('base64url')];
    const hosts: HostChild[] = [];
    const stores = names.map(
      (service, i) =>
        new KeychainSecretStore({
          service,
          savedDatesFile: join(scratch, `till-${i + 1}`, 'secret-dates.json'),
        }),
    );
    try {
      for (const [i, name] of names.entries())
        hosts.push(await startHost(join(scratch, `till-${i + 1}`), name));
      // Both save at once, as two managers setting up two tills would.
      await Promise.all(
        hosts.map((host, i) =>
          host.call('secrets.save', { key: 'shopServer.password', profile: 'live', value: passwords[i] }),
        ),
      );
      for (const [i, store] of stores.entries())
        assert.equal(
          await store.get('shopServer.password', 'live'),
          passwords[i],
          `till ${i + 1}'s own password`,
        );
      // The default name holds neither: a till started without the option is untouched by them.
      const plain = new KeychainSecretStore({ savedDatesFile: join(scratch, 'plain-dates.json') });
      const ordinary = await plain.get('shopServer.password', 'live');
      assert.ok(!passwords.includes(ordinary ?? ''), 'nothing went under the default name');
    } finally {
      for (const host of hosts) await host.stop();
      for (const store of stores) await store.delete('shopServer.password', 'live').catch(() => false);
      rmSync(scratch, { recursive: true, force: true });
    }
  },
);
