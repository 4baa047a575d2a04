import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileStore } from '../../../src-main/core/profiles/profile-store.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { readProvenance } from '../../support/provenance.ts';
import { runCli } from '../../support/cli-process.ts';
import { kindSet, type KindSet } from '../../support/engine-kinds.ts';

let dir: string;
let sim: Simulator;
let set: KindSet;

/** `remove` against the simulator's address with no key: a profile's engine needs none. */
const remove = (...args: string[]) =>
  runCli(['remove', ...args], {
    env: { CLEARFRAME_WATERMARK_BASE_URL: sim.watermarkBaseUrl, CLEARFRAME_WATERMARK_KEY: '' },
  });

/** PSNR (dB) of a result against the clean photo, over the true mask's pixels. */
async function psnrInMark(result: string, clean: Buffer): Promise<number> {
  const pixels = await sharp(result).removeAlpha().toColourspace('srgb').raw().toBuffer();
  let sum = 0;
  let count = 0;
  set.mask.forEach((inMark, p) => {
    if (!inMark) return;
    for (let c = 0; c < 3; c += 1) {
      sum += ((pixels[p * 3 + c] as number) - (clean[p * 3 + c] as number)) ** 2;
      count += 1;
    }
  });
  return 10 * Math.log10((255 * 255) / (sum / count));
}

/** A folder cleaned in one batch on this computer with the finder's mark, as `tag`. */
async function measureBatch(folder: string, tag: string) {
  const data = path.join(dir, `data-${tag}`);
  const out = path.join(dir, `out-${tag}`);
  const run = await remove(
    folder,
    '--auto-mask',
    '--engine',
    'local',
    '--out',
    out,
    '--data-dir',
    data,
  );
  return { run, data, lines: await readProvenance(out) };
}

/** The twelve photos cleaned in one batch, once for the tests that compare with it. */
let batchRun: ReturnType<typeof measureBatch> | undefined;
const wholeBatch = () => (batchRun ??= measureBatch(path.join(dir, 'batch'), 'batch'));

/** A batch's measured mark saved as a profile in its data folder and exported as one file. */
async function profileFrom(data: string, estimateId: string, name: string, file: string) {
  const profiles = new ProfileStore(path.join(data, 'profiles'));
  const estimate = await readFile(path.join(data, 'estimates', `${estimateId}.estimate`));
  const saved = await profiles.save(name, estimate);
  await profiles.exportTo(name, path.join(dir, file));
  return { saved, exported: path.join(dir, file) };
}

/**
 * Photo `k` cleaned alone (`alone`) scores within 0.5 dB of it cleaned in the batch, inside
 * the mark; and it was cleaned, not copied: well beyond what the marked photo scores.
 */
async function expectAsInBatch(k: number, inBatch: string, alone: string, marked: string) {
  const clean = set.clean[k] as Buffer;
  const fromBatch = await psnrInMark(inBatch, clean);
  const fromProfile = await psnrInMark(alone, clean);
  expect(Math.abs(fromProfile - fromBatch)).toBeLessThanOrEqual(0.5);
  expect(fromProfile).toBeGreaterThan((await psnrInMark(marked, clean)) + 8);
}

/** One photo copied alone into `name` and cleaned with a profile file on a fresh data folder. */
async function cleanAlone(photo: string, profile: string, name: string) {
  const single = path.join(dir, name, path.basename(photo));
  await mkdir(path.dirname(single), { recursive: true });
  await copyFile(photo, single);
  const out = path.join(dir, `out-${name}`);
  const run = await remove(
    single,
    '--profile',
    profile,
    '--out',
    out,
    '--data-dir',
    path.join(dir, `data-${name}`),
  );
  const [line] = await readProvenance(out);
  return { single, run, line };
}

const REFUSED =
  /is not a watermark profile this Clearframe can read .*: export it again from the Clearframe that made it, or find the watermark again and save a new profile\./;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-profile-cli-'));
  sim = await startSimulator({ accounts: [{ key: 'unused', credits: 10 }] });
  // Twelve of the desktop's wallpapers, 1200×800, under a white text-and-ring mark, JPEG q85.
  set = await kindSet(path.join(dir, 'batch'), 'text-ring-40', 12);
}, 120_000);

afterAll(async () => {
  await sim.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('clearframe remove --profile', () => {
  it('cleans one real photo free with a profile made from a batch, within 0.5 dB of the batch result', async () => {
    const { run: batch, data: batchData, lines } = await wholeBatch();
    expect(batch.stdout).toContain('12 done, 0 failed');
    const photo = set.files[3] as string;
    const inBatch = lines.find((line) => line.source === photo);
    const estimateId = inBatch?.estimate?.id as string;
    expect(estimateId).toMatch(/^[0-9a-f]{32}$/);

    // The batch's measured mark saved as a profile and exported as one file.
    const { saved, exported } = await profileFrom(
      batchData,
      estimateId,
      'Ring and text',
      'ring.clearframe-profile',
    );
    expect(saved.placement).toBe('bottom-right');

    // One photo alone, on a data folder that never saw the batch: no batch to measure from.
    const { single, run: alone, line } = await cleanAlone(photo, exported, 'single');
    expect(alone.stderr).toBe('');
    expect(alone.stdout).toContain(
      'Profile “Ring and text”: the mark measured on 12 images of 1200×800, cleaned on this computer, free.',
    );
    expect(alone.stdout).toContain('1 done, 0 failed');
    expect(line).toMatchObject({ engine: 'local', estimate: { id: estimateId, images: 12 } });

    await expectAsInBatch(3, inBatch?.output as string, line?.output as string, single);
    expect(sim.requestLog()).toEqual([]);
  }, 240_000);

  it('cleans a photo the profile never saw free, within 0.5 dB of that photo cleaned in the batch', async () => {
    const { lines } = await wholeBatch();
    const photo = set.files[5] as string;
    const inBatch = lines.find((line) => line.source === photo);
    // The mark measured on the eleven others only: this photo is unseen by the profile.
    const eleven = path.join(dir, 'eleven');
    await mkdir(eleven, { recursive: true });
    for (const file of set.files.filter((other) => other !== photo)) {
      await copyFile(file, path.join(eleven, path.basename(file)));
    }
    const measured = await measureBatch(eleven, 'eleven');
    expect(measured.run.stdout).toContain('11 done, 0 failed');
    const estimateId = measured.lines[0]?.estimate?.id as string;
    expect(measured.lines[0]?.estimate?.images).toBe(11);
    const { exported } = await profileFrom(
      measured.data,
      estimateId,
      'Eleven',
      'eleven.clearframe-profile',
    );

    const { single, run: alone, line } = await cleanAlone(photo, exported, 'unseen');
    expect(alone.stdout).toContain('1 done, 0 failed');
    expect(line).toMatchObject({ engine: 'local', estimate: { id: estimateId, images: 11 } });

    await expectAsInBatch(5, inBatch?.output as string, line?.output as string, single);
    expect(sim.requestLog()).toEqual([]);
  }, 240_000);

  it('refuses a damaged profile file, or an unknown name, with the sentence and exit code 2', async () => {
    const damaged = path.join(dir, 'damaged.clearframe-profile');
    await writeFile(damaged, 'CLEARFRAME-PROFILE\n\u0000\u0000');
    const out = path.join(dir, 'out-refused');
    const run = await remove(
      set.files[0] as string,
      '--profile',
      damaged,
      '--out',
      out,
      '--data-dir',
      path.join(dir, 'data-refused'),
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(REFUSED);
    const unknown = await remove(
      set.files[0] as string,
      '--profile',
      'Nobody',
      '--out',
      out,
      '--data-dir',
      path.join(dir, 'data-refused'),
    );
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      'There is no watermark profile called “Nobody” and no such file',
    );
    const clash = await remove(set.files[0] as string, '--profile', damaged, '--auto-mask');
    expect(clash.code).toBe(2);
    expect(clash.stderr).toContain('--profile brings its own mask and engine');
    expect(sim.requestLog()).toEqual([]);
  }, 60_000);
});
