import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MASK_MARK_RGB, strokesSchema, type Stroke } from '../../../src-shared/domain/strokes.ts';
import { buildMask } from '../../../src-main/core/media/mask-builder.ts';
import { inspectMask } from '../../../src-main/core/media/mask-check.ts';

/** The slow, obvious reference: test each pixel centre against each shape. */
function reference(width: number, height: number, strokes: readonly Stroke[]): Uint8Array {
  const out = new Uint8Array(width * height);
  const nearSegment = (
    px: number,
    py: number,
    a: readonly number[],
    b: readonly number[],
    r: number,
  ) => {
    const [ax, ay] = a as [number, number];
    const [bx, by] = b as [number, number];
    const dx = bx - ax;
    const dy = by - ay;
    const lengthSq = dx * dx + dy * dy;
    const t =
      lengthSq === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / lengthSq));
    const ex = ax + t * dx - px;
    const ey = ay + t * dy - py;
    return ex * ex + ey * ey <= r * r + 1e-9;
  };
  for (const stroke of strokes) {
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const cx = x + 0.5;
        const cy = y + 0.5;
        let inside = false;
        if (stroke.kind === 'brush' || stroke.kind === 'eraser') {
          const pts = stroke.points;
          inside =
            pts.length === 1
              ? nearSegment(cx, cy, pts[0] as number[], pts[0] as number[], stroke.radius)
              : pts
                  .slice(1)
                  .some((p, i) => nearSegment(cx, cy, pts[i] as number[], p, stroke.radius));
        } else if (stroke.kind === 'rect') {
          inside =
            cx >= stroke.x &&
            cx < stroke.x + stroke.width &&
            cy >= stroke.y &&
            cy < stroke.y + stroke.height;
        } else if (stroke.kind === 'polygon') {
          const pts = stroke.points;
          for (let i = 0, j = pts.length - 1; i < pts.length; j = i, i += 1) {
            const [xi, yi] = pts[i] as [number, number];
            const [xj, yj] = pts[j] as [number, number];
            if (yi <= cy !== yj <= cy && cx < xi + ((cy - yi) / (yj - yi)) * (xj - xi))
              inside = !inside;
          }
        }
        if (!inside) continue;
        const erase = stroke.kind === 'eraser' || ('erase' in stroke && stroke.erase === true);
        out[y * width + x] = erase ? 0 : 1;
      }
    }
  }
  return out;
}

async function markedPlane(png: Buffer): Promise<Uint8Array> {
  const meta = await sharp(png).metadata();
  expect([meta.isPalette, meta.bitsPerSample]).toEqual([true, 1]);
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const plane = new Uint8Array(info.width * info.height);
  for (let p = 0; p < plane.length; p += 1) {
    const pixel = [...data.subarray(p * info.channels, p * info.channels + 3)];
    if (pixel.every((v) => v === 0)) continue;
    expect(pixel).toEqual([...MASK_MARK_RGB]);
    plane[p] = 1;
  }
  return plane;
}

async function expectExact(width: number, height: number, strokes: Stroke[]) {
  const png = buildMask(width, height, strokes);
  const meta = await sharp(png).metadata();
  expect([meta.width, meta.height, meta.format]).toEqual([width, height, 'png']);
  const expected = reference(width, height, strokes);
  const built = await markedPlane(png);
  expect(Buffer.from(built).equals(Buffer.from(expected))).toBe(true);
  const coverage = await inspectMask(png);
  expect(coverage.marked).toBe(expected.reduce((sum, v) => sum + v, 0));
  return coverage;
}

describe('mask builder', () => {
  it('a 1-pixel brush dot marks exactly one pixel', async () => {
    const coverage = await expectExact(20, 10, [
      { kind: 'brush', points: [[5.5, 4.5]], radius: 0.5 },
    ]);
    expect(coverage.marked).toBe(1);
  });

  it('a thin line marks a 1-pixel-wide run with no soft edge', async () => {
    const coverage = await expectExact(40, 10, [
      {
        kind: 'brush',
        points: [
          [2.5, 5.5],
          [30.5, 5.5],
        ],
        radius: 0.5,
      },
    ]);
    expect(coverage.marked).toBe(29);
  });

  it('strokes that touch and cross every edge are clipped, not wrapped', async () => {
    await expectExact(32, 24, [
      {
        kind: 'brush',
        points: [
          [-10, -10],
          [40, 30],
        ],
        radius: 3,
      },
      {
        kind: 'brush',
        points: [
          [0, 23.9],
          [31.9, 23.9],
        ],
        radius: 2,
      },
      { kind: 'rect', x: 28, y: -5, width: 10, height: 10 },
    ]);
  });

  it('an eraser over a brush clears what it crosses, and order matters', async () => {
    const coverage = await expectExact(30, 30, [
      {
        kind: 'brush',
        points: [
          [5, 15],
          [25, 15],
        ],
        radius: 5,
      },
      {
        kind: 'eraser',
        points: [
          [15, 0],
          [15, 30],
        ],
        radius: 2,
      },
      { kind: 'rect', x: 0, y: 0, width: 6, height: 6 },
      { kind: 'rect', x: 2, y: 2, width: 2, height: 2, erase: true },
    ]);
    expect(coverage.marked).toBeGreaterThan(0);
  });

  it('polygons (lasso) fill by even-odd, including a concave one', async () => {
    await expectExact(40, 40, [
      {
        kind: 'polygon',
        points: [
          [5, 5],
          [35, 5],
          [35, 35],
          [20, 15],
          [5, 35],
        ],
      },
      {
        kind: 'polygon',
        points: [
          [10, 30],
          [14, 30],
          [12, 38],
        ],
        erase: true,
      },
    ]);
  });

  it('matches the per-pixel reference on 40 random strokes of every kind', async () => {
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const strokes: Stroke[] = Array.from({ length: 40 }, (_, i) => {
      const pt = (): [number, number] => [random() * 70 - 5, random() * 50 - 5];
      switch (i % 4) {
        case 0:
          return { kind: 'brush', points: [pt(), pt(), pt()], radius: 0.4 + random() * 6 };
        case 1:
          return { kind: 'eraser', points: [pt(), pt()], radius: 0.4 + random() * 4 };
        case 2:
          return {
            kind: 'rect',
            x: random() * 60,
            y: random() * 40,
            width: random() * 20,
            height: random() * 15,
            erase: random() < 0.3,
          };
        default:
          return { kind: 'polygon', points: [pt(), pt(), pt(), pt()], erase: random() < 0.3 };
      }
    });
    await expectExact(64, 48, strokes);
  });

  it('refuses malformed strokes at the boundary', () => {
    for (const bad of [
      [{ kind: 'brush', points: [], radius: 3 }],
      [{ kind: 'brush', points: [[1, 2]], radius: 0 }],
      [{ kind: 'brush', points: [[1, Number.NaN]], radius: 2 }],
      [
        {
          kind: 'polygon',
          points: [
            [1, 2],
            [3, 4],
          ],
        },
      ],
      [{ kind: 'spray', points: [[1, 2]], radius: 2 }],
    ]) {
      expect(strokesSchema.safeParse(bad).success).toBe(false);
    }
  });
});
