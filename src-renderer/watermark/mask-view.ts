import { useCallback, useEffect, useState, type RefObject } from 'react';
import {
  containScale,
  fitView,
  follow,
  panBy,
  resizedView,
  zoomAbout,
  type Point,
  type Size,
  type View,
} from './viewport.ts';

/** One notch of the wheel zooms by this much. */
const WHEEL_STEP = 1.15;

/**
 * The canvas's size and the view of the image on it. The canvas takes the image's shape, as
 * large as the stage (the room the editor's bars leave) allows, so a short window shrinks
 * the picture instead of pushing the buttons out; one canvas pixel is one CSS pixel. Every
 * zoom and pan keeps the photo over the canvas (see viewport.ts).
 */
export function useMaskView(
  image: Size,
  stage: RefObject<HTMLElement | null>,
  canvas: RefObject<HTMLCanvasElement | null>,
) {
  const { width, height } = image;
  const [box, setBox] = useState<Size>({ width: 0, height: 0 });
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 });

  useEffect(() => {
    const room = stage.current;
    if (!room) return;
    /** The canvas's size before this resize: none yet means the view starts at Fit. */
    let last: Size | null = null;
    const observer = new ResizeObserver(() => {
      const scale = containScale(
        { width: room.clientWidth, height: room.clientHeight },
        { width, height },
      );
      const next = {
        width: Math.max(1, Math.floor(width * scale)),
        height: Math.max(1, Math.floor(height * scale)),
      };
      const was = last;
      if (was && was.width === next.width && was.height === next.height) return;
      last = next;
      setBox(next);
      setView((v) =>
        was ? resizedView(v, was, next, { width, height }) : fitView(next, { width, height }),
      );
    });
    observer.observe(room);
    return () => observer.disconnect();
  }, [stage, width, height]);

  const fit = useCallback(() => setView(fitView(box, { width, height })), [box, width, height]);
  /** To `scale` about a point of the canvas: the pointer, or else the middle of the view. */
  const zoomTo = useCallback(
    (scale: number, at?: Point | null) =>
      setView((v) =>
        zoomAbout(v, scale, at ?? [box.width / 2, box.height / 2], box, { width, height }),
      ),
    [box, width, height],
  );
  const panBox = useCallback(
    (dx: number, dy: number) => setView((v) => panBy(v, dx, dy, box, { width, height })),
    [box, width, height],
  );
  /** Moves the view just enough for an image point (the keyboard cursor) to stay in sight. */
  const keepInView = useCallback(
    (point: Point, margin: number) =>
      setView((v) => follow(v, point, box, { width, height }, margin)),
    [box, width, height],
  );

  // Not passive, so the page behind the editor never scrolls. The wheel zooms about the
  // pointer; with Alt held it is the caller's (the brush size).
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const wheel = (event: WheelEvent) => {
      event.preventDefault();
      if (event.altKey) return;
      const rect = el.getBoundingClientRect();
      const at: Point = [event.clientX - rect.left, event.clientY - rect.top];
      const factor = event.deltaY < 0 ? WHEEL_STEP : 1 / WHEEL_STEP;
      setView((v) => zoomAbout(v, v.scale * factor, at, box, { width, height }));
    };
    el.addEventListener('wheel', wheel, { passive: false });
    return () => el.removeEventListener('wheel', wheel);
  }, [canvas, box, width, height]);

  return { box, view, fit, zoomTo, panBox, keepInView };
}
