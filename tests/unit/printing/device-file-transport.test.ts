// The device-file transport against a FIFO in a temp folder: a printer device that stops taking
// data is a pipe whose reader never reads. The FIFO is opened for reading (without reading) so
// the transport's open does not wait for a reader; closing that end frees a blocked write.
// The other failures are what the system answers for real: a socket file (ENXIO), a device node
// without its driver (ENODEV), an immutable file (EPERM), a terminal whose far end goes (EIO).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openFilesWhere } from '../../support/open-files';
import { execFileSync, spawn } from 'node:child_process';
import {
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../support/manual-clock';
import { waitUntil, within } from '../../support/wait';
import { DeviceFileTransport } from '../../../electron/services/printing/transports/device-file';
import { PrinterTransportError } from '../../../electron/services/printing/transports/transport';

/** More than a pipe holds (64 KiB on Linux), so the write blocks once the pipe is full. */
const bigJob = Buffer.alloc(1024 * 1024, 0x41);

interface StuckDevice {
  dir: string;
  path: string;
  /** Closes the reading end: a blocked write then fails, and its thread is free again. */
  unplug(): void;
}

async function withStuckDevice(run: (device: StuckDevice) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-lp-fifo-'));
  const path = join(dir, 'lp0');
  execFileSync('mkfifo', [path]);
  let reader: number | null = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  const unplug = () => {
    if (reader !== null) closeSync(reader);
    reader = null;
  };
  try {
    await run({ dir, path, unplug });
  } finally {
    unplug();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** How many of this process's open files are `path`. */
const openCount = (path: string) => openFilesWhere((target) => target === path).length;

function isFailure(phase: string, kind: string, words: string) {
  return (error: unknown) => {
    assert.ok(error instanceof PrinterTransportError, String(error));
    assert.deepEqual({ phase: error.phase, kind: error.kind, words: error.message }, { phase, kind, words });
    return true;
  };
}

test('device file: a write the printer stops taking gives up at its time limit, as an uncertain send', async () => {
  await withStuckDevice(async ({ path, unplug }) => {
    const clock = new ManualClock();
    const transport = new DeviceFileTransport(path, clock);
    let settled = false;
    const writing = transport.write(bigJob, { timeoutMs: 1000 });
    writing.then(
      () => (settled = true),
      () => (settled = true),
    );
    await waitUntil(() => clock.timers === 1, 'the write to start');
    await clock.advance(999);
    assert.equal(settled, false, 'still within the limit');
    await clock.advance(1);
    // Uncertain to the spool: part of the job reached the device.
    await within(
      assert.rejects(writing, isFailure('write', 'timeout', 'printer stopped taking data')),
      'the write to give up at its time limit',
      5000,
    );
    assert.equal(clock.timers, 0);
    await transport.close(); // nothing left to wait for
    unplug();
    await waitUntil(() => openCount(path) === 0, 'the let-go device file to close once its write ends');
  });
});

test('device file: closing the transport ends a blocked write at once (shutting down never hangs)', async () => {
  await withStuckDevice(async ({ path }) => {
    const clock = new ManualClock();
    const transport = new DeviceFileTransport(path, clock);
    const writing = transport.write(bigJob, { timeoutMs: 60_000 });
    await waitUntil(() => clock.timers === 1, 'the write to start');
    await within(transport.close(), 'close to return while the device is blocked', 5000);
    await assert.rejects(writing, isFailure('write', 'closed', 'transport closed'));
    assert.equal(clock.timers, 0, 'the time limit is forgotten');
  });
});

test('device file: a device that fails mid-job is a dropped link, in words without codes or paths', async () => {
  await withStuckDevice(async ({ path, unplug }) => {
    const transport = new DeviceFileTransport(path, new ManualClock());
    await transport.open();
    unplug(); // EPIPE on the next write
    await assert.rejects(
      transport.write(bigJob, { timeoutMs: 1000 }),
      isFailure('write', 'closed', 'the printer device failed'),
    );
  });
});

test('device file: a path that is not a device cannot be opened, and says so plainly', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-lp-'));
  try {
    const folder = join(dir, 'lp0');
    mkdirSync(folder);
    const transport = new DeviceFileTransport(folder, new ManualClock());
    await assert.rejects(
      transport.write(bigJob, { timeoutMs: 1000 }),
      isFailure('connect', 'offline', 'the printer device failed'),
    );
    await assert.rejects(
      new DeviceFileTransport(join(dir, 'lp1'), new ManualClock()).write(bigJob, { timeoutMs: 1000 }),
      isFailure('connect', 'offline', 'printer not connected'),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('device file: a device the till may not write says how to grant it, without codes or paths', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-lp-'));
  try {
    // Root writes any file whatever its mode; a read-only kernel attribute refuses even root.
    let path = join(dir, 'lp0');
    writeFileSync(path, '', { mode: 0o444 });
    if (process.getuid?.() === 0) path = '/sys/kernel/uevent_seqnum';
    if (!existsSync(path)) return t.skip('no read-only device file to try on this system');
    await assert.rejects(
      new DeviceFileTransport(path, new ManualClock()).write(Buffer.from('x'), { timeoutMs: 1000 }),
      isFailure('connect', 'offline', 'no permission to write the printer device (add the user to group lp)'),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('device file: a finished job leaves the device closed once close returns', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-lp-'));
  try {
    const path = join(dir, 'lp0');
    writeFileSync(path, '');
    const transport = new DeviceFileTransport(path, new ManualClock());
    await transport.write(Buffer.from('one\n'), { timeoutMs: 1000 });
    await transport.write(Buffer.from('two\n'), { timeoutMs: 1000 });
    assert.equal(openCount(path), 1, 'one handle for both jobs');
    await transport.close();
    assert.equal(openCount(path), 0);
    assert.equal(readFileSync(path, 'latin1'), 'one\ntwo\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** The failure's words with the system's code the log keeps beside them (the error's cause). */
function failureOf(error: unknown) {
  assert.ok(error instanceof PrinterTransportError, String(error));
  return {
    phase: error.phase,
    kind: error.kind,
    words: error.message,
    logged: (error.cause as NodeJS.ErrnoException | undefined)?.code,
  };
}

async function failureOfFirstJob(path: string) {
  const transport = new DeviceFileTransport(path, new ManualClock());
  try {
    await transport.write(Buffer.from('x'), { timeoutMs: 1000 });
  } catch (error) {
    return failureOf(error);
  } finally {
    await transport.close();
  }
  return assert.fail(`${path} took the job`);
}

/** The code opening `path` for writing gets from the system, as the transport opens it. */
function openCode(path: string): string | undefined {
  try {
    closeSync(openSync(path, constants.O_WRONLY | constants.O_APPEND));
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code;
  }
}

test('device file: a device whose printer is gone says "printer not connected"; the log keeps the system\'s reason', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-lp-'));
  // A socket file is a device with no one at the other end: the system answers ENXIO.
  const socketPath = join(dir, 'lp-socket');
  const listener = createServer();
  await new Promise<void>((resolve) => listener.listen(socketPath, resolve));
  try {
    const gone = [
      { code: 'ENOENT', path: join(dir, 'lp9') },
      { code: 'ENXIO', path: socketPath },
    ];
    // A device node left behind once its driver let the printer go (misc minor 240 is kept for
    // local use, so no driver ever has it): the system answers ENODEV. Only root makes nodes.
    if (process.getuid?.() === 0) {
      const leftBehind = join(dir, 'lp0');
      execFileSync('mknod', [leftBehind, 'c', '10', '240']);
      gone.push({ code: 'ENODEV', path: leftBehind });
    }
    const here = gone.filter(({ code, path }) => openCode(path) === code);
    if (here.length < gone.length) t.diagnostic('this system cannot make every missing device');
    const seen = [];
    for (const { path } of here) seen.push(await failureOfFirstJob(path));
    assert.deepEqual(
      seen,
      here.map(({ code }) => ({
        phase: 'connect',
        kind: 'offline',
        words: 'printer not connected',
        logged: code,
      })),
    );
  } finally {
    await new Promise((resolve) => listener.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  }
});

test('device file: a device the system forbids even root to write (immutable) says how to grant it', async (t) => {
  if (process.getuid?.() !== 0) return t.skip('only root can mark a file immutable');
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-lp-'));
  const path = join(dir, 'lp0');
  writeFileSync(path, '');
  try {
    try {
      execFileSync('chattr', ['+i', path], { stdio: 'ignore' });
    } catch {
      return t.skip('no chattr, or a file system without the immutable flag');
    }
    if (openCode(path) !== 'EPERM') return t.skip('this system does not refuse an immutable file with EPERM');
    assert.deepEqual(await failureOfFirstJob(path), {
      phase: 'connect',
      kind: 'offline',
      words: 'no permission to write the printer device (add the user to group lp)',
      logged: 'EPERM',
    });
    assert.equal(readFileSync(path, 'latin1'), '', 'nothing written');
  } finally {
    execFileSync('chattr', ['-i', path], { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  }
});

test('device file: a printer unplugged mid-job (the device answers EIO) says "printer not connected"', async (t) => {
  // A terminal stands in for the USB printer: python3 holds its other end, reads the first bytes
  // and then no more, so the job's one big write hands over part of it and waits. When python3 exits
  // (the unplug) the write returns what was taken, and the rest, written from there, gets EIO.
  const holder = spawn(
    'python3',
    [
      '-c',
      [
        'import os, sys',
        'printer, device = os.openpty()',
        'print(os.ttyname(device), flush=True)',
        'print(os.read(printer, 16).hex(), flush=True)',
        'sys.stdin.read()',
      ].join('\n'),
    ],
    { stdio: ['pipe', 'pipe', 'ignore'] },
  );
  let said = '';
  const line = (n: number) => said.split('\n').slice(0, -1)[n]; // whole lines only
  const started = await new Promise<boolean>((resolve) => {
    holder.once('error', () => resolve(false));
    holder.stdout.on('data', (chunk: Buffer) => (said += String(chunk)));
    holder.once('spawn', () => resolve(true));
  });
  if (!started) return t.skip('no python3 to hold a terminal');
  const exited = new Promise((resolve) => holder.once('exit', resolve));
  const transport = new DeviceFileTransport(
    await waitUntil(() => line(0), 'the terminal to stand in for the printer'),
    new ManualClock(),
  );
  try {
    const job = Buffer.alloc(1024 * 1024, 0x41);
    job.write('THE KINGS ARMS', 'latin1');
    const writing = transport
      .write(job, { timeoutMs: 60_000 })
      .then(() => assert.fail('the job went through an unplugged printer'), failureOf);
    const firstBytes = await waitUntil(() => line(1), 'the printer to take the first bytes');
    assert.equal(Buffer.from(firstBytes, 'hex').toString('latin1'), 'THE KINGS ARMSAA');
    holder.stdin.end(); // unplug
    assert.deepEqual(await within(writing, 'the job to fail', 5000), {
      phase: 'write',
      kind: 'closed',
      words: 'printer not connected',
      logged: 'EIO',
    });
  } finally {
    holder.stdin.end();
    await exited;
    await transport.close();
  }
});
