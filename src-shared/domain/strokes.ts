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

/**
 * Strokes drawn on the full image, moved onto a downscaled copy of it: every coordinate and
 * radius times `factor`, so the mask covers the same part of the picture.
 */
export function scaleStrokes(strokes: readonly Stroke[], factor: number): Stroke[] {
  if (factor === 1) return [...strokes];
  const at = ([x, y]: readonly [number, number]): [number, number] => [x * factor, y * factor];
  return strokes.map((stroke): Stroke => {
    switch (stroke.kind) {
      case 'brush':
      case 'eraser':
        return { ...stroke, points: stroke.points.map(at), radius: stroke.radius * factor };
      case 'polygon':
        return { ...stroke, points: stroke.points.map(at) };
      case 'bitmap':
        return stroke;
      case 'rect':
        return {
          ...stroke,
          x: stroke.x * factor,
          y: stroke.y * factor,
          width: stroke.width * factor,
          height: stroke.height * factor,
        };
    }
  });
}
