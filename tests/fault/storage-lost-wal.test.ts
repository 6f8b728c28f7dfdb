// Sale and receipt numbers after a crash: a child till opens sales and is SIGKILLed; then its WAL
// file is deleted (a lost WAL after a crash, or an older backup put back). The restarted till must
// notice, refuse to sell, say which sales are missing, and never hand out a number twice.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { test } from 'node:test';
import type { SaleView } from '../../shared/contract';
import { startTestTill, type TestTill } from '../support/till';

const ROOT = resolve(__dirname, '../..');
const CHILD = join(ROOT, 'tests/fault/fixtures/sales-child.ts');

const numberOf = (receipt: string) => Number(receipt.slice(1));

/**
 * Runs the child on `dataDir`. With a count it waits for a clean close; with `killAfter` it
 * SIGKILLs the child once that many sales were handed out. Returns the numbers handed out.
 */
async function runChild(dataDir: string, run: { count: number } | { killAfter: number }): Promise<number[]> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', CHILD, dataDir, String('count' in run ? run.count : 0)],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const numbers: number[] = [];
  let closed = false;
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += String(chunk)));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith('SALE ')) numbers.push(numberOf(line.slice(5)));
    if (line === 'CLOSED') closed = true;
    if ('killAfter' in run && numbers.length >= run.killAfter) child.kill('SIGKILL');
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await exited;
  clearTimeout(timer);
  if ('count' in run) assert.ok(closed && code === 0, `the child closed cleanly (code ${code}): ${stderr}`);
  else
    assert.ok(
      numbers.length >= run.killAfter,
      `the child handed out ${run.killAfter} sales within 60 s before the kill: ${stderr}`,
    );
  return numbers;
}

function tempDataDir(t: { after: (fn: () => void) => void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-lost-wal-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'data');
}

async function startLogged(dataDir: string, t: { after: (fn: () => Promise<void>) => void }) {
  const log: string[] = [];
  const line = (m: string) => log.push(m);
  const till = await startTestTill({ dataDir, logger: { info: line, warn: line, error: line } });
  let closed: Promise<void> | undefined;
  const close = () => (closed ??= till.close());
  t.after(close);
  return { till, log, close };
}

async function numbersInDatabase(till: TestTill): Promise<Set<number>> {
  const sales = await till.call('sales.recent', { limit: 200 });
  return new Set(sales.map((s) => numberOf(s.receiptNumber)));
}

async function openOneSale(till: TestTill) {
  const [product] = (await till.call('catalogue.get', {})).products;
  return till.till.dispatch('sales.open', { lines: [{ productId: product!.id, quantity: 1 }] });
}

test('kill -9 alone loses nothing: every receipt number handed out is in the database, no alarm', async (t) => {
  const dataDir = tempDataDir(t);
  const handedOut = [
    ...(await runChild(dataDir, { count: 5 })),
    ...(await runChild(dataDir, { killAfter: 30 })),
  ];
  const { till } = await startLogged(dataDir, t);
  assert.equal((await till.call('status.get', {})).storage.state, 'ok');
  const stored = await numbersInDatabase(till);
  assert.deepEqual(
    handedOut.filter((n) => !stored.has(n)),
    [],
    'rows lost: 0',
  );
  const next = await till.call('sales.open', {
    lines: [{ productId: (await till.call('catalogue.get', {})).products[0]!.id, quantity: 1 }],
  });
  assert.ok(numberOf(next.receiptNumber) > Math.max(...handedOut), 'receipt numbers reused: 0');
});

test('a WAL lost after kill -9: the till refuses to sell, names the missing sales, and never reuses a number', async (t) => {
  const dataDir = tempDataDir(t);
  // A first run closes cleanly, so its sales are in the database file itself; the second is
  // killed mid-sales, so its sales are only in the WAL file, which is then lost.
  const handedOut = [
    ...(await runChild(dataDir, { count: 20 })),
    ...(await runChild(dataDir, { killAfter: 40 })),
  ];
  const wal = join(dataDir, 'paydesk.sqlite-wal');
  assert.ok(existsSync(wal), 'the killed till left its WAL file');
  unlinkSync(wal);

  const { till, log, close } = await startLogged(dataDir, t);
  const status = (await till.call('status.get', {})).storage;
  assert.equal(status.state, 'damaged');
  const stored = await numbersInDatabase(till);
  const lost = handedOut.filter((n) => !stored.has(n));
  assert.ok(lost.length >= 40, `the killed run's sales are gone from the database (${lost.length} lost)`);
  // The report names the missing range: from just above the database's last sale to the mark.
  const range = /(\d+) sales S(\d{6}) to S(\d{6}) are missing/.exec(status.detail);
  assert.ok(range, `the top bar names the missing sales: ${status.detail}`);
  const [count, first, last] = range.slice(1).map(Number) as [number, number, number];
  assert.equal(first, Math.max(...stored) + 1);
  assert.ok(last >= Math.max(...handedOut) && count === last - first + 1);
  assert.ok(
    lost.every((n) => n >= first && n <= last),
    'every lost receipt is in the reported range',
  );
  t.diagnostic(
    `handed out ${handedOut.length}, in the database after the lost WAL ${stored.size}, lost ${lost.length}, reported missing ${count}`,
  );
  assert.ok(log.some((l) => l.includes('SALES MISSING') && l.includes('accepts the gap')));

  const refused = await openOneSale(till);
  assert.equal(refused.ok, false, 'no sale is opened on a till that lost sales');
  if (!refused.ok) {
    assert.equal(refused.error.code, 'storage');
    assert.match(refused.error.message, /A new sale cannot start.*missing.*restore the latest backup/);
    assert.doesNotMatch(refused.error.message, /SQLITE|WAL|Error|\.json/);
  }
  assert.equal((await numbersInDatabase(till)).size, stored.size, 'nothing was numbered');
  // Whoever looks after the till (no staff set up here) accepts the loss on the Backups screen.
  const accepted = await till.till.dispatch('backup.acceptMissingSales', { pin: '2468' });
  assert.ok(accepted.ok, 'the loss is accepted');
  await close();

  // After a restart selling resumes above every number handed out, without asking again.
  const { till: resumed } = await startLogged(dataDir, t);
  assert.equal((await resumed.call('status.get', {})).storage.state, 'ok');
  const next = await openOneSale(resumed);
  assert.ok(next.ok, 'selling resumes once the loss is accepted');
  if (next.ok) {
    const { receiptNumber } = next.value as SaleView;
    assert.ok(numberOf(receiptNumber) > Math.max(...handedOut), 'receipt numbers reused: 0');
    assert.equal(numberOf(receiptNumber), last + 1);
    t.diagnostic(`first number after the accepted loss: ${receiptNumber}; receipt numbers reused: 0`);
  }
});
