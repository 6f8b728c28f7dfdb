// Flood test for the browser host: a raw client sends 100,000 calls and never reads a reply.
// The host (a child process, so its memory is measured alone) must stay under 200 MB, keep
// answering a second, well-behaved screen while the flood runs, and close the flooding socket. The
// child runs as the host runs for a shop (one bundled file on plain Node, like out/host/cli.cjs),
// not through tsx, whose TypeScript compiler would be counted as the host's memory.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { test } from 'node:test';
import { build } from 'esbuild';
import WebSocket from 'ws';
import { NOT_READING_CLOSE } from '../../electron/host/server';
import { HOST_SOCKET_PATH } from '../../shared/host-protocol';

const ROOT = resolve(__dirname, '../..');
const CHILD_SOURCE = join(ROOT, 'tests/fault/fixtures/host-child.ts');
/** Inside the repository so the bundle's npm packages resolve from its node_modules. */
const CHILD = join(ROOT, 'out/tests/host-child.cjs');

/** The child bundled like the host (scripts/build-if-stale.mjs): our code in one CommonJS file, packages external. */
async function bundleChild(): Promise<void> {
  await build({
    entryPoints: [CHILD_SOURCE],
    outfile: CHILD,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    packages: 'external',
    logLevel: 'warning',
  });
}
const FLOOD_CALLS = 100_000;
const MB = 1024 * 1024;

/** Resident memory of a Linux process now (VmRSS) and at its peak so far (VmHWM), in bytes. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

interface HostChild {
  child: ChildProcess;
  port: number;
  token: string;
  faults: Array<Record<string, unknown>>;
  /** Resolves with the first fault of this kind (fails after `ms`). */
  fault(kind: string, ms: number): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

async function startHostChild(dir: string): Promise<HostChild> {
  await bundleChild();
  const child = spawn(process.execPath, [CHILD, dir], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  const faults: Array<Record<string, unknown>> = [];
  const faultWaiters = new Set<(fault: Record<string, unknown>) => void>();
  const lines = createInterface({ input: child.stdout! });
  let announce = (_ready: { port: number; token: string }) => {};
  lines.on('line', (line) => {
    const [word, ...rest] = line.split(' ');
    if (word === 'READY') announce({ port: Number(rest[0]), token: rest[1]! });
    if (word !== 'FAULT') return;
    const fault = JSON.parse(rest.join(' ')) as Record<string, unknown>;
    faults.push(fault);
    for (const waiter of faultWaiters) waiter(fault);
  });
  const ready = await within<{ port: number; token: string }>(
    30_000,
    'the host child to print READY',
    (done, fail) => {
      announce = done;
      child.once('exit', (code) => fail(new Error(`host child exited early (${code}): ${stderr}`)));
    },
  ).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return {
    child,
    ...ready,
    faults,
    fault: (kind, ms) =>
      within(ms, `the host to report ${kind}`, (done) => {
        const found = faults.find((f) => f.kind === kind);
        if (found) return done(found);
        const waiter = (fault: Record<string, unknown>) => {
          if (fault.kind !== kind) return;
          faultWaiters.delete(waiter);
          done(fault);
        };
        faultWaiters.add(waiter);
      }),
    async stop() {
      child.kill('SIGTERM');
      const stopped = await within<boolean>(
        10_000,
        'the host child to exit',
        (done) => void exited.then(() => done(true)),
      ).catch(() => false);
      if (!stopped) {
        child.kill('SIGKILL'); // a host still buried in work is not waited for
        await exited;
      }
    },
  };
}

/** A promise that fails with what it waited for when `ms` pass first. */
function within<T>(
  ms: number,
  what: string,
  start: (done: (value: T) => void, fail: (error: Error) => void) => void,
): Promise<T> {
  return new Promise<T>((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
    start(
      (value) => {
        clearTimeout(timer);
        resolvePromise(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

function connect(host: HostChild): Promise<WebSocket> {
  const url = `ws://127.0.0.1:${host.port}${HOST_SOCKET_PATH}?token=${encodeURIComponent(host.token)}`;
  const ws = new WebSocket(url, { headers: { origin: `http://127.0.0.1:${host.port}` } });
  return within(5_000, 'a socket to open', (done) => ws.once('open', () => done(ws)));
}

/**
 * One call on a reading socket; resolves with its latency in ms. The probe asks for the status
 * bar (what a screen asks most); the flood asks for the card machines, which goes on to the card
 * service, so each call it gets in costs the host real work.
 */
function timedCall(ws: WebSocket, id: number): Promise<number> {
  const started = performance.now();
  return within(10_000, `the reply to probe call ${id}`, (done) => {
    const onMessage = (data: WebSocket.RawData) => {
      const frame = JSON.parse(String(data)) as { kind: string; id?: number; reply?: { ok: boolean } };
      if (frame.kind !== 'reply' || frame.id !== id) return;
      ws.off('message', onMessage);
      assert.equal(frame.reply?.ok, true, 'the well-behaved screen gets a real answer, not a refusal');
      done(performance.now() - started);
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ kind: 'call', id, method: 'status.get', input: {} }));
  });
}

/** Sends the flood in batches, yielding between them so this process's probe keeps running. */
async function flood(ws: WebSocket): Promise<void> {
  for (let id = 1; id <= FLOOD_CALLS; id++) {
    ws.send(JSON.stringify({ kind: 'call', id, method: 'terminals.list', input: {} }));
    if (id % 2000 === 0) await new Promise((r) => setImmediate(r));
  }
}

test('a client sending 100,000 calls without reading is cut off; the host stays small and answers another screen', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-host-flood-'));
  let host: HostChild | undefined;
  try {
    host = await startHostChild(dir);
    const pid = host.child.pid!;
    const before = memoryOf(pid);

    const flooder = await connect(host);
    flooder.pause(); // never reads a byte of its replies
    const flooderGone = new Promise<{ code: number; reason: string }>((done) =>
      flooder.once('close', (code, reason) => done({ code, reason: String(reason) })),
    );
    flooder.on('error', () => undefined); // the cut may surface as a reset
    const probe = await connect(host);
    await timedCall(probe, 0); // warm the path before timing it

    let floodOver = false;
    const floodStarted = performance.now();
    let floodMs = 0;
    const closedFault = host.fault('closed_not_reading', 60_000).finally(() => {
      floodOver = true;
      floodMs = performance.now() - floodStarted;
    });
    closedFault.catch(() => undefined); // awaited below; a failing probe must not leave it unhandled
    const sent = flood(flooder);
    const latencies: number[] = [];
    let rssDuringFlood = 0;
    for (let id = 1; !floodOver; id++) {
      latencies.push(await timedCall(probe, id));
      rssDuringFlood = Math.max(rssDuringFlood, memoryOf(pid).rss);
    }
    const closed = await closedFault;
    await sent;
    // A socket that reads nothing cannot notice it was closed; once the host has said so, the
    // flooder reads again to see how it was closed.
    flooder.resume();
    const flooderClose = await within<{ code: number; reason: string }>(
      10_000,
      'the flooding socket to close',
      (done) => void flooderGone.then(done),
    );
    const after = memoryOf(pid);
    const afterFlood = await timedCall(probe, 1_000_000);
    probe.close();

    const paused = host.faults.find((f) => f.kind === 'stopped_reading');
    const slowest = Math.max(...latencies);
    const sorted = [...latencies].sort((a, b) => a - b);
    t.diagnostic(
      `host RSS: ${(before.rss / MB).toFixed(1)} MB before, peak ${(after.peak / MB).toFixed(1)} MB ` +
        `(highest sampled during the flood ${(rssDuringFlood / MB).toFixed(1)} MB), ${(after.rss / MB).toFixed(1)} MB after`,
    );
    t.diagnostic(
      `second screen: ${latencies.length} calls during the flood, median ${sorted[sorted.length >> 1]!.toFixed(1)} ms, ` +
        `slowest ${slowest.toFixed(1)} ms; after the flood ${afterFlood.toFixed(1)} ms`,
    );
    t.diagnostic(
      `flooding socket: stopped being read at ${JSON.stringify(paused)}, closed with ${JSON.stringify(closed)}; ` +
        `the flooder saw close ${flooderClose.code} "${flooderClose.reason}"`,
    );

    assert.ok(paused, 'the host stopped reading from the socket that did not read');
    assert.deepEqual(flooderClose, { code: NOT_READING_CLOSE.code, reason: NOT_READING_CLOSE.reason });
    assert.ok(
      Number(closed.answered) + Number(closed.refusedBusy) < FLOOD_CALLS,
      'the host stopped taking calls from the flood long before its end',
    );
    assert.ok(after.peak < 200 * MB, `host peak RSS ${(after.peak / MB).toFixed(1)} MB is under 200 MB`);
    // Served alongside the flood, not after it: several answers while it ran, none waiting for
    // most of it (relative to the flood's own length, so a slow machine does not fail it).
    assert.ok(
      latencies.length >= 3,
      `the second screen was answered while the flood ran (${latencies.length} answers)`,
    );
    assert.ok(
      slowest < floodMs / 2,
      `no answer to the second screen waited for half the flood (slowest ${slowest.toFixed(1)} ms of ${floodMs.toFixed(0)} ms)`,
    );
  } finally {
    await (host?.stop() ?? Promise.resolve()).finally(() => rmSync(dir, { recursive: true, force: true }));
  }
});
