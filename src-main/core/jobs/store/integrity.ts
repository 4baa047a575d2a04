import { runWorker, workerScript } from '../../worker-thread.ts';
import { damageOf, DatabaseDamagedError } from './store.ts';

/** What the check found: SQLite's own verdict ("ok" or the problems), or why it could not open the file. */
export type IntegrityFinding =
  { check: string } | { failed: { code: string | undefined; message: string } };

/**
 * Checks the job database on a thread of its own before the app opens it: the check reads
 * every page, 150-400 ms for a history of 100,000 jobs, which would hold up the window's
 * first requests on the main thread. Throws a `DatabaseDamagedError` for a damaged file, and
 * an error carrying SQLite's code for one that cannot be opened, as `JobStore.open` would.
 * Says whether the file was checked: when no thread could run the check, the open does it.
 */
export async function checkJobStoreOffThread(file: string): Promise<{ checked: boolean }> {
  let finding: IntegrityFinding;
  try {
    finding = await runWorker<IntegrityFinding>(
      workerScript(import.meta.url, './integrity-worker.ts', './integrity-worker.js'),
      { file },
      'The job database could not be checked',
    );
  } catch {
    return { checked: false };
  }
  if ('check' in finding) {
    if (finding.check !== 'ok') throw new DatabaseDamagedError(file, finding.check);
    return { checked: true };
  }
  const error = Object.assign(new Error(finding.failed.message), { code: finding.failed.code });
  throw damageOf(file, error) ?? error;
}
