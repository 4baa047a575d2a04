import { describe, expect, it } from 'vitest';
import { scaleStrokes, type Stroke } from '../../../src-shared/domain/strokes.ts';

describe('scaleStrokes', () => {
  it('moves every kind of stroke onto a copy of the image at another size', () => {
    const strokes: Stroke[] = [
      { kind: 'brush', points: [[100, 40]], radius: 10 },
      {
        kind: 'eraser',
        points: [
          [50, 50],
          [60, 60],
        ],
        radius: 4,
      },
      { kind: 'rect', x: 20, y: 10, width: 200, height: 80, erase: false },
      {
        kind: 'polygon',
        points: [
          [0, 0],
          [100, 0],
          [0, 100],
        ],
      },
    ];
    expect(scaleStrokes(strokes, 0.5)).toEqual([
      { kind: 'brush', points: [[50, 20]], radius: 5 },
      {
        kind: 'eraser',
        points: [
          [25, 25],
          [30, 30],
        ],
        radius: 2,
      },
      { kind: 'rect', x: 10, y: 5, width: 100, height: 40, erase: false },
      {
        kind: 'polygon',
        points: [
          [0, 0],
          [50, 0],
          [0, 50],
        ],
      },
    ]);
    expect(scaleStrokes(strokes, 1)).toEqual(strokes);
  });
});
