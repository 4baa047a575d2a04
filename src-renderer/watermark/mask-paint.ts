import type { Stroke } from '../../src-shared/domain/strokes.ts';
import type { Point, Size, View } from './viewport.ts';

/**
 * Paints one stroke onto the mask layer, in image coordinates under the view's transform.
 * An imported mask is drawn from its overlay (red where marked, clear elsewhere).
 */
export function paint(
  ctx: CanvasRenderingContext2D,
  stroke: Stroke,
  size: Size,
  overlays: ReadonlyMap<string, HTMLImageElement>,
): void {
  const erase = stroke.kind === 'eraser' || ('erase' in stroke && stroke.erase === true);
  ctx.globalCompositeOperation = erase ? 'destination-out' : 'source-over';
  if (stroke.kind === 'bitmap') {
    const overlay = overlays.get(stroke.token);
    if (overlay?.complete) ctx.drawImage(overlay, 0, 0, size.width, size.height);
    return;
  }
  ctx.fillStyle = ctx.strokeStyle = '#ff2d2d';
  if (stroke.kind === 'brush' || stroke.kind === 'eraser') {
    const [first, ...rest] = stroke.points;
    if (!first) return;
    ctx.beginPath();
    // A canvas drops a line of no length, caps and all; main paints a dot there (a click,
    // or Enter pressed without moving), so the screen does too.
    if (rest.every(([x, y]) => x === first[0] && y === first[1])) {
      ctx.arc(first[0], first[1], stroke.radius, 0, Math.PI * 2);
      ctx.fill();
      return;
    }
    ctx.lineWidth = stroke.radius * 2;
    ctx.lineCap = ctx.lineJoin = 'round';
    ctx.moveTo(first[0], first[1]);
    for (const [x, y] of rest) ctx.lineTo(x, y);
    ctx.stroke();
  } else if (stroke.kind === 'rect') {
    ctx.fillRect(stroke.x, stroke.y, stroke.width, stroke.height);
  } else {
    const [first, ...rest] = stroke.points;
    if (!first) return;
    ctx.beginPath();
    ctx.moveTo(first[0], first[1]);
    for (const [x, y] of rest) ctx.lineTo(x, y);
    ctx.closePath();
    ctx.fill();
  }
}

/**
 * Draws the image under the view, then the mask layer on top at `opacity`. The mask is
 * clipped to the image: what main makes of it ends at the photo's edge, so the screen does
 * too. `original` shows the photo alone.
 */
export function drawScene(
  el: HTMLCanvasElement,
  layer: HTMLCanvasElement,
  scene: {
    image: HTMLImageElement;
    size: Size;
    view: View;
    strokes: readonly Stroke[];
    overlays: ReadonlyMap<string, HTMLImageElement>;
    opacity: number;
    original: boolean;
  },
): void {
  const ctx = el.getContext('2d');
  if (!ctx) return;
  const { view, size } = scene;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, el.width, el.height);
  ctx.setTransform(view.scale, 0, 0, view.scale, view.x, view.y);
  ctx.imageSmoothingEnabled = view.scale < 1;
  ctx.drawImage(scene.image, 0, 0, size.width, size.height);
  if (scene.original) return;
  layer.width = el.width;
  layer.height = el.height;
  const mask = layer.getContext('2d');
  if (!mask) return;
  mask.setTransform(view.scale, 0, 0, view.scale, view.x, view.y);
  mask.beginPath();
  mask.rect(0, 0, size.width, size.height);
  mask.clip();
  for (const stroke of scene.strokes) paint(mask, stroke, size, scene.overlays);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = scene.opacity;
  ctx.drawImage(layer, 0, 0);
  ctx.globalAlpha = 1;
}

/** A stroke being drawn, in image pixels; or a pan under way, from this screen point. */
export type Draft = { points: Point[]; start: Point } | { panFrom: Point };

/** The stroke a draft would commit with `tool`, or null when it is too small to be one. */
export function strokeOf(
  draft: { points: Point[]; start: Point },
  tool: 'brush' | 'eraser' | 'rect' | 'lasso',
  size: number,
): Stroke | null {
  const last = draft.points[draft.points.length - 1] ?? draft.start;
  const [a, b] = [draft.start, last];
  if (tool === 'rect') {
    const width = Math.abs(b[0] - a[0]);
    const height = Math.abs(b[1] - a[1]);
    return width > 0 && height > 0
      ? ({ kind: 'rect', x: Math.min(a[0], b[0]), y: Math.min(a[1], b[1]), width, height } as const)
      : null;
  }
  if (tool === 'lasso') {
    return draft.points.length > 2 ? ({ kind: 'polygon', points: draft.points } as const) : null;
  }
  return { kind: tool, points: draft.points, radius: size / 2 } as const;
}
