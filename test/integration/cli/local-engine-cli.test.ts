import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { readProvenance } from '../../support/provenance.ts';
import { runCli } from '../../support/cli-process.ts';
import { markedSet } from '../../support/marked-scenes.ts';

let dir: string;
let sim: Simulator;
let photos: string;

/** `remove` against the simulator's address with no key at all: the local engine needs none. */
const remove = (...args: string[]) =>
  runCli(
    [
      'remove',
      photos,
      ...args,
      '--out',
      path.join(dir, 'out'),
      '--data-dir',
      path.join(dir, 'data'),
    ],
    { env: { CLEARFRAME_WATERMARK_BASE_URL: sim.watermarkBaseUrl, CLEARFRAME_WATERMARK_KEY: '' } },
  );

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-local-cli-'));
  sim = await startSimulator({ accounts: [{ key: 'unused', credits: 10 }] });
  photos = path.join(dir, 'photos');
  await markedSet(photos, {
    count: 7,
    sizes: [{ width: 400, height: 300 }],
    opacity: 0.4,
    seed: 11,
    absent: 1,
  });
});

afterAll(async () => {
  await sim.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('clearframe remove --engine local', () => {
  it('refuses without a watermark measured in the batch, exit code 2', async () => {
    const run = await remove('--engine', 'local');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--engine local undoes the blend .*: add --auto-mask/);
  });

  it('with --dry-run says which engine each group gets, and sends nothing', async () => {
    const run = await remove('--engine', 'local', '--auto-mask', '--dry-run');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      'Group 1 (6 images with the mark): on this computer, free; nothing is sent.',
    );
    // The self-check's figure, measured on the batch itself before anything is written.
    expect(run.stdout).toMatch(
      /nothing is sent\. Expected quality on this computer: \d+ dB, (the mark should not be visible|a faint trace of the mark may show|the result will likely show a trace)/,
    );
    expect(sim.requestLog()).toEqual([]);
  });

  it('cleans the images that carry the mark on this computer, without a key, sending nothing', async () => {
    const run = await remove('--engine', 'local', '--auto-mask');
    expect(run.stdout).toContain('6 done, 0 failed, 1 not taken');
    expect(run.stdout).toMatch(/photo-000\.jpg.*no watermark could be measured for it/);
    expect(sim.requestLog()).toEqual([]);
    const lines = await readProvenance(path.join(dir, 'out'));
    expect(lines).toHaveLength(6);
    expect(lines.every((line) => line.engine === 'local' && line.estimate?.images === 6)).toBe(
      true,
    );
  });
});
