import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppCore } from '../../../src-main/core/app/app-core.ts';
import type * as Decode from '../../../src-main/core/media/decode.ts';
import { makePhoto } from '../../support/images.ts';
import { startBareCore } from '../../support/test-core.ts';
import { stageFiles } from '../../support/staging.ts';

/** The files whose header was read, one entry a read: the real read, counted. */
const headersRead = vi.hoisted(() => [] as string[]);
vi.mock('../../../src-main/core/media/decode.ts', async (real) => {
  const decode = await real<typeof Decode>();
  return {
    ...decode,
    readHeader: (input: Buffer | string) => {
      if (typeof input === 'string') headersRead.push(input);
      return decode.readHeader(input);
    },
  };
});

let dir: string;
let core: AppCore;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-probed-once-'));
  core = await startBareCore({ dataDir: path.join(dir, 'data'), name: 'probed-once' });
});

afterAll(async () => {
  await core.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('a dropped photo on its way to a job', () => {
  it('is probed once, when it is staged; the mask share and the empty-mask check reuse it', async () => {
    const file = path.join(dir, 'shot.png');
    await writeFile(file, await makePhoto(64, 48, 'png', 3));
    // Held, so that the job's own read of the file (when it starts) is not counted here.
    await core.handlers['watermark:pause'](undefined);
    headersRead.length = 0;
    const { items } = await stageFiles(core, [file]);
    const token = items[0]?.token ?? '';
    const strokes = [{ kind: 'rect' as const, x: 2, y: 2, width: 20, height: 10 }];
    const { shares } = await core.handlers['mask:shares']({ items: [{ token, strokes }] });
    expect(shares[0]).toBeGreaterThan(0);
    await expect(
      core.handlers['watermark:add']({ items: [{ token, strokes }] }),
    ).resolves.toMatchObject({
      added: 1,
    });
    expect(headersRead).toEqual([file]);
  });

  it('is probed again when it changed after it was staged, and the new size is used', async () => {
    const file = path.join(dir, 'edited.png');
    await writeFile(file, await makePhoto(64, 48, 'png', 4));
    const { items } = await stageFiles(core, [file]);
    const token = items[0]?.token ?? '';
    await writeFile(file, await makePhoto(128, 96, 'png', 4));
    headersRead.length = 0;
    const strokes = [{ kind: 'rect' as const, x: 0, y: 0, width: 64, height: 48 }];
    const { shares } = await core.handlers['mask:shares']({ items: [{ token, strokes }] });
    expect(headersRead).toEqual([file]);
    expect(shares[0]).toBeCloseTo(0.25, 1);
  });
});
