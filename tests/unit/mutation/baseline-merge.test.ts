// `npm run mutate` keeps one baseline of every mutant run so far (scripts/mutate.mjs): a run over
// some files replaces their results and keeps the others', and tests are known by name, since
// every run numbers them afresh.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';

interface Mutant {
  id: string;
  status: string;
  coveredBy?: string[];
  killedBy?: string[];
}
interface Report {
  files: Record<string, { mutants: Mutant[] }>;
  testFiles: Record<string, { tests: Array<{ id: string; name: string }> }>;
}
// A plain-JavaScript script: loaded by path so the type checker does not look for its types.
const scriptPath = '../../../scripts/mutate.mjs';
let mergeReports: (earlier: Report | null, latest: Report) => Report;
let forCommit: (report: Report & { projectRoot?: string }) => Report & { projectRoot?: string };
before(async () => {
  ({ mergeReports, forCommit } = (await import(scriptPath)) as {
    mergeReports: typeof mergeReports;
    forCommit: typeof forCommit;
  });
});

const testFiles = (names: string[]): Report['testFiles'] =>
  Object.fromEntries(names.map((name, i) => [name, { tests: [{ id: String(i), name }] }]));

test("a run over one file replaces that file's results and keeps the others'", () => {
  const earlier: Report = {
    files: {
      'electron/services/sales/a.ts': { mutants: [{ id: '1', status: 'Survived', coveredBy: ['0'] }] },
      'electron/services/printing/spool.ts': {
        mutants: [{ id: '2', status: 'Killed', coveredBy: ['0', '1'], killedBy: ['1'] }],
      },
    },
    testFiles: testFiles(['tests/unit/sales/a.test.ts', 'tests/unit/printing/spool.test.ts']),
  };
  // The next run numbers the same tests the other way round.
  const latest: Report = {
    files: {
      'electron/services/sales/a.ts': {
        mutants: [{ id: '1', status: 'Killed', coveredBy: ['0', '1'], killedBy: ['1'] }],
      },
    },
    testFiles: testFiles(['tests/unit/printing/spool.test.ts', 'tests/unit/sales/a.test.ts']),
  };
  const merged = mergeReports(earlier, latest);
  assert.deepEqual(Object.keys(merged.files).sort(), [
    'electron/services/printing/spool.ts',
    'electron/services/sales/a.ts',
  ]);
  assert.deepEqual(merged.files['electron/services/sales/a.ts']!.mutants[0], {
    id: '1',
    status: 'Killed',
    coveredBy: ['tests/unit/printing/spool.test.ts', 'tests/unit/sales/a.test.ts'],
    killedBy: ['tests/unit/sales/a.test.ts'],
  });
  assert.deepEqual(merged.files['electron/services/printing/spool.ts']!.mutants[0]!.killedBy, [
    'tests/unit/printing/spool.test.ts',
  ]);
  assert.deepEqual(merged.testFiles['tests/unit/sales/a.test.ts']!.tests, [
    { id: 'tests/unit/sales/a.test.ts', name: 'tests/unit/sales/a.test.ts' },
  ]);
});

test('the first run is the baseline as it is, with tests known by name', () => {
  const only: Report = {
    files: { 'x.ts': { mutants: [{ id: '7', status: 'Killed', killedBy: ['0'] }] } },
    testFiles: testFiles(['tests/unit/x.test.ts']),
  };
  assert.deepEqual(mergeReports(null, only).files['x.ts']!.mutants[0]!.killedBy, ['tests/unit/x.test.ts']);
});

test("the committed baseline carries no machine's paths: no project folder, no stack traces", () => {
  const report = {
    projectRoot: '/home/someone/paydesk',
    files: {
      'x.ts': {
        mutants: [
          {
            id: '1',
            status: 'Killed',
            statusReason: 'at /home/someone/paydesk/.stryker-tmp/x.ts:3',
            killedBy: ['t'],
          },
        ],
      },
    },
    testFiles: testFiles(['t']),
  };
  const committed = forCommit(report);
  assert.equal(committed.projectRoot, '.');
  assert.deepEqual(committed.files['x.ts']!.mutants[0], { id: '1', status: 'Killed', killedBy: ['t'] });
  assert.ok(!JSON.stringify(committed).includes('/home/someone'));
});

test('a stopped run keeps the earlier results of the mutants it did not reach, while the source is the same', () => {
  const at = (line: number) => ({ start: { line, column: 1 }, end: { line, column: 9 } });
  const mutant = (id: string, line: number, status: string) => ({
    id,
    status,
    mutatorName: 'ConditionalExpression',
    replacement: 'true',
    location: at(line),
  });
  const earlier = {
    files: {
      'electron/services/sales/a.ts': {
        source: 'const a = 1;',
        mutants: [mutant('1', 1, 'Survived'), mutant('2', 2, 'Killed'), mutant('3', 3, 'Killed')],
      },
    },
    testFiles: {},
  };
  const stopped = {
    files: {
      'electron/services/sales/a.ts': { source: 'const a = 1;', mutants: [mutant('2', 1, 'Killed')] },
    },
    testFiles: {},
  };
  const merged = mergeReports(earlier as unknown as Report, stopped as unknown as Report);
  const statuses = (report: Report) =>
    (
      report.files['electron/services/sales/a.ts']!.mutants as Array<
        Mutant & { location: ReturnType<typeof at> }
      >
    ).map((m) => `${m.id} line ${m.location.start.line} ${m.status}`);
  assert.deepEqual(statuses(merged), ['2 line 1 Killed', '2-earlier line 2 Killed', '3 line 3 Killed']);

  const changed = {
    files: {
      'electron/services/sales/a.ts': { source: 'const a = 2;', mutants: [mutant('1', 1, 'Killed')] },
    },
    testFiles: {},
  };
  assert.deepEqual(statuses(mergeReports(earlier as unknown as Report, changed as unknown as Report)), [
    '1 line 1 Killed',
  ]);
});
