/**
 * The maths of showing an image in a box: a view maps an image pixel (ix, iy) to the box's
 * pixel (ix × scale + x, iy × scale + y). Pure, so the mask editor and the compare view
 * share one rule for Fit, zoom and pan, and tests check it without a screen.
 */

export interface Size {
  width: number;
  height: number;
}

export interface View {
  scale: number;
  x: number;
  y: number;
}

export type Point = [number, number];

/** The zoom a view may have: from a speck of a huge image to 32 screen pixels per image pixel. */
export const MIN_SCALE = 0.02;
export const MAX_SCALE = 32;

/**
 * The largest scale at which the whole image fits in the box ("contain"), never above `max`:
 * the compare view does not blow a small image up; the mask editor does.
 */
export function containScale(box: Size, image: Size, max = Infinity): number {
  if (box.width <= 0 || box.height <= 0 || image.width <= 0 || image.height <= 0) return 1;
  return Math.min(max, box.width / image.width, box.height / image.height);
}

/** The whole image, as large as the box allows, in its middle. */
export function fitView(box: Size, image: Size): View {
  const scale = containScale(box, image);
  return {
    scale,
    x: (box.width - image.width * scale) / 2,
    y: (box.height - image.height * scale) / 2,
  };
}

/**
 * Keeps the image over the box: along a side where the image is larger than the box, no
 * empty strip is left at either end; along a side where it is smaller, it sits in the middle.
 * So the photo can never be dragged out of sight.
 */
export function clampPan(view: View, box: Size, image: Size): View {
  const along = (offset: number, boxSide: number, imageSide: number) => {
    const shown = imageSide * view.scale;
    if (shown <= boxSide) return (boxSide - shown) / 2;
    return Math.min(0, Math.max(boxSide - shown, offset));
  };
  return {
    scale: view.scale,
    x: along(view.x, box.width, image.width),
    y: along(view.y, box.height, image.height),
  };
}

/**
 * The view at `scale` (held within MIN_SCALE…MAX_SCALE) with the image pixel under `at`
 * (a point of the box) still under it, then kept over the box (see clampPan).
 */
export function zoomAbout(view: View, scale: number, at: Point, box: Size, image: Size): View {
  const next = Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
  const [cx, cy] = at;
  return clampPan(
    {
      scale: next,
      x: cx - ((cx - view.x) * next) / view.scale,
      y: cy - ((cy - view.y) * next) / view.scale,
    },
    box,
    image,
  );
}

/**
 * The view for a box that changed size (a window resized, a line of text that wraps): Fit
 * stays Fit; any other zoom is kept, with the image pixel that was in the middle of the box
 * still in its middle.
 */
export function resizedView(view: View, was: Size, next: Size, image: Size): View {
  if (Math.abs(view.scale - containScale(was, image)) < 1e-9) return fitView(next, image);
  const [cx, cy] = toImage(view, [was.width / 2, was.height / 2]);
  return clampPan(
    {
      scale: view.scale,
      x: next.width / 2 - cx * view.scale,
      y: next.height / 2 - cy * view.scale,
    },
    next,
    image,
  );
}

/** The view moved by (dx, dy) box pixels, kept over the box. */
export function panBy(view: View, dx: number, dy: number, box: Size, image: Size): View {
  return clampPan({ ...view, x: view.x + dx, y: view.y + dy }, box, image);
}

/** The box's point that shows an image pixel, and the image pixel a box point shows. */
export function toBox(view: View, point: Point): Point {
  return [point[0] * view.scale + view.x, point[1] * view.scale + view.y];
}

export function toImage(view: View, point: Point): Point {
  return [(point[0] - view.x) / view.scale, (point[1] - view.y) / view.scale];
}

/**
 * The view moved as little as needed for the image pixel `point` to be in the box, `margin`
 * box pixels from its edges: a keyboard cursor that walks off the view takes the view along.
 */
export function follow(view: View, point: Point, box: Size, image: Size, margin: number): View {
  const [bx, by] = toBox(view, point);
  const shift = (at: number, side: number) =>
    at < margin ? margin - at : at > side - margin ? side - margin - at : 0;
  return panBy(view, shift(bx, box.width), shift(by, box.height), box, image);
}

/** An image pixel held inside the image. */
export function clampPoint(point: Point, image: Size): Point {
  return [
    Math.min(image.width, Math.max(0, point[0])),
    Math.min(image.height, Math.max(0, point[1])),
  ];
}
