import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolderWatcher } from '../../../src-main/core/watch/folder-watcher.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-never-decodes-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * Watches a folder holding one file that is left as it is, looked at on demand on a clock
 * the test moves: six looks within the patience, then four past it. Returns what was named.
 */
async function watchHeldStill(folder: string): Promise<{ file: string; reason: string }[]> {
  let clock = 1_000_000;
  let looks = 0;
  const skipped: { file: string; reason: string }[] = [];
  const watcher = new FolderWatcher({
    dir: folder,
    recursive: false,
    intervalMs: 60_000,
    patienceMs: 60_000,
    now: () => clock,
    known: () => false,
    ownResult: () => Promise.resolve(undefined),
    onArrived: () => Promise.resolve(),
    onSkipped: (file, reason) => skipped.push({ file, reason }),
    onScanned: () => (looks += 1),
  });
  const look = async () => {
    const before = looks;
    watcher.look();
    while (looks === before) await new Promise((resolve) => setTimeout(resolve, 5));
  };
  watcher.start();
  for (let i = 0; i < 6; i += 1) await look();
  expect(skipped).toEqual([]);
  clock += 60_000;
  for (let i = 0; i < 4; i += 1) await look();
  await watcher.stop();
  return skipped;
}

describe('a watched file that never decodes', () => {
  it('is named with a sentence once the patience has passed on the watch’s clock, not waited on for ever', async () => {
    // Bytes that will never read as an image, held still: a damaged file, not a copy under way.
    const folder = path.join(dir, 'broken');
    await mkdir(folder);
    await writeFile(path.join(folder, 'broken.jpg'), Buffer.alloc(4096, 7));
    const skipped = await watchHeldStill(folder);
    expect(skipped).toHaveLength(1);
    expect(skipped[0]?.file).toBe(path.join(folder, 'broken.jpg'));
    expect(skipped[0]?.reason).toMatch(/^[A-Z].{10,}\.$/);
  });

  it('names an empty file that stays empty the same way, with the sentence that says so', async () => {
    const folder = path.join(dir, 'empty');
    await mkdir(folder);
    await writeFile(path.join(folder, 'empty.jpg'), '');
    const skipped = await watchHeldStill(folder);
    expect(skipped).toEqual([
      {
        file: path.join(folder, 'empty.jpg'),
        reason: 'It has stayed empty (0 bytes) since it appeared: copy it again, or delete it.',
      },
    ]);
  });
});
