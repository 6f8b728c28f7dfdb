import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // electron-store is ESM-only: bundle it into main; native addons stay external.
      externalizeDeps: { exclude: ['electron-store'] },
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
      rollupOptions: { input: resolve('renderer/index.html') },
    },
  },
});
