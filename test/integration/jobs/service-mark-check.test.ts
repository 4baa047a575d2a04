import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WATERMARK_PATHS } from '../../../src-shared/api/watermark.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../../src-shared/domain/settings.ts';
import type { Stroke } from '../../../src-shared/domain/strokes.ts';
import { watermarkJobView } from '../../../src-main/core/app/job-views.ts';
import { createTransport, type Transport } from '../../../src-main/core/api/http.ts';
import { JobStore } from '../../../src-main/core/jobs/store/store.ts';
import { MaskStore } from '../../../src-main/core/media/mask-store.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { simulatorEngine } from '../../support/simulator-engine.ts';
import { stampedWallpapers, type StampedPhoto } from '../../support/wallpaper-marks.ts';

/**
 * The free check after cleaning, on the service's results: real photos (the desktop's
 * wallpapers, 1200×800, a 40 % white mark, JPEG q85) sent to the demo stand-in with a mask.
 * Its clean results, repainted for the first images of a mask and un-blended once it has
 * seen six, are done; a result that kept most of the mark (the `mark-left` fault) is not.
 */
const KEY = 'service-check-key';
let dir: string;
let sim: Simulator;
let transport: Transport;
let settings: Settings;
let store: JobStore;
let photos: StampedPhoto[];
/** A rectangle around the mark, as a person paints one, and the mark's own shape. */
let rect: Stroke[];
let shape: Stroke[];

const submissions = () =>
  sim.requestLog().filter((entry) => entry.path.endsWith(WATERMARK_PATHS.submit)).length;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-service-check-'));
  sim = await startSimulator({
    accounts: [{ key: KEY, credits: 100 }],
    watermark: { processingMs: 50, jitter: 0.2 },
  });
  transport = createTransport({ maxConnections: 4 });
  settings = { ...DEFAULT_SETTINGS, outputFolder: path.join(dir, 'out') };
  store = JobStore.open(path.join(dir, 'data', 'jobs.sqlite'));
  const stamped = await stampedWallpapers(dir, 8);
  photos = stamped.photos;
  const { at, mark } = stamped;
  rect = [
    { kind: 'rect', x: at.x - 12, y: at.y - 12, width: mark.width + 24, height: mark.height + 24 },
  ];
  const { width, height } = photos[0] as StampedPhoto;
  const { token } = await new MaskStore(path.join(dir, 'data', 'masks')).keep(
    stamped.plane,
    width,
    height,
  );
  shape = [{ kind: 'bitmap', token }];
}, 120_000);

afterAll(async () => {
  store.close();
  await transport.close();
  await sim.stop();
  await rm(dir, { recursive: true, force: true });
});

const doubts = (ids: readonly string[]) =>
  ids.map((id) => {
    const view = watermarkJobView(store.getWatermarkJob(id)!, 1);
    return [view.state, view.doubt];
  });

describe('the mark check on the service’s results', () => {
  it('calls the stand-in’s clean results done, with a painted rectangle and with the mark’s shape, sending each once', async () => {
    const engine = simulatorEngine(store, sim, KEY, transport, () => settings);
    const sent = submissions();
    const ids = [
      ...engine.add(photos.map((photo) => ({ inputPath: photo.file, strokes: rect }))),
      ...engine.add(photos.map((photo) => ({ inputPath: photo.file, strokes: shape }))),
    ];
    await engine.whenIdle();
    expect(doubts(ids)).toEqual(ids.map(() => ['done', null]));
    expect(submissions() - sent).toBe(ids.length);
  }, 240_000);

  it('says a result that kept most of the mark is in doubt, for free', async () => {
    sim.setFaults({ rates: { 'mark-left': 1 } });
    try {
      const engine = simulatorEngine(store, sim, KEY, transport, () => settings);
      const sent = submissions();
      const ids = [
        ...engine.add(
          photos.slice(0, 2).map((photo) => ({ inputPath: photo.file, strokes: rect })),
        ),
        ...engine.add(
          photos.slice(2, 4).map((photo) => ({ inputPath: photo.file, strokes: shape })),
        ),
      ];
      await engine.whenIdle();
      expect(doubts(ids)).toEqual(ids.map(() => ['done', 'mark-visible']));
      expect(submissions() - sent).toBe(ids.length);
    } finally {
      sim.setFaults({ rates: {} });
    }
  }, 240_000);
});
