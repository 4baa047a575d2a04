import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ALL_FORMATS, EncodedPacketSink, FilePathSource, Input } from 'mediabunny';
import type { Logo } from './video-clips.ts';

const run = promisify(execFile);

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Every frame's RGB inside `box`, as stored (no turning), decoded by ffmpeg. */
export async function rgbCrops(file: string, box: Box): Promise<Buffer[]> {
  const { stdout } = await run(
    'ffmpeg',
    [
      ...['-loglevel', 'error', '-noautorotate', '-i', file],
      ...['-vf', `crop=${box.width}:${box.height}:${box.left}:${box.top}`],
      ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    ],
    { encoding: 'buffer', maxBuffer: 1 << 30 },
  );
  const size = box.width * box.height * 3;
  return Array.from({ length: stdout.length / size }, (_, i) =>
    stdout.subarray(i * size, (i + 1) * size),
  );
}

/** The luma (BT.709 weights, full range) of the logo's box inside a crop of `box`. */
export function logoLumaOf(rgb: Buffer, box: Box, logo: Logo): Uint8Array {
  const out = new Uint8Array(logo.width * logo.height);
  for (let y = 0; y < logo.height; y += 1) {
    for (let x = 0; x < logo.width; x += 1) {
      const at = ((logo.top - box.top + y) * box.width + logo.left - box.left + x) * 3;
      out[y * logo.width + x] = Math.round(
        0.2126 * (rgb[at] as number) +
          0.7152 * (rgb[at + 1] as number) +
          0.0722 * (rgb[at + 2] as number),
      );
    }
  }
  return out;
}

/** Every frame's luma inside the logo's box. */
export async function logoLuma(file: string, logo: Logo): Promise<Uint8Array[]> {
  return (await rgbCrops(file, logo)).map((rgb) => logoLumaOf(rgb, logo, logo));
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
