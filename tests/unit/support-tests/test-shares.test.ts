// How the test run shares files out to its lanes (scripts/test-shares.mjs): by time, longest first,
// each to the lane with least so far; the times of this machine's last run, else those kept in the
// repository (a fresh clone has no others), else each file's declared tests.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { estimatedTimes, splitIntoLanes } from '../../../scripts/test-shares.mjs';

test('lanes get even shares of time, longest files first, and list their files by name', () => {
  const times = { 'a.test.ts': 4, 'b.test.ts': 10, 'c.test.ts': 5, 'd.test.ts': 9 };
  assert.deepEqual(splitIntoLanes(Object.keys(times), 2, times), [
    ['a.test.ts', 'b.test.ts'],
    ['c.test.ts', 'd.test.ts'],
  ]);
  // A file never timed counts as long as the longest: new files spread out.
  assert.deepEqual(splitIntoLanes(['new.test.ts', ...Object.keys(times)], 2, times), [
    ['d.test.ts', 'new.test.ts'],
    ['a.test.ts', 'b.test.ts', 'c.test.ts'],
  ]);
});

test("this machine's times first, else the repository's, else the tests each file declares", (t) => {
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-test-shares-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  const files = [join(folder, 'one.test.ts'), join(folder, 'two.test.ts')];
  writeFileSync(files[0]!, "test('a', () => {});\ntest('b', () => {});\n");
  writeFileSync(files[1]!, "test('c', () => {});\n");
  const machine = join(folder, 'machine.json');
  const repository = join(folder, 'repository.json');
  const missing = join(folder, 'none.json');

  assert.deepEqual(estimatedTimes(files, [missing, missing]), { [files[0]!]: 2, [files[1]!]: 1 });
  writeFileSync(repository, JSON.stringify({ [files[0]!]: 300, [files[1]!]: 7000 }));
  assert.deepEqual(estimatedTimes(files, [missing, repository]), { [files[0]!]: 300, [files[1]!]: 7000 });
  // Times of other files only (another suite's) do not count as knowing these.
  writeFileSync(machine, JSON.stringify({ 'tests/other.test.ts': 5 }));
  assert.deepEqual(estimatedTimes(files, [machine, repository])[files[1]!], 7000);
  writeFileSync(machine, JSON.stringify({ [files[1]!]: 20 }));
  assert.deepEqual(estimatedTimes(files, [machine, repository]), { [files[1]!]: 20 });
});
