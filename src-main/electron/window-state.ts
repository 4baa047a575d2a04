import type { WindowBounds } from './window-options.ts';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Enough of a saved window to be worth restoring: a size, and a place when it had one. */
export function parseSavedBounds(text: string | undefined): WindowBounds | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<Record<keyof WindowBounds, unknown>>;
    const numbers = ['x', 'y', 'width', 'height'].map((k) => value[k as keyof WindowBounds]);
    if (!numbers.every((n) => n === undefined || (typeof n === 'number' && Number.isFinite(n))))
      return undefined;
    if (typeof value.width !== 'number' || typeof value.height !== 'number') return undefined;
    return value as WindowBounds;
  } catch {
    return undefined;
  }
}

/**
 * The saved size and place when the window would still be visible on one of today's
 * displays; otherwise the size alone (centred by the system), so a window last seen on an
 * unplugged monitor does not open off screen.
 */
export function restoreBounds(
  saved: WindowBounds | undefined,
  displays: readonly Rect[],
  fallback: WindowBounds,
  minimum: { width: number; height: number },
): WindowBounds {
  if (!saved) return fallback;
  const width = Math.max(minimum.width, Math.round(saved.width));
  const height = Math.max(minimum.height, Math.round(saved.height));
  if (saved.x === undefined || saved.y === undefined) return { width, height };
  const { x, y } = saved;
  // At least a 100×50 strip of the title bar must land on some display.
  const visible = displays.some(
    (area) =>
      x + width - 100 >= area.x &&
      x + 100 <= area.x + area.width &&
      y >= area.y &&
      y + 50 <= area.y + area.height,
  );
  return visible ? { x, y, width, height } : { width, height };
}
