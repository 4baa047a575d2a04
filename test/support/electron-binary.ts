import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const electronPackage = fileURLToPath(new URL('../../node_modules/electron', import.meta.url));

/**
 * The Electron binary's path, or why there is none. Electron downloads it on first launch,
 * so asking `require('electron')` here would start a download; this only looks.
 */
export function electronBinary(): { path: string } | { missing: string } {
  const pathFile = path.join(electronPackage, 'path.txt');
  if (!existsSync(pathFile)) {
    return {
      missing: 'the Electron binary is not installed (node_modules/electron/path.txt is absent)',
    };
  }
  const binary = path.join(electronPackage, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary)
    ? { path: binary }
    : { missing: `the Electron binary ${binary} is absent` };
}
