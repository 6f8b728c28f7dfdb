// The README's first command on a fresh machine, as a new user meets it: a fresh clone, `npm ci`,
// then every optional package that builds natively at install taken away (what npm leaves out
// when such a build fails on a machine without its headers or prebuilt download), then
// `npm start` until the till's address answers. And on the machine's own Node where it is not the
// one the suite runs on: too old, `npm start` says so in one sentence; new enough, it starts too.
// Slow (an install and a build), so it is its own suite: `npm test -- install`.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { nativeBuildEnv } from '../../scripts/native-addons.mjs';

const repo = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const ADDRESS = /^Paydesk till: (http:\/\/127\.0\.0\.1:\d+\/)#token=\S+$/m;

interface LockedPackage {
  optional?: boolean;
  hasInstallScript?: boolean;
}

/**
 * The packages npm would leave out where their native build fails: optional, with an install
 * script. Not the platform binaries bundlers ship as optional packages: those have no script.
 */
export function optionalNativePackages(lockFile: string): string[] {
  const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as { packages: Record<string, LockedPackage> };
  return Object.entries(lock.packages)
    .filter(([path, p]) => path !== '' && p.optional === true && p.hasInstallScript === true)
    .map(([path]) => path);
}

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): void {
  execFileSync(cmd, args, { cwd, env, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Starts `npm start` and resolves with everything it printed once it ends or `until` matches. */
function startTill(
  cwd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  until: RegExp,
  limitMs: number,
): Promise<{ output: string; code: number | null; stop: () => Promise<void> }> {
  const child = spawn('npm', ['start', '--', ...args], { cwd, env, detached: true });
  let output = '';
  const ended = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    process.kill(-child.pid!, 'SIGTERM');
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 10_000);
    await ended;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop().then(() =>
        reject(new Error(`npm start printed nothing matching ${until} in ${limitMs} ms:\n${output}`)),
      );
    }, limitMs);
    const look = (chunk: Buffer) => {
      output += chunk.toString();
      if (until.test(output)) {
        clearTimeout(timer);
        resolve({ output, code: null, stop });
      }
    };
    child.stdout.on('data', look);
    child.stderr.on('data', look);
    void ended.then((code) => {
      clearTimeout(timer);
      resolve({ output, code, stop });
    });
  });
}

/** The till's page and the script it loads both answer. */
async function tillAnswers(base: string): Promise<void> {
  const page = await fetch(base);
  assert.equal(page.status, 200, `the till's page answered ${page.status}`);
  const html = await page.text();
  const script = /<script[^>]+src="([^"]+)"/.exec(html)?.[1];
  assert.ok(script, `the till's page loads no script:\n${html.slice(0, 500)}`);
  const js = await fetch(new URL(script, base));
  assert.equal(js.status, 200, `the till's script answered ${js.status}`);
}

/** Other Node binaries on this machine's PATH (and Debian's), with their versions. */
function otherNodes(): { path: string; version: string }[] {
  const seen = new Set<string>([process.execPath]);
  const found: { path: string; version: string }[] = [];
  for (const dir of [...(process.env.PATH ?? '').split(delimiter), '/usr/bin']) {
    const candidate = join(dir, 'node');
    if (!existsSync(candidate)) continue;
    let real: string;
    try {
      real = execFileSync('readlink', ['-f', candidate], { encoding: 'utf8' }).trim();
    } catch {
      continue;
    }
    if (seen.has(real)) continue;
    seen.add(real);
    found.push({
      path: candidate,
      version: execFileSync(candidate, ['--version'], { encoding: 'utf8' }).trim(),
    });
  }
  return found;
}

/** Node's version as [major, minor]. */
const versionOf = (v: string) => v.replace(/^v/, '').split('.').map(Number) as [number, number];
const REQUIRED = (
  JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { engines: { node: string } }
).engines.node.replace(/^>=\s*/, '');

function isTooOld(version: string): boolean {
  const [major, minor] = versionOf(version);
  const [needMajor, needMinor] = versionOf(REQUIRED);
  return major < needMajor || (major === needMajor && minor < needMinor);
}

/**
 * A fresh clone of the last commit installed with `npm ci`, its optional native packages taken
 * away, then `npm start` until the till answers; with `nodeDir` first on PATH when given.
 */
async function freshStart(t: TestContext, nodeDir?: string): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'paydesk-first-start-'));
  const running: { stop?: () => Promise<void> } = {};
  // The till first: it may still be opening its data folder (the address comes before that).
  t.after(async () => {
    await running.stop?.();
    rmSync(work, { recursive: true, force: true });
  });
  const clone = join(work, 'paydesk');
  if (execFileSync('git', ['status', '--porcelain'], { cwd: repo, encoding: 'utf8' }).trim() !== '')
    t.diagnostic('uncommitted changes are not in the clone: this checks the last commit');
  run('git', ['clone', '-q', repo, clone], work);

  // Native addons are built against the headers of the Node that will run them when no prebuilt
  // binary can be fetched, and through ccache as the test run's own compile was: the same sources
  // hashed with paths relative to each clone, so compiling them again here is a cache hit (the
  // same objects, a minute and more of one core saved).
  const withNode: NodeJS.ProcessEnv = {
    ...process.env,
    ...(nodeDir && { PATH: `${nodeDir}${delimiter}${process.env.PATH ?? ''}` }),
  };
  const node = execFileSync('node', ['-p', 'process.execPath'], { env: withNode, encoding: 'utf8' }).trim();
  const env = nativeBuildEnv(clone, withNode, node);
  // The cache filled by the first install answers; the registry is asked only for what is missing.
  run('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], clone, env);

  const left = optionalNativePackages(join(clone, 'package-lock.json'));
  for (const path of left) rmSync(join(clone, path), { recursive: true, force: true });
  t.diagnostic(`optional packages built at install, removed: ${left.length ? left.join(', ') : 'none'}`);

  const till = await startTill(
    clone,
    ['--port', '0', '--data-dir', join(work, 'data')],
    env,
    ADDRESS,
    600_000,
  );
  running.stop = till.stop;
  const address = ADDRESS.exec(till.output);
  assert.ok(address, `npm start ended (code ${till.code}) without the till's address:\n${till.output}`);
  await tillAnswers(address[1]!);
}

test('a fresh clone without its optional native packages installs with npm ci and npm start serves the till', async (t) => {
  await freshStart(t);
});

test('npm start on the machine’s own Node: too old, one sentence saying what to install; new enough, the till', async (t) => {
  const others = otherNodes();
  if (others.length === 0) {
    t.skip('this machine has one Node only: the test above ran on it');
    return;
  }
  for (const node of others) {
    if (!isTooOld(node.version)) {
      await freshStart(t, dirname(node.path));
      continue;
    }
    // The check runs before anything is built or loaded, so the repository's own scripts serve.
    const env = { ...process.env, PATH: `${dirname(node.path)}${delimiter}${process.env.PATH ?? ''}` };
    const said = await startTill(repo, ['--port', '0'], env, /(?!)/, 60_000);
    assert.notEqual(said.code, 0, `npm start on Node ${node.version} did not stop`);
    const sentence =
      `Paydesk needs Node.js ${REQUIRED} or newer, and this computer has Node.js ${node.version.slice(1)}: ` +
      'install Node.js 22 LTS from nodejs.org (or your system’s packages), then run `npm install` and this command again.';
    const ours = said.output
      .split('\n')
      .filter((line) => !line.startsWith('npm ') && !line.startsWith('>') && line.trim());
    assert.deepEqual(ours, [sentence], `npm start on Node ${node.version} (${node.path})`);
  }
});
