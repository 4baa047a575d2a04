import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WATERMARK_PATHS } from '../../../src-shared/api/watermark.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../../src-shared/domain/settings.ts';
import { watermarkJobView } from '../../../src-main/core/app/job-views.ts';
import { createTransport, type Transport } from '../../../src-main/core/api/http.ts';
import { JobStore } from '../../../src-main/core/jobs/store/store.ts';
import { findWatermark } from '../../../src-main/core/media/automask/find-watermark.ts';
import { MaskStore } from '../../../src-main/core/media/mask-store.ts';
import { EstimateStore } from '../../../src-main/core/media/unblend/estimate-store.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { markedSet } from '../../support/marked-scenes.ts';
import { simulatorEngine } from '../../support/simulator-engine.ts';
import type { Stroke } from '../../../src-shared/domain/strokes.ts';

const KEY = 'doubt-key';
let dir: string;
let sim: Simulator;
let transport: Transport;
let settings: Settings;
let store: JobStore;
/** Local jobs whose measurement fits their mark, and ones whose mark is twice as strong. */
let fitting: Array<{ inputPath: string; strokes: Stroke[]; engine: 'local'; estimate: string }>;
let stronger: typeof fitting;

const submissions = () =>
  sim.requestLog().filter((entry) => entry.path.endsWith(WATERMARK_PATHS.submit)).length;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-doubt-'));
  sim = await startSimulator({ accounts: [{ key: KEY, credits: 100 }] });
  transport = createTransport({ maxConnections: 4 });
  settings = { ...DEFAULT_SETTINGS, outputFolder: path.join(dir, 'out') };
  store = JobStore.open(path.join(dir, 'data', 'jobs.sqlite'));
  const options = { count: 6, sizes: [{ width: 400, height: 300 }], seed: 21 };
  const set = await markedSet(path.join(dir, 'photos'), { ...options, opacity: 0.35 });
  // The same scenes and mark (one seed), laid on twice as opaque: the measurement of the
  // first set undoes only part of it, which leaves a ghost of the mark.
  const strong = await markedSet(path.join(dir, 'strong'), { ...options, opacity: 0.7 });
  const group = (await findWatermark(set.images)).groups[0];
  const mask = group?.masks[0];
  if (!group || !mask) throw new Error('no mark found in the test set');
  const present = group.images.filter((image) => image.present).map((image) => image.path);
  const estimate = (
    await new EstimateStore(path.join(dir, 'data', 'estimates')).make(present, mask)
  ).id;
  const { token } = await new MaskStore(path.join(dir, 'data', 'masks')).keep(
    mask.plane,
    mask.width,
    mask.height,
  );
  const job = (inputPath: string) => ({
    inputPath,
    strokes: [{ kind: 'bitmap' as const, token }],
    engine: 'local' as const,
    estimate,
  });
  fitting = present.slice(0, 2).map(job);
  stronger = strong.images.slice(0, 2).map((image) => job(image.path));
}, 60_000);

afterAll(async () => {
  store.close();
  await transport.close();
  await sim.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('results Clearframe cannot vouch for', () => {
  it('a clean lift on this computer is done; one that leaves the mark readable is in doubt', async () => {
    const engine = simulatorEngine(store, sim, KEY, transport, () => settings);
    const clean = engine.add(fitting);
    const ghosts = engine.add(stronger);
    await engine.whenIdle();
    const view = (id: string) => watermarkJobView(store.getWatermarkJob(id)!, 1);
    expect(clean.map((id) => [view(id).state, view(id).doubt])).toEqual([
      ['done', null],
      ['done', null],
    ]);
    expect(ghosts.map((id) => [view(id).state, view(id).doubt])).toEqual([
      ['done', 'mark-visible'],
      ['done', 'mark-visible'],
    ]);
    expect(submissions()).toBe(0);

    // Clear finished keeps what waits for the user's word.
    engine.clearFinished();
    expect(clean.map((id) => store.getWatermarkJob(id))).toEqual([undefined, undefined]);
    expect(ghosts.map((id) => store.getWatermarkJob(id)?.doubt)).toEqual([
      'mark-visible',
      'mark-visible',
    ]);

    // Sent to the service on the user's word: one paid attempt each, no longer local.
    const [toService, kept] = ghosts as [string, string];
    expect(engine.decide([toService], 'send')).toBe(1);
    await engine.whenIdle();
    expect(submissions()).toBe(1);
    expect(view(toService).local).toBe(false);
    expect(view(toService).attempt).toBe(2);
    // Kept as it is: done from now on, and it says it was kept.
    expect(engine.decide([kept], 'keep')).toBe(1);
    expect(view(kept).doubt).toBeNull();
    expect(store.events(kept).at(-1)?.detail).toEqual({ kept: 'mark-visible' });
    // A word on a job no longer in doubt does nothing: nothing is paid for it.
    expect(engine.decide([kept], 'send')).toBe(0);
    await engine.whenIdle();
    expect(submissions()).toBe(1);
  }, 60_000);

  it('a result the service gave back unchanged under the mask is not done but unchanged', async () => {
    const folder = path.join(dir, 'flat');
    await mkdir(folder, { recursive: true });
    const input = path.join(folder, 'wall.png');
    await writeFile(
      input,
      await sharp({ create: { width: 80, height: 60, channels: 3, background: '#8a9bb0' } })
        .png()
        .toBuffer(),
    );
    const engine = simulatorEngine(store, sim, KEY, transport, () => settings);
    const sent = submissions();
    const [id] = engine.add([
      { inputPath: input, strokes: [{ kind: 'rect', x: 50, y: 40, width: 20, height: 12 }] },
    ]);
    await engine.whenIdle();
    const job = watermarkJobView(store.getWatermarkJob(id as string)!, 1);
    expect([job.state, job.doubt, submissions() - sent]).toEqual(['done', 'unchanged', 1]);
  });
});
