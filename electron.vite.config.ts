import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { fileURLToPath } from 'node:url';

const here = (relative: string): string => fileURLToPath(new URL(relative, import.meta.url));

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      externalizeDeps: true,
      rollupOptions: { input: { index: here('./src-main/electron/main.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot load modules from disk: everything goes into one CommonJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: here('./src-main/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: here('./src-renderer'),
    plugins: [react()],
    build: {
      outDir: here('./out/renderer'),
      rollupOptions: { input: { index: here('./src-renderer/index.html') } },
    },
  },
});
