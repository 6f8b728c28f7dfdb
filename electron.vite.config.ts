import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import type { Rolldown } from 'vite';
import react from '@vitejs/plugin-react';

// electron-vite keeps only `dependencies` out of the bundle. An optional package must stay out too:
// npm leaves it uninstalled when its native build fails, and bundling it would turn a feature
// that is "not available" at run time into a build that cannot start.
const { optionalDependencies = {} } = JSON.parse(readFileSync('package.json', 'utf8')) as {
  optionalDependencies?: Record<string, string>;
};

const RENDERER_ENTRY = resolve('renderer/index.html');

/**
 * Everything the entry imports statically goes into the entry's own chunk: the page then asks
 * for one script and one style sheet at start instead of nine files (each a request through the
 * browser's cache, on the page's main thread: DOMContentLoaded ~40 ms sooner, docs/benchmarks.md).
 * A screen loaded later imports what it shares with the Sell screen from that chunk, which is
 * always there first; every other module is left to the bundler (Rolldown).
 */
function startChunk(): Rolldown.CodeSplittingNameFunction {
  let atStart: Set<string> | null = null;
  return (id, chunking) => {
    if (!atStart) {
      atStart = new Set();
      const waiting = [RENDERER_ENTRY];
      for (let next = waiting.pop(); next !== undefined; next = waiting.pop()) {
        if (atStart.has(next)) continue;
        atStart.add(next);
        waiting.push(...(chunking.getModuleInfo(next)?.importedIds ?? []));
      }
    }
    return atStart.has(id) ? 'index' : null;
  };
}

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // electron-store is ESM-only: bundle it into main; native addons stay external.
      externalizeDeps: { exclude: ['electron-store'], include: Object.keys(optionalDependencies) },
      lib: { entry: resolve('electron/main/index.ts') },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload can require almost nothing: bundle what it imports.
      externalizeDeps: false,
      lib: { entry: resolve('electron/preload/index.ts') },
    },
  },
  renderer: {
    root: resolve('renderer'),
    plugins: [react()],
    build: {
      outDir: resolve('out/renderer'),
      emptyOutDir: true,
      minify: true,
      sourcemap: false,
      // out/renderer/.vite/manifest.json: which chunks load at start and which later, for the
      // size budgets (scripts/bundle-budget.mjs).
      manifest: true,
      rollupOptions: {
        input: RENDERER_ENTRY,
        output: { codeSplitting: { groups: [{ name: startChunk(), debugName: 'start' }] } },
      },
    },
  },
});
