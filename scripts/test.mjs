// Runs the test suites with Node's own test runner (TypeScript through tsx).
// `npm test` = lint + type check + unit + fault + e2e. `npm test -- unit` runs one suite.
// The till targets Node 22 LTS (what Electron 45 embeds); scripts/setup-test-machine.sh installs it.
import './require-node.mjs';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// `install`: the README's first command in a fresh clone (npm ci, optional native packages
// removed, npm start until the till answers), and npm start on the machine's own Node.
const suites = ['unit', 'fault', 'e2e', 'install'];
/** The longest one test may take before it fails as hung (generous: the machine may be busy). */
const TEST_TIME_LIMIT_MS = { unit: 120_000, fault: 180_000, e2e: 180_000, install: 900_000 };

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

function findTests(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...findTests(p));
    else if (/\.test\.tsx?$/.test(name)) out.push(p);
  }
  return out.sort();
}

// The unit files that take longest start first, so the four lanes end together instead of one
// long file starting last (measured one by one; keep it short, the rest follow in name order).
const startFirst = {
  unit: [
    'payments/runner.test.ts',
    'storage/manager-pin.test.ts',
    'sales/receipts-to-printer.test.ts',
    'lint/boundaries.test.ts',
    'payments/runner-unclear-outcomes.test.ts',
  ],
};

function inStartOrder(suite, files) {
  const first = (startFirst[suite] ?? [])
    .map((f) => join('tests', suite, f))
    .filter((f) => files.includes(f));
  return [...first, ...files.filter((f) => !first.includes(f))];
}

function run(cmd, args, env = {}) {
  console.log(`\n> ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(`\nFAILED: ${cmd} ${args.join(' ')}`);
    process.exit(r.status ?? 1);
  }
}

if (!only) {
  run('npx', ['eslint', '.', '--max-warnings', '0']);
  run('npx', ['prettier', '--check', '.', '--log-level', 'warn']);
  run('npx', ['tsc', '-p', 'tsconfig.node.json', '--noEmit']);
  run('npx', ['tsc', '-p', 'tsconfig.web.json', '--noEmit']);
  run('npx', ['tsc', '-p', 'tsconfig.test.json', '--noEmit']);
  run('npx', ['electron-vite', 'build', '--logLevel', 'warn']);
  run('node', ['scripts/bundle-budget.mjs']);
  run('node', ['scripts/electronegativity.mjs']);
}

for (const suite of suites) {
  if (only && !only.includes(suite)) continue;
  const files = inStartOrder(suite, findTests(join('tests', suite)));
  if (files.length === 0) continue;
  // Unit files mostly wait on loopback sockets and timers, so four at a time keep two cores busy;
  // e2e and fault tests start servers, browsers and child processes: one file at a time.
  const concurrency = suite === 'unit' ? '4' : '1';
  // Each suite gets its own temporary folder, removed after. Unit tests must clean up after
  // themselves (checked); browsers in e2e keep profiles there that they remove on their own terms.
  const suiteTmp = mkdtempSync(join(tmpdir(), `paydesk-${suite}-`));
  run(
    'node',
    [
      '--import',
      'tsx',
      '--test',
      `--test-concurrency=${concurrency}`,
      // No test can hang the run: each has a time limit, and a file whose tests are done exits
      // even if a failed test left a server or a browser open.
      `--test-timeout=${TEST_TIME_LIMIT_MS[suite]}`,
      '--test-force-exit',
      '--test-reporter=spec',
      ...files,
    ],
    { TMPDIR: suiteTmp },
  );
  if (suite === 'unit') failOnLeftovers(suite, suiteTmp);
  else rmSync(suiteTmp, { recursive: true, force: true });
}

/** Fails the run when a test left files in the suite's temporary folder (tsx's cache aside). */
function failOnLeftovers(suite, folder) {
  const left = readdirSync(folder).filter((name) => !name.startsWith('tsx-'));
  rmSync(folder, { recursive: true, force: true });
  if (left.length === 0) return;
  console.error(`\nFAILED: the ${suite} tests left temporary files behind: ${left.join(', ')}`);
  process.exit(1);
}
