import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The end-to-end suite drives the built renderer and preload, as the app ships them. */
export default function globalSetup(): void {
  for (const built of ['../../out/renderer/index.html', '../../out/preload/index.cjs']) {
    if (!existsSync(fileURLToPath(new URL(built, import.meta.url)))) {
      throw new Error(
        'The app is not built: run `npm run build` first (`npm test` does it for you).',
      );
    }
  }
}
