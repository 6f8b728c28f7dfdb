// Builds main, preload and renderer with electron-vite when out/ is missing or older than
// the sources, so the start commands work on a fresh clone without a separate build step.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(dir) {
  let newest = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const s = statSync(p);
    newest = Math.max(newest, s.isDirectory() ? newestMtime(p) : s.mtimeMs);
  }
  return newest;
}

export function buildIfStale() {
  const marker = 'out/renderer/index.html';
  const sources = Math.max(
    ...['renderer', 'shared', 'electron'].map(newestMtime),
    statSync('electron.vite.config.ts').mtimeMs,
  );
  if (existsSync(marker) && statSync(marker).mtimeMs >= sources) return;
  console.error('Building the till…');
  const result = spawnSync('npx', ['electron-vite', 'build', '--logLevel', 'warn'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) {
    console.error('The build failed; see above.');
    process.exit(result.status ?? 1);
  }
}
