import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JobStore } from '../../../src-main/core/jobs/store/store.ts';

let dir: string;
let store: JobStore;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-history-'));
  store = JobStore.open(path.join(dir, 'clearframe.sqlite'));
});

afterEach(async () => {
  store.close();
  await rm(dir, { recursive: true, force: true });
});

const batch = (name: string, count: number) =>
  store.addWatermarkJobs(
    Array.from({ length: count }, (_, i) => ({ inputPath: `/photos/${name}/${i}.jpg` })),
  );

describe('the watermark history, a page at a time', () => {
  it('gives every job once, newest first, with its latest sequence number', () => {
    const ids = [...batch('old', 5), ...batch('new', 4)];
    store.transition('watermark', ids[0] as string, 'canceled');
    const seen: string[] = [];
    let before: number | undefined;
    let pages = 0;
    for (;;) {
      const page = store.history.page({ limit: 4, ...(before ? { before } : {}) });
      seen.push(...page.rows.map((row) => row.id));
      pages += 1;
      if (page.next === undefined) break;
      before = page.next;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
    const first = store.history.page({ limit: 100 }).rows.at(-1);
    expect(first).toMatchObject({ id: ids[0], state: 'canceled', seq: 2 });
  });

  it('gives no rows and no next page for an empty history', () => {
    expect(store.history.page({ limit: 10 })).toEqual({ rows: [] });
  });

  it('lists the batch added last after the jobs of earlier batches that have yet to settle', () => {
    const old = batch('old', 3);
    store.transition('watermark', old[0] as string, 'canceled');
    const fresh = batch('new', 2);
    expect(store.history.current().map((row) => row.id)).toEqual([old[1], old[2], ...fresh]);
  });
});
