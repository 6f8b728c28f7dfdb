// Crash tests for card payments: a child process runs a sale and is SIGKILLed at five points;
// a new runner on the same database file resumes. Every sale must reach its true outcome (or
// `unknown` when no id came back) with exactly one start request at the card machine.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { test } from 'node:test';
import {
  startPayAtCounterSandbox,
  type PayAtCounterSandbox,
} from '../../electron/sandbox/pay-at-counter/server';
import { PaymentJournal } from '../../electron/services/payments/journal';
import { PayAtCounterClient } from '../../electron/services/payments/pay-at-counter-client';
import {
  createPaymentService,
  type PaymentEvent,
  type PaymentService,
} from '../../electron/services/payments/transaction-runner';
import { ManualClock } from '../support/manual-clock';
import { waitUntil } from '../support/wait';
import { driveClock, openPaymentsDatabase, settledWithin, tempDir } from '../unit/payments/support';

const ROOT = resolve(__dirname, '../..');
const CHILD = join(ROOT, 'tests/fault/fixtures/payments-child.ts');
const TERMINAL = '22900001';
const SPEED = 10;

interface Crash {
  sandbox: PayAtCounterSandbox;
  dbFile: string;
  lines: string[];
  /** The payment id the child wrote its intent under. */
  paymentId: string;
  startsAtCrash: number;
}

/** Runs the child until `killWhen` holds, then SIGKILLs it. */
async function crashChild(
  phase: string,
  killWhen: (lines: string[], sandbox: PayAtCounterSandbox) => boolean,
  prepare?: (s: PayAtCounterSandbox) => void,
): Promise<Crash & { cleanup(): Promise<void> }> {
  const sandbox = await startPayAtCounterSandbox({ speed: SPEED });
  prepare?.(sandbox);
  const temp = tempDir();
  const dbFile = join(temp.dir, 'till.db');
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dbFile, sandbox.url, phase], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += String(chunk)));
  createInterface({ input: child.stdout }).on('line', (line) => lines.push(line));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const deadline = Date.now() + 30_000;
  while (!killWhen(lines, sandbox)) {
    if (child.exitCode !== null) assert.fail(`child exited early: ${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      assert.fail(`phase ${phase}: kill point never reached; lines=${lines.join(' | ')} stderr=${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  child.kill('SIGKILL');
  await exited;
  const intent = lines.find((l) => l.startsWith('INTENT '));
  assert.ok(intent, `the child wrote an intent: ${lines.join(' | ')}`);
  return {
    sandbox,
    dbFile,
    lines,
    paymentId: intent.split(' ')[1]!,
    startsAtCrash: sandbox.stats().startRequests,
    async cleanup() {
      await sandbox.close();
      temp.cleanup();
    },
  };
}

/**
 * A fresh runner on the crashed child's database file, like the till after a restart. Its clock
 * runs fast (the child's ran in real time), so its reads and terminal watch cost little waiting.
 */
function restart(crash: Crash) {
  const db = openPaymentsDatabase(crash.dbFile);
  const client = new PayAtCounterClient({
    baseUrl: crash.sandbox.baseUrl,
    credentials: async () => ({ username: crash.sandbox.username, password: crash.sandbox.password }),
  });
  const clock = new ManualClock(Date.now());
  const driver = driveClock(clock);
  const service = createPaymentService({ client, db, clock });
  const events: PaymentEvent[] = [];
  service.onEvent((e) => events.push(e));
  return {
    service,
    events,
    journal: new PaymentJournal(db),
    async close() {
      await service.close();
      await driver.stop();
      db.close();
    },
  };
}

function onlyRow(journal: PaymentJournal, paymentId: string) {
  const rows = journal.list(10);
  assert.equal(rows.length, 1, 'no journal row lost or added');
  assert.equal(rows[0]!.id, paymentId);
  return rows[0]!;
}

async function settle(service: PaymentService, id: string) {
  return settledWithin(service, id, 20_000);
}

test('(a) killed before the start request: marked not sent, nothing reached the machine', async () => {
  const crash = await crashChild('before-start', (lines) => lines.some((l) => l.startsWith('INTENT ')));
  const till = restart(crash);
  try {
    assert.equal(onlyRow(till.journal, crash.paymentId).state, 'intent');
    const resumed = await till.service.resumeAll();
    assert.deepEqual(resumed, [{ paymentId: crash.paymentId, state: 'failed_to_start' }]);
    assert.equal(till.service.getPayment(crash.paymentId)?.successful, false);
    assert.equal(crash.sandbox.stats().startRequests, 0);
    assert.equal((await settle(till.service, crash.paymentId)).state, 'failed_to_start');
  } finally {
    await till.close();
    await crash.cleanup();
  }
});

test('(b) killed after the start reached the machine but before its answer: unknown, never resent', async () => {
  const crash = await crashChild(
    'in-flight',
    (_lines, sandbox) => sandbox.stats().startRequests === 1,
    (sandbox) => sandbox.control({ delayNextStartResponseMs: 30_000 }),
  );
  const till = restart(crash);
  try {
    assert.equal(onlyRow(till.journal, crash.paymentId).state, 'starting');
    const resumed = await till.service.resumeAll();
    assert.deepEqual(resumed, [{ paymentId: crash.paymentId, state: 'unknown' }]);
    // The machine really ran it; the till waits until the machine is free again.
    await waitUntil(
      () => till.events.find((e) => e.type === 'unknown' && e.terminalStatus === 'AVAILABLE'),
      'terminal available',
      20_000,
    );
    assert.equal(crash.sandbox.stats().startRequests, 1, 'exactly one start request');
    const duplicate = await till.service.requestDuplicate(TERMINAL);
    assert.equal(duplicate.result, 'SUCCESSFUL');
    assert.equal(duplicate.record?.amountBase, 1000);
    const resolved = till.service.resolveUnknown(crash.paymentId, {
      outcome: 'paid',
      note: 'duplicate slip approved',
    });
    assert.equal(resolved.successful, true);
    assert.deepEqual(await till.service.resumeAll(), []);
  } finally {
    await till.close();
    await crash.cleanup();
  }
});

test('(c) killed while polling: the same transaction is read to its end', async () => {
  const crash = await crashChild('polling', (lines) => lines.some((l) => l.startsWith('PROGRESS ')));
  const till = restart(crash);
  try {
    const row = onlyRow(till.journal, crash.paymentId);
    assert.ok(['started', 'pending'].includes(row.state), row.state);
    assert.ok(row.transactionId);
    await till.service.resumeAll();
    const done = await settle(till.service, crash.paymentId);
    assert.equal(done.result, 'SUCCESSFUL');
    assert.equal(done.transactionId, row.transactionId);
    assert.equal(crash.sandbox.stats().startRequests, 1);
    assert.ok(done.notifications.some((n) => n.code === 'PRESENT_CARD'));
  } finally {
    await till.close();
    await crash.cleanup();
  }
});

test('(d) killed while waiting for a signature: asked again after restart, answer applied', async () => {
  const crash = await crashChild('signature', (lines) => lines.some((l) => l.startsWith('SIGNATURE ')));
  const till = restart(crash);
  try {
    const row = onlyRow(till.journal, crash.paymentId);
    const seenBefore = row.notifications.find((n) => n.code === 'SIGNATURE_VERIFICATION');
    assert.ok(seenBefore, 'the signature notification was journaled before the crash');
    await till.service.resumeAll();
    const ask = await waitUntil(
      () => till.events.find((e) => e.type === 'signature_required'),
      'signature request after restart',
      20_000,
    );
    assert.equal(ask.type === 'signature_required' && ask.deadline, seenBefore.seenAt + 80_000);
    await till.service.answerSignature(crash.paymentId, true);
    const done = await settle(till.service, crash.paymentId);
    assert.equal(done.result, 'SUCCESSFUL');
    assert.equal(crash.sandbox.stats().startRequests, 1);
  } finally {
    await till.close();
    await crash.cleanup();
  }
});

test('(e) killed just after finish: the saved result stands, nothing is re-run', async () => {
  const crash = await crashChild('finished', (lines) => lines.some((l) => l.startsWith('FINISHED ')));
  const till = restart(crash);
  try {
    const row = onlyRow(till.journal, crash.paymentId);
    assert.equal(row.state, 'finished');
    assert.equal(row.result, 'SUCCESSFUL');
    assert.ok(row.receipts && row.receipts.CUSTOMER.length > 0);
    assert.deepEqual(await till.service.resumeAll(), []);
    assert.equal(till.service.getPayment(crash.paymentId)?.successful, true);
    assert.equal(crash.sandbox.stats().startRequests, 1);
  } finally {
    await till.close();
    await crash.cleanup();
  }
});
