import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src-main/core/app/app-core.ts';
import { encodeMask } from '../../../src-shared/video-clean/mask-runs.ts';
import { startBareCore } from '../../support/test-core.ts';
import { TEST_ENV } from '../../support/test-env.ts';

const PREVIEW = 'clearframe-preview://local/';

let dir: string;
let core: AppCore;
const start = async () => {
  core = await startBareCore({
    dataDir: path.join(dir, 'data'),
    name: 'clip-desk-mask',
    previewBase: PREVIEW,
    env: { ...TEST_ENV },
  });
  return core;
};

/** The masks the window is asked to clean with, by job, as `clips:work` carries them. */
function askedMasks(app: AppCore): Map<string, string | undefined> {
  const asked = new Map<string, string | undefined>();
  app.subscribe((channel, payload) => {
    if (channel !== 'clips:work') return;
    const { jobId, mask } = payload as { jobId: string; mask?: string };
    asked.set(jobId, mask);
  });
  return asked;
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clip-desk-mask-'));
  await mkdir(path.join(dir, 'data'), { recursive: true });
  await writeFile(
    path.join(dir, 'data', 'settings.json'),
    JSON.stringify({ version: 1, outputFolder: path.join(dir, 'out') }),
  );
  await writeFile(path.join(dir, 'dog.webm'), 'a marked clip');
  await writeFile(path.join(dir, 'cat.webm'), 'another marked clip');
});
afterEach(async () => {
  await core?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('a clip before Run and the mask accepted for it', () => {
  it('a staged clip is read from its token, before any job is made of it', async () => {
    await start();
    const file = path.join(dir, 'dog.webm');
    const { clips } = await core.handlers['clips:stage']({ paths: [file] });
    expect(clips.map((clip) => clip.path)).toEqual([file]);
    expect(await core.previewFile(`clip/${clips[0]?.token}/input`)).toBe(file);
    expect(await core.previewFile(`clip/${clips[0]?.token}/output`)).toBeUndefined();
    expect((await core.handlers['clips:list'](undefined)).clips).toEqual([]);
  });

  it('goes to the window with the clip, and again after a restart', async () => {
    await start();
    const mask = new Uint8Array(8 * 4);
    mask.fill(1, 10, 14);
    const text = encodeMask({ mask, width: 8, height: 4 });
    const dog = path.join(dir, 'dog.webm');
    const cat = path.join(dir, 'cat.webm');
    let asked = askedMasks(core);
    const { ids } = await core.handlers['clips:add']({ paths: [dog, cat], masks: { [dog]: text } });
    await core.handlers['clips:ready'](undefined);
    const [dogId, catId] = ids as [string, string];
    await expect.poll(() => asked.has(dogId)).toBe(true);
    expect(asked.get(dogId)).toBe(text);

    // The window never answers: a restart finds the clip again, with its mask.
    await core.stop();
    await start();
    asked = askedMasks(core);
    await core.handlers['clips:ready'](undefined);
    await expect.poll(() => asked.has(dogId)).toBe(true);
    expect(asked.get(dogId)).toBe(text);
    await core.handlers['clips:cancel']({ ids: [dogId] });
    // The clip with no mask accepted has its mark found by the window: none is sent.
    await expect.poll(() => asked.has(catId)).toBe(true);
    expect(asked.get(catId)).toBeUndefined();
  });
});
