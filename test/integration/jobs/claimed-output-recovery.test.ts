import { link, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../../src-shared/domain/settings.ts';
import { WATERMARK_PATHS } from '../../../src-shared/api/watermark.ts';
import { createTransport, type Transport } from '../../../src-main/core/api/http.ts';
import { Poller } from '../../../src-main/core/api/poller.ts';
import { WatermarkClient } from '../../../src-main/core/api/watermark-client.ts';
import { JobStore } from '../../../src-main/core/jobs/store/store.ts';
import { WatermarkEngine } from '../../../src-main/core/jobs/watermark/watermark-engine.ts';
import { PROVENANCE_LOG } from '../../../src-main/core/media/output.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { makePhoto } from '../../support/images.ts';

const KEY = 'claim-recovery-key';
let dir: string;
let sim: Simulator;
let transport: Transport;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-claim-recovery-'));
  sim = await startSimulator({ accounts: [{ key: KEY, credits: 100 }] });
  transport = createTransport({});
});

afterEach(async () => {
  await transport.close();
  await sim.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('a crash between claiming a result name and marking the job done', () => {
  it('finds the result it had written and finishes with it, writing nothing twice', async () => {
    const out = path.join(dir, 'out');
    const input = path.join(dir, 'photos', 'quay.png');
    await mkdir(path.dirname(input), { recursive: true });
    await writeFile(input, await makePhoto(24, 16, 'png', 3));
    const settings: Settings = { ...DEFAULT_SETTINGS, outputFolder: out };
    const client = new WatermarkClient({
      baseUrl: sim.watermarkBaseUrl,
      key: () => KEY,
      transport,
    });
    const taskId = await client.submit({ base64: (await readFile(input)).toString('base64') });

    // The state a killed process leaves: the job downloading, its result under its name and
    // the job's temporary file still linked to it.
    const store = JobStore.open(path.join(dir, 'data', 'jobs.sqlite'));
    const [id = ''] = store.addWatermarkJobs([{ inputPath: input }]);
    for (const state of [
      'preparing',
      'submitting',
      'submitted',
      'processing',
      'downloading',
    ] as const)
      store.transition(
        'watermark',
        id,
        state,
        state === 'submitted' ? { remoteTaskId: taskId } : {},
      );
    await mkdir(out, { recursive: true });
    const temp = path.join(out, `.quay-clean.png.${id}-0a1b2c3d.tmp`);
    await writeFile(temp, await makePhoto(24, 16, 'png', 4));
    await link(temp, path.join(out, 'quay-clean.png'));
    const requestsBefore = sim.requestLog().length;

    const engine = new WatermarkEngine({
      store,
      client,
      transport,
      poller: new Poller(),
      settings: () => settings,
    });
    engine.recover();
    await expect.poll(() => store.getWatermarkJob(id)?.state, { timeout: 10_000 }).toBe('done');
    await engine.whenIdle();

    expect(store.getWatermarkJob(id)?.output_path).toBe(path.join(out, 'quay-clean.png'));
    expect((await readdir(out)).sort()).toEqual([PROVENANCE_LOG, 'quay-clean.png']);
    // Nothing was asked of the service again, let alone sent.
    expect(sim.requestLog().slice(requestsBefore)).toEqual([]);
    expect(
      sim.requestLog().filter((entry) => entry.path.endsWith(WATERMARK_PATHS.submit)),
    ).toHaveLength(1);
    store.close();
  });
});
