import {
  ALL_FORMATS,
  BufferSource,
  BufferTarget,
  EncodedAudioPacketSource,
  EncodedPacketSink,
  Input,
  Mp4OutputFormat,
  Output,
  VideoSampleSink,
  VideoSampleSource,
  WebMOutputFormat,
  canEncodeVideo,
  type InputAudioTrack,
} from 'mediabunny';
import type { ClipRefusal } from '../../src-shared/domain/clip-jobs.ts';
import { FillMemory, liftPlane } from '../../src-shared/video-clean/mark-lift.ts';
import type { ClipMask } from '../../src-shared/video-clean/mask-runs.ts';
import { frameFrom, readPlanes, type Planes } from './clip-planes.ts';
import { estimateMark } from './mark-sample.ts';

export interface CleanOptions {
  /** false: the frames go through decoder and encoder untouched (the bench's quality floor). */
  lift?: boolean;
  /** The mask the person accepted before Run; without it the mark is found from the clip. */
  mask?: ClipMask;
  onProgress?: (done: number, total: number) => void;
}

export interface CleanedClip {
  bytes: Uint8Array;
  container: 'mp4' | 'webm';
  codec: 'avc' | 'vp9';
  frames: number;
  sampled: number;
  /** The share of the frame the mark's mask covers. */
  share: number;
  bitrate: number;
}

/** Why a clip is refused: the names the window and the engine share (`CLIP_REFUSALS`). */
export type CleanRefusal = ClipRefusal;

/** WebM holds only these sounds; MP4 holds them and AAC. */
const WEBM_SOUNDS = ['opus', 'vorbis'];

/**
 * Lifts a static mark from every frame of a clip: decodes with WebCodecs (through
 * mediabunny), estimates the mark from frames spread over the clip, un-blends and fills it in
 * every frame, and encodes at the source's size, frame rate, colour description and bit rate
 * (H.264 in MP4 where the encoder is there, else VP9 in WebM). The sound's packets are copied
 * as they are and the rotation is kept as metadata.
 */
export async function cleanClip(
  bytes: Uint8Array,
  options: CleanOptions = {},
): Promise<CleanedClip | { refused: CleanRefusal }> {
  const input = new Input({ formats: ALL_FORMATS, source: new BufferSource(bytes) });
  try {
    const video = await input.getPrimaryVideoTrack();
    if (!video) return { refused: 'no-video' };
    const stats = await video.computePacketStats();
    const duration = (await video.computeDuration()) - (await video.getFirstTimestamp());
    const bitrate = Math.round(Math.min(40e6, Math.max(1e6, stats.averageBitrate)));
    const size = { width: video.codedWidth, height: video.codedHeight, bitrate };
    const codec = (await canEncodeVideo('avc', size)) ? 'avc' : 'vp9';
    if (codec === 'vp9' && !(await canEncodeVideo('vp9', size))) return { refused: 'no-encoder' };
    const audio = await input.getPrimaryAudioTrack();
    if (codec === 'vp9' && audio && !WEBM_SOUNDS.includes(audio.codec ?? ''))
      return { refused: 'sound-container' };

    const estimate =
      options.lift === false
        ? undefined
        : await estimateMark(video, stats.packetCount, { mask: options.mask });
    if (estimate && 'refused' in estimate) return estimate;

    const output = new Output({
      format:
        codec === 'avc' ? new Mp4OutputFormat({ fastStart: 'in-memory' }) : new WebMOutputFormat(),
      target: new BufferTarget(),
    });
    const encoded = new VideoSampleSource({
      codec,
      bitrate,
      keyFrameInterval: 2,
      latencyMode: 'quality',
    });
    output.addVideoTrack(encoded, {
      rotation: video.rotation,
      frameRate: duration > 0 ? stats.packetCount / duration : undefined,
    });
    const sound = audio ? new EncodedAudioPacketSource(audio.codec ?? 'aac') : undefined;
    if (sound) output.addAudioTrack(sound);
    await output.start();
    const copying = audio && sound ? copySound(audio, sound) : Promise.resolve();

    let planes: Planes | undefined;
    let done = 0;
    const memories = [new FillMemory(), new FillMemory(), new FillMemory()] as const;
    for await (const sample of new VideoSampleSink(video).samples()) {
      try {
        planes = await readPlanes(sample, planes);
        if (!planes) return { refused: 'pixel-format' };
        if (estimate) {
          liftPlane(planes.y, estimate.lifts[0], memories[0]);
          liftPlane(planes.u, estimate.lifts[1], memories[1]);
          liftPlane(planes.v, estimate.lifts[2], memories[2]);
        }
        const cleaned = frameFrom(planes, sample);
        await encoded.add(cleaned);
        cleaned.close();
      } finally {
        sample.close();
      }
      done += 1;
      options.onProgress?.(done, stats.packetCount);
    }
    await copying;
    await output.finalize();
    return {
      bytes: new Uint8Array(output.target.buffer as ArrayBuffer),
      container: codec === 'avc' ? 'mp4' : 'webm',
      codec,
      frames: done,
      sampled: estimate?.sampled ?? 0,
      share: estimate?.share ?? 0,
      bitrate,
    };
  } finally {
    input.dispose();
  }
}

/** Every sound packet, as it is, with the source's decoder description on the first. */
async function copySound(track: InputAudioTrack, into: EncodedAudioPacketSource): Promise<void> {
  const decoderConfig = (await track.getDecoderConfig()) ?? undefined;
  let first = true;
  for await (const packet of new EncodedPacketSink(track).packets()) {
    await into.add(packet, first && decoderConfig ? { decoderConfig } : undefined);
    first = false;
  }
}
