import log from 'electron-log/node';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { inspect } from 'node:util';
import { redactSecrets } from '../api/errors.ts';

/** Log files kept, one per day. */
export const LOG_DAYS_KEPT = 14;
/** A day's file is archived (`.old.log`) past this size and a new one started. */
export const LOG_MAX_BYTES = 10 * 1024 * 1024;

const LOG_FILE = /^clearframe-(\d{4}-\d{2}-\d{2})\.log(\.old\.log)?$/;
/** Key-like values in text: `key=…`, `token: …`, `"api_key":"…"`, whatever the registered secrets. */
const KEY_FIELDS = /((?:api[_-]?key|token|authorization|secret)["']?\s*[:=]\s*["']?)[^\s"',;&]+/gi;

export interface LogEntry {
  at: string;
  level: string;
  scope: string;
  text: string;
}

export interface AppLogger {
  info(scope: string, ...data: unknown[]): void;
  warn(scope: string, ...data: unknown[]): void;
  error(scope: string, ...data: unknown[]): void;
  /** The latest warnings and errors, newest last, for "Copy diagnostics". */
  recentProblems(): LogEntry[];
  readonly dir: string;
}

/** Everything written to a log goes through here: the key, bearer tokens and key fields are removed. */
export function redactForLog(value: unknown): string {
  const text = typeof value === 'string' ? value : inspect(value, { depth: 4, breakLength: 160 });
  return redactSecrets(text).replace(KEY_FIELDS, '$1[redacted]');
}

function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Removes day files older than the days kept, by the date in their names. */
export function pruneLogs(dir: string, today: Date, keepDays = LOG_DAYS_KEPT): string[] {
  const oldest = new Date(today.getTime() - (keepDays - 1) * 24 * 60 * 60 * 1000);
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return removed;
  }
  for (const name of names) {
    const match = LOG_FILE.exec(name);
    if (match && (match[1] as string) < day(oldest)) {
      rmSync(path.join(dir, name), { force: true });
      removed.push(name);
    }
  }
  return removed;
}

/** The day's log file in a logs folder, where the shell also writes a failed start. */
export function logFilePath(dir: string, date: Date): string {
  return path.join(dir, `clearframe-${day(date)}.log`);
}

let instances = 0;

/**
 * The app's log on electron-log: a file a day in the logs folder, archived past 10 MB, two
 * weeks kept, every line redacted before it is written, and the last problems kept in memory
 * for the diagnostics report.
 */
export function createLogger(options: {
  dir: string;
  console?: boolean;
  now?: () => Date;
}): AppLogger {
  const now = options.now ?? (() => new Date());
  instances += 1;
  const logger = log.create({ logId: `clearframe-${process.pid}-${instances}` });
  logger.transports.file.resolvePathFn = (_variables, message) =>
    logFilePath(options.dir, message?.date ?? now());
  logger.transports.file.maxSize = LOG_MAX_BYTES;
  logger.transports.file.format = '[{iso}] [{level}] {scope}{text}';
  logger.transports.console.level = options.console ? 'warn' : false;
  logger.hooks.push((message) => ({ ...message, data: message.data.map(redactForLog) }));
  pruneLogs(options.dir, now());

  const problems: LogEntry[] = [];
  const write = (level: 'info' | 'warn' | 'error', scope: string, data: unknown[]) => {
    const scoped = logger.scope(scope);
    scoped[level](...data);
    if (level !== 'info') {
      problems.push({
        at: now().toISOString(),
        level,
        scope,
        text: data.map(redactForLog).join(' '),
      });
      if (problems.length > 50) problems.shift();
    }
  };
  return {
    dir: options.dir,
    info: (scope, ...data) => write('info', scope, data),
    warn: (scope, ...data) => write('warn', scope, data),
    error: (scope, ...data) => write('error', scope, data),
    recentProblems: () => [...problems],
  };
}
