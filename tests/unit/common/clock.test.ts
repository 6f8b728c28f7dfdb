// The services' clock: a pending timer of theirs (a retry, a poll) must not keep a Node process
// alive on its own, so a command-line run ends when its work does; it still fires while
// something else keeps the process running.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { systemClock } from '../../../electron/services/common/clock';

const CLOCK = pathToFileURL(join(import.meta.dirname, '../../../electron/services/common/clock.ts')).href;

/** Runs `body` in a fresh Node process with the services' clock imported; its exit and output. */
function runWithClock(body: string) {
  const child = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `import { systemClock } from ${JSON.stringify(CLOCK)};\n${body}`,
    ],
    { encoding: 'utf8', timeout: 30_000 },
  );
  return { status: child.status, signal: child.signal, out: child.stdout.trim(), err: child.stderr };
}

test('a pending timer alone does not hold the process open', () => {
  const run = runWithClock(
    `systemClock.setTimer(() => console.log('fired'), 600_000); console.log('armed');`,
  );
  assert.equal(run.signal, null, 'the process ended by itself, not killed after 30 s');
  assert.equal(run.status, 0, run.err);
  assert.equal(run.out, 'armed');
});

test('a timer fires while something else keeps the process running, and a cancelled one does not', () => {
  const run = runWithClock(
    [
      `const hold = setTimeout(() => console.log('done'), 300);`,
      `systemClock.setTimer(() => console.log('fired'), 20);`,
      `systemClock.setTimer(() => console.log('cancelled one fired'), 40).cancel();`,
    ].join('\n'),
  );
  assert.equal(run.status, 0, run.err);
  assert.deepEqual(run.out.split('\n'), ['fired', 'done']);
});

test('in this process too, a timer fires once its time is up and a cancelled one never does', async () => {
  const fired: string[] = [];
  systemClock.setTimer(() => fired.push('cancelled'), 5).cancel();
  await new Promise<void>((resolve) =>
    systemClock.setTimer(() => {
      fired.push('kept');
      resolve();
    }, 10),
  );
  await systemClock.sleep(10);
  assert.deepEqual(fired, ['kept']);
});
