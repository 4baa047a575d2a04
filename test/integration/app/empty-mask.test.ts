import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src-main/core/app/app-core.ts';
import { makePhoto } from '../../support/images.ts';
import { startBareCore } from '../../support/test-core.ts';
import { stageFiles } from '../../support/staging.ts';

let dir: string;
let core: AppCore;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-empty-mask-'));
  core = await startBareCore({ dataDir: path.join(dir, 'data'), name: 'empty-mask' });
});

afterEach(async () => {
  await core.stop();
  await rm(dir, { recursive: true, force: true });
});

/** The engine's sentence in English, the language these runs speak. */
const EMPTY_MASK = 'The mask marks nothing: paint over the watermark, or choose No mask.';

describe('adding images whose drawn mask marks nothing', () => {
  it('refuses the batch before any job exists, naming the image and what to do', async () => {
    const file = path.join(dir, 'shot.png');
    await writeFile(file, await makePhoto(64, 48));
    const other = path.join(dir, 'other.png');
    await writeFile(other, await makePhoto(64, 48, 'png', 1));
    const { items } = await stageFiles(core, [file, other]);
    const shot = items.find((item) => item.name === 'shot.png');
    const second = items.find((item) => item.name === 'other.png');
    const added = core.handlers['watermark:add']({
      items: [
        {
          token: second?.token ?? '',
          strokes: [{ kind: 'rect', x: 1, y: 1, width: 8, height: 8 }],
        },
        {
          token: shot?.token ?? '',
          strokes: [
            {
              kind: 'brush',
              points: [
                [5, 5],
                [30, 5],
              ],
              radius: 3,
            },
            {
              kind: 'eraser',
              points: [
                [5, 5],
                [30, 5],
              ],
              radius: 6,
            },
          ],
        },
      ],
    });
    await expect(added).rejects.toMatchObject({ userMessage: `shot.png: ${EMPTY_MASK}` });
    expect((await core.handlers['watermark:list'](undefined)).jobs).toEqual([]);
  });
});
