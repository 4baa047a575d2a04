import { create } from 'zustand';

/**
 * The brush size last set, in image pixels, kept while the window is open: the next image
 * opens with the brush the user chose, not a default again. Null until one is set.
 */
export const useBrushSize = create<{ size: number | null; keep: (size: number) => void }>(
  (set) => ({ size: null, keep: (size) => set({ size }) }),
);

/** The size a first image opens with: thin enough for a logo on a photo of its size. */
export function firstBrush(image: { width: number; height: number }): number {
  return Math.max(4, Math.round(Math.min(image.width, image.height) / 60));
}

/** The largest brush the size slider offers for an image. */
export function largestBrush(image: { width: number; height: number }): number {
  return Math.max(200, Math.round(Math.min(image.width, image.height) / 4));
}
