// The till is killed (SIGKILL) while a receipt is being sent. On the next start the job must be
// 'uncertain', nothing may be resent on its own, and a reprint must say DUPLICATE.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createHarness, networkPrinter } from '../unit/printing/spool-harness';
import { decodeEscPos } from '../unit/printing/escpos-decoder';

test('SIGKILL mid-send: uncertain after restart, never resent, reprint is a DUPLICATE', async () => {
  const h = await createHarness({
    printers: (emulator) => [networkPrinter(emulator, { profile: 'epson-tm' })],
  });
  try {
    // The service from the harness must not touch the printer while the child owns the job.
    await h.service.close();
    h.db.close();
    // A printer that takes the job and then hangs: no ack, no status.
    h.emulator.setBehaviour({ silentOnData: true });

    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(import.meta.dirname, 'fixtures', 'spool-child.ts'),
        h.dbPath,
        String(h.emulator.port),
        'sale-77',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    );
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`child never reached 'sending': ${output} ${errors}`)),
        20_000,
      );
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('JOB sale-77 sending')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    // Kill once the printer has the whole job (up to its print-finished request).
    await h.emulator.waitUntil(
      () => h.emulator.received().includes(Buffer.from([0x1d, 0x28, 0x48])),
      10_000,
      'the job',
    );
    child.kill('SIGKILL');
    assert.equal(await exited, 'SIGKILL');
    assert.ok(!output.includes('printed'), 'the child must not have finished the job');
    const bytesBeforeRestart = h.emulator.received().length;
    assert.equal(h.emulator.jobs().length, 1, 'the printer holds the one job');

    // The printer is fine again; a fresh service opens the same database.
    h.emulator.setBehaviour({});
    h.emulator.setState('ready');
    const service = await h.restart();
    const [job] = await service.listJobs();
    assert.equal(job!.id, 'sale-77');
    assert.equal(job!.state, 'uncertain');
    assert.equal(job!.reason, 'interrupted_by_restart');
    assert.equal(job!.needsCheck, true);
    assert.equal((await service.status()).find((p) => p.printerId === 'counter')!.uncertain, 1);
    // Several poll intervals pass: nothing is sent on its own.
    await h.pass(400);
    assert.equal(h.emulator.received().length, bytesBeforeRestart);
    assert.equal((await service.listJobs())[0]!.state, 'uncertain');

    // The cashier decides to reprint.
    const copy = await service.reprint('sale-77');
    await h.waitForJob(copy.id, (j) => j.state === 'printed');
    const jobs = h.emulator.jobs();
    assert.equal(jobs.length, 2);
    const reprinted = decodeEscPos(jobs[1]!).lines.map((l) => l.text);
    assert.ok(reprinted.some((t) => t.includes('DUPLICATE')));
    assert.ok(reprinted.includes('Receipt sale-77'));
    assert.ok(!decodeEscPos(jobs[0]!).lines.some((l) => l.text.includes('DUPLICATE')));
    const original = (await service.listJobs()).find((j) => j.id === 'sale-77')!;
    assert.equal(original.reason, 'reprinted');
    assert.equal((await service.status()).find((p) => p.printerId === 'counter')!.uncertain, 0);
  } finally {
    await h.close();
  }
});
