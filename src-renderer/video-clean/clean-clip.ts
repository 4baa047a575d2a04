import {
  ALL_FORMATS,
  BufferSource,
  BufferTarget,
  Input,
  Mp4OutputFormat,
  Output,
  VideoSampleSink,
  VideoSampleSource,
  WebMOutputFormat,
  canEncodeVideo,
  type InputVideoTrack,
} from 'mediabunny';
import {
  SEGMENT_SECONDS,
  type ClipRefusal,
  type ClipResume,
} from '../../src-shared/domain/clip-jobs.ts';
import { FillMemory, liftPlane } from '../../src-shared/video-clean/mark-lift.ts';
import type { ClipMask } from '../../src-shared/video-clean/mask-runs.ts';
import { frameFrom, readPlanes, type Planes } from './clip-planes.ts';
import { estimateMark } from './mark-sample.ts';

/** One finished segment: its frames encoded on their own, video alone, in the clip's container. */
export interface CleanedSegment {
  index: number;
  bytes: Uint8Array;
  frames: number;
}

export interface CleanOptions {
  /** false: the frames go through decoder and encoder untouched (the bench's quality floor). */
  lift?: boolean;
  /** The mask the person accepted before Run; without it the mark is found from the clip. */
  mask?: ClipMask;
  /** Carry on from this segment (the ones before it are kept); from the first when absent. */
  from?: ClipResume;
  /** Frames done of the whole, those of segments kept before counted. */
  onProgress?: (done: number, total: number) => void;
  /** Each segment as it is finished, in order; the next is encoded while it is kept. */
  onSegment: (segment: CleanedSegment) => void;
}

export interface CleanedClip {
  container: 'mp4' | 'webm';
  codec: 'avc' | 'vp9';
  /** Every frame of the clip, those of segments kept before counted. */
  frames: number;
  /** Segments encoded in this run. */
  segments: number;
  sampled: number;
  /** The share of the frame the mark's mask covers. */
  share: number;
  bitrate: number;
}

/** Why a clip is refused: the names the window and the engine share (`CLIP_REFUSALS`). */
export type CleanRefusal = ClipRefusal;

/** WebM holds only these sounds; MP4 holds them and AAC. */
const WEBM_SOUNDS = ['opus', 'vorbis'];

/** A segment being encoded: its own output and encoder, so it starts on a key frame. */
interface OpenSegment {
  index: number;
  output: Output<Mp4OutputFormat | WebMOutputFormat, BufferTarget>;
  encoded: VideoSampleSource;
  frames: number;
  memories: [FillMemory, FillMemory, FillMemory];
}

/**
 * Lifts a static mark from every frame of a clip: decodes with WebCodecs (through
 * mediabunny), estimates the mark from frames spread over the clip, un-blends and fills it in
 * every frame, and encodes at the source's size, frame rate, colour description and bit rate
 * (H.264 in MP4 where the encoder is there, else VP9 in WebM), in segments of
 * `SEGMENT_SECONDS` of the clip's time line, each handed to `onSegment` as soon as it is
 * done. Each segment is encoded, and its opaque fill steadied, on its own, so one cleaned
 * after a restart is what it would have been without one; the mark is estimated from the
 * same sampled frames every time, so it is the same too. The segments carry the rotation;
 * the sound is the joiner's to copy from the source (`core/jobs/clip/clip-join.ts`).
 */
export async function cleanClip(
  bytes: Uint8Array,
  options: CleanOptions,
): Promise<CleanedClip | { refused: CleanRefusal }> {
  const input = new Input({ formats: ALL_FORMATS, source: new BufferSource(bytes) });
  try {
    const video = await input.getPrimaryVideoTrack();
    if (!video) return { refused: 'no-video' };
    const stats = await video.computePacketStats();
    const first = await video.getFirstTimestamp();
    const duration = (await video.computeDuration()) - first;
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

    const open = async (index: number): Promise<OpenSegment> => {
      const output = new Output({
        format:
          codec === 'avc'
            ? new Mp4OutputFormat({ fastStart: 'in-memory' })
            : new WebMOutputFormat(),
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
      await output.start();
      const memories: OpenSegment['memories'] = [
        new FillMemory(),
        new FillMemory(),
        new FillMemory(),
      ];
      return { index, output, encoded, frames: 0, memories };
    };
    // A segment's encoder is flushed while the next one is fed: waiting for the flush stalled
    // the decoder at every boundary (a third slower on the 720p bench). The segments are
    // still handed on in order.
    let handed: Promise<void> = Promise.resolve();
    const close = (segment: OpenSegment) => {
      const finalized = segment.output.finalize();
      handed = handed.then(async () => {
        await finalized;
        const { index, frames } = segment;
        const bytes = new Uint8Array(segment.output.target.buffer as ArrayBuffer);
        options.onSegment({ index, frames, bytes });
      });
      // Awaited below; a run that stops early still has its failure caught here.
      handed.catch(() => undefined);
    };

    const from = options.from ?? { segment: 0, frames: 0 };
    let planes: Planes | undefined;
    let done = from.frames;
    let segments = 0;
    let current: OpenSegment | undefined;
    for await (const sample of samplesFrom(video, first, from.segment)) {
      try {
        const index = segmentOf(sample.timestamp, first);
        if (index < from.segment) continue;
        if (current && current.index !== index) {
          close(current);
          segments += 1;
          current = undefined;
        }
        current ??= await open(index);
        planes = await readPlanes(sample, planes);
        if (!planes) return { refused: 'pixel-format' };
        if (estimate) {
          const [y, u, v] = current.memories;
          liftPlane(planes.y, estimate.lifts[0], y);
          liftPlane(planes.u, estimate.lifts[1], u);
          liftPlane(planes.v, estimate.lifts[2], v);
        }
        const cleaned = frameFrom(planes, sample);
        await current.encoded.add(cleaned);
        cleaned.close();
      } finally {
        sample.close();
      }
      current.frames += 1;
      done += 1;
      options.onProgress?.(done, stats.packetCount);
    }
    if (current) {
      close(current);
      segments += 1;
    }
    await handed;
    return {
      container: codec === 'avc' ? 'mp4' : 'webm',
      codec,
      frames: done,
      segments,
      sampled: estimate?.sampled ?? 0,
      share: estimate?.share ?? 0,
      bitrate,
    };
  } finally {
    input.dispose();
  }
}

/**
 * The segment a frame shown at `timestamp` belongs to. The margin keeps a frame whose time
 * is a boundary, read back a hair short of it, in the segment it starts.
 */
function segmentOf(timestamp: number, first: number): number {
  return Math.floor((timestamp - first) / SEGMENT_SECONDS + 1e-6);
}

/** The clip's frames from the segment `from` on (and maybe one before it: the caller skips it). */
function samplesFrom(video: InputVideoTrack, first: number, from: number) {
  const sink = new VideoSampleSink(video);
  return from === 0 ? sink.samples() : sink.samples(first + from * SEGMENT_SECONDS);
}
