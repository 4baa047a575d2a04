import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROVENANCE_LOG,
  provenanceLineSchema,
  type ProvenanceLine,
} from '../../../src-main/core/media/output.ts';
import { ProfileStore } from '../../../src-main/core/profiles/profile-store.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
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

async function provenance(folder: string) {
  return (await readFile(path.join(folder, PROVENANCE_LOG), 'utf8'))
    .trim()
    .split('\n')
    .map((line) => provenanceLineSchema.parse(JSON.parse(line)));
}

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

/** The twelve photos cleaned in one batch on this computer with the finder's mark, once. */
let batchRun: Promise<{ data: string; lines: ProvenanceLine[] }> | undefined;
function wholeBatch() {
  batchRun ??= (async () => {
    const data = path.join(dir, 'data-batch');
    const out = path.join(dir, 'out-batch');
    const batch = await remove(
      path.join(dir, 'batch'),
      '--auto-mask',
      '--engine',
      'local',
      '--out',
      out,
      '--data-dir',
      data,
    );
    expect(batch.stdout).toContain('12 done, 0 failed');
    return { data, lines: await provenance(out) };
  })();
  return batchRun;
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
    const { data: batchData, lines } = await wholeBatch();
    const photo = set.files[3] as string;
    const inBatch = lines.find((line) => line.source === photo);
    const estimateId = inBatch?.estimate?.id as string;
    expect(estimateId).toMatch(/^[0-9a-f]{32}$/);

    // The batch's measured mark saved as a profile and exported as one file.
    const profiles = new ProfileStore(path.join(batchData, 'profiles'));
    const estimate = await readFile(path.join(batchData, 'estimates', `${estimateId}.estimate`));
    expect((await profiles.save('Ring and text', estimate)).placement).toBe('bottom-right');
    const exported = path.join(dir, 'ring.clearframe-profile');
    await profiles.exportTo('Ring and text', exported);

    // One photo alone, on a data folder that never saw the batch: no batch to measure from.
    const single = path.join(dir, 'single', path.basename(photo));
    await mkdir(path.dirname(single), { recursive: true });
    await copyFile(photo, single);
    const alone = await remove(
      single,
      '--profile',
      exported,
      '--out',
      path.join(dir, 'out-single'),
      '--data-dir',
      path.join(dir, 'data-single'),
    );
    expect(alone.stderr).toBe('');
    expect(alone.stdout).toContain(
      'Profile “Ring and text”: the mark measured on 12 images of 1200×800, cleaned on this computer, free.',
    );
    expect(alone.stdout).toContain('1 done, 0 failed');
    const [line] = await provenance(path.join(dir, 'out-single'));
    expect(line).toMatchObject({ engine: 'local', estimate: { id: estimateId, images: 12 } });

    const clean = set.clean[3] as Buffer;
    const fromBatch = await psnrInMark(inBatch?.output as string, clean);
    const fromProfile = await psnrInMark(line?.output as string, clean);
    expect(Math.abs(fromProfile - fromBatch)).toBeLessThanOrEqual(0.5);
    // Cleaned, not copied: the mark is lifted well beyond what the marked photo scores.
    expect(fromProfile).toBeGreaterThan((await psnrInMark(single, clean)) + 8);
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
    const data = path.join(dir, 'data-eleven');
    const measured = await remove(
      eleven,
      '--auto-mask',
      '--engine',
      'local',
      '--out',
      path.join(dir, 'out-eleven'),
      '--data-dir',
      data,
    );
    expect(measured.stdout).toContain('11 done, 0 failed');
    const [first] = await provenance(path.join(dir, 'out-eleven'));
    const estimateId = first?.estimate?.id as string;
    expect(first?.estimate?.images).toBe(11);
    const profiles = new ProfileStore(path.join(data, 'profiles'));
    await profiles.save(
      'Eleven',
      await readFile(path.join(data, 'estimates', `${estimateId}.estimate`)),
    );
    const exported = path.join(dir, 'eleven.clearframe-profile');
    await profiles.exportTo('Eleven', exported);

    const single = path.join(dir, 'unseen', path.basename(photo));
    await mkdir(path.dirname(single), { recursive: true });
    await copyFile(photo, single);
    const alone = await remove(
      single,
      '--profile',
      exported,
      '--out',
      path.join(dir, 'out-unseen'),
      '--data-dir',
      path.join(dir, 'data-unseen'),
    );
    expect(alone.stdout).toContain('1 done, 0 failed');
    const [line] = await provenance(path.join(dir, 'out-unseen'));
    expect(line).toMatchObject({ engine: 'local', estimate: { id: estimateId, images: 11 } });

    const clean = set.clean[5] as Buffer;
    const fromBatch = await psnrInMark(inBatch?.output as string, clean);
    const fromProfile = await psnrInMark(line?.output as string, clean);
    expect(Math.abs(fromProfile - fromBatch)).toBeLessThanOrEqual(0.5);
    expect(fromProfile).toBeGreaterThan((await psnrInMark(single, clean)) + 8);
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
