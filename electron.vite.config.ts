import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

// electron-vite keeps only `dependencies` out of the bundle. An optional package must stay out too:
// npm leaves it uninstalled when its native build fails, and bundling it would turn a feature
// that is "not available" at run time into a build that cannot start.
const { optionalDependencies = {} } = JSON.parse(readFileSync('package.json', 'utf8')) as {
  optionalDependencies?: Record<string, string>;
};

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
      rollupOptions: { input: resolve('renderer/index.html') },
    },
  },
});
