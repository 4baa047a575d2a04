import { randomUUID } from 'node:crypto';
import { access, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { z } from 'zod';
import type { Settings } from '../../../src-shared/domain/settings.ts';
import { writeTemp } from '../fs/atomic-write.ts';
import { claimFirstFree } from '../fs/claim-name.ts';
import { asDiskFull } from '../fs/disk-space.ts';
import {
  blendInto,
  blendWeights,
  changedPlane,
  changedWhereTaken,
  GROW_PX,
  type RawPixels,
} from './composite.ts';
import { DECODE_LIMIT } from './decode.ts';
import { heicAsPng } from './heic/decode-heic.ts';
import { copyUntouchedBlocks } from './jpeg-blocks.ts';
import { untouched } from './untouched.ts';
import { chromaSubsamplingOf, readJpegEncoding } from './jpeg-tables.ts';
import { candidateNames, resultFileName, type OutputFormat } from './output-names.ts';
import { storedToUpright } from './service-mask.ts';
import { sniffImageType } from './sniff.ts';
import type { Patch } from './unblend/recover.ts';
import { said } from '../i18n/core-words.ts';

export interface OutputRequest {
  /** The file the user gave. */
  input: string;
  /** The folder the input was dropped as part of, for the mirrored tree (see `outputDirFor`). */
  root?: string;
  /**
   * The cleaned image as the service returned it, or the pixels this computer recovered
   * (un-blended) in boxes of the input, the rest of the result being the input's own.
   */
  result: Buffer | { patches: readonly Patch[] };
  settings: Pick<
    Settings,
    'outputFolder' | 'filenameTemplate' | 'conflictPolicy' | 'metadataPolicy'
  > &
    Partial<Pick<Settings, 'outputFormat' | 'folderLayout'>>;
  /**
   * The job's mask as a plane at the input's upright size (1 where marked), when it had
   * one; undefined lets the region the service changed be found by comparison.
   */
  mask?: (width: number, height: number) => Promise<Uint8Array | undefined>;
  /**
   * The EXIF orientation of the input when the service read it as stored (an image given
   * by address): its result is laid out as stored too, and is turned upright first.
   */
  resultOrientation?: number;
  /** The job writing, named in the temporary file (see temp-files.ts). */
  owner?: string;
  /**
   * Called once the result holds its name and before its temporary twin is let go, so a
   * crash after the write cannot lose track of it (see `recoverClaims`).
   */
  noteWritten?: (written: string, fromService: FromService) => Promise<void>;
  /** 1-based place in the batch, for `{n}`. */
  n: number;
  date?: Date;
}

const boxSchema = z.object({
  left: z.number().int(),
  top: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});

/**
 * Which of a result's pixels are the service's: those within `box` that it painted (`mask`)
 * or changed (`changed`), `pixels` of them, grown and blended, the rest the input's own;
 * none (`unchanged`), when it changed nothing beyond compression noise; or all of them
 * (`whole`), with the reason they could not be put back into the input.
 */
export const fromServiceSchema = z.union([
  z.object({
    region: z.enum(['mask', 'changed']),
    box: boxSchema,
    pixels: z.number().int(),
    /** The service's size, when it returned the image scaled and it was scaled back. */
    scaledFrom: z.object({ width: z.number().int(), height: z.number().int() }).optional(),
  }),
  z.object({ region: z.literal('unchanged') }),
  z.object({ region: z.literal('whole'), reason: z.string() }),
]);
export type FromService = z.infer<typeof fromServiceSchema>;

/** Where a result went, or the name it was not written under; also kept as a job's marker. */
export const outputOutcomeSchema = z.union([
  z.object({ written: z.string(), fromService: fromServiceSchema.optional() }),
  z.object({ skipped: z.string() }),
]);
export type OutputOutcome = z.infer<typeof outputOutcomeSchema>;

/** The log each output folder of cleaned images keeps, one JSON line per result. */
export const PROVENANCE_LOG = 'clearframe-provenance.jsonl';

/** One line of the provenance log: where a result came from, which task made it and when. */
export const provenanceLineSchema = z.object({
  source: z.string(),
  output: z.string(),
  /** The hashes of the result and of its source; lines written before they were kept lack them. */
  sha256: z.string().optional(),
  sourceSha256: z.string().optional(),
  service: z.literal('watermark'),
  /** The service's task; absent for a result made on this computer (`engine: 'local'`). */
  taskId: z.string().optional(),
  /** `local`: un-blended on this computer, for free; lines without it are the service's. */
  engine: z.enum(['service', 'local']).optional(),
  /** For a local result: the measurement of the mark used, and how many images made it. */
  estimate: z.object({ id: z.string(), images: z.number().int() }).optional(),
  attempt: z.number().int(),
  /** `drawn`, the mask file's path, or `none`. */
  mask: z.string(),
  /** Which pixels came from the service; lines written before results were composited lack it. */
  fromService: fromServiceSchema.optional(),
  queuedAt: z.string(),
  submittedAt: z.string().optional(),
  finishedAt: z.string(),
});
export type ProvenanceLine = z.infer<typeof provenanceLineSchema>;

/** Where results go when no output folder is set: a `clearframe` folder beside the input. */
export const DEFAULT_OUTPUT_SUBFOLDER = 'clearframe';

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/**
 * The folder a result goes to: a `clearframe` folder beside the input when no output folder
 * is set; otherwise the output folder, plus the input's subfolder within the folder it was
 * dropped from (`root`) unless the layout is flattened.
 */
export function outputDirFor(
  input: string,
  settings: Pick<Settings, 'outputFolder'> & Partial<Pick<Settings, 'folderLayout'>>,
  root?: string,
): string {
  const inputDir = path.dirname(path.resolve(input));
  if (!settings.outputFolder) return path.join(inputDir, DEFAULT_OUTPUT_SUBFOLDER);
  const relative =
    root && settings.folderLayout !== 'flatten' ? path.relative(path.resolve(root), inputDir) : '';
  // A root that no longer holds the input must not lead outside the output folder.
  const inside = relative.startsWith('..') || path.isAbsolute(relative) ? '' : relative;
  return path.join(settings.outputFolder, inside);
}

/**
 * How the input was encoded, where the result can be encoded alike: a JPEG at the quality
 * its own tables show, with its chroma layout, so its size and look stay the source's; a
 * lossless WebP losslessly.
 */
interface SourceEncoding {
  jpeg?: { quality: number; chromaSubsampling: '4:2:0' | '4:4:4'; progressive: boolean };
  losslessWebp?: boolean;
}

function sourceEncodingOf(bytes: Buffer, format: string | undefined): SourceEncoding {
  if (format === 'jpeg') {
    const read = readJpegEncoding(bytes);
    return read
      ? {
          jpeg: {
            quality: read.quality,
            chromaSubsampling: chromaSubsamplingOf(read.sampling),
            progressive: read.progressive,
          },
        }
      : {};
  }
  return format === 'webp' ? { losslessWebp: isLosslessWebp(bytes) } : {};
}

/** A WebP whose first image chunk is VP8L (lossless) rather than VP8 (lossy). */
function isLosslessWebp(bytes: Buffer): boolean {
  for (
    let at = 12;
    at + 8 <= bytes.length;
    at += 8 + bytes.readUInt32LE(at + 4) + (bytes.readUInt32LE(at + 4) % 2)
  ) {
    const fourcc = bytes.toString('latin1', at, at + 4);
    if (fourcc === 'VP8L') return true;
    if (fourcc === 'VP8 ') return false;
  }
  return false;
}

function encodeAs(pipeline: Sharp, format: OutputFormat, source: SourceEncoding): Sharp {
  switch (format) {
    case 'jpeg':
      return pipeline.jpeg(source.jpeg ?? { quality: 95, chromaSubsampling: '4:4:4' });
    case 'webp':
      return pipeline.webp(source.losslessWebp ? { lossless: true } : { quality: 95 });
    case 'tiff':
      return pipeline.tiff({ compression: 'lzw' });
    case 'gif':
      return pipeline.gif();
    case 'avif':
    case 'heif':
      return pipeline.avif({ quality: 80 });
    case 'png':
      return pipeline.png();
  }
}

/** Pixels as sharp decodes them, 8 bits a channel, with the values the file holds (no colour conversion). */
async function decodeRaw(pipeline: Sharp): Promise<RawPixels> {
  const { data, info } = await pipeline
    .keepIccProfile()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** Within a pixel of the input's size scaled by the same factor both ways. */
function isUniformScale(
  result: { width: number; height: number },
  input: { width: number; height: number },
): boolean {
  return (
    Math.abs(result.width - (input.width * result.height) / input.height) <= 1 &&
    Math.abs(result.height - (input.height * result.width) / input.width) <= 1
  );
}

interface Composited {
  pixels: RawPixels;
  fromService: FromService;
  /** The input's decoded pixels, which the composite's differ from only where it took a result's. */
  original: RawPixels;
}

/**
 * The service's result put back into the input: its pixels inside the mask (or, with no
 * mask, where it changed the input beyond compression noise), grown and blended over a
 * seam, the input's decoded pixels everywhere else. A result scaled by one factor both
 * ways is scaled back first; one of another shape cannot be laid over the input: the
 * reason is returned instead, and the result is written whole.
 */
async function compositeOnInput(
  inputBytes: Buffer,
  request: OutputRequest,
  upright: { width: number; height: number },
): Promise<Composited | { whole: string }> {
  if (!Buffer.isBuffer(request.result)) {
    return compositePatches(inputBytes, request, request.result.patches);
  }
  const resultMeta = await sharp(request.result).metadata();
  const orientation = request.resultOrientation ?? 1;
  const sideways = orientation >= 5 && orientation <= 8;
  const resultSize = sideways
    ? { width: resultMeta.height, height: resultMeta.width }
    : { width: resultMeta.width, height: resultMeta.height };
  const sameSize = resultSize.width === upright.width && resultSize.height === upright.height;
  if (!sameSize && !isUniformScale(resultSize, upright)) {
    return {
      whole: said('core.output.otherShape', {
        result: `${resultSize.width}×${resultSize.height}`,
        image: `${upright.width}×${upright.height}`,
      }),
    };
  }
  // Decoded once, upright, with its values as stored (no colour conversion, alpha kept).
  const original = await decodeRaw(sharp(inputBytes, DECODE_LIMIT).autoOrient());
  const colours =
    original.channels === 2 || original.channels === 4 ? original.channels - 1 : original.channels;
  let result = storedToUpright(
    await decodeRaw(
      sharp(request.result, DECODE_LIMIT)
        .removeAlpha()
        .toColourspace(colours === 1 ? 'b-w' : 'srgb'),
    ),
    orientation,
  );
  if (!sameSize) {
    const { data, width, height, channels } = result;
    result = await decodeRaw(
      sharp(data, { raw: { width, height, channels: channels as 1 | 3 } }).resize(
        upright.width,
        upright.height,
        { fit: 'fill' },
      ),
    );
  }
  const scale = upright.width / resultSize.width;
  const masked = await request.mask?.(upright.width, upright.height);
  const plane = masked ?? changedPlane(original, result, colours);
  // A result scaled back is soft across as many pixels as it was scaled by.
  const grow = Math.max(GROW_PX, Math.ceil(GROW_PX * scale));
  const { weights, taken } = blendWeights(plane, upright.width, upright.height, grow);
  // With a mask, what is taken is the mask whatever the service did there: a result that
  // is the input's own pixels in it is said to be unchanged, as one without a mask would be.
  const fromService: FromService =
    taken && (!masked || changedWhereTaken(original, result, colours, weights))
      ? {
          region: masked ? 'mask' : 'changed',
          ...taken,
          ...(sameSize ? {} : { scaledFrom: resultSize }),
        }
      : { region: 'unchanged' };
  return {
    pixels: { ...original, data: blendInto(original, result, weights, colours) },
    fromService,
    original,
  };
}

/**
 * Pixels recovered on this computer put into the input: the input decoded once, a copy
 * with the patches laid in as the result, then blended by the mask as a service's result
 * is. Outside the mark a patch holds the input's own pixels, so the seam changes nothing.
 */
async function compositePatches(
  inputBytes: Buffer,
  request: OutputRequest,
  patches: readonly Patch[],
): Promise<Composited> {
  const original = await decodeRaw(sharp(inputBytes, DECODE_LIMIT).autoOrient());
  const { width, height, channels } = original;
  const colours = channels === 2 || channels === 4 ? channels - 1 : channels;
  const result = { ...original, data: Buffer.from(original.data) };
  for (const { box, data } of patches) {
    for (let y = 0; y < box.height; y += 1) {
      for (let x = 0; x < box.width; x += 1) {
        const from = (y * box.width + x) * 3;
        const to = ((box.y + y) * width + box.x + x) * channels;
        if (colours === 3) data.copy(result.data, to, from, from + 3);
        else {
          result.data[to] = Math.round(
            0.299 * (data[from] as number) +
              0.587 * (data[from + 1] as number) +
              0.114 * (data[from + 2] as number),
          );
        }
      }
    }
  }
  const plane = (await request.mask?.(width, height)) ?? changedPlane(original, result, colours);
  const { weights, taken } = blendWeights(plane, width, height);
  return {
    pixels: { ...original, data: blendInto(original, result, weights, colours) },
    fromService: taken ? { region: 'mask', ...taken } : { region: 'unchanged' },
    original,
  };
}

/** Pixels to write: raw ones, or an encoded image. */
interface Painted {
  input: Buffer;
  raw?: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/**
 * The painted pixels with the input's metadata: they replace the upright input's in a
 * composite, so its EXIF and ICC travel with them (sharp attaches metadata from an input
 * only, and the composite's base is decoded for nothing else); its orientation tag is
 * reset because the pixels are already upright. A composite premultiplies by alpha, which
 * rounds the colours of translucent pixels, so the colours replace an opaque copy of the
 * input, kept losslessly, and the alpha is joined to them after.
 */
async function withInputMetadata(inputBytes: Buffer, painted: Painted): Promise<Sharp> {
  const { raw } = painted;
  const transparent = raw && (raw.channels === 2 || raw.channels === 4);
  let colour: Painted = painted;
  let alpha: Buffer | undefined;
  if (transparent) {
    const colours = (raw.channels - 1) as 1 | 3;
    const pixels = raw.width * raw.height;
    const colourData = Buffer.alloc(pixels * colours);
    alpha = Buffer.alloc(pixels);
    for (let p = 0; p < pixels; p += 1) {
      painted.input.copy(colourData, p * colours, p * raw.channels, p * raw.channels + colours);
      alpha[p] = painted.input[p * raw.channels + colours] as number;
    }
    colour = { input: colourData, raw: { ...raw, channels: colours } };
  }
  // The composite adds an alpha channel, taken off again.
  const replaced = sharp(inputBytes, DECODE_LIMIT)
    .autoOrient()
    .removeAlpha()
    .composite([{ ...colour, left: 0, top: 0, blend: 'source' }])
    .removeAlpha()
    .keepMetadata();
  if (!raw || !alpha) return replaced;
  const opaque = await replaced.png({ compressionLevel: 1 }).toBuffer();
  return sharp(opaque)
    .joinChannel(alpha, { raw: { width: raw.width, height: raw.height, channels: 1 } })
    .keepMetadata();
}

/**
 * Saves a result in the input's format (no silent change of format or visible loss), at
 * the input's upright size, with the input's EXIF and ICC profile when metadata is kept.
 * Only the pixels the service was asked to (or did) change are its own; the rest are the
 * input's, exactly when the format is lossless, re-encoded at the input's own JPEG
 * quality otherwise.
 */
export async function writeOutput(request: OutputRequest): Promise<OutputOutcome> {
  const sourceBytes = await readFile(request.input);
  const heic = sniffImageType(sourceBytes) === 'heic';
  // A HEIC photo is read through its upright lossless copy, EXIF and profile included.
  const inputBytes = heic ? await heicAsPng(sourceBytes) : sourceBytes;
  const inputMeta = await sharp(inputBytes).metadata();
  const chosen = request.settings.outputFormat ?? 'same';
  // "Same as the image" where sharp writes it; HEIC (HEVC, which sharp does not encode)
  // becomes JPEG, as phones export it, and other HEIF becomes AVIF.
  const format = (
    chosen !== 'same'
      ? chosen
      : heic
        ? 'jpeg'
        : inputMeta.format === 'heif'
          ? 'avif'
          : (inputMeta.format ?? 'png')
  ) as OutputFormat;
  const { settings } = request;
  const inputPath = path.resolve(request.input);
  const fileName = resultFileName(settings.filenameTemplate, {
    input: inputPath,
    format,
    date: (request.date ?? new Date()).toISOString().slice(0, 10),
    n: request.n,
  });
  const first = path.resolve(outputDirFor(inputPath, settings, request.root), fileName);
  // Saves the encoding when the answer is plain; the claim below still decides.
  if (settings.conflictPolicy === 'skip' && first !== inputPath && (await exists(first)))
    return { skipped: first };

  const upright = inputMeta.autoOrient ?? { width: inputMeta.width, height: inputMeta.height };
  const composited = await compositeOnInput(inputBytes, request, upright);
  let fromService: FromService;
  let painted: Painted;
  if ('whole' in composited) {
    fromService = { region: 'whole', reason: composited.whole };
    painted = {
      input: await sharp(request.result as Buffer)
        .resize(upright.width, upright.height, { fit: 'fill' })
        .toBuffer(),
    };
  } else {
    fromService = composited.fromService;
    const { data, width, height, channels } = composited.pixels;
    painted = { input: data, raw: { width, height, channels: channels as 1 | 2 | 3 | 4 } };
  }
  const pipeline =
    settings.metadataPolicy === 'keep'
      ? await withInputMetadata(inputBytes, painted)
      : sharp(painted.input, painted.raw ? { raw: painted.raw } : {});
  const encoded = await encodeAs(
    pipeline,
    format,
    sourceEncodingOf(inputBytes, inputMeta.format),
  ).toBuffer();
  // A JPEG written as its source was (same tables, sampling, upright layout) takes the
  // source's own blocks wherever the composite is the input's pixels: those stay bit for bit.
  const stored = (inputMeta.orientation ?? 1) === 1;
  const blocks =
    format === 'jpeg' && inputMeta.format === 'jpeg' && stored && !('whole' in composited)
      ? copyUntouchedBlocks(inputBytes, encoded, untouched(composited.pixels, composited.original))
      : undefined;
  const owner = request.owner ?? randomUUID();
  const temp = await writeTemp(first, blocks?.bytes ?? encoded, { owner });
  try {
    let written: string | undefined;
    try {
      if (settings.conflictPolicy === 'overwrite' && first !== inputPath) {
        await rename(temp, first);
        written = first;
      } else {
        written = await claimFirstFree(
          temp,
          candidateNames(first, inputPath, settings.conflictPolicy),
          owner,
        );
      }
    } catch (error) {
      throw asDiskFull(error, first) ?? error;
    }
    if (!written) return { skipped: first };
    await request.noteWritten?.(written, fromService);
    return { written };
  } finally {
    await rm(temp, { force: true });
  }
}
