import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ALL_FORMATS, EncodedPacketSink, FilePathSource, Input } from 'mediabunny';
import type { Logo } from './video-clips.ts';

const run = promisify(execFile);

/** Every frame's luma inside the logo's box, as stored (no turning), decoded by ffmpeg. */
export async function logoLuma(file: string, logo: Logo): Promise<Uint8Array[]> {
  const { stdout } = await run(
    'ffmpeg',
    [
      ...['-loglevel', 'error', '-noautorotate', '-i', file],
      ...['-vf', `crop=${logo.width}:${logo.height}:${logo.left}:${logo.top}`],
      ...['-f', 'rawvideo', '-pix_fmt', 'gray', '-'],
    ],
    { encoding: 'buffer', maxBuffer: 1 << 30 },
  );
  const size = logo.width * logo.height;
  return Array.from({ length: stdout.length / size }, (_, i) =>
    stdout.subarray(i * size, (i + 1) * size),
  );
}

/** The logo's own pixels (opacity above 0) inside its box. */
const logoPixels = (logo: Logo) =>
  Array.from(logo.alpha.keys()).filter((i) => (logo.alpha[i] as number) > 0);

/** PSNR (dB) of `result` against `clean` over the logo's pixels, all frames pooled. */
export function logoPsnr(result: Uint8Array[], clean: Uint8Array[], logo: Logo): number {
  const pixels = logoPixels(logo);
  let squares = 0;
  let n = 0;
  for (let f = 0; f < Math.min(result.length, clean.length); f += 1) {
    for (const i of pixels) {
      const d = ((result[f] as Uint8Array)[i] as number) - ((clean[f] as Uint8Array)[i] as number);
      squares += d * d;
      n += 1;
    }
  }
  return 10 * Math.log10((255 * 255) / Math.max(1e-9, squares / n));
}

/**
 * Flicker inside the logo: the mean absolute change from one frame to the next of the error
 * (result minus clean), so the content's own motion does not count.
 */
export function logoFlicker(result: Uint8Array[], clean: Uint8Array[], logo: Logo): number {
  const pixels = logoPixels(logo);
  let total = 0;
  let n = 0;
  const error = (f: number, i: number) =>
    ((result[f] as Uint8Array)[i] as number) - ((clean[f] as Uint8Array)[i] as number);
  for (let f = 1; f < Math.min(result.length, clean.length); f += 1) {
    for (const i of pixels) {
      total += Math.abs(error(f, i) - error(f - 1, i));
      n += 1;
    }
  }
  return total / Math.max(1, n);
}

/** A clip's sound packets' bytes and its video's rotation and frame count, as mediabunny reads them. */
export async function clipFacts(file: string): Promise<{
  sound: Buffer[];
  rotation: number;
  frames: number;
  width: number;
  height: number;
}> {
  const input = new Input({ formats: ALL_FORMATS, source: new FilePathSource(file) });
  try {
    const video = await input.getPrimaryVideoTrack();
    const audio = await input.getPrimaryAudioTrack();
    const sound: Buffer[] = [];
    if (audio)
      for await (const packet of new EncodedPacketSink(audio).packets())
        sound.push(Buffer.from(packet.data));
    return {
      sound,
      rotation: video?.rotation ?? 0,
      frames: video ? (await video.computePacketStats()).packetCount : 0,
      width: video?.codedWidth ?? 0,
      height: video?.codedHeight ?? 0,
    };
  } finally {
    input.dispose();
  }
}
