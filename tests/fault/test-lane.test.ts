// A lane of the test run (scripts/test-lane.mjs with scripts/test-lane-hook.cjs): once its files
// are loaded the runner no longer follows every promise to its test, and what that could make go
// wrong quietly is made loud. A file's top-level hooks stay its own; a test or hook made with the
// module's functions while tests run is refused in words; a stray error fails the lane and names
// the test running when it came.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const FIRST = `
import { after, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
export let firstHooks = 0;
beforeEach(() => { firstHooks++; });
test('counts its own hook', () => { assert.equal(firstHooks, 1); });
test('an after() from the module inside a test', () => { after(() => {}); });
test('a timer that throws', async () => {
  setTimeout(() => { throw new Error('thrown from a timer'); }, 1);
  await new Promise((resolve) => setTimeout(resolve, 50));
});
`;
const SECOND = `
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstHooks } from './first.test';
test('the other file has no share of the first file hooks', () => { assert.equal(firstHooks, 3); });
test('t.after inside a test works', (t) => { t.after(() => {}); });
`;

function runLane(files: string[], preload: boolean) {
  const args = [
    ...(preload ? ['--require', './scripts/test-lane-hook.cjs'] : []),
    '--import',
    'tsx',
    '--test',
    '--test-force-exit',
    '--test-reporter=spec',
    '--experimental-test-isolation=none',
    'scripts/test-lane.mjs',
  ];
  // Not as a child of this test's runner, which would have it report in its own wire format.
  const { NODE_TEST_CONTEXT: _child, ...env } = process.env;
  const run = spawnSync(process.execPath, args, {
    env: { ...env, PAYDESK_TEST_FILES: JSON.stringify(files) },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

test('a lane keeps each file its hooks, refuses module-made hooks in words, and names a stray error', (t) => {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-test-lane-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  writeFileSync(join(folder, 'first.test.ts'), FIRST);
  writeFileSync(join(folder, 'second.test.ts'), SECOND);
  const files = [join(folder, 'first.test.ts'), join(folder, 'second.test.ts')];

  const lane = runLane(files, true);
  assert.equal(lane.status, 1, lane.output);
  assert.match(lane.output, /✔ counts its own hook/);
  assert.match(lane.output, /✔ the other file has no share of the first file hooks/);
  assert.match(lane.output, /✔ t\.after inside a test works/);
  assert.match(lane.output, /✖ an after\(\) from the module inside a test/);
  assert.match(
    lane.output,
    /after\(\) from 'node:test' was called while tests run; inside a test use its context/,
  );
  assert.match(
    lane.output,
    /A stray error came while ".*first\.test\.ts > a timer that throws" ran:\nError: thrown from a timer/,
  );

  // Without the preload the runner keeps its hook and the module's after() still works there.
  const followed = runLane(files, false);
  assert.match(followed.output, /✔ an after\(\) from the module inside a test/);
  assert.match(followed.output, /✔ the other file has no share of the first file hooks/);
});
