// scripts/with-keyring.sh: a keyring daemon that leaves the bus must not hang the run. Each test
// starts a session of its own (never the one the suite may run in: one of them kills its
// keyring daemon), with its own temporary folder to show the script leaves nothing behind.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitUntil } from '../support/wait';

const root = join(import.meta.dirname, '../..');
const required = process.env.PAYDESK_KEYRING === '1';
const tools = ['dbus-run-session', 'dbus-daemon', 'dbus-send', 'gnome-keyring-daemon'];
const missing = tools.filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);

/** Skips without the tools, or fails when CI requires a keychain. */
function toolsOrSkip(t: TestContext): boolean {
  if (missing.length === 0) return true;
  const reason = `missing ${missing.join(', ')}`;
  if (required) assert.fail(`PAYDESK_KEYRING=1 but ${reason}`);
  t.skip(`${reason} (Debian: apt-get install dbus gnome-keyring)`);
  return false;
}

interface Finished {
  status: number | null;
  stdout: string;
  stderr: string;
  /** The temporary folder the script ran with (removed by the caller's `finally`). */
  tmp: string;
}

/** Runs `bash scripts/with-keyring.sh ...command` in a fresh session; a hang is killed and fails. */
async function inOwnSession(command: string[], limitMs = 60_000): Promise<Finished> {
  const tmp = mkdtempSync(join(tmpdir(), 'paydesk-with-keyring-'));
  const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: tmp };
  for (const name of [
    'PAYDESK_KEYRING_SESSION',
    'PAYDESK_KEYRING',
    'PAYDESK_KEYRING_WATCH_PID',
    'DBUS_SESSION_BUS_ADDRESS',
  ])
    delete env[name];
  // Its own process group, so a hang can be ended with everything it started.
  const child = spawn('bash', ['scripts/with-keyring.sh', ...command], { cwd: root, env, detached: true });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let hung = false;
  const timer = setTimeout(() => {
    hung = true;
    process.kill(-child.pid!, 'SIGKILL');
  }, limitMs);
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  if (hung) {
    rmSync(tmp, { recursive: true, force: true });
    assert.fail(`with-keyring.sh ${command.join(' ')} hung for ${limitMs} ms; its errors:\n${stderr}`);
  }
  return { status, stdout, stderr, tmp };
}

/** Gone, or a zombie nobody reaped yet: either way no longer running. */
function ended(pid: number): boolean {
  if (!existsSync(`/proc/${pid}`)) return true;
  try {
    return /^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

test('with-keyring: a killed keyring daemon is started again, unlocked, and no keychain call hangs meanwhile', async (t) => {
  if (!toolsOrSkip(t)) return;
  const run = await inOwnSession([
    process.execPath,
    '--import',
    'tsx',
    'tests/fault/fixtures/keyring-restart-child.ts',
  ]);
  try {
    assert.equal(run.status, 0, `the child failed:\n${run.stderr}`);
    const report = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '') as {
      activatable: string[];
      killed: number;
      restarted: number | null;
      recoveredAfterMs: number | null;
      attempts: { ms: number; outcome: string }[];
      afterwards: string;
    };
    const story = JSON.stringify(report, null, 2);
    // Nothing is started on demand, so no locked keyring can appear in the killed one's place.
    assert.deepEqual(report.activatable, ['org.freedesktop.DBus'], story);
    assert.ok(report.recoveredAfterMs !== null && report.recoveredAfterMs < 10_000, story);
    assert.ok(report.restarted !== null && report.restarted !== report.killed, story);
    for (const a of report.attempts) assert.doesNotMatch(a.outcome, /gave up/, story);
    assert.equal(report.afterwards, 'read "new", forgot true', story);
    assert.match(run.stderr, /the keyring left the D-Bus session; starting it again/);
  } finally {
    rmSync(run.tmp, { recursive: true, force: true });
  }
});

test("with-keyring: exits with the command's status, ends its watch and its keyring, and deletes its folder", async (t) => {
  if (!toolsOrSkip(t)) return;
  const run = await inOwnSession([
    'sh',
    '-c',
    'echo "$PAYDESK_KEYRING_WATCH_PID"; dbus-send --session --print-reply --dest=org.freedesktop.DBus / ' +
      'org.freedesktop.DBus.GetConnectionUnixProcessID string:org.freedesktop.secrets; exit 7',
  ]);
  try {
    assert.equal(run.status, 7, run.stderr);
    const watch = Number(run.stdout.split('\n')[0]);
    const keyring = Number(/uint32 (\d+)/.exec(run.stdout)?.[1]);
    assert.ok(watch > 0 && keyring > 0, run.stdout);
    await waitUntil(() => ended(watch), `the keyring watch (pid ${watch}) to end`, 5_000);
    await waitUntil(() => ended(keyring), `the session's keyring daemon (pid ${keyring}) to end`, 5_000);
    assert.deepEqual(readdirSync(run.tmp), [], 'the scratch folder is deleted');
  } finally {
    rmSync(run.tmp, { recursive: true, force: true });
  }
});
