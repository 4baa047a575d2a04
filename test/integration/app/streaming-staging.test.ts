import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src-main/core/app/app-core.ts';
import { STAGED_PER_MESSAGE } from '../../../src-main/core/app/staged-batcher.ts';
import { makePhoto, makeTruncatedJpeg } from '../../support/images.ts';
import { followStaging, stageFiles } from '../../support/staging.ts';
import { startBareCore } from '../../support/test-core.ts';

let dir: string;
let core: AppCore;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-streaming-staging-'));
  core = await startBareCore({ dataDir: path.join(dir, 'data'), name: 'streaming-staging' });
});

afterAll(async () => {
  await core.stop();
  await rm(dir, { recursive: true, force: true });
});

/** A folder of `count` small photos, in two subfolders, named so they sort as numbered. */
async function folderOf(name: string, count: number): Promise<string> {
  const folder = path.join(dir, name);
  const photo = await makePhoto(24, 16, 'jpeg');
  for (const sub of ['a', 'b']) await mkdir(path.join(folder, sub), { recursive: true });
  for (let i = 0; i < count; i += 1) {
    const sub = i < count / 2 ? 'a' : 'b';
    await writeFile(path.join(folder, sub, `photo-${String(i).padStart(4, '0')}.jpg`), photo);
  }
  return folder;
}

describe('staging a dropped folder', () => {
  it('sends the window what it finds in order and counts it right, bad files with their reasons', async () => {
    const folder = await folderOf('mixed', 6);
    await writeFile(path.join(folder, 'broken.jpg'), 'this is not a photo');
    await writeFile(path.join(folder, 'notes.txt'), 'hello');
    await writeFile(path.join(folder, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(path.join(folder, 'empty.png'), '');
    await writeFile(path.join(folder, 'drawing.png'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const gone = path.join(dir, 'gone');

    const seen = await stageFiles(core, [folder, gone]);

    expect(seen.answer).toMatchObject({ staged: 6, skipped: 6, canceled: false });
    expect(seen.items.map((item) => path.relative(folder, item.path))).toEqual(
      Array.from({ length: 6 }, (_, i) => path.join(i < 3 ? 'a' : 'b', `photo-000${i}.jpg`)),
    );
    expect(seen.items.every((item) => item.width === 24 && item.height === 16)).toBe(true);
    const reasons = Object.fromEntries(
      seen.skipped.map((skip) => [path.basename(skip.path), skip.reason]),
    );
    expect(reasons).toEqual({
      'broken.jpg': expect.stringMatching(/^This file is not an image, whatever its name says\./),
      'notes.txt': 'It is not an image file.',
      'logo.svg': expect.stringMatching(/vector drawing/),
      'empty.png': 'The file is empty.',
      // A drawing named as a photo: its bytes, not its name, say what it is.
      'drawing.png': expect.stringMatching(/^This file is not an image, whatever its name says\./),
      gone: 'It does not exist (moved or deleted?).',
    });
  });

  it('sends what it staged while the walk goes on, and Cancel stops the walk keeping what was staged', async () => {
    const total = STAGED_PER_MESSAGE + os.availableParallelism() + 150;
    const folder = await folderOf('many', total);
    const run = randomUUID();
    const seen = followStaging(core, run);
    let answered = false;
    let firstWhileWalking: boolean | undefined;
    const stopAtFirst = core.subscribe((channel) => {
      if (channel !== 'media:staged' || firstWhileWalking !== undefined) return;
      firstWhileWalking = !answered;
      void core.handlers['media:cancelProbe']({ run });
    });
    let answer;
    try {
      answer = await core.handlers['media:probe']({ paths: [folder], run });
    } finally {
      answered = true;
      stopAtFirst();
      seen.stop();
    }

    expect(firstWhileWalking).toBe(true);
    expect(answer.canceled).toBe(true);
    expect(seen.batches[0]?.items.length).toBeGreaterThan(0);
    // A message holds at most STAGED_PER_MESSAGE files, and Cancel lets only the files
    // being looked at end: the walk stopped well before the last file.
    expect(answer.staged).toBeLessThan(total);
    expect(seen.items).toHaveLength(answer.staged);
    // What was staged before the Cancel stays staged: each can still become a job.
    for (const item of seen.items) expect(core.staging.entry(item.token)?.path).toBe(item.path);
    expect(await core.handlers['media:cancelProbe']({ run })).toEqual({ canceled: false });
  });

  it('refuses a JPEG cut short with the reason, by decoding its pixels, and stages the others', async () => {
    const folder = await folderOf('cut-short', 2);
    await writeFile(path.join(folder, 'a', 'IMG_cut.jpg'), await makeTruncatedJpeg());

    const seen = await stageFiles(core, [folder]);

    expect(seen.answer).toMatchObject({ staged: 2, skipped: 1 });
    expect(seen.items.map((item) => item.name)).toEqual(['photo-0000.jpg', 'photo-0001.jpg']);
    expect(seen.skipped).toEqual([
      {
        path: path.join(folder, 'a', 'IMG_cut.jpg'),
        reason: expect.stringMatching(/^The image is damaged or cut short: not all of its pixels/),
      },
    ]);
  });
});
