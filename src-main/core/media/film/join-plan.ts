import type { EncodedPacket } from 'mediabunny';
import { readAvcParameterSets, withParameterSets } from './avc-parameter-sets.ts';
import type { ReadClip } from './clip-reading.ts';
import type { MessageId } from '../../../../src-shared/i18n/catalogues/en.ts';
import { said } from '../../i18n/core-words.ts';
import { FilmJoinError } from './film-join-error.ts';

/** How one clip's video packets are written into the film. */
export interface PacketRewrite {
  /** Length-prefix sizes of the clip's NAL units and of the film's. */
  from: number;
  to: number;
  /** Put before every key frame, so a player that seeks there has this clip's settings. */
  keyPrefix: Uint8Array[];
}

/** A packet's bytes as the joined file holds them: as they are, or rewritten as planned. */
export function joinedData(packet: EncodedPacket, rewrite: PacketRewrite | undefined): Uint8Array {
  if (!rewrite) return packet.data;
  const prefix = packet.type === 'key' ? rewrite.keyPrefix : [];
  return withParameterSets(packet.data, rewrite.from, rewrite.to, prefix);
}

export interface JoinPlan {
  videoConfig: VideoDecoderConfig;
  /** Per clip, in order; undefined where its packets are copied byte for byte. */
  rewrites: (PacketRewrite | undefined)[];
  audioConfig: AudioDecoderConfig | undefined;
}

const CODEC_NAMES: Record<string, string> = {
  avc: 'H.264',
  hevc: 'H.265 (HEVC)',
  vp8: 'VP8',
  vp9: 'VP9',
  av1: 'AV1',
  prores: 'ProRes',
  aac: 'AAC',
  opus: 'Opus',
  mp3: 'MP3',
};

/** Frame rates further apart than this share no timebase a player would keep smooth. */
const FRAME_RATE_TOLERANCE = 0.01;

/**
 * A refusal naming the clip that differs from the first take and how: `id` is the whole
 * sentence for one difference, `theirs` and `ours` the two clips' values of it.
 */
function refuse(
  clip: ReadClip,
  first: ReadClip,
  id: MessageId,
  values: { theirs?: string; ours?: string } = {},
): FilmJoinError {
  return new FilmJoinError({
    id: id,
    values: { clip: clip.clip.label, first: first.clip.label, ...values },
  });
}

const codecName = (codec: string | null) =>
  codec ? (CODEC_NAMES[codec] ?? codec) : said('core.film.unknownCodec');
const sizeOf = (clip: ReadClip) => `${clip.video.displayWidth}×${clip.video.displayHeight}`;
const rate = (fps: number) => String(Math.round(fps * 100) / 100);
const sameBytes = (a: unknown, b: unknown) => Buffer.compare(bytesOf(a), bytesOf(b)) === 0;

/** A decoder configuration's description (a buffer or a view of one) as bytes; none when absent. */
function bytesOf(source: unknown): Uint8Array {
  if (ArrayBuffer.isView(source))
    return new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
  return source instanceof ArrayBuffer ? new Uint8Array(source) : new Uint8Array(0);
}

/** The colour properties a clip may state; absent or null when it does not. */
interface ColourDescription {
  fullRange?: boolean | null;
  matrix?: string | null;
  primaries?: string | null;
  transfer?: string | null;
}

/**
 * The first colour property two clips both state and state differently, in words: the film
 * has one colour description, so a clip made with another would show shifted colours. One
 * that states nothing leaves it to the player, as its own file did.
 */
function colourClash(
  a: ColourDescription | undefined,
  b: ColourDescription | undefined,
): [string, string] | undefined {
  const range = (full: boolean | null | undefined) =>
    full === undefined || full === null ? undefined : String(full);
  const pairs: [string | null | undefined, string | null | undefined, (value: string) => string][] =
    [
      [range(a?.fullRange), range(b?.fullRange), (full) => said('core.film.colourRange', { full })],
      [a?.matrix, b?.matrix, (value) => said('core.film.colourMatrix', { value })],
      [a?.primaries, b?.primaries, (value) => said('core.film.colourPrimaries', { value })],
      [a?.transfer, b?.transfer, (value) => said('core.film.colourTransfer', { value })],
    ];
  const clash = pairs.find(([x, y]) => x && y && x !== y);
  return clash && [clash[2](clash[0] as string), clash[2](clash[1] as string)];
}

/** Refuses, naming the first clip that differs from the first take and how, when its video cannot follow it. */
function checkVideo(first: ReadClip, clip: ReadClip): void {
  const [a, b] = [clip.video, first.video];
  if (a.codec !== b.codec) {
    throw refuse(clip, first, 'core.film.otherFormat', {
      theirs: codecName(a.codec),
      ours: codecName(b.codec),
    });
  }
  const sameSize =
    a.codedWidth === b.codedWidth &&
    a.codedHeight === b.codedHeight &&
    a.displayWidth === b.displayWidth &&
    a.displayHeight === b.displayHeight;
  if (!sameSize) {
    throw refuse(clip, first, 'core.film.otherSize', { theirs: sizeOf(clip), ours: sizeOf(first) });
  }
  if (a.rotation !== b.rotation) {
    throw refuse(clip, first, 'core.film.otherTurn', {
      theirs: String(a.rotation),
      ours: String(b.rotation),
    });
  }
  const clash = colourClash(clip.videoConfig.colorSpace, first.videoConfig.colorSpace);
  if (clash) {
    throw refuse(clip, first, 'core.film.otherColour', { theirs: clash[0], ours: clash[1] });
  }
  if (Math.abs(clip.frameRate - first.frameRate) > FRAME_RATE_TOLERANCE * first.frameRate) {
    throw refuse(clip, first, 'core.film.otherRate', {
      theirs: rate(clip.frameRate),
      ours: rate(first.frameRate),
    });
  }
}

function checkAudio(first: ReadClip, clip: ReadClip): void {
  const [a, b] = [clip.audioConfig, first.audioConfig];
  if (a && !b) throw refuse(clip, first, 'core.film.soundOnlyHere');
  if (!a && b) throw refuse(clip, first, 'core.film.soundOnlyThere');
  if (!a || !b || !clip.audio || !first.audio) return;
  const describe = (config: AudioDecoderConfig, codec: string | null) =>
    said('core.film.sound', {
      codec: codecName(codec),
      rate: String(config.sampleRate),
      channels: config.numberOfChannels,
    });
  const theirs = describe(a, clip.audio.codec);
  const ours = describe(b, first.audio.codec);
  if (theirs !== ours || a.codec !== b.codec || !sameBytes(a.description, b.description)) {
    throw theirs === ours
      ? refuse(clip, first, 'core.film.soundEncoding')
      : refuse(clip, first, 'core.film.otherSound', { theirs, ours });
  }
}

/**
 * H.264 clips made with different encoder settings keep their own parameter sets, carried in
 * band before every key frame (an `avc3` sample entry allows that), all NAL lengths written
 * at the widest size any clip uses. A plain copy would leave every clip after the first
 * decoded with the first one's settings: undecodable frames.
 */
export function avcPlan(clips: readonly ReadClip[]): Omit<JoinPlan, 'audioConfig'> {
  const first = clips[0] as ReadClip;
  const sets = clips.map((clip) => {
    const read = readAvcParameterSets(bytesOf(clip.videoConfig.description));
    if (!read) {
      throw new FilmJoinError({
        id: 'core.film.damagedSettings',
        values: { clip: clip.clip.label },
      });
    }
    return read;
  });
  const same = clips.every((clip) =>
    sameBytes(clip.videoConfig.description, first.videoConfig.description),
  );
  if (same) return { videoConfig: first.videoConfig, rewrites: clips.map(() => undefined) };
  const to = Math.max(...sets.map((set) => set.lengthSize));
  const description = new Uint8Array(bytesOf(first.videoConfig.description));
  description[4] = 0b1111_1100 | (to - 1);
  return {
    videoConfig: {
      ...first.videoConfig,
      codec: first.videoConfig.codec.replace(/^avc1/, 'avc3'),
      description,
    },
    rewrites: sets.map((set) => ({ from: set.lengthSize, to, keyPrefix: set.units })),
  };
}

/** Checks that the clips can be joined without re-encoding and says how; refuses with a sentence when not. */
export function planJoin(clips: readonly ReadClip[]): JoinPlan {
  const first = clips[0];
  if (!first) throw new FilmJoinError({ id: 'core.film.nothing' });
  for (const clip of clips.slice(1)) {
    checkVideo(first, clip);
    checkAudio(first, clip);
  }
  const audioConfig = first.audioConfig;
  if (first.video.codec === 'avc') {
    return { ...avcPlan(clips), audioConfig };
  }
  const differs = clips.find(
    (clip) => !sameBytes(clip.videoConfig.description, first.videoConfig.description),
  );
  if (differs) {
    throw refuse(differs, first, 'core.film.otherEncoding', {
      theirs: codecName(first.video.codec),
    });
  }
  return { videoConfig: first.videoConfig, rewrites: clips.map(() => undefined), audioConfig };
}
