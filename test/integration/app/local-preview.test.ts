import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src-main/core/app/app-core.ts';
import { makeMarkedPhoto, psnr, type Rect } from '../../support/images.ts';
import { startBareCore } from '../../support/test-core.ts';
import { stageFiles } from '../../support/staging.ts';

let dir: string;
let core: AppCore;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-local-preview-'));
  core = await startBareCore({ dataDir: path.join(dir, 'data'), name: 'local-preview' });
});

afterEach(async () => {
  await core.stop();
  await rm(dir, { recursive: true, force: true });
});

/** The engine's sentence in English, the language these runs speak. */
const EMPTY_MASK = 'The mask marks nothing: paint over the watermark, or choose No mask.';

const WIDTH = 320;
const HEIGHT = 240;
const MARK: Rect = { left: 200, top: 190, width: 96, height: 30 };

async function stageMarked(): Promise<{ token: string; file: string }> {
  const file = path.join(dir, 'marked.png');
  await writeFile(file, await makeMarkedPhoto(WIDTH, HEIGHT, MARK, { format: 'png' }));
  const { items } = await stageFiles(core, [file]);
  return { token: items[0]?.token ?? '', file };
}

const inside =
  (rect: Rect, margin = 0) =>
  (pixel: number) => {
    const x = pixel % WIDTH;
    const y = Math.floor(pixel / WIDTH);
    return (
      x >= rect.left - margin &&
      x < rect.left + rect.width + margin &&
      y >= rect.top - margin &&
      y < rect.top + rect.height + margin
    );
  };

async function grey(source: Buffer | string): Promise<Buffer> {
  return sharp(source).greyscale().raw().toBuffer();
}

function mean(pixels: Buffer, keep: (pixel: number) => boolean): number {
  let sum = 0;
  let count = 0;
  pixels.forEach((value, pixel) => {
    if (!keep(pixel)) return;
    sum += value;
    count += 1;
  });
  return sum / count;
}

describe('a free local preview of one staged image', () => {
  it('repaints the marked area only, and is served on the preview scheme', async () => {
    const { token, file } = await stageMarked();
    const strokes = [{ kind: 'rect' as const, x: 196, y: 186, width: 104, height: 38 }];
    const { previewId } = await core.handlers['media:previewClean']({ token, strokes });
    const served = await core.previewFile(`local-preview/${previewId}`);
    expect(served).toBeDefined();
    const [before, after] = await Promise.all([grey(file), grey(served as string)]);
    const ring = (pixel: number) => inside(MARK, 20)(pixel) && !inside(MARK, 8)(pixel);
    const surroundings = mean(before, ring);
    // The mark is bright bars; the repaint brings the area back near its surroundings.
    const markGap = Math.abs(mean(before, inside(MARK)) - surroundings);
    const previewGap = Math.abs(mean(after, inside(MARK)) - surroundings);
    expect(markGap).toBeGreaterThan(12);
    expect(previewGap).toBeLessThan(markGap / 3);
    // Everything the mask does not mark stays as it was, up to the JPEG the window is shown.
    expect(psnr(before, after, 1, (pixel) => !inside(MARK, 12)(pixel))).toBeGreaterThan(34);
    // The user's file is read, never written.
    expect(await readFile(file)).toEqual(
      await makeMarkedPhoto(WIDTH, HEIGHT, MARK, { format: 'png' }),
    );
  });

  it('replaces the last preview of the same image, so old ones are not kept', async () => {
    const { token } = await stageMarked();
    const strokes = [{ kind: 'rect' as const, x: 196, y: 186, width: 104, height: 38 }];
    const first = await core.handlers['media:previewClean']({ token, strokes });
    const firstFile = (await core.previewFile(`local-preview/${first.previewId}`)) as string;
    const second = await core.handlers['media:previewClean']({ token, strokes });
    expect(second.previewId).not.toBe(first.previewId);
    expect(await core.previewFile(`local-preview/${first.previewId}`)).toBeUndefined();
    await expect(stat(firstFile)).rejects.toThrow(/ENOENT/);
    expect(await core.previewFile(`local-preview/${second.previewId}`)).toBeDefined();
  });

  it('refuses a mask that marks nothing with what to do', async () => {
    const { token } = await stageMarked();
    const line = [
      [10, 10],
      [60, 10],
    ] as [number, number][];
    await expect(
      core.handlers['media:previewClean']({
        token,
        strokes: [
          { kind: 'brush', points: line, radius: 3 },
          { kind: 'eraser', points: line, radius: 8 },
        ],
      }),
    ).rejects.toThrow(EMPTY_MASK);
  });

  it('refuses an image that is no longer staged with what to do', async () => {
    await expect(
      core.handlers['media:previewClean']({
        token: '00000000-0000-4000-8000-000000000000',
        strokes: [{ kind: 'rect', x: 1, y: 1, width: 8, height: 8 }],
      }),
    ).rejects.toThrow('That image is no longer available; add it again.');
  });

  it('serves nothing for an id it never made', async () => {
    expect(
      await core.previewFile('local-preview/00000000-0000-4000-8000-000000000000'),
    ).toBeUndefined();
    expect(await core.previewFile('local-preview/../../settings.json')).toBeUndefined();
  });
});
