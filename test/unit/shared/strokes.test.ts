import { describe, expect, it } from 'vitest';
import { fitStrokes, scaleStrokes, type Stroke } from '../../../src-shared/domain/strokes.ts';

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

describe('fitStrokes', () => {
  const from = { width: 1200, height: 800 };

  it('is plain scaling between images of the same shape', () => {
    const strokes: Stroke[] = [
      { kind: 'rect', x: 1000, y: 700, width: 150, height: 60 },
      { kind: 'brush', points: [[600, 400]], radius: 20 },
    ];
    expect(fitStrokes(strokes, from, { width: 600, height: 400 })).toEqual([
      { kind: 'rect', x: 500, y: 350, width: 75, height: 30 },
      { kind: 'brush', points: [[300, 200]], radius: 10 },
    ]);
  });

  it('keeps a corner mark in its corner, at the same distance in proportion, on another shape', () => {
    const corner: Stroke = { kind: 'rect', x: 1000, y: 700, width: 150, height: 60 };
    const topLeft: Stroke = { kind: 'rect', x: 50, y: 40, width: 100, height: 50 };
    // Portrait 800×1200: the shorter side is 800 both times, so sizes stay as they were.
    expect(fitStrokes([corner, topLeft], from, { width: 800, height: 1200 })).toEqual([
      { kind: 'rect', x: 600, y: 1100, width: 150, height: 60 },
      { kind: 'rect', x: 50, y: 40, width: 100, height: 50 },
    ]);
  });

  it('keeps a centred mark centred and leaves an imported mask to main', () => {
    const centre: Stroke = {
      kind: 'brush',
      points: [
        [600, 400],
        [620, 400],
      ],
      radius: 8,
    };
    const bitmap: Stroke = { kind: 'bitmap', token: '0b6f2d7e-9a43-4c1e-8f4e-2d8a3b9c1e55' };
    expect(fitStrokes([centre, bitmap], from, { width: 2000, height: 1600 })).toEqual([
      {
        kind: 'brush',
        points: [
          [1000, 800],
          [1040, 800],
        ],
        radius: 16,
      },
      bitmap,
    ]);
  });
});
