import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { eventChannelNames, invokeChannelNames } from './src-shared/ipc/channels.ts';

const here = (relative: string): string => fileURLToPath(new URL(relative, import.meta.url));

/**
 * The demo simulator is bundled into out/main/index.js and looks for its clips beside itself,
 * in out/main/fixtures/ (DEFAULT_FIXTURES_DIR in src-main/simulator/video-service.ts), so the
 * unpackaged app (`npm start`) needs a copy there. The installer does not use this copy: it
 * ships the clips as resources/simulator-fixtures (electron-builder.yml) and leaves it out.
 */
function simulatorFixtures(): Plugin {
  const source = here('./src-main/simulator/fixtures');
  return {
    name: 'clearframe:simulator-fixtures',
    generateBundle() {
      for (const name of readdirSync(source)) {
        this.emitFile({
          type: 'asset',
          fileName: `fixtures/${name}`,
          source: readFileSync(path.join(source, name)),
        });
      }
    },
  };
}

export default defineConfig({
  main: {
    plugins: [simulatorFixtures()],
    build: {
      outDir: 'out/main',
      externalizeDeps: true,
      rollupOptions: {
        input: {
          index: here('./src-main/electron/main.ts'),
          // Loaded by src-main/core/media/automask/find-watermark.ts as a worker thread.
          'automask-worker': here('./src-main/core/media/automask/worker.ts'),
          // Loaded by src-main/core/jobs/store/integrity.ts to check the job database off the main thread.
          'integrity-worker': here('./src-main/core/jobs/store/integrity-worker.ts'),
          // Loaded by src-main/core/media/heic/decode-heic.ts as a worker thread.
          'heic-worker': here('./src-main/core/media/heic/worker.ts'),
          // Loaded by src-main/imaging/fill-holes.ts to fill a mark's opaque part.
          'fill-worker': here('./src-main/imaging/fill-worker.ts'),
        },
        // Shared chunks beside the entries, not in chunks/: a module in a chunk shared by
        // two entries (the HEIC decoder's caller is) finds the workers at ./<name>.js.
        output: { chunkFileNames: '[name]-[hash].js' },
      },
    },
  },
  preload: {
    // The names alone, read off the contract here: the preload checks a page's channel
    // against them without carrying the contract's schemas (and zod) into the page.
    define: {
      CLEARFRAME_CHANNELS: JSON.stringify({ invoke: invokeChannelNames, event: eventChannelNames }),
    },
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
    // The clip clean-up worker (src-renderer/video-clean) is an ES module worker.
    worker: { format: 'es' },
    resolve: {
      // The window loads messages FormatJS compiled already (npm run messages), so it leaves
      // out the message parser: FormatJS's own stand-in module in its place.
      alias: [
        {
          find: /^@formatjs\/icu-messageformat-parser$/,
          replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
        },
      ],
    },
    build: {
      outDir: here('./out/renderer'),
      rollupOptions: { input: { index: here('./src-renderer/index.html') } },
    },
  },
});
