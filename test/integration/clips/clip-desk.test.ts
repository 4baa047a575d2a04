import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src-main/core/app/app-core.ts';
import { startBareCore } from '../../support/test-core.ts';
import { TEST_ENV } from '../../support/test-env.ts';

const PREVIEW = 'clearframe-preview://local/';

/**
 * The window as the clips desk sees it (its WebCodecs worker cannot run in Node): it answers
 * `clips:work` by fetching the clip from the preview address it is given, writing the clip
 * back reversed in two pieces over `clips:write`, and saying it is done, unless told to hold.
 */
function standInWindow(core: AppCore, options: { hold?: boolean } = {}) {
  const asked: string[] = [];
  const stopped: string[] = [];
  core.subscribe((channel, payload) => {
    if (channel === 'clips:stop') stopped.push((payload as { jobId: string }).jobId);
    if (channel !== 'clips:work') return;
    const { jobId, source } = payload as { jobId: string; source: string };
    asked.push(jobId);
    void (async () => {
      const file = await core.previewFile(source.slice(PREVIEW.length));
      const bytes = Buffer.from(await readFile(file as string)).reverse();
      const half = Math.floor(bytes.length / 2);
      const { handlers } = core;
      await handlers['clips:progress']({ jobId, done: 1, total: 2 });
      await handlers['clips:write']({
        jobId,
        offset: 0,
        chunk: bytes.subarray(0, half).toString('base64'),
      });
      if (options.hold) return;
      await handlers['clips:write']({
        jobId,
        offset: half,
        chunk: bytes.subarray(half).toString('base64'),
      });
      await handlers['clips:finished']({ jobId, outcome: { container: 'webm', frames: 2 } });
    })();
  });
  return { asked, stopped };
}

let dir: string;
let core: AppCore;
const start = async () => {
  core = await startBareCore({
    dataDir: path.join(dir, 'data'),
    name: 'clip-desk',
    previewBase: PREVIEW,
    env: { ...TEST_ENV },
  });
  return core;
};
const clipOf = async (id: string) =>
  (await core.handlers['clips:list'](undefined)).clips.find((clip) => clip.id === id);

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clip-desk-'));
  await mkdir(path.join(dir, 'data'), { recursive: true });
  await writeFile(
    path.join(dir, 'data', 'settings.json'),
    JSON.stringify({ version: 1, outputFolder: path.join(dir, 'out') }),
  );
  await writeFile(path.join(dir, 'dog.webm'), 'a marked clip');
});
afterEach(async () => {
  await core?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('the clips desk, with the window doing the frames', () => {
  it('waits for the window, then writes what it sends under the final name', async () => {
    await start();
    const window = standInWindow(core);
    const { ids } = await core.handlers['clips:add']({ paths: [path.join(dir, 'dog.webm')] });
    const id = ids[0] as string;
    expect((await clipOf(id))?.state).toBe('queued');
    await core.handlers['clips:ready'](undefined);
    await expect.poll(async () => (await clipOf(id))?.state).toBe('done');
    const output = (await clipOf(id))?.output as string;
    expect(output).toBe(path.join(dir, 'out', 'dog-clean.webm'));
    expect(await readFile(output, 'utf8')).toBe([...'a marked clip'].reverse().join(''));
    expect(await core.previewFile(`clip/${id}/output`)).toBe(output);
    expect(window.asked).toEqual([id]);
  });

  it('cancelled while the window works: tells it to stop and leaves no file', async () => {
    await start();
    const window = standInWindow(core, { hold: true });
    await core.handlers['clips:ready'](undefined);
    const { ids } = await core.handlers['clips:add']({ paths: [path.join(dir, 'dog.webm')] });
    const id = ids[0] as string;
    await expect.poll(async () => (await clipOf(id))?.frames).toEqual({ done: 1, total: 2 });
    expect(await core.handlers['clips:cancel']({ ids: [id] })).toEqual({ count: 1 });
    await expect.poll(async () => (await clipOf(id))?.state).toBe('canceled');
    expect(window.stopped).toEqual([id]);
    expect(await readdir(path.join(dir, 'out'))).toEqual([]);
  });

  it('starts a clip cut off by a restart again once the window is back', async () => {
    await start();
    standInWindow(core, { hold: true });
    await core.handlers['clips:ready'](undefined);
    const { ids } = await core.handlers['clips:add']({ paths: [path.join(dir, 'dog.webm')] });
    const id = ids[0] as string;
    await expect.poll(async () => (await clipOf(id))?.frames).toEqual({ done: 1, total: 2 });
    await core.stop();
    await start();
    const window = standInWindow(core);
    await core.handlers['clips:ready'](undefined);
    await expect.poll(async () => (await clipOf(id))?.state).toBe('done');
    expect(window.asked).toEqual([id]);
    expect(await readdir(path.join(dir, 'out'))).toEqual([
      'clearframe-provenance.jsonl',
      'dog-clean.webm',
    ]);
  });
});
