import type { Box, Corner } from '../../../../src-shared/domain/mask-anchor.ts';
import type { ImageSize } from '../../../../src-shared/domain/strokes.ts';
import type { Detection } from './detect.ts';
import { presenceScore } from './median-gradient.ts';
import type { OnSteps, Proposal, ProposalGroup, ProposedMask, SizedImage } from './propose.ts';
import { tryReadGrey, type Unreadable, type Working } from './read-grey.ts';
import { imageVerdict } from './verdict.ts';

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

/** How a template lies on another image: from `corner`, `factor` times its size. */
interface Placement {
  template: Template;
  corner: Corner;
  factor: number;
}

/** The corner nearest the middle of the mark's boxes. */
function nearestCorner(boxes: readonly Box[], size: ImageSize): Corner {
  const left = Math.min(...boxes.map((box) => box.x));
  const right = Math.max(...boxes.map((box) => box.x + box.width));
  const top = Math.min(...boxes.map((box) => box.y));
  const bottom = Math.max(...boxes.map((box) => box.y + box.height));
  const vertical = (top + bottom) / 2 > size.height / 2 ? 'bottom' : 'top';
  const horizontal = (left + right) / 2 > size.width / 2 ? 'right' : 'left';
  return `${vertical}-${horizontal}`;
}

/** A point of the target image on the template's image, or the reverse with `factor` inverted. */
function mapAxis(value: number, length: number, otherLength: number, far: boolean, factor: number) {
  return far ? otherLength - (length - value) / factor : value / factor;
}

/** The template's plane (full size) laid on an image of `to`'s size, nearest neighbour. */
function placePlane(plane: Uint8Array, from: ImageSize, to: ImageSize, at: Placement): Uint8Array {
  const out = new Uint8Array(to.width * to.height);
  const right = at.corner.endsWith('right');
  const bottom = at.corner.startsWith('bottom');
  const columns = Int32Array.from({ length: to.width }, (_, x) =>
    Math.floor(mapAxis(x + 0.5, to.width, from.width, right, at.factor)),
  );
  for (let y = 0; y < to.height; y += 1) {
    const row = Math.floor(mapAxis(y + 0.5, to.height, from.height, bottom, at.factor));
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
  const width = Math.ceil(box.width * at.factor);
  const height = Math.ceil(box.height * at.factor);
  return {
    x: at.corner.endsWith('right')
      ? Math.round(to.width - (from.width - box.x) * at.factor)
      : Math.round(box.x * at.factor),
    y: at.corner.startsWith('bottom')
      ? Math.round(to.height - (from.height - box.y) * at.factor)
      : Math.round(box.y * at.factor),
    width,
    height,
  };
}

/** How strongly `image` carries the template placed so, read at the template's scale. */
async function placedScore(image: SizedImage, at: Placement): Promise<number | Unreadable> {
  const { work, detection } = at.template;
  // Read so that one pixel of the image lands on one of the template's working pixels.
  const scale = work.scale / at.factor;
  const size = {
    width: Math.max(1, Math.round(image.width * scale)),
    height: Math.max(1, Math.round(image.height * scale)),
  };
  const grey = await tryReadGrey(image.path, size);
  if (typeof grey === 'string') return grey;
  return presenceScore(grey, detection.median, detection.region, {
    ...size,
    dx: at.corner.endsWith('right') ? size.width - work.width : 0,
    dy: at.corner.startsWith('bottom') ? size.height - work.height : 0,
  });
}

/** The placements worth trying on an image: each template from its corner, as is and scaled. */
function placementsFor(image: SizedImage, templates: readonly Template[]): Placement[] {
  return templates.flatMap((template) => {
    const corner = nearestCorner(template.mask.boxes, template.size);
    const scaled = image.width / template.size.width;
    const factors = Math.abs(scaled - 1) < 0.01 ? [1] : [1, scaled];
    return factors.map((factor) => ({ template, corner, factor }));
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
    for (const at of placementsFor(image, templates)) {
      const score = await placedScore(image, at);
      if (typeof score === 'string') {
        lost = score;
        break;
      }
      if (score > (best?.score ?? 0)) best = { at, score };
    }
    onSteps(2);
    if (lost) unreadable.push({ ...image, why: lost });
    else if (best && imageVerdict(best.score, true).present) {
      const key = `${templates.indexOf(best.at.template)} ${best.at.corner} ${best.at.factor}`;
      const entry = chosen.get(key) ?? { at: best.at, members: [] };
      entry.members.push({ image, score: best.score });
      chosen.set(key, entry);
    } else rest.push(image);
  }
  const groups = [...chosen.values()].map(({ at, members }): ProposalGroup => {
    const { mask, size: from } = at.template;
    const sizes = [
      ...new Map(members.map(({ image }) => [`${image.width}x${image.height}`, image])).values(),
    ];
    return {
      anchor: at.corner,
      images: members.map(({ image, score }) => ({
        ...image,
        score,
        ...imageVerdict(score, true),
      })),
      masks: sizes.map((to) => ({
        width: to.width,
        height: to.height,
        plane: placePlane(mask.plane, from, to, at),
        core: placePlane(mask.core, from, to, at),
        boxes: mask.boxes.map((box) => placeBox(box, from, to, at)),
      })),
    };
  });
  return { groups, rest, unreadable };
}
