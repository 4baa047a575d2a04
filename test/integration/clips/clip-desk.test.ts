import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src-main/core/app/app-core.ts';
import { startBareCore } from '../../support/test-core.ts';
import { clipFacts } from '../../support/clip-measure.ts';
import { cutSegments, makeShortClip, SHORT_CLIP } from '../../support/segment-cutter.ts';
import { TEST_ENV } from '../../support/test-env.ts';

const PREVIEW = 'clearframe-preview://local/';

/**
 * The window as the clips desk sees it (its WebCodecs worker cannot run in Node): it answers
 * `clips:work` by fetching the clip from the preview address it is given and sending back
 * the clip's own frames cut into segments from the one asked for, each in two pieces over
 * `clips:write` and then `clips:segment`, and says it is done, unless told to hold after the
 * first segment.
 */
function standInWindow(core: AppCore, options: { hold?: boolean } = {}) {
  const asked: string[] = [];
  const froms: unknown[] = [];
  const stopped: string[] = [];
  const close = core.subscribe((channel, payload) => {
    if (channel === 'clips:stop') stopped.push((payload as { jobId: string }).jobId);
    if (channel !== 'clips:work') return;
    const { jobId, source, from } = payload as {
      jobId: string;
      source: string;
      from: { segment: number; frames: number };
    };
    asked.push(jobId);
    froms.push(from);
    void (async () => {
      const file = await core.previewFile(source.slice(PREVIEW.length));
      const { handlers } = core;
      let done = from.frames;
      for (const segment of await cutSegments(file as string, from.segment)) {
        const bytes = Buffer.from(segment.bytes);
        const half = Math.floor(bytes.length / 2);
        for (const [offset, piece] of [
          [0, bytes.subarray(0, half)],
          [half, bytes.subarray(half)],
        ] as const) {
          const chunk = piece.toString('base64');
          await handlers['clips:write']({ jobId, segment: segment.index, offset, chunk });
        }
        await handlers['clips:segment']({ jobId, segment: segment.index, frames: segment.frames });
        done += segment.frames;
        await handlers['clips:progress']({ jobId, done, total: SHORT_CLIP.frames });
        if (options.hold) return;
      }
      await handlers['clips:finished']({ jobId, outcome: { container: 'mp4', frames: done } });
    })();
  });
  return { asked, froms, stopped, close };
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
/** A window that holds after the first segment, and a clip it is cleaning; resolves once it holds. */
async function heldClip() {
  const window = standInWindow(core, { hold: true });
  await core.handlers['clips:ready'](undefined);
  const { ids } = await core.handlers['clips:add']({ paths: [path.join(dir, 'dog.mp4')] });
  const id = ids[0] as string;
  await expect
    .poll(async () => (await clipOf(id))?.frames)
    .toEqual({ done: 40, total: SHORT_CLIP.frames });
  return { window, id };
}
const clipOf = async (id: string) =>
  (await core.handlers['clips:list'](undefined)).clips.find((clip) => clip.id === id);

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clip-desk-'));
  await mkdir(path.join(dir, 'data'), { recursive: true });
  await writeFile(
    path.join(dir, 'data', 'settings.json'),
    JSON.stringify({ version: 1, outputFolder: path.join(dir, 'out') }),
  );
  await makeShortClip(dir, 'dog.mp4');
});
afterEach(async () => {
  await core?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('the clips desk, with the window doing the frames', () => {
  it('waits for the window, then writes what it sends under the final name', async () => {
    await start();
    const window = standInWindow(core);
    const { ids } = await core.handlers['clips:add']({ paths: [path.join(dir, 'dog.mp4')] });
    const id = ids[0] as string;
    expect((await clipOf(id))?.state).toBe('queued');
    await core.handlers['clips:ready'](undefined);
    await expect.poll(async () => (await clipOf(id))?.state).toBe('done');
    const output = (await clipOf(id))?.output as string;
    expect(output).toBe(path.join(dir, 'out', 'dog-clean.mp4'));
    expect((await clipFacts(output)).frames).toBe(SHORT_CLIP.frames);
    expect(await core.previewFile(`clip/${id}/output`)).toBe(output);
    expect(window.asked).toEqual([id]);
  });

  it('cancelled while the window works: tells it to stop and leaves no file', async () => {
    await start();
    const { window, id } = await heldClip();
    expect(await core.handlers['clips:cancel']({ ids: [id] })).toEqual({ count: 1 });
    await expect.poll(async () => (await clipOf(id))?.state).toBe('canceled');
    expect(window.stopped).toEqual([id]);
    expect(await readdir(path.join(dir, 'out'))).toEqual([]);
    await expect.poll(() => readdir(path.join(dir, 'data', 'clip-segments'))).toEqual([]);
  });

  it('carries on a clip cut off by a restart at its next segment once the window is back', async () => {
    await start();
    const { id } = await heldClip();
    await core.stop();
    await start();
    const window = standInWindow(core);
    await core.handlers['clips:ready'](undefined);
    await expect.poll(async () => (await clipOf(id))?.state).toBe('done');
    expect(window.asked).toEqual([id]);
    expect(window.froms).toEqual([{ segment: 1, frames: 40 }]);
    expect((await clipFacts(path.join(dir, 'out', 'dog-clean.mp4'))).frames).toBe(
      SHORT_CLIP.frames,
    );
    expect(await readdir(path.join(dir, 'out'))).toEqual([
      'clearframe-provenance.jsonl',
      'dog-clean.mp4',
    ]);
  });

  it('asks a window shown again mid-clip for the segments after those kept meanwhile', async () => {
    await start();
    const { window: first, id } = await heldClip();
    // The window is reloaded: its worker is gone, and the new one says it is ready.
    first.close();
    const again = standInWindow(core);
    await core.handlers['clips:ready'](undefined);
    await expect.poll(async () => (await clipOf(id))?.state).toBe('done');
    expect(first.froms).toEqual([{ segment: 0, frames: 0 }]);
    expect(again.froms).toEqual([{ segment: 1, frames: 40 }]);
    const output = (await clipOf(id))?.output as string;
    expect((await clipFacts(output)).frames).toBe(SHORT_CLIP.frames);
  });
});
