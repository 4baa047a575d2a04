import { copyFile, mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ALL_FORMATS, BufferSource, EncodedPacketSink, Input } from 'mediabunny';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CleanPage } from '../../support/clean-page.ts';
import { clipFacts, logoLuma, logoPsnr } from '../../support/clip-measure.ts';
import { clipPair, requireFfmpeg, type ClipSpec } from '../../support/video-clips.ts';

/**
 * Issue #38's first slice: a clip with a static logo goes through the renderer's clean-up
 * worker in real Chromium (mediabunny, WebCodecs) and comes back with the logo lifted, its
 * sound packets copied byte for byte and its rotation kept.
 */
const SMALL = { width: 640, height: 360, frameRate: 30, frames: 90 } as const;

let page: CleanPage;
let dir: string;

beforeAll(async () => {
  await requireFfmpeg();
  page = await CleanPage.start();
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-clean-clip-'));
}, 60_000);

afterAll(async () => {
  await page?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A file's encoded video frames, as they are: what a player decodes, without the file's dates. */
async function videoPackets(file: string): Promise<Buffer[]> {
  const input = new Input({ formats: ALL_FORMATS, source: new BufferSource(await readFile(file)) });
  try {
    const video = await input.getPrimaryVideoTrack();
    const packets: Buffer[] = [];
    if (video) {
      for await (const packet of new EncodedPacketSink(video).packets())
        packets.push(Buffer.from(packet.data));
    }
    return packets;
  } finally {
    input.dispose();
  }
}

async function cleanAndMeasure(spec: ClipSpec) {
  const pair = await clipPair(spec);
  const output = path.join(dir, `out-${spec.logo}-${spec.container}.${spec.container}`);
  const run = await page.clean(pair.marked, output);
  const [marked, clean, result] = await Promise.all(
    [pair.marked, pair.clean, output].map((file) => logoLuma(file, pair.logo)),
  );
  return {
    run,
    pair,
    output,
    before: logoPsnr(marked as Uint8Array[], clean as Uint8Array[], pair.logo),
    after: logoPsnr(result as Uint8Array[], clean as Uint8Array[], pair.logo),
  };
}

describe('cleaning a static logo out of a clip in the window', () => {
  it('lifts a semi-transparent logo from an H.264 clip turned 90°, keeping its sound and turn', async () => {
    const { run, pair, output, before, after } = await cleanAndMeasure({
      ...SMALL,
      container: 'mp4',
      logo: 'translucent',
      rotation: 90,
    });
    expect(run.result).toMatchObject({ container: 'mp4', codec: 'avc', frames: SMALL.frames });
    expect(after).toBeGreaterThan(before + 3);
    const [source, cleaned] = await Promise.all([clipFacts(pair.marked), clipFacts(output)]);
    expect(source.rotation).not.toBe(0);
    expect(cleaned).toMatchObject({
      rotation: source.rotation,
      frames: SMALL.frames,
      width: 640,
      height: 360,
    });
    expect(source.sound.length).toBeGreaterThan(0);
    expect(cleaned.sound).toEqual(source.sound);
  }, 240_000);

  it('fills an opaque logo in a VP9 WebM clip and keeps its Opus sound as it was', async () => {
    const { run, pair, output, before, after } = await cleanAndMeasure({
      ...SMALL,
      container: 'webm',
      logo: 'opaque',
    });
    expect(run.result).toMatchObject({ frames: SMALL.frames });
    expect(after).toBeGreaterThan(before + 3);
    const [source, cleaned] = await Promise.all([clipFacts(pair.marked), clipFacts(output)]);
    expect(source.sound.length).toBeGreaterThan(0);
    expect(cleaned.sound).toEqual(source.sound);
  }, 240_000);

  it('cleans a clip again from a later segment exactly as it cleaned it the first time, and joins it whole', async () => {
    // Ten seconds at 15 frames a second: three segments (60, 60 and 30 frames).
    const spec = { width: 320, height: 180, frameRate: 15, frames: 150 } as const;
    const pair = await clipPair({ ...spec, container: 'mp4', logo: 'opaque' });
    const [first, second] = [path.join(dir, 'first'), path.join(dir, 'second')];
    await Promise.all([mkdir(first), mkdir(second)]);
    const whole = await page.clean(pair.marked, path.join(dir, 'whole.mp4'), { keep: first });
    expect(whole.result).toMatchObject({ frames: 150, segments: 3 });
    expect(await readdir(first)).toEqual(['000000.seg', '000001.seg', '000002.seg']);
    // As if the app had stopped after the first segment: the rest is cleaned again.
    await copyFile(path.join(first, '000000.seg'), path.join(second, '000000.seg'));
    const output = path.join(dir, 'resumed.mp4');
    const resumed = await page.clean(pair.marked, output, {
      keep: second,
      from: { segment: 1, frames: 60 },
    });
    expect(resumed.result).toMatchObject({ frames: 150, segments: 2 });
    // The same sampled frames give the same estimate, and each segment is encoded on its own.
    for (const name of ['000001.seg', '000002.seg']) {
      const [a, b] = await Promise.all(
        [first, second].map((d) => videoPackets(path.join(d, name))),
      );
      expect(b?.length).toBeGreaterThan(0);
      expect(b).toEqual(a);
    }
    const [source, cleaned] = await Promise.all([clipFacts(pair.marked), clipFacts(output)]);
    expect(cleaned.frames).toBe(150);
    expect(source.sound.length).toBeGreaterThan(0);
    expect(cleaned.sound).toEqual(source.sound);
  }, 240_000);
});
