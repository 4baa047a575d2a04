import { appendFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { logFilePath, redactForLog } from '../core/diagnostics/logger.ts';
import { shellWords, type Words } from '../core/i18n/words.ts';
import { chooseLanguage } from '../../src-shared/i18n/languages.ts';
import { loadMessages } from '../../src-shared/i18n/messages.ts';
import { dataPaths } from '../core/paths.ts';
import { UserFacingError } from '../core/user-error.ts';

/**
 * The failure dialog's words, in the system's language: the settings, which may name
 * another, may be what could not be read.
 */
export async function startFailureWords(systemLanguages: readonly string[]): Promise<Words> {
  await loadMessages(chooseLanguage('system', systemLanguages));
  return shellWords(() => 'system', systemLanguages);
}

/**
 * Writes a start that failed to the day's log, in the data folder's logs when it can be
 * written, else in the system's temporary folder, and returns the file it went to (none
 * when neither could be written).
 * Synchronous and independent of the app's logger, which may be what failed.
 */
export function logStartFailure(
  dataDir: string,
  error: unknown,
  now = new Date(),
): string | undefined {
  const line = `[${now.toISOString()}] [error] (startup) ${redactForLog(
    error instanceof Error ? (error.stack ?? error.message) : error,
  )}\n`;
  for (const dir of [dataPaths(dataDir).logsDir, path.join(os.tmpdir(), 'clearframe-logs')]) {
    const file = logFilePath(dir, now);
    try {
      mkdirSync(dir, { recursive: true });
      appendFileSync(file, line);
      return file;
    } catch {
      // Try the next place.
    }
  }
  return undefined;
}

/** What the dialog says: what went wrong, where the details are, and what to do. */
export function startFailureMessage(
  error: unknown,
  logFile: string | undefined,
  words: Words,
): string {
  const what =
    error instanceof UserFacingError
      ? error.userMessage
      : error instanceof Error
        ? error.message
        : String(error);
  return logFile === undefined
    ? words('main.startFailure.bodyNoLog', { what })
    : words('main.startFailure.body', { what, logFile });
}
