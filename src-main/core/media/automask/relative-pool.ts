import { placeRect, type AnchoredRect } from '../../../../src-shared/domain/mask-anchor.ts';
import { growPlane } from '../../../../src-shared/domain/mask-morphology.ts';
import type { ImageSize } from '../../../../src-shared/domain/strokes.ts';
import { MIN_GROUP_IMAGES, detectMark, type Detection } from './detect.ts';
import { MASK_MARGIN, imagesOf, sortReads } from './group-parts.ts';
import type { Proposal, ProposalGroup, ProposedMask, SizedImage } from './proposal.ts';
import { tryReadGrey, type Unreadable } from './read-grey.ts';
import { judged } from './verdict.ts';

/**
 * Photos of several sizes whose mark is drawn in proportion to each (a site that scales its
 * mark with the picture, at the same share of the width from a corner, an edge or the
 * middle): every photo read at one width, so the mark has one size and one place across
 * them, and cut to the rows they all have at their top, middle or bottom. The batch is then
 * one group, however many sizes it has, and the mark is found where it is shared by all.
 */

/** The width the photos are read at (or the narrowest photo's, if narrower). */
const POOL_WIDTH = 1000;

const BANDS = ['top', 'middle', 'bottom'] as const;
type Band = (typeof BANDS)[number];

/** The first row of a photo `height` rows tall (at the pool's width) that the band keeps. */
function bandTop(band: Band, height: number, shared: number): number {
  if (band === 'top') return 0;
  return band === 'bottom' ? height - shared : Math.round((height - shared) / 2);
}

export interface Pooled {
  groups: ProposalGroup[];
  tooFew: SizedImage[];
  unreadable: Proposal['unreadable'];
  /** The images' correlations with the mark found, summed: how well the pool explains them. */
  fit: number;
}

/** The pooled detection laid on a photo of `size`, one group for its images. */
function sizeGroup(
  size: ImageSize,
  members: ReadonlyArray<{ image: SizedImage; score: number }>,
  found: { band: Band; detection: Detection; width: number; shared: number },
): ProposalGroup {
  const { band, detection, width, shared } = found;
  const factor = size.width / width;
  const top = bandTop(band, Math.round(size.height / factor), shared);
  const core = new Uint8Array(size.width * size.height);
  const columns = Int32Array.from({ length: size.width }, (_, x) =>
    Math.min(width - 1, Math.floor((x + 0.5) / factor)),
  );
  for (let y = 0; y < size.height; y += 1) {
    const row = Math.floor((y + 0.5) / factor) - top;
    if (row < 0 || row >= shared) continue;
    for (let x = 0; x < size.width; x += 1) {
      core[y * size.width + x] = detection.core[row * width + (columns[x] as number)] as number;
    }
  }
  const mask: ProposedMask = {
    ...size,
    core,
    plane: growPlane(core, size.width, size.height, MASK_MARGIN + Math.max(0, factor / 2)),
    boxes: detection.boxes.map((box) => ({
      x: Math.floor(box.x * factor),
      y: Math.floor((box.y + top) * factor),
      width: Math.ceil(box.width * factor),
      height: Math.ceil(box.height * factor),
    })),
  };
  const images = members.map(({ image }) => image);
  return judged(
    {
      anchor: 'size',
      images: imagesOf(images, { ...detection, scores: members.map(({ score }) => score) }),
      masks: [mask],
    },
    detection.tiled,
  );
}

/**
 * The photos pooled in proportion to their width, one group per size carrying what the pool
 * found; no groups when no mark is shared that way (`fit` 0).
 */
export async function relativePool(
  all: readonly SizedImage[],
  hint?: AnchoredRect,
): Promise<Pooled> {
  const width = Math.min(POOL_WIDTH, ...all.map((image) => image.width));
  const heightOf = (image: ImageSize) =>
    Math.max(1, Math.round((image.height * width) / image.width));
  const reads: Array<Uint8Array | Unreadable> = [];
  for (const image of all) {
    reads.push(await tryReadGrey(image.path, { width, height: heightOf(image) }));
  }
  const { read, greys, unreadable } = sortReads(all, reads);
  if (read.length < MIN_GROUP_IMAGES) return { groups: [], tooFew: read, unreadable, fit: 0 };
  const heights = read.map(heightOf);
  const shared = Math.min(...heights);
  let best: { band: Band; detection: Detection } | undefined;
  const tried = new Set<string>();
  for (const band of BANDS) {
    const tops = heights.map((height) => bandTop(band, height, shared));
    // Photos of one shape at the pool's width have one band only.
    if (tried.has(tops.join())) continue;
    tried.add(tops.join());
    const crops = greys.map((grey, k) =>
      grey.subarray((tops[k] as number) * width, ((tops[k] as number) + shared) * width),
    );
    const first = read[0] as SizedImage;
    const box = hint && placeRect(hint, first);
    const factor = width / first.width;
    const detection = detectMark(
      crops,
      width,
      shared,
      box && {
        x: box.x * factor,
        y: box.y * factor - (tops[0] as number),
        width: box.width * factor,
        height: box.height * factor,
      },
    );
    if (detection.boxes.length > 0 && detection.strength > (best?.detection.strength ?? 0)) {
      best = { band, detection };
    }
  }
  if (!best) return { groups: [], tooFew: [], unreadable, fit: 0 };
  const found = { ...best, width, shared };
  const bySize = new Map<string, Array<{ image: SizedImage; score: number }>>();
  read.forEach((image, k) => {
    const key = `${image.width}x${image.height}`;
    bySize.set(key, [
      ...(bySize.get(key) ?? []),
      { image, score: best.detection.scores[k] as number },
    ]);
  });
  const groups = [...bySize.values()].map((members) =>
    sizeGroup(
      { width: members[0]?.image.width ?? 0, height: members[0]?.image.height ?? 0 },
      members,
      found,
    ),
  );
  const fit = best.detection.correlations.reduce(
    (sum, correlation) => sum + Math.max(0, correlation),
    0,
  );
  return { groups, tooFew: [], unreadable, fit };
}
