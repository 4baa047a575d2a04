import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  ALL_FORMATS,
  BufferTarget,
  EncodedPacketSink,
  EncodedVideoPacketSource,
  FilePathSource,
  Input,
  Mp4OutputFormat,
  Output,
  type EncodedPacket,
} from 'mediabunny';
import { SEGMENT_SECONDS } from '../../src-shared/domain/clip-jobs.ts';

const run = promisify(execFile);

/** A short clip's frames: 10 s at 10 frames a second, so three segments (4 s, 4 s, 2 s). */
export const SHORT_CLIP = { seconds: 10, frameRate: 10, frames: 100 } as const;

/**
 * A real H.264 clip with AAC sound, small and quick to make, with a key frame every second
 * and no reordered frames, so its encoded frames can be cut into segments as they are.
 */
export async function makeShortClip(dir: string, name = 'beach.mp4'): Promise<string> {
  const file = path.join(dir, name);
  const { seconds, frameRate } = SHORT_CLIP;
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=96x64:rate=${frameRate}:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', String(frameRate), '-bf', '0'],
    ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-f', 'mp4', file],
  ]);
  return file;
}

export interface CutSegment {
  index: number;
  bytes: Uint8Array;
  frames: number;
}

/**
 * What the window's worker hands back, made without WebCodecs: the clip's own encoded
 * frames from segment `from` on, cut at the segment boundaries (each starts on a key frame
 * in a clip made by `makeShortClip`) into one MP4 per segment, video alone, with the clip's
 * timestamps, as the worker writes them.
 */
export async function cutSegments(file: string, from = 0): Promise<CutSegment[]> {
  const input = new Input({ formats: ALL_FORMATS, source: new FilePathSource(file) });
  try {
    const video = await input.getPrimaryVideoTrack();
    if (!video) throw new Error(`${file} has no video`);
    const first = await video.getFirstTimestamp();
    const config = await video.getDecoderConfig();
    const groups = new Map<number, EncodedPacket[]>();
    for await (const packet of new EncodedPacketSink(video).packets()) {
      const index = Math.floor((packet.timestamp - first) / SEGMENT_SECONDS + 1e-6);
      if (index < from) continue;
      groups.set(index, [...(groups.get(index) ?? []), packet]);
    }
    const segments: CutSegment[] = [];
    for (const [index, packets] of groups) {
      const output = new Output({
        format: new Mp4OutputFormat({ fastStart: 'in-memory' }),
        target: new BufferTarget(),
      });
      const source = new EncodedVideoPacketSource('avc');
      output.addVideoTrack(source);
      await output.start();
      let meta: EncodedVideoChunkMetadata | undefined = config ? { decoderConfig: config } : {};
      for (const packet of packets) {
        await source.add(packet, meta);
        meta = undefined;
      }
      await output.finalize();
      const bytes = new Uint8Array(output.target.buffer as ArrayBuffer);
      segments.push({ index, bytes, frames: packets.length });
    }
    return segments;
  } finally {
    input.dispose();
  }
}
