// The survivor log: a surviving or unreached mutant becomes one line naming where it is and what
// it changed (1-based column, as an editor shows it); a killed one writes nothing.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';

// Plain JavaScript of the mutation tooling: loaded by path so the type checker does not look for its types.
const pluginPath = '../../mutation/survivor-log.mjs';
let survivorLine: (result: unknown, root: string) => string | null;
before(async () => {
  ({ survivorLine } = (await import(pluginPath)) as { survivorLine: typeof survivorLine });
});

const result = (status: string) => ({
  status,
  fileName: join('/shop', 'electron', 'services', 'sales', 'checkout.ts'),
  location: { start: { line: 80, column: 12 }, end: { line: 80, column: 30 } },
  mutatorName: 'ConditionalExpression',
  replacement: 'true',
});

test('a survivor is one line with its file from the project root, its line and column, and its change', () => {
  assert.deepEqual(JSON.parse(survivorLine(result('Survived'), '/shop')!), {
    file: 'electron/services/sales/checkout.ts',
    line: 80,
    column: 13,
    mutator: 'ConditionalExpression',
    replacement: 'true',
    status: 'Survived',
  });
  assert.equal(JSON.parse(survivorLine(result('NoCoverage'), '/shop')!).status, 'NoCoverage');
});

test('a killed, timed-out or ignored mutant writes nothing', () => {
  for (const status of ['Killed', 'Timeout', 'Ignored', 'CompileError'])
    assert.equal(survivorLine(result(status), '/shop'), null);
});
