// Builds what the start commands run when out/ is missing or older than the sources, so they work
// on a fresh clone without a separate build step: main, preload and renderer with electron-vite,
// and the browser host as one Node bundle (out/host/cli.cjs), which starts faster than compiling
// its TypeScript modules one by one at every launch.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

function newestMtime(dir) {
  let newest = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const s = statSync(p);
    newest = Math.max(newest, s.isDirectory() ? newestMtime(p) : s.mtimeMs);
  }
  return newest;
}

const isStale = (marker, sources) => !existsSync(marker) || statSync(marker).mtimeMs < sources;

export const HOST_BUNDLE = 'out/host/cli.cjs';
/** How the start commands and the shell benchmark run the browser host. */
export const HOST_NODE_FLAGS = ['--enable-source-maps'];
/**
 * The browser host's environment: V8's compile cache (machine code of the bundle and the packages
 * it loads, kept beside the build's other caches) saves compiling them again at each start.
 */
export function hostEnv() {
  return {
    ...process.env,
    NODE_COMPILE_CACHE:
      process.env.NODE_COMPILE_CACHE ?? resolve('node_modules', '.cache', 'paydesk-host-v8'),
  };
}

/**
 * The browser host and everything of ours it imports in one CommonJS file; npm packages stay
 * external. CommonJS because Node loads it and the packages it requires a good deal faster than
 * the same as ES modules (no export scan of each CommonJS package, no eager web-API load for
 * node:http's ES facade), and because esbuild then keeps what we import() (the MCP SDK's side,
 * PostgreSQL's client) out of the start: their modules and packages load when first used. The
 * source map maps stack traces to our files; it leaves the sources out (a third of its size,
 * parsed at every start).
 */
export async function buildHost() {
  rmSync('out/host', { recursive: true, force: true });
  await build({
    entryPoints: ['electron/host/cli.ts'],
    outfile: HOST_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    packages: 'external',
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
  });
}

export async function buildIfStale() {
  const sources = Math.max(
    ...['renderer', 'shared', 'electron'].map(newestMtime),
    statSync('electron.vite.config.ts').mtimeMs,
  );
  if (isStale('out/renderer/index.html', sources)) {
    console.error('Building the till…');
    const result = spawnSync('npx', ['electron-vite', 'build', '--logLevel', 'warn'], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (result.status !== 0) {
      console.error('The build failed; see above.');
      process.exit(result.status ?? 1);
    }
  }
  if (isStale(HOST_BUNDLE, Math.max(...['shared', 'electron'].map(newestMtime)))) await buildHost();
}
