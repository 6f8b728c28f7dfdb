// `npm run mutate`: StrykerJS over the money code (stryker.config.mjs), then a per-area summary.
// Writes reports/mutation/index.html (Stryker's report), reports/mutation/mutation.json (every
// mutant) and reports/mutation/summary.json (score per area against the targets in
// docs/testing.md). Not part of `npm test`: it takes minutes. Extra arguments go to Stryker,
// e.g. `npm run mutate -- --mutate electron/services/payments/**/*.ts`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

const REPORT_DIR = join('reports', 'mutation');
const REPORT = join(REPORT_DIR, 'mutation.json');
/**
 * The results of every mutant run so far, committed gzipped: the JSON is tens of megabytes on one
 * line, and every commit of it as text would count its whole size again. Stryker reads and writes
 * the plain copy (stryker.config.mjs `incrementalFile`), which is not committed.
 */
const COMMITTED_BASELINE = join('tests', 'mutation', 'stryker-incremental.json.gz');
const BASELINE = join(REPORT_DIR, 'stryker-incremental.json');

/**
 * Areas and their targets (issue 17): payments, sales and the spool 90%, every service 80%. The
 * last line covers whatever this run mutated: the money code by default, every service with
 * `--mutate` over all of electron/services (docs/testing.md).
 */
const AREAS = [
  { name: 'payments', files: /^electron\/services\/payments\//, target: 90 },
  { name: 'sales', files: /^electron\/services\/sales\//, target: 90 },
  { name: 'spool', files: /^electron\/services\/printing\/spool[^/]*\.ts$/, target: 90 },
  { name: 'ESC/POS encoder', files: /^electron\/services\/printing\/escpos-encoder\.ts$/, target: 80 },
  { name: 'manager PIN', files: /^electron\/services\/(manager-gate|storage\/manager-pin)\.ts$/, target: 80 },
  { name: 'sale numbers', files: /^electron\/services\/storage\/sale-number-mark\.ts$/, target: 80 },
  { name: 'all mutated', files: /^electron\/services\//, target: 80 },
];

/** Every service folder (and the files at the top of electron/services) is an area of its own. */
function serviceAreas(paths) {
  const folders = new Set(
    paths.map((p) => /^electron\/services\/([^/]+)\//.exec(p)?.[1] ?? '(top level)').filter(Boolean),
  );
  return [...folders].sort().map((folder) => ({
    name: `services: ${folder}`,
    files:
      folder === '(top level)'
        ? /^electron\/services\/[^/]+\.ts$/
        : new RegExp(`^electron/services/${folder}/`),
    target: 80,
  }));
}

function runStryker(args) {
  const started = Date.now();
  // The storage tests use the real OS keychain: run inside a throw-away one, as `npm test` does.
  const useKeyring =
    process.env.PAYDESK_KEYRING !== '1' &&
    spawnSync('sh', ['-c', 'command -v dbus-run-session']).status === 0;
  const command = useKeyring
    ? ['bash', ['scripts/with-keyring.sh', 'npx', 'stryker', 'run', ...args]]
    : ['npx', ['stryker', 'run', ...args]];
  const result = spawnSync(command[0], command[1], { stdio: 'inherit' });
  return { status: result.status ?? 1, seconds: Math.round((Date.now() - started) / 1000) };
}

function tally(mutants) {
  const count = (status) => mutants.filter((m) => m.status === status).length;
  const killed = count('Killed');
  const timeout = count('Timeout');
  const survived = count('Survived');
  const noCoverage = count('NoCoverage');
  const valid = killed + timeout + survived + noCoverage;
  const score = valid === 0 ? null : Math.round((1000 * (killed + timeout)) / valid) / 10;
  return { score, killed, timeout, survived, noCoverage, ignored: count('Ignored') };
}

export function summarise(report, seconds) {
  const files = Object.entries(report.files).map(([path, file]) => ({
    path: path.replaceAll('\\', '/'),
    mutants: file.mutants,
  }));
  const areas = [...AREAS, ...serviceAreas(files.map((f) => f.path))]
    .map(({ name, files: pattern, target }) => {
      const inArea = files.filter((f) => pattern.test(f.path));
      const figures = tally(inArea.flatMap((f) => f.mutants));
      return { area: name, target, met: figures.score !== null && figures.score >= target, ...figures };
    })
    .filter((a) => a.score !== null);
  const perFile = files.map((f) => ({ file: f.path, ...tally(f.mutants) }));
  return { finishedAt: new Date().toISOString(), seconds, areas, files: perFile };
}

/**
 * A report whose tests are known by name: Stryker numbers tests afresh in every run, so the names
 * stand for them and two runs agree. (A name used in two test files stands for both.)
 */
function byTestName(report) {
  const nameOf = new Map();
  for (const file of Object.values(report.testFiles ?? {})) {
    for (const t of file.tests) nameOf.set(t.id, t.name);
  }
  const rename = (ids) => ids?.map((id) => nameOf.get(id) ?? id);
  const files = Object.fromEntries(
    Object.entries(report.files).map(([path, file]) => [
      path,
      {
        ...file,
        mutants: file.mutants.map((m) => ({
          ...m,
          ...(m.coveredBy && { coveredBy: rename(m.coveredBy) }),
          ...(m.killedBy && { killedBy: rename(m.killedBy) }),
        })),
      },
    ]),
  );
  const testFiles = Object.fromEntries(
    Object.entries(report.testFiles ?? {}).map(([path, file]) => [
      path,
      { ...file, tests: file.tests.map((t) => ({ ...t, id: t.name })) },
    ]),
  );
  return { ...report, files, testFiles };
}

/**
 * The baseline after a run: Stryker keeps only the files this run mutated, so the files mutated
 * by earlier runs (another `--mutate`) are carried over; this run's results win for its mutants.
 * Test files are the latest run's (every run's first pass reads them all).
 */
export function mergeReports(earlier, latest) {
  const now = byTestName(latest);
  if (!earlier) return now;
  const before = byTestName(earlier);
  const files = { ...before.files };
  for (const [path, file] of Object.entries(now.files)) files[path] = mergeFile(before.files[path], file);
  return { ...now, files };
}

/**
 * One file's mutants after a run. A stopped run saves only the mutants it finished, so while the
 * file's source is unchanged the earlier results of the others are kept; once it changed, none.
 */
function mergeFile(before, now) {
  if (!before || before.source === undefined || before.source !== now.source) return now;
  const keyOf = (m) => JSON.stringify([m.mutatorName, m.replacement, m.location]);
  const finished = new Set(now.mutants.map(keyOf));
  const ids = new Set(now.mutants.map((m) => m.id));
  const kept = before.mutants
    .filter((m) => !finished.has(keyOf(m)))
    .map((m) => (ids.has(m.id) ? { ...m, id: `${m.id}-earlier` } : m));
  return { ...now, mutants: [...now.mutants, ...kept] };
}

/**
 * The baseline as committed: without this machine's paths (the project folder, and the stack
 * traces in why a mutant was killed, which no later run reads).
 */
export function forCommit(report) {
  const files = Object.fromEntries(
    Object.entries(report.files).map(([path, file]) => [
      path,
      { ...file, mutants: file.mutants.map(({ statusReason: _unread, ...mutant }) => mutant) },
    ]),
  );
  return { ...report, projectRoot: '.', files };
}

function readJson(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
}

function readCommittedBaseline() {
  return existsSync(COMMITTED_BASELINE)
    ? JSON.parse(gunzipSync(readFileSync(COMMITTED_BASELINE)).toString('utf8'))
    : null;
}

/** Same bytes for the same baseline (no timestamp in the gzip header), so git sees no change. */
function writeCommittedBaseline(report) {
  const json = JSON.stringify(forCommit(report));
  writeFileSync(COMMITTED_BASELINE, gzipSync(json, { level: 9 }));
  writeFileSync(BASELINE, json);
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].replaceAll('\\', '/'));
if (isMain) {
  // A report left by an earlier run must never be summarised as this run's.
  rmSync(REPORT, { force: true });
  const earlier = readCommittedBaseline();
  mkdirSync(REPORT_DIR, { recursive: true });
  if (earlier) writeFileSync(BASELINE, JSON.stringify(earlier));
  else rmSync(BASELINE, { force: true });
  const savedAt = () => (existsSync(BASELINE) ? statSync(BASELINE).mtimeMs : 0);
  const before = savedAt();
  // Stopped early (Ctrl-C, a time limit), Stryker still saves the mutants it finished to the
  // baseline: stay alive to merge and score them.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => {});
  const { status, seconds } = runStryker(process.argv.slice(2));
  const finished = status === 0 && existsSync(REPORT);
  if (!finished && savedAt() === before) {
    console.error(`Stryker wrote no report (${REPORT}); see its output above.`);
    process.exit(status || 1);
  }
  if (!finished) {
    console.error('Stryker stopped before the end: the baseline keeps the mutants it finished.');
  }
  // Scores are the baseline's: every file any run mutated, with this run's results for its own.
  const baseline = mergeReports(earlier, readJson(BASELINE));
  writeCommittedBaseline(baseline);
  const summary = summarise(baseline, seconds);
  writeFileSync(join(REPORT_DIR, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  console.log(`\nMutation score by area (${Math.floor(seconds / 60)} min ${seconds % 60} s):`);
  for (const a of summary.areas) {
    const mark = a.met ? 'ok ' : 'LOW';
    console.log(
      `  ${mark} ${a.area.padEnd(26)} ${String(a.score).padStart(5)}%  (target ${a.target}%; ` +
        `${a.survived} survived, ${a.noCoverage} not covered)`,
    );
  }
  console.log(`Summary: ${join(REPORT_DIR, 'summary.json')}; report: ${join(REPORT_DIR, 'index.html')}`);
  process.exit(finished ? 0 : status || 1);
}
