import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../../src-shared/domain/settings.ts';
import { createTransport, type Transport } from '../../../src-main/core/api/http.ts';
import { JobStore } from '../../../src-main/core/jobs/store/store.ts';
import { MaskStore } from '../../../src-main/core/media/mask-store.ts';
import { EstimateStore } from '../../../src-main/core/media/unblend/estimate-store.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { readProvenance } from '../../support/provenance.ts';
import { sceneMark } from '../../support/scene-profile.ts';
import { simulatorEngine } from '../../support/simulator-engine.ts';
import type { Stroke } from '../../../src-shared/domain/strokes.ts';

const KEY = 'local-engine-key';
let dir: string;
let sim: Simulator;
let transport: Transport;
let settings: Settings;
let inputs: Array<{ inputPath: string; strokes: Stroke[]; engine: 'local'; estimate: string }>;
let estimateId: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-local-engine-'));
  sim = await startSimulator({ accounts: [{ key: KEY, credits: 100 }] });
  transport = createTransport({ maxConnections: 4 });
  settings = { ...DEFAULT_SETTINGS, outputFolder: path.join(dir, 'out') };
  const { photos: present, mask } = await sceneMark(dir);
  // Made in the data folder the jobs' database sits in, as the app and the command line do.
  estimateId = (await new EstimateStore(path.join(dir, 'data', 'estimates')).make(present, mask))
    .id;
  const { token } = await new MaskStore(path.join(dir, 'data', 'masks')).keep(
    mask.plane,
    mask.width,
    mask.height,
  );
  inputs = present.map((inputPath) => ({
    inputPath,
    strokes: [{ kind: 'bitmap', token }],
    engine: 'local',
    estimate: estimateId,
  }));
}, 60_000);

afterAll(async () => {
  await transport.close();
  await sim.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('local jobs (un-blended on this computer)', () => {
  it('go through the queue, send nothing to the service and survive a restart', async () => {
    const dbFile = path.join(dir, 'data', 'jobs.sqlite');
    const first = JobStore.open(dbFile);
    const runA = simulatorEngine(first, sim, KEY, transport, () => settings);
    runA.add(inputs);
    while (first.watermarks.inStates(['done']).length < 2) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    runA.stop();
    await runA.whenIdle();
    const left = first.watermarks.inStates(['queued', 'preparing', 'downloading']).length;
    first.close();
    expect(left).toBeGreaterThan(0);

    const second = JobStore.open(dbFile);
    const runB = simulatorEngine(second, sim, KEY, transport, () => settings);
    runB.recover();
    await runB.whenIdle();
    expect(second.watermarks.inStates(['done'])).toHaveLength(inputs.length);
    second.close();

    expect(sim.requestLog()).toEqual([]);
    const written = (await readdir(settings.outputFolder as string)).filter((name) =>
      name.endsWith('.jpg'),
    );
    // One result per image, none written twice across the restart.
    expect(written).toHaveLength(inputs.length);
    const lines = await readProvenance(settings.outputFolder as string);
    expect(lines).toHaveLength(inputs.length);
    for (const line of lines) {
      expect(line.engine).toBe('local');
      expect(line.estimate).toEqual({ id: estimateId, images: inputs.length });
      expect(line.taskId).toBeUndefined();
    }
  });

  it('fails a job whose measurement is gone with a sentence saying what to do', async () => {
    const store = JobStore.open(path.join(dir, 'other.sqlite'));
    const run = simulatorEngine(store, sim, KEY, transport, () => settings);
    const [id] = run.add([{ ...(inputs[0] as (typeof inputs)[number]), estimate: 'f'.repeat(32) }]);
    await run.whenIdle();
    const job = store.getWatermarkJob(id as string);
    store.close();
    expect(job?.state).toBe('failed');
    expect(job?.error_json).toMatch(
      /find the watermark again, or send these images to the service/,
    );
    expect(sim.requestLog()).toEqual([]);
  });
});
