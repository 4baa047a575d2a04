import { z } from 'zod';

/**
 * What the mask editor sends: shapes in image pixel coordinates, applied in order, so an
 * eraser stroke after a brush stroke clears what it crosses. The main process turns them
 * into the mask PNG; the renderer never makes the file.
 */
const point = z.tuple([z.number().finite(), z.number().finite()]);
const radius = z.number().finite().positive().max(2000);

export const strokeSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('brush'), points: z.array(point).min(1).max(100_000), radius }),
  z.strictObject({ kind: z.literal('eraser'), points: z.array(point).min(1).max(100_000), radius }),
  z.strictObject({
    kind: z.literal('rect'),
    x: z.number().finite(),
    y: z.number().finite(),
    width: z.number().finite().nonnegative(),
    height: z.number().finite().nonnegative(),
    erase: z.boolean().optional(),
  }),
  z.strictObject({
    kind: z.literal('polygon'),
    points: z.array(point).min(3).max(100_000),
    erase: z.boolean().optional(),
  }),
  /** A mask file the user imported, already checked and converted by main, named by token. */
  z.strictObject({ kind: z.literal('bitmap'), token: z.uuid() }),
]);
export type Stroke = z.infer<typeof strokeSchema>;

export const strokesSchema = z.array(strokeSchema).max(10_000);

/** The colour of marked pixels: neither pure black nor pure white, as section 4.1 asks. */
export const MASK_MARK_RGB = [255, 0, 0] as const;

type Point = readonly [number, number];

/** A drawn stroke with every point moved by `at` and every length times `factor`. */
function moveStroke(
  stroke: Exclude<Stroke, { kind: 'bitmap' }>,
  at: (point: Point) => [number, number],
  factor: number,
): Stroke {
  switch (stroke.kind) {
    case 'brush':
    case 'eraser':
      return { ...stroke, points: stroke.points.map(at), radius: stroke.radius * factor };
    case 'polygon':
      return { ...stroke, points: stroke.points.map(at) };
    case 'rect': {
      const [x, y] = at([stroke.x, stroke.y]);
      return { ...stroke, x, y, width: stroke.width * factor, height: stroke.height * factor };
    }
  }
}

/**
 * Strokes drawn on the full image, moved onto a downscaled copy of it: every coordinate and
 * radius times `factor`, so the mask covers the same part of the picture.
 */
export function scaleStrokes(strokes: readonly Stroke[], factor: number): Stroke[] {
  if (factor === 1) return [...strokes];
  const at = ([x, y]: Point): [number, number] => [x * factor, y * factor];
  return strokes.map((stroke) =>
    stroke.kind === 'bitmap' ? stroke : moveStroke(stroke, at, factor),
  );
}

export interface ImageSize {
  width: number;
  height: number;
}

/** The box a stroke covers, before its brush radius. */
function extent(stroke: Exclude<Stroke, { kind: 'bitmap' }>): {
  x: [number, number];
  y: [number, number];
} {
  if (stroke.kind === 'rect') {
    return { x: [stroke.x, stroke.x + stroke.width], y: [stroke.y, stroke.y + stroke.height] };
  }
  const xs = stroke.points.map(([x]) => x);
  const ys = stroke.points.map(([, y]) => y);
  return { x: [Math.min(...xs), Math.max(...xs)], y: [Math.min(...ys), Math.max(...ys)] };
}

/**
 * One axis of the move: keeps a mark's distance to the side it is nearest to (its centre in
 * the first or last third), or to the middle, in proportion to the new size.
 */
function anchored(centre: number, from: number, to: number, factor: number): (v: number) => number {
  if (centre < from / 3) return (v) => v * factor;
  if (centre > (from * 2) / 3) return (v) => to - (from - v) * factor;
  return (v) => to / 2 + (v - from / 2) * factor;
}

/**
 * A mask drawn on one image, moved onto an image of another size. Watermarks sit at a fixed
 * place relative to a corner or an edge and are sized with the picture, so every stroke is
 * scaled by the ratio of the shorter sides and kept as near to its corner (or edge, or the
 * centre) as it was, in proportion. Scaling each axis on its own would stretch a logo and
 * turn round brush marks into ellipses the mask cannot express; anchoring keeps a corner mark
 * in its corner whatever the aspect ratio. For images of the same shape this is plain
 * scaling. An imported mask (bitmap) is stretched to the image by main, as before.
 */
export function fitStrokes(strokes: readonly Stroke[], from: ImageSize, to: ImageSize): Stroke[] {
  if (from.width === to.width && from.height === to.height) return [...strokes];
  const factor = Math.min(to.width, to.height) / Math.min(from.width, from.height);
  return strokes.map((stroke): Stroke => {
    if (stroke.kind === 'bitmap') return stroke;
    const box = extent(stroke);
    const ax = anchored((box.x[0] + box.x[1]) / 2, from.width, to.width, factor);
    const ay = anchored((box.y[0] + box.y[1]) / 2, from.height, to.height, factor);
    return moveStroke(stroke, ([x, y]) => [ax(x), ay(y)], factor);
  });
}
