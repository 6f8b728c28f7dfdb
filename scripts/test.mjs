// Runs the test suites with Node's own test runner (TypeScript through tsx).
// `npm test` = lint + type check + unit + fault + e2e. `npm test -- unit` runs one suite.
// The till targets Node 22 LTS (what Electron 45 embeds); scripts/setup-test-machine.sh installs it.
import './require-node.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { availableParallelism, tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';
import { buildNativeAddonsIfMissing, nativeAddonsBuilt } from './native-addons.mjs';
import { ramDisk } from './ram-disk.mjs';
import { estimatedTimes, rememberTimes, splitIntoLanes } from './test-shares.mjs';

/**
 * The suites in the order they run; those in one group run at the same time. `install` is the
 * README's first command in a fresh clone (npm ci, optional native packages removed, npm start
 * until the till answers) and npm start on the machine's own Node. The fault suite keeps about 1.3
 * of two cores busy and the install suite less than one (npm unpacking, a compile that ccache
 * answers, a build), so side by side they take little more than the longer of the two; the unit
 * and e2e suites each keep every core busy on their own.
 */
const GROUPS = [['unit'], ['fault', 'install'], ['e2e']];
/** The longest one test may take before it fails as hung (generous: the machine may be busy). */
const TEST_TIME_LIMIT_MS = { unit: 120_000, fault: 180_000, e2e: 180_000, install: 900_000 };
/**
 * Files run at once. Unit files mostly wait on loopback sockets and timers, so twice the cores
 * keep them busy (PAYDESK_TEST_LANES overrides, to measure). Fault and e2e files start servers,
 * browsers and child processes, and wait on real time: two at a time took the fault suite from
 * 2 min 34 s to 1 min 47 s and the e2e suite from 6 min 4 s to 3 min 33 s on two cores; three
 * e2e files at a time took as long as two (docs/benchmarks.md, "Fifth pass").
 */
const LANES = {
  unit: Number(process.env.PAYDESK_TEST_LANES) || 2 * availableParallelism(),
  fault: Number(process.env.PAYDESK_FAULT_LANES) || 2,
  e2e: Number(process.env.PAYDESK_E2E_LANES) || 2,
  install: 1,
};
/**
 * Suites whose files share a process per lane (scripts/test-lane.mjs): each e2e file's own process
 * spent ~2.4 s of CPU loading tsx, the till and Playwright before its first test (e2e 3 min 33 s
 * → 3 min 17 s). Fault files stay a process each: they kill, restart and time processes.
 */
const IN_LANES = ['unit', 'e2e'];
/**
 * Unit files that need a process to themselves, as they test what a process holds from its start:
 * one that hides the keychain module before anything loads it (in a shared lane another file has,
 * and the test could only skip); the start timings, each step written once per process (another
 * file's till has reached them); the words a renderer reads before its first render (another
 * file has loaded both languages).
 */
const OWN_PROCESS = [
  'tests/unit/storage/keychain-missing.test.ts',
  'tests/unit/common/start-timings.test.ts',
  'tests/unit/i18n/start-words.test.ts',
];
/** How many of a suite's slowest files are listed after it. */
const SLOWEST_SHOWN = 10;

// V8 keeps the machine code it compiled of each module here (Node's compile cache), and every
// process of the run (lanes, test files, the tools before them) reads it: the next run and each
// later process skip compiling the same till, tsx and test modules (the unit suite 48 → 45 s).
process.env.NODE_COMPILE_CACHE ??= resolve('node_modules', '.cache', 'paydesk-v8');

// The keychain tests need a real Secret Service: run the whole suite inside a private D-Bus
// session with an unlocked throw-away gnome-keyring, unless already inside one.
if (
  process.env.PAYDESK_KEYRING !== '1' &&
  spawnSync('sh', ['-c', 'command -v dbus-run-session']).status === 0
) {
  const r = spawnSync(
    'bash',
    ['scripts/with-keyring.sh', process.execPath, 'scripts/test.mjs', ...process.argv.slice(2)],
    {
      stdio: 'inherit',
    },
  );
  process.exit(r.status ?? 1);
}
const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const only = asked.length > 0 ? asked : null;

/** The files under `dir` whose names match `pattern` (test files by default), sorted. */
function findFiles(dir, pattern = /\.test\.tsx?$/) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...findFiles(p, pattern));
    else if (pattern.test(name)) out.push(p);
  }
  return out.sort();
}

const suiteTimes = [];
const runStarted = Date.now();
if (!only || only.includes('checks')) await runChecks();
// Asked for suites without the checks, on a machine whose setup left SQLite unbuilt.
if (!buildNativeAddonsIfMissing()) process.exit(1);

// Tests run `npm run start:browser` as a user does, two files at a time: the build it makes when
// out/ is stale is made once here, before them, not by two tests at once (each removes the host's
// bundle before writing it, under the other's feet).
if (!only || only.some((suite) => suite === 'e2e' || suite === 'fault')) await buildIfStale();

for (const group of GROUPS) {
  const chosen = group.filter((suite) => !only || only.includes(suite));
  // Side by side, each suite's output is held and shown whole when it ends.
  const together = chosen.length > 1;
  if (together)
    console.log(`\n> the ${chosen.join(' and ')} suites at once; each one's output follows when it ends`);
  const results = await Promise.all(chosen.map((suite) => runSuite(suite, together)));
  const failed = results.find((r) => r.status !== 0);
  if (failed) {
    console.error(`\nFAILED: the ${failed.suite} tests`);
    printRunTimes();
    process.exit(failed.status);
  }
}
printRunTimes();

/** One suite in a temporary folder of its own; its output passed on as it comes, or held. */
async function runSuite(suite, holdOutput) {
  const files = findFiles(join('tests', suite));
  if (files.length === 0) return { suite, status: 0 };
  // Each suite gets its own temporary folder, removed after. Unit tests must clean up after
  // themselves (checked); browsers in e2e keep profiles there that they remove on their own terms.
  // The unit suite's files go on the RAM disk where there is one (scripts/ram-disk.mjs;
  // PAYDESK_TEST_RAM_DISK=0 keeps them on the disk, to measure).
  const onRamDisk = suite === 'unit' && process.env.PAYDESK_TEST_RAM_DISK !== '0';
  const tempRoot = (onRamDisk && ramDisk()) || tmpdir();
  const suiteTmp = mkdtempSync(join(tempRoot, `paydesk-${suite}-`));
  keepTransformCache(suiteTmp);
  // Each file's time and the counts, written by scripts/test-times-reporter.mjs (outside the
  // suite's folder, which must be empty at the end).
  const timesDir = mkdtempSync(join(tmpdir(), `paydesk-${suite}-times-`));
  const out = holdOutput ? heldOutput() : { write: (text) => process.stdout.write(text), flush() {} };
  const started = Date.now();
  const env = { ...process.env, TMPDIR: suiteTmp };
  await transformAhead(suite, env, out);
  const { status, times } =
    IN_LANES.includes(suite) && process.env.PAYDESK_TEST_PROCESS_PER_FILE !== '1'
      ? await runInLanes(suite, files, env, timesDir)
      : await runProcessPerFile(suite, files, env, timesDir, out);
  const seconds = (Date.now() - started) / 1000;
  rmSync(timesDir, { recursive: true, force: true });
  if (times) rememberTimes(times.files, { baseline: process.argv.includes('--save-times') });
  suiteTimes.push({ suite, seconds, tests: times?.counts?.tests ?? null });
  out.flush();
  printSuiteTimes(suite, seconds, files.length, times);
  if (status === 0 && suite === 'unit') return { suite, status: failOnLeftovers(suite, suiteTmp) };
  rmSync(suiteTmp, { recursive: true, force: true });
  return { suite, status };
}

/** Output kept in memory until `flush` writes it whole. */
function heldOutput() {
  const chunks = [];
  return {
    write: (text) => chunks.push(text),
    flush: () => process.stdout.write(chunks.join('')),
  };
}

/**
 * The checks before the suites: lint, formatting, the three type checks, the build and its budget,
 * the Electron security scan, and SQLite's compile where the machine's setup left it. Each is a
 * process of its own and none needs another's result but the budget (after the build), so they
 * run as many at a time as the machine has cores, longest first; each one's output is shown whole
 * when it ends, with its time.
 */
async function runChecks() {
  // ESLint and Prettier keep what they found of each unchanged file (by its content) for the next run.
  const keptByContent = (folder) => ['--cache', '--cache-strategy', 'content', '--cache-location', folder];
  const checks = [
    // SQLite's compile where the setup left it (scripts/native-addons.mjs): the longest, one core.
    ...(nativeAddonsBuilt() ? [] : [[['node', 'scripts/native-addons.mjs']]]),
    [['npx', 'eslint', '.', '--max-warnings', '0', ...keptByContent('node_modules/.cache/eslint/')]],
    [
      [
        'npx',
        'prettier',
        '--check',
        '.',
        '--log-level',
        'warn',
        ...keptByContent('node_modules/.cache/prettier/checked'),
      ],
    ],
    [
      ['npx', 'electron-vite', 'build', '--logLevel', 'warn'],
      ['node', 'scripts/bundle-budget.mjs'],
    ],
    [['npx', 'tsc', '-p', 'tsconfig.web.json', '--noEmit']],
    [['node', 'scripts/electronegativity.mjs']],
    [['npx', 'tsc', '-p', 'tsconfig.test.json', '--noEmit']],
    [['npx', 'tsc', '-p', 'tsconfig.node.json', '--noEmit']],
  ];
  const started = Date.now();
  const failed = [];
  let next = 0;
  const worker = async () => {
    while (next < checks.length) {
      for (const [cmd, ...args] of checks[next++]) {
        const checkStarted = Date.now();
        const { status, output } = await runCaptured(cmd, args);
        console.log(`\n> ${cmd} ${args.join(' ')} (${duration((Date.now() - checkStarted) / 1000)})`);
        if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
        if (status !== 0) {
          failed.push(`${cmd} ${args.join(' ')}`);
          break;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: availableParallelism() }, worker));
  suiteTimes.push({ suite: 'checks', seconds: (Date.now() - started) / 1000, tests: null });
  if (failed.length > 0) {
    for (const check of failed) console.error(`\nFAILED: ${check}`);
    printRunTimes();
    process.exit(1);
  }
}

/** A command's status and its stdout and stderr together, in the order written. */
function runCaptured(cmd, args) {
  return new Promise((done) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => done({ status: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code) => done({ status: code ?? 1, output }));
  });
}

/** node's test runner with the suite's time limit, spec on screen and each file's time to a file. */
function testArgs(suite, timesFile) {
  return [
    '--import',
    'tsx',
    '--test',
    // No test can hang the run: each has a time limit, and a process whose tests are done exits
    // even if a failed test left a server or a browser open.
    `--test-timeout=${TEST_TIME_LIMIT_MS[suite]}`,
    '--test-force-exit',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=./scripts/test-times-reporter.mjs',
    `--test-reporter-destination=${timesFile}`,
  ];
}

/**
 * Every file in a process of its own, LANES[suite] at a time (fault, e2e, install), the longest
 * in the last run first so that no long file starts last.
 */
function runProcessPerFile(suite, files, env, timesDir, out) {
  const timesFile = join(timesDir, 'times.json');
  const known = estimatedTimes(files);
  const ordered = [...files].sort(
    (a, b) => (known[b] ?? Infinity) - (known[a] ?? Infinity) || a.localeCompare(b),
  );
  const args = [...testArgs(suite, timesFile), `--test-concurrency=${LANES[suite]}`, ...ordered];
  out.write(`\n> node ${args.slice(0, -files.length).join(' ')} <${files.length} ${suite} files>\n`);
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    child.stdout.setEncoding('utf8').on('data', (text) => out.write(text));
    child.stderr.setEncoding('utf8').on('data', (text) => out.write(text));
    child.on('error', (error) => out.write(`${error.message}\n`));
    child.on('close', (code) => done({ status: code ?? 1, times: readTimes(timesFile) }));
  });
}

/**
 * The suite's files (unit, e2e) in LANES[suite] processes, each running its share one file after
 * another (scripts/test-lane.mjs): loading the till's modules once per lane instead of once per
 * file took the unit suite from minutes to well under one (docs/testing.md, "Time"). The shares are even
 * by the files' times in the last run. Each lane's output is shown a whole file at a time.
 */
async function runInLanes(suite, files, env, timesDir) {
  const alone = files.filter((f) => OWN_PROCESS.some((name) => f.endsWith(name)));
  const shared = files.filter((f) => !alone.includes(f));
  const shares = [...splitIntoLanes(shared, LANES[suite], estimatedTimes(shared)), ...alone.map((f) => [f])];
  console.log(
    `\n> ${shares.length} lanes of node ${testArgs(suite, '<times>').join(' ')} scripts/test-lane.mjs`,
  );
  const lanes = await Promise.all(
    shares.map((share, i) => {
      const timesFile = join(timesDir, `lane-${i}.json`);
      const args = [
        // The runner's async hook off once the files are loaded (PAYDESK_TEST_ASYNC_HOOK=1 keeps it,
        // to measure or to have the runner itself name a stray error's test).
        ...(process.env.PAYDESK_TEST_ASYNC_HOOK === '1' ? [] : ['--require', './scripts/test-lane-hook.cjs']),
        ...testArgs(suite, timesFile),
        '--experimental-test-isolation=none',
        'scripts/test-lane.mjs',
      ];
      const laneStarted = Date.now();
      return runLane(args, { ...env, PAYDESK_TEST_FILES: JSON.stringify(share) }).then((status) => ({
        status,
        times: readTimes(timesFile),
        seconds: (Date.now() - laneStarted) / 1000,
      }));
    }),
  );
  const status = lanes.find((l) => l.status !== 0)?.status ?? 0;
  if (lanes.some((l) => l.times === null)) return { status: status || 1, times: null };
  const counts = {};
  for (const { times } of lanes) {
    for (const [key, value] of Object.entries(times.counts ?? {})) counts[key] = (counts[key] ?? 0) + value;
  }
  console.log(
    `\nℹ tests ${counts.tests}, passed ${counts.passed}, failed ${counts.failed}, ` +
      `cancelled ${counts.cancelled}, skipped ${counts.skipped}, todo ${counts.todo} (all lanes)`,
  );
  // A lane's time beyond its files' own is its start: loading and transforming their modules.
  const laneLines = lanes.map(({ times, seconds }, i) => {
    const own = times.files.reduce((sum, f) => sum + (Number.isFinite(f.ms) ? f.ms : 0), 0) / 1000;
    return `lane ${i + 1}: ${duration(seconds)}, ${times.files.length} files, ${duration(seconds - own)} of it loading`;
  });
  return {
    status,
    times: { files: lanes.flatMap((l) => l.times.files), counts, laneLines, measure: 'its tests and hooks' },
  };
}

/** One lane; its spec output is passed on a whole file at a time, so lanes do not interleave lines. */
function runLane(args, env) {
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], env });
    let pending = '';
    let block = [];
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop();
      for (const line of lines) {
        // The lane's own summary is replaced by the one over all lanes.
        if (line.startsWith('ℹ ')) continue;
        block.push(line);
        // A file ends with its own line at the left margin: ✔ or ✖ and its path.
        if (/^\S+ tests\/\S+\.test\.tsx? \(/.test(line)) {
          process.stdout.write(`${block.join('\n')}\n`);
          block = [];
        }
      }
    });
    child.on('close', (code) => {
      if (pending) block.push(pending);
      if (block.length > 0) process.stdout.write(`${block.join('\n')}\n`);
      done(code ?? 1);
    });
  });
}

/**
 * Every TypeScript file the suite's processes may load, transformed once into tsx's cache before
 * they start, a share per core (scripts/transform-ahead.mjs): with the cache empty, as on a new
 * machine, each unit lane transformed the till's modules for itself, and the suite took about
 * 4–8 s longer (docs/testing.md). With the cache filled this takes under a second.
 */
async function transformAhead(suite, env, out) {
  const dirs = [
    'shared',
    'electron',
    join('renderer', 'src'),
    join('tests', 'support'),
    join('tests', suite),
  ];
  const files = dirs.flatMap((dir) => findFiles(dir, /(?<!\.d)\.tsx?$/));
  const started = Date.now();
  const shares = Array.from({ length: availableParallelism() }, (_, i) =>
    files.filter((_, j) => j % availableParallelism() === i),
  );
  await Promise.all(
    shares.map(
      (share) =>
        new Promise((done) =>
          spawn(process.execPath, ['--import', 'tsx', 'scripts/transform-ahead.mjs', ...share], {
            stdio: 'ignore',
            env,
          }).on('close', done),
        ),
    ),
  );
  out.write(
    `\n> ${files.length} TypeScript files transformed ahead (${duration((Date.now() - started) / 1000)})\n`,
  );
}

/**
 * tsx keeps the JavaScript it made of each TypeScript file in `<tmpdir>/tsx-<uid>`, and every
 * test file is a process of its own that loads most of the till: in a new, empty folder each of
 * them transformed the same few hundred modules again. The suite's folder links that cache to
 * one that outlasts the run (entries are keyed by the source, so a changed file is transformed
 * afresh); removing the suite's folder removes only the link.
 */
function keepTransformCache(suiteTmp) {
  const cache = resolve('node_modules', '.cache', 'paydesk-tsx');
  mkdirSync(cache, { recursive: true });
  const user = process.geteuid ? process.geteuid() : userInfo().username;
  symlinkSync(cache, join(suiteTmp, `tsx-${user}`), 'dir');
}

function readTimes(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/** "41 s", "6 min 2 s". */
function duration(seconds) {
  const s = Math.round(seconds);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

/** The suite's time, its test count and its slowest files, each as long as its own process ran. */
function printSuiteTimes(suite, seconds, fileCount, times) {
  const tests = times?.counts ? `, ${times.counts.tests} tests` : '';
  console.log(`\n${suite}: ${duration(seconds)} (${fileCount} files${tests}, ${LANES[suite]} at a time)`);
  if (!times) return;
  for (const line of times.laneLines ?? []) console.log(`  ${line}`);
  const slowest = times.files
    .filter((f) => Number.isFinite(f.ms))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, SLOWEST_SHOWN);
  console.log(`Slowest files (each: ${times.measure ?? 'its whole process, loading included'}):`);
  for (const { file, ms } of slowest) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file}`);
}

function printRunTimes() {
  if (suiteTimes.length === 0) return;
  const parts = suiteTimes.map(
    ({ suite, seconds, tests }) =>
      `${suite} ${duration(seconds)}${tests === null ? '' : ` (${tests} tests)`}`,
  );
  const whole = duration((Date.now() - runStarted) / 1000);
  console.log(`\nSuite times: ${parts.join(', ')}; the whole run ${whole}`);
}

/** 1 (and why) when a test left files in the suite's temporary folder (tsx's cache aside), else 0. */
function failOnLeftovers(suite, folder) {
  const left = readdirSync(folder).filter((name) => !name.startsWith('tsx-'));
  rmSync(folder, { recursive: true, force: true });
  if (left.length === 0) return 0;
  console.error(`\nthe ${suite} tests left temporary files behind: ${left.join(', ')}`);
  return 1;
}
