import zlib from 'node:zlib';
import sharp from 'sharp';

/**
 * A small test photo: a colour gradient. `variant` changes its colours and first pixels, so
 * tests can make many distinct images (and request bodies) of one size.
 */
export async function makePhoto(
  width = 64,
  height = 48,
  format: 'png' | 'jpeg' = 'png',
  variant = 0,
): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      pixels[i] = Math.round((x / width) * 200);
      pixels[i + 1] = Math.round((y / height) * 200);
      pixels[i + 2] = (120 + variant * 7) % 256;
      if (x === 0 && y === 0) pixels[i] = variant % 256;
      if (x === 1 && y === 0) pixels[i] = Math.floor(variant / 256) % 256;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

/**
 * A JPEG cut off part-way, as a copy that did not finish: its header reads as a whole one's
 * (size, type), only its pixels stop short.
 */
export async function makeTruncatedJpeg(width = 320, height = 240, variant = 0): Promise<Buffer> {
  const whole = await makePhoto(width, height, 'jpeg', variant);
  return whole.subarray(0, Math.floor(whole.length * 0.7));
}

/** A mask with a red rectangle marked and everything else pure black. */
export async function makeMask(
  width: number,
  height: number,
  rect: { left: number; top: number; width: number; height: number } | undefined,
): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 0 } } });
  if (!rect) return base.png().toBuffer();
  const mark = await sharp({
    create: {
      width: rect.width,
      height: rect.height,
      channels: 3,
      background: { r: 255, g: 0, b: 0 },
    },
  })
    .png()
    .toBuffer();
  return base
    .composite([{ input: mark, left: rect.left, top: rect.top }])
    .png()
    .toBuffer();
}

/** A grey mask in the "white means remove" convention: one white rectangle on black. */
export async function makeWhiteOnBlackMask(
  file: string,
  size: { width: number; height: number },
  white: { left: number; top: number; width: number; height: number },
): Promise<void> {
  await sharp({ create: { ...size, channels: 3, background: '#000000' } })
    .composite([
      {
        input: {
          create: { width: white.width, height: white.height, channels: 3, background: '#ffffff' },
        },
        left: white.left,
        top: white.top,
      },
    ])
    .png()
    .toFile(file);
}

/**
 * A decompression bomb: a PNG of about 100 kB whose header says `width`×`height`, one bit a
 * pixel, all black. Built by hand (deflate of zero rows), because no encoder will make one
 * this large without the memory it takes to hold every pixel.
 */
export function makePixelBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth; colour type 0 (grey), the rest 0
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * A photo-like image, so an encoder has real work to do: gradients, fine grain and hard
 * edges, with a watermark in `mark` (upright bars of half-transparent white, like letters).
 * Encoded as PNG, or JPEG at the given quality (sharp's default 4:2:0 chroma).
 */
export async function makeMarkedPhoto(
  width: number,
  height: number,
  mark: Rect,
  encoding: { format: 'png' } | { format: 'jpeg'; quality: number },
): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 0x2545f491;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      seed = (seed * 1664525 + 1013904223) >>> 0;
      const grain = (seed >>> 24) / 16 - 8;
      const stripe = Math.sin(x / 9 + y / 23) * 20;
      const edge = (x >> 5) % 3 === 0 && (y >> 5) % 2 === 0 ? -60 : 0;
      const marked =
        x >= mark.left &&
        x < mark.left + mark.width &&
        y >= mark.top &&
        y < mark.top + mark.height &&
        (x - mark.left) % 8 < 5;
      const i = (y * width + x) * 3;
      const base = [
        60 + (x / width) * 140 + stripe + grain + edge,
        50 + (y / height) * 150 + grain + edge,
        110 + stripe / 2 - grain + edge / 2,
      ];
      for (let c = 0; c < 3; c += 1) {
        const value = base[c] as number;
        pixels[i + c] = Math.max(0, Math.min(255, Math.round(marked ? (value + 255) / 2 : value)));
      }
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return encoding.format === 'png'
    ? image.png().toBuffer()
    : image.jpeg({ quality: encoding.quality }).toBuffer();
}

/** Peak signal-to-noise ratio of two same-sized pixel buffers over the pixels `counts` keeps, in dB. */
export function psnr(
  a: Buffer,
  b: Buffer,
  channels: number,
  counts: (pixel: number) => boolean,
): number {
  let sum = 0;
  let n = 0;
  for (let p = 0; p * channels < a.length; p += 1) {
    if (!counts(p)) continue;
    for (let c = 0; c < channels; c += 1) {
      const d = (a[p * channels + c] as number) - (b[p * channels + c] as number);
      sum += d * d;
      n += 1;
    }
  }
  return sum === 0 ? Number.POSITIVE_INFINITY : 10 * Math.log10((255 * 255 * n) / sum);
}
