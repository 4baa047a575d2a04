import { existsSync } from 'node:fs';

/**
 * Debian's Chromium, never a browser Playwright downloads: these machines cannot fetch one.
 * The flags keep it from reaching for Google's services, which a closed network refuses.
 */
export function chromiumLaunchOptions(): {
  executablePath: string;
  args: string[];
  headless: boolean;
} {
  const executablePath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium was not found at ${executablePath}. Install it (apt-get install chromium) or set CHROMIUM_PATH.`,
    );
  }
  return {
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  };
}
