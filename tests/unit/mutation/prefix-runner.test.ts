// The mutation runner's choice of tests (tests/mutation/choice-of-tests.mjs): a test is
// never run without the tests before it in its file, and nothing a file's `before` reached is
// left out as "static".
import assert from 'node:assert/strict';
import { before, test } from 'node:test';

type Hits = Record<string, number>;
interface ChoiceOfTests {
  prefixesOf(reaching: string[], testsInOrder: Map<string, string[]>): string[];
  withoutStatic(
    perTest: Record<string, Hits>,
    fileStatic: Map<string, Hits>,
    testsInOrder: Map<string, string[]>,
  ): { static: Hits; perTest: Record<string, Hits> };
  filterNameOf(task: { name: string; fullTestName?: string }): string;
  asFilterIds(ids: string[], filterNames: Map<string, string>): string[];
}
// Plain JavaScript of the mutation tooling: loaded by path so the type checker does not look for its types.
const modulePath = '../../mutation/choice-of-tests.mjs';
let prefixesOf: ChoiceOfTests['prefixesOf'];
let withoutStatic: ChoiceOfTests['withoutStatic'];
let filterNameOf: ChoiceOfTests['filterNameOf'];
let asFilterIds: ChoiceOfTests['asFilterIds'];
before(async () => {
  ({ prefixesOf, withoutStatic, filterNameOf, asFilterIds } = (await import(modulePath)) as ChoiceOfTests);
});

const order = new Map([
  ['a.test.ts', ['a.test.ts#one', 'a.test.ts#two', 'a.test.ts#three', 'a.test.ts#four']],
  ['b.test.ts', ['b.test.ts#first', 'b.test.ts#second']],
]);

test('a mutant reached by a later test runs every test of that file up to it, in file order', () => {
  assert.deepEqual(prefixesOf(['a.test.ts#three'], order), [
    'a.test.ts#one',
    'a.test.ts#two',
    'a.test.ts#three',
  ]);
  assert.deepEqual(prefixesOf(['a.test.ts#one'], order), ['a.test.ts#one']);
});

test('tests from two files: each file up to its own last reaching test; later tests are not run', () => {
  assert.deepEqual(prefixesOf(['b.test.ts#first', 'a.test.ts#two', 'a.test.ts#one'], order), [
    'b.test.ts#first',
    'a.test.ts#one',
    'a.test.ts#two',
  ]);
});

test('a test the dry run did not list runs its whole file', () => {
  assert.deepEqual(prefixesOf(['b.test.ts#renamed'], order), ['b.test.ts#first', 'b.test.ts#second']);
  assert.deepEqual(prefixesOf(['c.test.ts#alone'], new Map()), ['c.test.ts#alone']);
});

test('what a file reached outside its tests is reached by each of its tests, and nothing stays static', () => {
  const coverage = withoutStatic(
    { 'a.test.ts#two': { '7': 1 }, 'b.test.ts#first': { '9': 2 } },
    new Map([['a.test.ts', { '3': 1 }]]),
    order,
  );
  assert.deepEqual(coverage.static, {});
  assert.deepEqual(coverage.perTest['a.test.ts#one'], { '3': 1 });
  assert.deepEqual(coverage.perTest['a.test.ts#two'], { '3': 1, '7': 1 });
  assert.deepEqual(coverage.perTest['a.test.ts#four'], { '3': 1 });
  assert.deepEqual(coverage.perTest['b.test.ts#first'], { '9': 2 }, 'another file’s start-up is not its');
});

test('a test inside a describe is asked for by the name Vitest filters on, not by its space-joined id', () => {
  const inDescribe = {
    name: 'cancel before the bank step',
    fullTestName: 'transaction runner > cancel before the bank step',
  };
  assert.equal(filterNameOf(inDescribe), 'transaction runner > cancel before the bank step');
  assert.equal(filterNameOf({ name: 'top level' }), 'top level');
  const names = new Map([
    ['r.test.ts#transaction runner cancel before the bank step', filterNameOf(inDescribe)],
  ]);
  assert.deepEqual(
    asFilterIds(['r.test.ts#transaction runner cancel before the bank step', 'a.test.ts#one'], names),
    ['r.test.ts#transaction runner > cancel before the bank step', 'a.test.ts#one'],
  );
});
