// The renderer's size budgets (scripts/bundle-budget.mjs): the start bundle is the entry and what
// it imports statically, recursively, never what it imports on demand; every other chunk has its
// own limit; a size exactly at a budget passes and one byte more fails, with the file named.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;
interface Budgets {
  start: number;
  chunk: number;
  own: Record<string, number>;
}
interface Result {
  start: Array<{ file: string; gzip: number }>;
  startGzip: number;
  later: Array<{ file: string; gzip: number; budgetKiB: number }>;
  problems: string[];
}

// A plain-JavaScript script: loaded by path so the type checker does not look for its types.
const scriptPath = '../../../scripts/bundle-budget.mjs';
let checkBudgets: (manifest: Manifest, gzipSize: (file: string) => number, budgets?: Budgets) => Result;
let startKeys: (manifest: Manifest) => Set<string>;
let librariesAtStart: (
  manifest: Manifest,
  read: (file: string) => string,
  notAtStart?: Record<string, string>,
) => string[];
before(async () => {
  ({ checkBudgets, startKeys, librariesAtStart } = (await import(scriptPath)) as {
    checkBudgets: typeof checkBudgets;
    startKeys: typeof startKeys;
    librariesAtStart: typeof librariesAtStart;
  });
});

const KIB = 1024;
const budgets: Budgets = { start: 10, chunk: 4, own: { chart: 6 } };

/** index.html → app → react at start; the settings screen (with its form) and the chart on demand. */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_app.js'],
    dynamicImports: ['settings'],
  },
  '_app.js': { file: 'assets/app.js', imports: ['_react.js'], dynamicImports: ['chart'] },
  '_react.js': { file: 'assets/react.js' },
  settings: { file: 'assets/settings.js', isDynamicEntry: true, imports: ['_react.js', '_form.js'] },
  '_form.js': { file: 'assets/form.js' },
  chart: { file: 'assets/chart.js', isDynamicEntry: true },
};

function sized(sizes: Record<string, number>) {
  return (file: string) => {
    const size = sizes[file];
    if (size === undefined) throw new Error(`no size for ${file}`);
    return size;
  };
}

// At the budgets: start 4 + 3 + 3 = 10 KiB, settings and form 4 KiB, the chart its own 6 KiB.
const atBudget = {
  'assets/index.js': 4 * KIB,
  'assets/app.js': 3 * KIB,
  'assets/react.js': 3 * KIB,
  'assets/settings.js': 4 * KIB,
  'assets/form.js': 4 * KIB,
  'assets/chart.js': 6 * KIB,
};

test('the start bundle is the entry and its static imports, recursively; nothing loaded on demand', () => {
  assert.deepEqual([...startKeys(manifest)].sort(), ['_app.js', '_react.js', 'index.html']);
  const result = checkBudgets(manifest, sized(atBudget), budgets);
  assert.deepEqual(result.start.map((c) => c.file).sort(), [
    'assets/app.js',
    'assets/index.js',
    'assets/react.js',
  ]);
  assert.equal(result.startGzip, 10 * KIB);
  // react.js is imported by a screen too: it is start, counted once, never a later chunk.
  assert.deepEqual(result.later.map((c) => c.file).sort(), [
    'assets/chart.js',
    'assets/form.js',
    'assets/settings.js',
  ]);
});

test('exactly at every budget passes', () => {
  assert.deepEqual(checkBudgets(manifest, sized(atBudget), budgets).problems, []);
});

test('one byte over the start budget fails, naming the total and its largest file', () => {
  const { problems } = checkBudgets(
    manifest,
    sized({ ...atBudget, 'assets/react.js': 3 * KIB + 1 }),
    budgets,
  );
  assert.equal(problems.length, 1);
  assert.match(problems[0]!, /start bundle is 10\.0 KiB gzip, over its 10 KiB budget/);
  assert.match(problems[0]!, /the largest, assets\/index\.js, is 4\.0 KiB/);
});

test('one byte over a chunk budget fails, naming the file and its size; a chunk with its own budget uses it', () => {
  const over = { ...atBudget, 'assets/form.js': 4 * KIB + 1, 'assets/chart.js': 6 * KIB + 1 };
  assert.deepEqual(checkBudgets(manifest, sized(over), budgets).problems, [
    'assets/form.js is 4.0 KiB gzip, over its 4 KiB budget',
    'assets/chart.js is 6.0 KiB gzip, over its 6 KiB budget',
  ]);
  // 5 KiB is over the general chunk budget but within the chart's own.
  const chartOnly = { ...atBudget, 'assets/chart.js': 5 * KIB };
  assert.deepEqual(checkBudgets(manifest, sized(chartOnly), budgets).problems, []);
});

/** The files' texts: zod only in the settings screen and its form, both loaded on demand. */
const zodOnDemand: Record<string, string> = {
  'assets/index.js': 'app',
  'assets/app.js': 'app',
  'assets/react.js': 'react',
  'assets/settings.js': 'class $ZodType {}',
  'assets/form.js': 'class $ZodType {}',
  'assets/chart.js': 'chart',
};

test('a library kept out of the start is found in any start file, never in a screen loaded later', () => {
  const texts = { ...zodOnDemand };
  const read = (file: string) => texts[file]!;
  assert.deepEqual(librariesAtStart(manifest, read), []);
  texts['assets/react.js'] = 'react; class $ZodType {}';
  assert.deepEqual(librariesAtStart(manifest, read), [
    'zod loads at start (in assets/react.js): load it on demand',
  ]);
});

test('the shop’s words are read before the first render: a library they import counts as at start', () => {
  // The English and German catalogues are loaded on demand; the English imports a shared chunk.
  const withWords: Manifest = {
    ...manifest,
    'src/i18n/en/index.ts': { file: 'assets/en.js', isDynamicEntry: true, imports: ['_shared.js'] },
    'src/i18n/de/index.ts': { file: 'assets/de.js', isDynamicEntry: true },
    '_shared.js': { file: 'assets/shared.js' },
  };
  const texts: Record<string, string> = {
    ...zodOnDemand,
    'assets/en.js': 'words',
    'assets/de.js': 'Wörter',
    'assets/shared.js': 'table',
  };
  const read = (file: string) => texts[file]!;
  assert.deepEqual(librariesAtStart(withWords, read), []);
  texts['assets/shared.js'] = 'table; class $ZodType {}';
  assert.deepEqual(librariesAtStart(withWords, read), [
    'zod loads at start (in assets/shared.js): load it on demand',
  ]);
  // The words are not part of the start bundle's size: they have a chunk's budget of their own.
  assert.equal(startKeys(withWords).has('src/i18n/en/index.ts'), false);
});

test('the command reads a real build folder: gzip sizes of the files, exit 1 and one line per breach', () => {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-budget-'));
  try {
    mkdirSync(join(dir, '.vite'));
    mkdirSync(join(dir, 'assets'));
    const small = Buffer.alloc(50 * KIB, 'a'); // compresses to well under 1 KiB
    const noisy = randomBytes(45 * KIB); // does not compress: 45 KiB gzip, over the 40 KiB budget
    writeFileSync(join(dir, 'assets', 'index.js'), small);
    writeFileSync(join(dir, 'assets', 'screen.js'), noisy);
    writeFileSync(
      join(dir, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index.js', isEntry: true, dynamicImports: ['screen'] },
        screen: { file: 'assets/screen.js', isDynamicEntry: true },
      }),
    );
    const gzipped = (gzipSync(noisy, { level: 9 }).length / KIB).toFixed(1);
    const run = spawnSync(process.execPath, ['scripts/bundle-budget.mjs', dir], { encoding: 'utf8' });
    assert.equal(run.status, 1, run.stdout + run.stderr);
    assert.equal(
      run.stderr.trim(),
      `bundle budget: assets/screen.js is ${gzipped} KiB gzip, over its 40 KiB budget`,
    );

    writeFileSync(join(dir, 'assets', 'screen.js'), small);
    const fine = spawnSync(process.execPath, ['scripts/bundle-budget.mjs', dir], { encoding: 'utf8' });
    assert.equal(fine.status, 0, fine.stdout + fine.stderr);
    assert.equal(fine.stderr, '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
