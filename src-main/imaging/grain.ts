import { EDGE_CONTRAST, boundsOf, detail, grow, luminance, random } from './pixel-grid.ts';
import type { RgbPixels } from './rgb-pixels.ts';

/**
 * Puts the photo's grain back into the repainted pixels, which an inpainting fill leaves
 * smooth: noise as strong as the fine detail of the untouched pixels around the area, the
 * same in the three channels, as film and sensor grain is mostly in brightness. Works on the
 * box around the area only, so a small mark on a large photo costs little.
 */
export function addGrain(filled: RgbPixels, alpha: Uint8Array): void {
  const { data, width, height } = filled;
  const radius = Math.max(2, Math.round(Math.min(width, height) / 160));
  const box = boundsOf(alpha, width, height, radius * 6);
  if (!box) return;
  const part = {
    data: Buffer.alloc(box.width * box.height * 3),
    width: box.width,
    height: box.height,
  };
  const partAlpha = new Uint8Array(box.width * box.height);
  for (let y = 0; y < box.height; y += 1) {
    const from = (box.top + y) * width + box.left;
    data.copy(part.data, y * box.width * 3, from * 3, (from + box.width) * 3);
    partAlpha.set(alpha.subarray(from, from + box.width), y * box.width);
  }
  const around = grow(partAlpha, box.width, box.height, radius * 6);
  const fine = detail(luminance(part), box.width, box.height, 1);
  let sum = 0;
  let count = 0;
  for (let i = 0; i < partAlpha.length; i += 1) {
    const value = fine[i] ?? 0;
    // Edges are not grain: strong lines are left out of the estimate.
    if (around[i] && !partAlpha[i] && Math.abs(value) < EDGE_CONTRAST) {
      sum += value * value;
      count += 1;
    }
  }
  if (count === 0) return;
  const sigma = Math.sqrt(sum / count);
  const next = random(width * 73856093 + height * 19349663);
  for (let y = 0; y < box.height; y += 1) {
    for (let x = 0; x < box.width; x += 1) {
      if (!partAlpha[y * box.width + x]) continue;
      // A normal sample from two uniform ones (Box-Muller).
      const u = Math.max(next(), 1e-9);
      const noise = sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
      const at = ((box.top + y) * width + box.left + x) * 3;
      for (let c = 0; c < 3; c += 1) {
        data[at + c] = Math.min(255, Math.max(0, Math.round((data[at + c] ?? 0) + noise)));
      }
    }
  }
}
