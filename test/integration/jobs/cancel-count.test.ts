import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src-main/core/app/app-core.ts';
import { makePhoto } from '../../support/images.ts';
import { stageFiles } from '../../support/staging.ts';
import { startBareCore } from '../../support/test-core.ts';

let dir: string;
let core: AppCore;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-cancel-count-'));
  core = await startBareCore({ dataDir: path.join(dir, 'data'), name: 'cancel-count' });
});

afterEach(async () => {
  await core.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('cancel', () => {
  it('answers how many jobs it canceled, not how many it was asked about', async () => {
    const file = path.join(dir, 'shot.png');
    await writeFile(file, await makePhoto(64, 48));
    await core.handlers['watermark:pause'](undefined);
    const { items } = await stageFiles(core, [file]);
    await core.handlers['watermark:add']({ items: items.map(({ token }) => ({ token })) });
    const [job] = (await core.handlers['watermark:list'](undefined)).jobs;
    const id = job?.id ?? '';
    const gone = '00000000-0000-4000-8000-000000000000';
    expect(await core.handlers['watermark:cancel']({ ids: [id, gone] })).toEqual({ count: 1 });
    // Already canceled: nothing more to cancel.
    expect(await core.handlers['watermark:cancel']({ ids: [id] })).toEqual({ count: 0 });
    expect(await core.handlers['video:cancel']({ ids: ['no-such-round'] })).toEqual({ count: 0 });
  });
});
