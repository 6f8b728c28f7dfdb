// The stand-ins start together on their own ports; when one cannot start (its port is taken),
// the start fails with that reason and the others, already listening, are closed again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { startSandboxServices } from '../../../electron/sandbox/index';

function listen(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));
const portOf = (server: Server) => (server.address() as { port: number }).port;

/** Five free ports in a row, found by trying: the stand-ins take base+0 to base+3. */
async function freeRun(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const probe = await listen(0);
    const base = portOf(probe);
    await close(probe);
    const taken: Server[] = [];
    try {
      for (let i = 0; i < 5; i++) taken.push(await listen(base + i));
      return base;
    } catch {
      // Someone holds one of them: try elsewhere.
    } finally {
      await Promise.all(taken.map(close));
    }
  }
  throw new Error('no run of five free ports');
}

test('all four ports are taken together, and all are given back on close', async () => {
  const base = await freeRun();
  const services = await startSandboxServices({ basePort: base });
  assert.equal(new URL(services.payAtCounter.baseUrl).port, String(base));
  assert.equal(new URL(services.distribution.baseUrl).port, String(base + 1));
  assert.equal(new URL(services.merchant.mcpUrl).port, String(base + 2));
  await services.close();
  for (let i = 0; i < 4; i++) await close(await listen(base + i));
});

test('a stand-in that cannot start fails the start, and those that started are closed again', async () => {
  const base = await freeRun();
  const blocker = await listen(base + 1); // the supplier's port
  try {
    await assert.rejects(startSandboxServices({ basePort: base }), { code: 'EADDRINUSE' });
  } finally {
    await close(blocker);
  }
  // The card service (base), the merchant endpoint (base + 2) and its sign-in (base + 3) are free.
  for (const port of [base, base + 2, base + 3]) await close(await listen(port));
});
