import { open, stat } from 'node:fs/promises';
import { JobStore } from '../../src-main/core/jobs/store/store.ts';

/** A job database with 500 jobs whose middle page is then overwritten with garbage. */
export async function makeDamagedDatabase(file: string): Promise<void> {
  const store = JobStore.open(file);
  store.addWatermarkJobs(
    Array.from({ length: 500 }, (_, i) => ({ inputPath: `/photos/${i}.jpg` })),
  );
  store.db.pragma('wal_checkpoint(TRUNCATE)');
  store.close();
  const size = (await stat(file)).size;
  const handle = await open(file, 'r+');
  await handle.write(Buffer.alloc(4096, 0xa5), 0, 4096, Math.floor(size / 2 / 4096) * 4096);
  await handle.close();
}
