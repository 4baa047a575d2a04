import type { Box, Corner } from '../../../../src-shared/domain/mask-anchor.ts';
import type { ImageSize } from '../../../../src-shared/domain/strokes.ts';
import type { Detection } from './detect.ts';
import { presenceScore } from './median-gradient.ts';
import type { OnSteps, Proposal, ProposalGroup, ProposedMask, SizedImage } from './proposal.ts';
import { tryReadGrey, type Unreadable, type Working } from './read-grey.ts';
import { imageVerdict, judged } from './verdict.ts';

/**
 * Images too few of their size (two large photos among thirty, say) borrow the mark a group
 * of another size found, where it lies on them: a mark stamped at a fixed size sits at the
 * same distance from its corner in every photo; one scaled with the photo keeps its share of
 * the width. Each placement is checked against the image's own pixels, as a group's images
 * are, so a mark is never lent to a photo that does not carry it.
 */

/** A group's mark, as found: its template at working size and its mask at full size. */
export interface Template {
  size: ImageSize;
  work: Working;
  detection: Detection;
  mask: ProposedMask;
}

/** Where along one axis a mark is held: from its start, its end, or its middle. */
type Align = 'start' | 'end' | 'middle';

/**
 * How a template lies on another image: from `corner` (or, `middle`, from the image's
 * centre), `factor` times its size.
 */
interface Placement {
  template: Template;
  corner: Corner;
  middle: boolean;
  factor: number;
}

function aligns(at: Placement): { x: Align; y: Align } {
  if (at.middle) return { x: 'middle', y: 'middle' };
  return {
    x: at.corner.endsWith('right') ? 'end' : 'start',
    y: at.corner.startsWith('bottom') ? 'end' : 'start',
  };
}

/** The corner nearest the middle of the mark's boxes, and whether that middle is the image's. */
function nearestCorner(
  boxes: readonly Box[],
  size: ImageSize,
): { corner: Corner; central: boolean } {
  const left = Math.min(...boxes.map((box) => box.x));
  const right = Math.max(...boxes.map((box) => box.x + box.width));
  const top = Math.min(...boxes.map((box) => box.y));
  const bottom = Math.max(...boxes.map((box) => box.y + box.height));
  const vertical = (top + bottom) / 2 > size.height / 2 ? 'bottom' : 'top';
  const horizontal = (left + right) / 2 > size.width / 2 ? 'right' : 'left';
  // A mark whose middle lies within the central fifth both ways is held by the centre.
  const central =
    Math.abs((left + right) / 2 - size.width / 2) < size.width / 10 &&
    Math.abs((top + bottom) / 2 - size.height / 2) < size.height / 10;
  return { corner: `${vertical}-${horizontal}`, central };
}

/** A point of the target image on the template's image, or the reverse with `factor` inverted. */
function mapAxis(value: number, length: number, otherLength: number, align: Align, factor: number) {
  if (align === 'middle') return otherLength / 2 + (value - length / 2) / factor;
  return align === 'end' ? otherLength - (length - value) / factor : value / factor;
}

/** Where the template's image begins on the target's, along one axis, in the target's pixels. */
function offset(length: number, otherLength: number, align: Align): number {
  if (align === 'middle') return Math.round((length - otherLength) / 2);
  return align === 'end' ? length - otherLength : 0;
}

/** The template's plane (full size) laid on an image of `to`'s size, nearest neighbour. */
function placePlane(plane: Uint8Array, from: ImageSize, to: ImageSize, at: Placement): Uint8Array {
  const out = new Uint8Array(to.width * to.height);
  const align = aligns(at);
  const columns = Int32Array.from({ length: to.width }, (_, x) =>
    Math.floor(mapAxis(x + 0.5, to.width, from.width, align.x, at.factor)),
  );
  for (let y = 0; y < to.height; y += 1) {
    const row = Math.floor(mapAxis(y + 0.5, to.height, from.height, align.y, at.factor));
    if (row < 0 || row >= from.height) continue;
    for (let x = 0; x < to.width; x += 1) {
      const column = columns[x] as number;
      if (column >= 0 && column < from.width) {
        out[y * to.width + x] = plane[row * from.width + column] as number;
      }
    }
  }
  return out;
}

function placeBox(box: Box, from: ImageSize, to: ImageSize, at: Placement): Box {
  const align = aligns(at);
  // mapAxis with the two images' roles swapped: a point of the template's image on the target's.
  return {
    x: Math.round(mapAxis(box.x, from.width, to.width, align.x, 1 / at.factor)),
    y: Math.round(mapAxis(box.y, from.height, to.height, align.y, 1 / at.factor)),
    width: Math.ceil(box.width * at.factor),
    height: Math.ceil(box.height * at.factor),
  };
}

/** The image read so that one of its pixels lands on one of a template's working pixels. */
async function readFor(image: SizedImage, template: Template, factor: number) {
  const scale = template.work.scale / factor;
  const size = {
    width: Math.max(1, Math.round(image.width * scale)),
    height: Math.max(1, Math.round(image.height * scale)),
  };
  const grey = await tryReadGrey(image.path, size);
  return typeof grey === 'string' ? grey : { grey, size };
}

/** How strongly an image (read by `readFor`) carries the template placed so. */
function placedScore(read: { grey: Uint8Array; size: ImageSize }, at: Placement): number {
  const { work, detection } = at.template;
  const align = aligns(at);
  return presenceScore(read.grey, detection.median, detection.region, {
    ...read.size,
    dx: offset(read.size.width, work.width, align.x),
    dy: offset(read.size.height, work.height, align.y),
  });
}

/**
 * The placements worth trying on an image: each template as is and scaled with the width,
 * from its nearest corner, or from the centre when the mark sits there.
 */
function placementsFor(image: SizedImage, templates: readonly Template[]): Placement[] {
  return templates.flatMap((template) => {
    const { corner, central } = nearestCorner(template.mask.boxes, template.size);
    const scaled = image.width / template.size.width;
    const factors = Math.abs(scaled - 1) < 0.01 ? [1] : [1, scaled];
    return factors.map((factor) => ({ template, corner, middle: central, factor }));
  });
}

/**
 * Each left-over image given the best-fitting mark of another size that it carries, as
 * groups of one placement each; `rest`, the images that carry none.
 */
export async function borrowMarks(
  images: readonly SizedImage[],
  templates: readonly Template[],
  onSteps: OnSteps,
): Promise<{ groups: ProposalGroup[]; rest: SizedImage[]; unreadable: Proposal['unreadable'] }> {
  // Keyed by placement, so the images that borrow one mark the same way make one group.
  const chosen = new Map<
    string,
    { at: Placement; members: Array<{ image: SizedImage; score: number }> }
  >();
  const rest: SizedImage[] = [];
  const unreadable: Proposal['unreadable'] = [];
  for (const image of images) {
    let best: { at: Placement; score: number } | undefined;
    let lost: Unreadable | undefined;
    const reads = new Map<string, Awaited<ReturnType<typeof readFor>>>();
    for (const at of placementsFor(image, templates)) {
      const key = `${templates.indexOf(at.template)} ${at.factor}`;
      const read = reads.get(key) ?? (await readFor(image, at.template, at.factor));
      reads.set(key, read);
      if (typeof read === 'string') {
        lost = read;
        break;
      }
      const score = placedScore(read, at);
      if (score > (best?.score ?? 0)) best = { at, score };
    }
    onSteps(2);
    if (lost) unreadable.push({ ...image, why: lost });
    else if (best && imageVerdict(best.score, true, best.at.template.detection.tiled).present) {
      // A mark held by the centre lands on each size differently: one group per size.
      const where = best.at.middle ? `middle ${image.width}x${image.height}` : best.at.corner;
      const key = `${templates.indexOf(best.at.template)} ${where} ${best.at.factor}`;
      const entry = chosen.get(key) ?? { at: best.at, members: [] };
      entry.members.push({ image, score: best.score });
      chosen.set(key, entry);
    } else rest.push(image);
  }
  const groups = [...chosen.values()].map(({ at, members }): ProposalGroup => {
    const { mask, size: from, detection } = at.template;
    const sizes = [
      ...new Map(members.map(({ image }) => [`${image.width}x${image.height}`, image])).values(),
    ];
    return judged(
      {
        anchor: at.middle ? 'size' : at.corner,
        images: members.map(({ image, score }) => ({
          ...image,
          score,
          ...imageVerdict(score, true, detection.tiled),
        })),
        masks: sizes.map((to) => ({
          width: to.width,
          height: to.height,
          plane: placePlane(mask.plane, from, to, at),
          core: placePlane(mask.core, from, to, at),
          boxes: mask.boxes.map((box) => placeBox(box, from, to, at)),
        })),
      },
      detection.tiled,
    );
  });
  return { groups, rest, unreadable };
}
