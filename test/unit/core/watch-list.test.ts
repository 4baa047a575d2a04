import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WATCH_LIST_FILE, WatchList } from '../../../src-main/core/watch/watch-list.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-watch-list-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('the list of watched folders', () => {
  it('is empty before the first watch is added', async () => {
    await expect(new WatchList(dir).all()).resolves.toEqual([]);
  });

  it.each([
    ['not JSON', '{"version":1,"watches":['],
    ['JSON of another shape', '{"version":1,"watches":[{"dir":3}]}'],
  ])(
    'refuses a file that is %s with the sentence that says what to do, and leaves it as it was',
    async (_kind, text) => {
      const file = path.join(dir, WATCH_LIST_FILE);
      await writeFile(file, text);
      await expect(new WatchList(dir).all()).rejects.toThrow(
        `The list of watched folders (${file}) cannot be read. Delete that file, then add the folders again with clearframe watch.`,
      );
      expect(await readFile(file, 'utf8')).toBe(text);
    },
  );
});
