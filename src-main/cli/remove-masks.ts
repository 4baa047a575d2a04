import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  MASK_ANCHORS,
  boxFits,
  placeRect,
  sizeNeeded,
  type AnchoredRect,
  type Box,
  type MaskAnchor,
} from '../../src-shared/domain/mask-anchor.ts';
import { planeMarksNothing } from '../../src-shared/domain/mask-raster.ts';
import type { ImageSize, Stroke } from '../../src-shared/domain/strokes.ts';
import { findWatermark } from '../core/media/automask/find-watermark.ts';
import type { Proposal } from '../core/media/automask/proposal.ts';
import {
  applyMaskTools,
  hasMaskTools,
  paintPlane,
  type MaskTools,
} from '../core/media/mask-builder.ts';
import { importMask } from '../core/media/mask-import.ts';
import type { MaskStore } from '../core/media/mask-store.ts';
import { probeFile } from '../core/media/probe-file.ts';
import { UserFacingError } from '../core/user-error.ts';
import { encodeTwoColourPng } from '../core/media/two-colour-png.ts';
import { cliIntl, words } from './words.ts';
import { LARGE_MASK_SHARE } from '../../src-shared/domain/limits.ts';
import { formatPercent } from '../../src-shared/i18n/formats.ts';

/** The options of `remove` that choose and shape the mask. */
export const MASK_OPTIONS = {
  'mask-rect': { type: 'string' },
  'mask-anchor': { type: 'string' },
  mask: { type: 'string' },
  'auto-mask': { type: 'boolean', default: false },
  'save-masks': { type: 'string' },
  'dry-run': { type: 'boolean', default: false },
  'mask-grow': { type: 'string' },
  'mask-shrink': { type: 'string' },
  'mask-invert': { type: 'boolean', default: false },
  'mask-clear-outside': { type: 'string' },
  'mask-whole': { type: 'boolean', default: false },
} as const;

export const maskUsage = () =>
  `${words('cli.masks.usage')}\n${words('cli.masks.large.usage', { limit: formatPercent(cliIntl(), LARGE_MASK_SHARE) })}`;

export interface MaskRequest {
  rect?: AnchoredRect;
  maskFile?: string;
  autoMask: boolean;
  saveMasks?: string;
  dryRun: boolean;
  tools: Omit<MaskTools, 'keepInside'>;
  /** Measured with the same anchor as the rectangle. */
  keepInside?: AnchoredRect;
  /** The mask file marks every pixel, and that is meant: the whole image is repainted. */
  maskWhole?: boolean;
}

type MaskValues = {
  [K in keyof typeof MASK_OPTIONS]?: (typeof MASK_OPTIONS)[K]['type'] extends 'boolean'
    ? boolean
    : string;
};

function parseBox(value: string): Box | undefined {
  const parts = value.split(',').map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) return undefined;
  const [x, y, width, height] = parts as [number, number, number, number];
  return width > 0 && height > 0 ? { x, y, width, height } : undefined;
}

function parsePixels(value: string | undefined): number | undefined | 'bad' {
  if (value === undefined) return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 1000 ? n : 'bad';
}

/** The mask options as one request, or the sentence that says what is wrong with them. */
export function parseMaskRequest(values: MaskValues): MaskRequest | string {
  const anchorText = values['mask-anchor'];
  if (anchorText !== undefined && !(MASK_ANCHORS as readonly string[]).includes(anchorText)) {
    return words('cli.masks.anchorValues', { anchors: MASK_ANCHORS.join(', ') });
  }
  const anchor = (anchorText ?? 'top-left') as MaskAnchor;
  const rectBox = values['mask-rect'] === undefined ? undefined : parseBox(values['mask-rect']);
  if (values['mask-rect'] !== undefined && !rectBox) {
    return words('cli.masks.rectForm', { option: '--mask-rect' });
  }
  const keepBox =
    values['mask-clear-outside'] === undefined ? undefined : parseBox(values['mask-clear-outside']);
  if (values['mask-clear-outside'] !== undefined && !keepBox) {
    return words('cli.masks.rectForm', { option: '--mask-clear-outside' });
  }
  const grow = parsePixels(values['mask-grow']);
  const shrink = parsePixels(values['mask-shrink']);
  if (grow === 'bad' || shrink === 'bad') {
    return words('cli.masks.pixels');
  }
  const autoMask = values['auto-mask'] === true;
  if (values.mask !== undefined && rectBox)
    return words('cli.masks.notBoth', { other: '--mask-rect' });
  if (values.mask !== undefined && autoMask)
    return words('cli.masks.notBoth', { other: '--auto-mask' });
  if (anchorText !== undefined && !rectBox && !keepBox) {
    return words('cli.masks.anchorAlone');
  }
  if (values['mask-whole'] && values.mask === undefined) return words('cli.masks.wholeNeedsMask');
  if (values['save-masks'] !== undefined && !autoMask) {
    return words('cli.masks.saveNeedsAuto');
  }
  const tools = {
    ...(grow ? { grow } : {}),
    ...(shrink ? { shrink } : {}),
    ...(values['mask-invert'] ? { invert: true } : {}),
  };
  if ((hasMaskTools(tools) || keepBox) && !rectBox && values.mask === undefined && !autoMask) {
    return words('cli.masks.toolsAlone');
  }
  return {
    ...(rectBox ? { rect: { ...rectBox, anchor } } : {}),
    ...(values.mask !== undefined ? { maskFile: path.resolve(values.mask) } : {}),
    autoMask,
    ...(values['save-masks'] !== undefined
      ? { saveMasks: path.resolve(values['save-masks']) }
      : {}),
    dryRun: values['dry-run'] === true,
    tools,
    ...(keepBox ? { keepInside: { ...keepBox, anchor } } : {}),
    ...(values['mask-whole'] ? { maskWhole: true } : {}),
  };
}

export interface SizedFile extends ImageSize {
  path: string;
}

/** Each file's upright size, read from its header; files that cannot be read are left out. */
export async function sizesOf(files: readonly string[]): Promise<SizedFile[]> {
  const probed = await Promise.all(
    files.map(async (file) => ({ file, probe: await probeFile(file) })),
  );
  return probed.flatMap(({ file, probe }) =>
    probe.ok ? [{ path: file, width: probe.width, height: probe.height }] : [],
  );
}

function rectArgument(name: string, rect: AnchoredRect): string {
  const anchor = rect.anchor === 'top-left' ? '' : ` --mask-anchor ${rect.anchor}`;
  return `${name} ${rect.x},${rect.y},${rect.width},${rect.height}${anchor}`;
}

/**
 * The sentence for the first image a rectangle does not fit wholly inside, or undefined when
 * it fits every one. Checked before anything is sent, so a mask that would miss (or cut
 * through) one photo of a folder never reaches the service for any.
 */
export function rectProblem(
  name: string,
  rect: AnchoredRect,
  images: readonly SizedFile[],
): string | undefined {
  const misfit = images.find((image) => !boxFits(placeRect(rect, image), image));
  if (!misfit) return undefined;
  const needed = sizeNeeded(rect);
  const values = {
    file: path.basename(misfit.path),
    size: `${misfit.width}×${misfit.height}`,
    rect: rectArgument(name, rect),
  };
  return needed
    ? words('cli.masks.outsideNeeds', { ...values, needed: `${needed.width}×${needed.height}` })
    : words('cli.masks.outside', values);
}

/** The tools the request asks for, with its box placed on an image of this size. */
function toolsFor(request: MaskRequest, size: ImageSize): MaskTools {
  return {
    ...request.tools,
    ...(request.keepInside ? { keepInside: placeRect(request.keepInside, size) } : {}),
  };
}

/** Each found mask with the tools applied, per group and size. */
function finalPlanes(
  proposal: Proposal,
  request: MaskRequest,
): Array<{ group: number; size: ImageSize; plane: Uint8Array }> {
  return proposal.groups.flatMap((group, index) =>
    group.masks.map((mask) => ({
      group: index,
      size: mask,
      plane: applyMaskTools(mask.plane, mask.width, mask.height, toolsFor(request, mask)),
    })),
  );
}

/**
 * Writes each group's mask as a PNG, white on black, at its images' size. A file already
 * there is never replaced: the name takes a number instead.
 */
export async function saveMasks(
  proposal: Proposal,
  request: MaskRequest,
  dir: string,
): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const { group, size, plane } of finalPlanes(proposal, request)) {
    const png = encodeTwoColourPng(plane, size.width, size.height, [255, 255, 255]);
    for (let n = 1; ; n += 1) {
      const file = path.join(
        dir,
        `mask-group${group + 1}-${size.width}x${size.height}${n === 1 ? '' : `-${n}`}.png`,
      );
      const claimed = await writeFile(file, png, { flag: 'wx' }).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'EEXIST') return false;
          throw error;
        },
      );
      if (claimed) {
        written.push(file);
        break;
      }
    }
  }
  return written;
}

/** What one file is sent with. */
export interface FileMask {
  strokes?: Stroke[];
  maskFile?: string;
}

/**
 * The mask each file is sent with. A rectangle alone stays a rectangle, placed on each
 * image by its anchor; a mask file alone stays the file. Anything Clearframe made or changed
 * (a found mask, the mask tools) is kept in the data folder and named as an imported mask.
 */
export async function fileMasks(
  request: MaskRequest,
  images: readonly SizedFile[],
  masks: MaskStore,
  proposal?: Proposal,
): Promise<Map<string, FileMask>> {
  const out = new Map<string, FileMask>();
  const keep = async (image: SizedFile, plane: Uint8Array) => {
    if (planeMarksNothing(plane)) {
      throw new UserFacingError(words('cli.masks.empty', { file: path.basename(image.path) }));
    }
    return (await masks.keep(plane, image.width, image.height)).token;
  };
  if (proposal) {
    const planes = finalPlanes(proposal, request);
    for (const [index, group] of proposal.groups.entries()) {
      for (const image of group.images) {
        const found = planes.find(
          (entry) =>
            entry.group === index &&
            entry.size.width === image.width &&
            entry.size.height === image.height,
        );
        if (!image.sure || !found) continue;
        out.set(image.path, {
          strokes: [{ kind: 'bitmap', token: await keep(image, found.plane) }],
        });
      }
    }
    // Images the batch could not speak for get the rectangle given as a hint, if any.
    if (!request.rect) return out;
    images = proposal.tooFew;
  }
  // A mask file meant to mark every pixel is kept as Clearframe's own, so that the engine,
  // which asks about such a file, is given what the user said it means.
  const changed =
    hasMaskTools(request.tools) || request.keepInside !== undefined || request.maskWhole === true;
  const tokens = new Map<string, string>();
  for (const image of images) {
    if (!changed) {
      if (request.rect) {
        out.set(image.path, { strokes: [{ kind: 'rect', ...placeRect(request.rect, image) }] });
      } else if (request.maskFile) out.set(image.path, { maskFile: request.maskFile });
      continue;
    }
    const key = `${image.width}x${image.height}`;
    let token = tokens.get(key);
    if (!token) {
      const base = request.rect
        ? paintPlane(image.width, image.height, [
            { kind: 'rect', ...placeRect(request.rect, image) },
          ])
        : (await importMask(await readFile(request.maskFile as string), image.width, image.height))
            .plane;
      token = await keep(
        image,
        applyMaskTools(base, image.width, image.height, toolsFor(request, image)),
      );
      tokens.set(key, token);
    }
    out.set(image.path, { strokes: [{ kind: 'bitmap', token }] });
  }
  return out;
}

/**
 * Finds the watermark the files share, with the rectangle (if any) as a rough hint; with
 * `measure`, each measurable group's mark measured too (for `--engine local`).
 */
export function findFor(
  images: readonly SizedFile[],
  request: MaskRequest,
  options: { measure?: boolean } = {},
): Promise<Proposal> {
  return findWatermark(images, request.rect, options);
}
