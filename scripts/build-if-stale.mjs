// Builds what the start commands run when out/ is missing or older than the sources, so they work
// on a fresh clone without a separate build step: main, preload and renderer with electron-vite,
// and the browser host as one Node bundle (out/host/cli.mjs), which starts faster than compiling
// its TypeScript modules one by one at every launch.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
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

export const HOST_BUNDLE = 'out/host/cli.mjs';

/** The browser host and everything of ours it imports in one ES module; npm packages stay external. */
export async function buildHost() {
  await build({
    entryPoints: ['electron/host/cli.ts'],
    outfile: HOST_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    sourcemap: 'linked',
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
