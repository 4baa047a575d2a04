/**
 * `npm run test:electron`: the packaged-layout app through Playwright's `_electron`. Where the
 * Electron binary cannot be had (these build machines), it says so in one line and stops.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronBinary } from '../test/support/electron-binary.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const binary = electronBinary();
if ('missing' in binary) {
  console.log(`test:electron skipped: ${binary.missing}; it runs wherever Electron is installed.`);
  process.exit(0);
}
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
for (const [command, args] of [
  [bin('electron-vite'), ['build', '--logLevel', 'warn']],
  [bin('playwright'), ['test', '-c', 'playwright.electron.config.ts']],
] as const) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
