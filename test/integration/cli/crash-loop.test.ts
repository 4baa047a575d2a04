import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WATERMARK_PATHS } from '../../../src-shared/api/watermark.ts';
import { JobStore } from '../../../src-main/core/jobs/store/store.ts';
import { hashBody } from '../../../src-main/simulator/request-log.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { runCli } from '../../support/cli-process.ts';
import { makePhoto } from '../../support/images.ts';
import { paidSubmissionsSentTwice } from '../../support/paid-submissions.ts';

const KEY = 'crash-loop-key';
const IMAGES = 60;
const KILLS = 20;
let dir: string;
let sim: Simulator;

async function removeOnce(args: string[], killAfterMs?: number): Promise<number | null> {
  const run = await runCli(['remove', ...args], {
    env: { CLEARFRAME_WATERMARK_KEY: KEY, CLEARFRAME_WATERMARK_BASE_URL: sim.watermarkBaseUrl },
    ...(killAfterMs !== undefined ? { killAfterMs } : {}),
  });
  return run.code;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-crash-'));
  sim = await startSimulator({
    accounts: [{ key: KEY, credits: 10_000 }],
    watermark: { processingMs: 1500, jitter: 0.3 },
  });
});

afterAll(async () => {
  await sim.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('the command line under SIGKILL', () => {
  it('killed at 20 seeded moments and restarted, ends with one output per input and nothing paid twice', async () => {
    const inputs = path.join(dir, 'in');
    const out = path.join(dir, 'out');
    const data = path.join(dir, 'data');
    await mkdir(inputs);
    const bodies = new Map<string, string>();
    for (let i = 0; i < IMAGES; i += 1) {
      const bytes = await makePhoto(32, 24, 'png', i);
      await writeFile(path.join(inputs, `img-${i}.png`), bytes);
      bodies.set(
        path.join(inputs, `img-${i}.png`),
        hashBody(JSON.stringify({ image_base64: bytes.toString('base64') })),
      );
    }
    const args = (concurrency: number) => [
      inputs,
      '--out',
      out,
      '--data-dir',
      data,
      '--concurrency',
      String(concurrency),
    ];
    let seed = 20261121;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let killedMidway = 0;
    for (let kill = 0; kill < KILLS; kill += 1) {
      // null: ended by the signal, not by finishing.
      if ((await removeOnce(args(4), 150 + Math.floor(random() * 900))) === null) killedMidway += 1;
    }
    expect(killedMidway).toBe(KILLS);
    // The run left to finish does most of the batch: four at a time that is fifteen rounds of
    // the simulator's 1.5 s (28 s of 40 on a quiet machine), sixteen at a time four.
    expect(await removeOnce(args(16))).not.toBeNull();

    const store = JobStore.open(path.join(data, 'clearframe.sqlite'));
    expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
    const submitted = new Map<string, number>();
    for (const entry of sim.requestLog()) {
      if (entry.path.endsWith(WATERMARK_PATHS.submit))
        submitted.set(entry.bodyHash, (submitted.get(entry.bodyHash) ?? 0) + 1);
    }
    const outputs = await readdir(out);
    for (const [input, bodyHash] of bodies) {
      const job = store.latestWatermarkJobFor(input);
      const name = path.basename(input, '.png');
      const written = outputs.filter((file) => file.startsWith(`${name}-clean`));
      if (job?.state === 'needs-attention') {
        // Killed between "sending" and "sent": the user decides; it was never sent twice.
        expect(written).toEqual([]);
        expect(submitted.get(bodyHash) ?? 0).toBeLessThanOrEqual(1);
      } else {
        expect(job?.state).toBe('done');
        expect(written).toEqual([`${name}-clean.png`]);
        expect(submitted.get(bodyHash)).toBe(1);
      }
    }
    expect(paidSubmissionsSentTwice(sim.requestLog())).toEqual([]);
    expect(outputs.filter((file) => file.startsWith('.'))).toEqual([]);
    store.close();
  }, 240_000);
});
