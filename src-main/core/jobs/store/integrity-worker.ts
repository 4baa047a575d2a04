import { existsSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { WorkerAnswer } from '../../worker-thread.ts';
import type { IntegrityFinding } from './integrity.ts';
import { errorCode } from '../../error-code.ts';

/** The integrity check's thread: reads every page of the job database once, off the main thread. */
function check(file: string): IntegrityFinding {
  if (!existsSync(file)) return { check: 'ok' };
  try {
    const db = new Database(file, { fileMustExist: true });
    try {
      return { check: db.pragma('quick_check', { simple: true }) as string };
    } finally {
      db.close();
    }
  } catch (error) {
    const code = errorCode(error);
    return {
      failed: { code: typeof code === 'string' ? code : undefined, message: String(error) },
    };
  }
}

const { file } = workerData as { file: string };
parentPort?.postMessage({ ok: true, value: check(file) } satisfies WorkerAnswer<IntegrityFinding>);
