import type Database from 'better-sqlite3';

/** How often the holder looks for jobs another process added; short enough to feel immediate. */
export const FOREIGN_WRITE_CHECK_MS = 300;

/**
 * Calls `onChange` when another connection commits to the database, such as the command
 * line handing its jobs to the app that holds the data folder. SQLite's `data_version`
 * moves only for other connections' commits, so the holder's own work never wakes it.
 */
export function watchForeignWrites(
  db: Database.Database,
  onChange: () => void,
  intervalMs = FOREIGN_WRITE_CHECK_MS,
): () => void {
  let seen = db.pragma('data_version', { simple: true }) as number;
  const timer = setInterval(() => {
    if (!db.open) return;
    const now = db.pragma('data_version', { simple: true }) as number;
    if (now === seen) return;
    seen = now;
    onChange();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
