// The renderer's size budgets, checked after `electron-vite build` (scripts/test.mjs): the start
// bundle (the entry chunk and everything it imports statically, what index.html loads before the
// till can show anything) and every chunk loaded later (a screen, a language, a library only a
// screen uses). Sizes are gzip level 9, as `npm run bench` measures them. Why these numbers:
// docs/decisions.md, "What loads at start".
// `node scripts/bundle-budget.mjs [out/renderer]`: one line per chunk over its budget, exit 1.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const KIB = 1024;

/** The budgets in KiB gzip. A chunk named in `own` has its own budget instead of `chunk`. */
export const BUDGETS = {
  start: 150,
  chunk: 40,
  own: {},
};

/** The manifest keys of the start bundle: each entry and, recursively, what it imports statically. */
export function startKeys(manifest) {
  return withStaticImports(manifest, (key, chunk) => chunk.isEntry);
}

/**
 * The shop's words: one catalogue per language, read on demand, but the shop's own before the
 * first render (renderer/src/main.tsx), so what it imports loads at start too.
 */
const WORDS_CATALOGUE = /(^|\/)i18n\/[a-z]{2}\/index\.ts$/;

/** What loads before the first render: the start bundle, and the words with what they import. */
export function firstRenderKeys(manifest) {
  return withStaticImports(manifest, (key, chunk) => chunk.isEntry || WORDS_CATALOGUE.test(key));
}

/** The manifest keys for which `isRoot` holds and, recursively, what they import statically. */
function withStaticImports(manifest, isRoot) {
  const found = new Set();
  const visit = (key) => {
    if (found.has(key) || !manifest[key]) return;
    found.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (isRoot(key, chunk)) visit(key);
  return found;
}

const kib = (bytes) => `${(bytes / KIB).toFixed(1)} KiB`;

/**
 * Compares the build with the budgets. `gzipSize(file)` gives a chunk's gzip size in bytes.
 * Returns the start bundle's files and total, every later chunk, and one sentence per breach.
 */
export function checkBudgets(manifest, gzipSize, budgets = BUDGETS) {
  const startSet = startKeys(manifest);
  const jsFiles = (keys) =>
    [...new Set(keys.map((key) => manifest[key].file))].filter((f) => f.endsWith('.js'));
  const start = jsFiles([...startSet]).map((file) => ({ file, gzip: gzipSize(file) }));
  const startGzip = start.reduce((sum, c) => sum + c.gzip, 0);
  const later = jsFiles(Object.keys(manifest).filter((key) => !startSet.has(key)))
    .filter((file) => !start.some((c) => c.file === file))
    .map((file) => {
      const own = Object.entries(budgets.own).find(([name]) => file.includes(name));
      return { file, gzip: gzipSize(file), budgetKiB: own ? own[1] : budgets.chunk };
    });
  const problems = [];
  if (startGzip > budgets.start * KIB) {
    const largest = [...start].sort((a, b) => b.gzip - a.gzip)[0];
    problems.push(
      `the start bundle is ${kib(startGzip)} gzip, over its ${budgets.start} KiB budget ` +
        `(${start.length} files; the largest, ${largest.file}, is ${kib(largest.gzip)})`,
    );
  }
  for (const chunk of later) {
    if (chunk.gzip > chunk.budgetKiB * KIB) {
      problems.push(`${chunk.file} is ${kib(chunk.gzip)} gzip, over its ${chunk.budgetKiB} KiB budget`);
    }
  }
  return { start, startGzip, later, problems };
}

/**
 * Libraries the start bundle and the words read before the first render must not carry, with a
 * string only their built code holds. zod: the till checks every answer and event before sending
 * them, so the screens need no schema to start (building the contract's schemas cost the first
 * call ~130 ms on a 2-core PC; the English words once brought zod's 100 KB chunk along by
 * importing one table from the settings' schema module).
 */
export const NOT_AT_START = { zod: '$ZodType' };

/** One sentence per library of NOT_AT_START found before the first render; `read(file)` gives its text. */
export function librariesAtStart(manifest, read, notAtStart = NOT_AT_START) {
  const files = [...new Set([...firstRenderKeys(manifest)].map((key) => manifest[key].file))].filter((f) =>
    f.endsWith('.js'),
  );
  const problems = [];
  for (const [library, marker] of Object.entries(notAtStart)) {
    const found = files.filter((file) => read(file).includes(marker));
    if (found.length > 0)
      problems.push(`${library} loads at start (in ${found.join(', ')}): load it on demand`);
  }
  return problems;
}

/** The gzip size of a file under `dir`, as the bench measures it. */
export function gzipSizeIn(dir) {
  return (file) => gzipSync(readFileSync(join(dir, file)), { level: 9 }).length;
}

export function readManifest(dir) {
  return JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8'));
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].replaceAll('\\', '/'));
if (isMain) {
  const dir = process.argv[2] ?? 'out/renderer';
  const manifest = readManifest(dir);
  const { startGzip, later, problems } = checkBudgets(manifest, gzipSizeIn(dir));
  problems.push(...librariesAtStart(manifest, (file) => readFileSync(join(dir, file), 'utf8')));
  const largest = [...later].sort((a, b) => b.gzip - a.gzip)[0];
  console.log(
    `bundle budget: start ${kib(startGzip)} of ${BUDGETS.start} KiB; largest later chunk ` +
      `${largest ? `${largest.file} ${kib(largest.gzip)}` : 'none'} (budget ${BUDGETS.chunk} KiB)`,
  );
  for (const problem of problems) console.error(`bundle budget: ${problem}`);
  if (problems.length > 0) process.exit(1);
}
