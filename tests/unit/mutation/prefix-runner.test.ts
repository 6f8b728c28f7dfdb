// The mutation runner's choice of tests (tests/mutation/choice-of-tests.mjs): a test is
// never run without the tests before it in its file, and nothing a file's `before` reached is
// left out as "static"; every runner process knows what the dry run learnt; a run cut short
// does not count as a surviving mutant.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

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
  cutShort(result: { status: string; nrOfTests?: number }, testFilter: string[]): boolean;
  saveDryRunFacts(path: string, facts: DryRunFacts): void;
  loadDryRunFacts(path: string): DryRunFacts;
}
interface DryRunFacts {
  testsInOrder: Map<string, string[]>;
  msByFile: Record<string, number>;
  filterNames: Map<string, string>;
}
// Plain JavaScript of the mutation tooling: loaded by path so the type checker does not look for its types.
const modulePath = '../../mutation/choice-of-tests.mjs';
let prefixesOf: ChoiceOfTests['prefixesOf'];
let withoutStatic: ChoiceOfTests['withoutStatic'];
let filterNameOf: ChoiceOfTests['filterNameOf'];
let asFilterIds: ChoiceOfTests['asFilterIds'];
let cutShort: ChoiceOfTests['cutShort'];
let saveDryRunFacts: ChoiceOfTests['saveDryRunFacts'];
let loadDryRunFacts: ChoiceOfTests['loadDryRunFacts'];
before(async () => {
  ({ prefixesOf, withoutStatic, filterNameOf, asFilterIds, cutShort, saveDryRunFacts, loadDryRunFacts } =
    (await import(modulePath)) as ChoiceOfTests);
});
const temp = mkdtempSync(join(tmpdir(), 'paydesk-prefix-runner-'));
after(() => rmSync(temp, { recursive: true, force: true }));

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

test('a runner process that did not do the dry run reads the same facts from the shared folder', () => {
  const facts: DryRunFacts = {
    testsInOrder: order,
    msByFile: { 'a.test.ts': 120, 'b.test.ts': 4 },
    filterNames: new Map([['r.test.ts#runner cancel', 'runner > cancel']]),
  };
  const path = join(temp, 'dry-run.json');
  saveDryRunFacts(path, facts);
  const read = loadDryRunFacts(path);
  assert.deepEqual(read, facts);
  assert.deepEqual(prefixesOf(['b.test.ts#second'], read.testsInOrder), [
    'b.test.ts#first',
    'b.test.ts#second',
  ]);
  assert.throws(() => loadDryRunFacts(join(temp, 'never-written.json')), /ENOENT/);
});

test('a mutant counts as surviving only when every test asked for ran; a killed one stops at the first failure', () => {
  const asked = ['a.test.ts#one', 'a.test.ts#two', 'a.test.ts#two'];
  assert.equal(cutShort({ status: 'survived', nrOfTests: 0 }, asked), true, 'cancelled before any test');
  assert.equal(cutShort({ status: 'survived', nrOfTests: 1 }, asked), true, 'cancelled after one');
  assert.equal(cutShort({ status: 'survived', nrOfTests: 2 }, asked), false, 'both ran');
  assert.equal(cutShort({ status: 'survived', nrOfTests: 5 }, asked), false, 'the name filter matched more');
  assert.equal(cutShort({ status: 'killed', nrOfTests: 1 }, asked), false);
  assert.equal(cutShort({ status: 'timeout' }, asked), false);
});
