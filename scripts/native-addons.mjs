// better-sqlite3, the one native addon the till compiles where no prebuilt binary can be fetched:
// built against the headers of the Node that runs it, and through ccache where the machine has
// it, with paths inside each clone hashed relative to it, so a second clone's compile of the same
// sources is a cache hit (tests/install/first-start.test.ts). The test machine's setup installs
// packages without running its build, and the test run makes it beside the checks: the compile
// keeps one core busy for a minute, and the checks the other (`node scripts/native-addons.mjs`
// builds it when missing).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { nodeHeadersDir } from './node-headers.mjs';

const ADDON = join('node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');

/** Whether the clone at `dir` has its SQLite addon built. */
export function nativeAddonsBuilt(dir = '.') {
  return existsSync(join(dir, ADDON));
}

/**
 * `env` with what npm needs to compile the addons of the clone at `dir` for the Node at `execPath`
 * (the one running this by default): its headers, and ccache where the machine has it.
 */
export function nativeBuildEnv(dir = '.', env = process.env, execPath = process.execPath) {
  const built = { ...env };
  const headers = nodeHeadersDir(execPath);
  if (headers) built.npm_config_nodedir = headers;
  const hasCcache = spawnSync('sh', ['-c', 'command -v ccache'], { stdio: 'ignore' }).status === 0;
  if (!env.CC && !env.CXX && hasCcache)
    Object.assign(built, { CC: 'ccache gcc', CXX: 'ccache g++', CCACHE_BASEDIR: resolve(dir) });
  return built;
}

/** Builds the SQLite addon if it is missing; true when it is there after. */
export function buildNativeAddonsIfMissing(dir = '.') {
  if (nativeAddonsBuilt(dir)) return true;
  const result = spawnSync('npm', ['rebuild', 'better-sqlite3'], {
    cwd: dir,
    env: nativeBuildEnv(dir),
    stdio: 'inherit',
  });
  return result.status === 0 && nativeAddonsBuilt(dir);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!buildNativeAddonsIfMissing()) {
    console.error('SQLite for Node could not be built; see above.');
    process.exit(1);
  }
}
