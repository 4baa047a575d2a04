import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  ALL_FORMATS,
  EncodedPacketSink,
  EncodedVideoPacketSource,
  FilePathSource,
  FilePathTarget,
  Input,
  type InputTrack,
  Mp4OutputFormat,
  Output,
  type EncodedPacket,
} from 'mediabunny';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filmFileName, joinClips } from '../../../src-main/core/media/film/film-join.ts';
import { DEFAULT_FIXTURES_DIR } from '../../../src-main/simulator/video-service.ts';
import { makeReadOnly } from '../../support/read-only-folder.ts';
import { mountSmallDisk } from '../../support/small-disk.ts';
import { BrowserMedia, type ClipRecipe, type DecodedFrame } from '../../support/browser-media.ts';

// Smaller than three simulator clips (13 KB each), so the third does not fit.
const disk = mountSmallDisk('film-join', '32k');
if (disk.whyNot) console.log(`film disk-full test skipped: ${disk.whyNot}`);

const SIMULATOR_CLIP = path.join(DEFAULT_FIXTURES_DIR, 'landscape.mp4');
const PORTRAIT_CLIP = path.join(DEFAULT_FIXTURES_DIR, 'portrait.mp4');

interface Packets {
  video: EncodedPacket[];
  audio: EncodedPacket[];
  duration: number;
}

async function packetsOf(file: string): Promise<Packets> {
  const input = new Input({ formats: ALL_FORMATS, source: new FilePathSource(file) });
  try {
    const all = async (track: InputTrack | null) => {
      const found: EncodedPacket[] = [];
      if (track)
        for await (const packet of new EncodedPacketSink(track).packets()) found.push(packet);
      return found;
    };
    return {
      video: await all(await input.getPrimaryVideoTrack()),
      audio: await all(await input.getPrimaryAudioTrack()),
      duration: await input.computeDuration(),
    };
  } finally {
    input.dispose();
  }
}

/**
 * The film holds each clip's encoded samples, in order, unchanged but for their time (moved
 * by the clips before) and, where the clips' encoder settings differ, the clip's own SPS and
 * PPS put before each key frame. For a remux that is the frame-exact check: equal samples
 * decode to equal frames, whatever decoder reads them.
 */
async function expectClipsInFilm(film: string, clips: readonly string[]): Promise<void> {
  const joined = await packetsOf(film);
  let offset = 0;
  let at = { video: 0, audio: 0 };
  for (const file of clips) {
    const clip = await packetsOf(file);
    for (const kind of ['video', 'audio'] as const) {
      for (const packet of clip[kind]) {
        const copy = joined[kind][at[kind]] as EncodedPacket;
        at = { ...at, [kind]: at[kind] + 1 };
        expect(copy.type).toBe(packet.type);
        expect(copy.timestamp).toBeCloseTo(packet.timestamp + offset, 4);
        // A clip's last frame is held while the clip's longer sound plays out: never shorter.
        expect(copy.duration).toBeGreaterThan(packet.duration - 1e-4);
        const tail = copy.data.subarray(copy.data.length - packet.data.length);
        expect(Buffer.compare(tail, packet.data)).toBe(0);
        if (packet.type === 'delta') expect(copy.data.length).toBe(packet.data.length);
      }
    }
    offset += clip.duration;
  }
  expect(at).toEqual({ video: joined.video.length, audio: joined.audio.length });
  expect(joined.duration).toBeCloseTo(offset, 3);
}

/**
 * The clip copied with `like`'s colour description (Chromium writes full-range BT.709, the
 * simulator's clip limited range), so the two may be joined; its frames are unchanged.
 */
async function describeColours(file: string, like: string): Promise<string> {
  const read = (name: string) =>
    new Input({ formats: ALL_FORMATS, source: new FilePathSource(name) });
  const [input, model] = [read(file), read(like)];
  const out = file.replace(/\.mp4$/, '-coloured.mp4');
  try {
    const track = await input.getPrimaryVideoTrack();
    const config = await track?.getDecoderConfig();
    const colorSpace = (await (await model.getPrimaryVideoTrack())?.getDecoderConfig())?.colorSpace;
    if (!track?.codec || !config) throw new Error(`${file} has no video`);
    const output = new Output({ format: new Mp4OutputFormat(), target: new FilePathTarget(out) });
    const source = new EncodedVideoPacketSource(track.codec);
    output.addVideoTrack(source);
    await output.start();
    let meta: EncodedVideoChunkMetadata | undefined = { decoderConfig: { ...config, colorSpace } };
    for await (const packet of new EncodedPacketSink(track).packets()) {
      await source.add(packet, meta);
      meta = undefined;
    }
    await output.finalize();
    return out;
  } finally {
    input.dispose();
    model.dispose();
  }
}

describe('joining clips into one film without re-encoding', () => {
  let dir: string;
  let browser: BrowserMedia;
  const recipe: ClipRecipe = {
    width: 320,
    height: 180,
    frameRate: 12,
    frames: 24,
    codec: 'avc1.42001f',
    bitrate: 150_000,
    hue: 0,
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-film-'));
    browser = await BrowserMedia.start();
  });
  afterAll(async () => {
    disk.unmount();
    await browser.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const clipsOf = (files: readonly string[]) =>
    files.map((file, i) => ({ file, label: `shot ${i + 1}` }));
  const make = async (name: string, changes: Partial<ClipRecipe>) => {
    const file = path.join(dir, name);
    await writeFile(file, await browser.encode({ ...recipe, ...changes }));
    return file;
  };

  it('joins three simulator clips into a film whose samples and decoded frames are the clips’', async () => {
    const clips = [SIMULATOR_CLIP, SIMULATOR_CLIP, SIMULATOR_CLIP];
    const film = await joinClips(clipsOf(clips), path.join(dir, 'three'), 'Harbour.mp4');
    expect(path.basename(film)).toBe('Harbour.mp4');
    await expectClipsInFilm(film, clips);
    const one = await browser.decode(await readFile(SIMULATOR_CLIP));
    const all = await browser.decode(await readFile(film));
    expect(all.map((frame) => frame.pixels)).toEqual([...one, ...one, ...one].map((f) => f.pixels));
  });

  it('joins clips made by different encoders, each decoding as it did alone', async () => {
    // Chromium's encoder writes no CABAC, no B-frames; the simulator's clip (x264) uses both,
    // so a decoder left with the first clip's settings cannot read the second.
    const made = await describeColours(await make('chromium.mp4', { hue: 200 }), SIMULATOR_CLIP);
    const clips = [made, SIMULATOR_CLIP, made];
    const film = await joinClips(clipsOf(clips), dir, 'encoders.mp4');
    await expectClipsInFilm(film, clips);
    const [alone, simulator, joined] = await Promise.all(
      [made, SIMULATOR_CLIP, film].map(async (file) => browser.decode(await readFile(file))),
    );
    const pixels = (frames: DecodedFrame[] | undefined) => (frames ?? []).map((f) => f.pixels);
    const want = [...pixels(alone), ...pixels(simulator), ...pixels(alone)];
    expect(pixels(joined)).toEqual(want);
  });

  it('copies the sound of clips made with different settings, beside their frames', async () => {
    const baseline = await make('baseline.mp4', { hue: 120, sound: true });
    const high = await make('high.mp4', { codec: 'avc1.640028', bitrate: 400_000, sound: true });
    const film = await joinClips(clipsOf([baseline, high]), dir, 'sound.mp4');
    await expectClipsInFilm(film, [baseline, high]);
  });

  it('refuses clips of different sizes, naming both and saying what to do, and writes nothing', async () => {
    const out = path.join(dir, 'refused');
    await expect(
      joinClips(clipsOf([SIMULATOR_CLIP, PORTRAIT_CLIP]), out, 'film.mp4'),
    ).rejects.toThrow(
      'These takes cannot be joined without re-encoding: shot 2’s clip is 180×320, shot 1’s 320×180; make the takes the same resolution',
    );
    expect(await readdir(out).catch(() => [])).toEqual([]);
  });

  it('refuses clips of different frame rates and a mix of clips with and without sound', async () => {
    const fast = await make('fast.mp4', { frameRate: 24, frames: 48 });
    const silent = await make('silent.mp4', {});
    const sound = await make('sound.mp4', { sound: true });
    await expect(joinClips(clipsOf([silent, fast]), dir, 'f.mp4')).rejects.toThrow(
      'shot 2’s clip runs at 24 frames a second, shot 1’s at 12; make the takes at the same frame rate',
    );
    await expect(joinClips(clipsOf([silent, sound]), dir, 'f.mp4')).rejects.toThrow(
      'shot 2’s clip has sound, shot 1’s has none; make every take with sound or every one without',
    );
  });

  it('refuses clips whose colours are described differently', async () => {
    const made = await make('full-range.mp4', {});
    await expect(joinClips(clipsOf([SIMULATOR_CLIP, made]), dir, 'f.mp4')).rejects.toThrow(
      'shot 2’s clip has full-range colour, shot 1’s limited-range colour; make the takes with the same colour settings',
    );
  });

  it('says when the folder cannot be written in', async () => {
    const locked = path.join(dir, 'locked');
    await mkdir(locked);
    const undo = await makeReadOnly(locked);
    try {
      await expect(joinClips(clipsOf([SIMULATOR_CLIP]), locked, 'f.mp4')).rejects.toThrow(
        `Clearframe may not write in ${locked}: choose another folder, and join again.`,
      );
    } finally {
      undo();
    }
  });

  it.skipIf(disk.at === undefined)('says when the disk is full, and leaves nothing', async () => {
    const full = disk.at ?? '';
    await expect(
      joinClips(clipsOf([SIMULATOR_CLIP, SIMULATOR_CLIP, SIMULATOR_CLIP]), full, 'f.mp4'),
    ).rejects.toThrow(
      `The disk holding ${full} is full: free some space there, or choose another folder, and join again.`,
    );
    expect(await readdir(full)).toEqual([]);
  });

  it('says which clip is missing', async () => {
    const gone = path.join(dir, 'gone.mp4');
    await expect(joinClips(clipsOf([SIMULATOR_CLIP, gone]), dir, 'f.mp4')).rejects.toThrow(
      `Shot 2’s clip is no longer at ${gone}: put it back, or choose another take.`,
    );
  });

  it('never overwrites: a second film takes the next free name', async () => {
    const out = path.join(dir, 'twice');
    const first = await joinClips(clipsOf([SIMULATOR_CLIP]), out, 'Film.mp4');
    const before = await readFile(first);
    const second = await joinClips(clipsOf([SIMULATOR_CLIP, SIMULATOR_CLIP]), out, 'Film.mp4');
    expect(path.basename(second)).toBe('Film-1.mp4');
    expect(Buffer.compare(await readFile(first), before)).toBe(0);
    expect((await readdir(out)).sort()).toEqual(['Film-1.mp4', 'Film.mp4']);
  });

  it('names the film after the project, without what file systems refuse', () => {
    expect(filmFileName('Harbour: at night?')).toBe('Harbour- at night-.mp4');
    expect(filmFileName('  ')).toBe('film.mp4');
    expect(filmFileName('../up')).toBe('-up.mp4');
  });
});
