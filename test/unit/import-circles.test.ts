import { describe, expect, it } from 'vitest';
import { importCircles, importGraph } from '../../scripts/import-circles.ts';

describe('import circles', () => {
  it('has none at run time, in any room', () => {
    const graph = importGraph();
    const runtime = new Map(
      [...graph].map(([file, edges]) => [file, edges.filter((edge) => !edge.typeOnly)]),
    );
    expect(importCircles(runtime)).toEqual([]);
  });

  it('has none at all, type-only imports counted, in any room', () => {
    expect(importCircles()).toEqual([]);
  });

  it('finds a circle where there is one', () => {
    const graph = new Map([
      ['a.ts', [{ to: 'b.ts', typeOnly: true }]],
      ['b.ts', [{ to: 'c.ts', typeOnly: false }]],
      ['c.ts', [{ to: 'a.ts', typeOnly: false }]],
      ['d.ts', [{ to: 'a.ts', typeOnly: false }]],
    ]);
    expect(importCircles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });
});

describe('shared screen parts', () => {
  it('import nothing of a screen of their own: a screen uses them, not the other way round', () => {
    const shared = ['src-renderer/components/', 'src-renderer/ui/'];
    const screens = ['src-renderer/watermark/', 'src-renderer/video/', 'src-renderer/settings/'];
    const reaches = [...importGraph()]
      .filter(([file]) => shared.some((room) => file.startsWith(room)))
      .flatMap(([file, edges]) =>
        edges
          .filter((edge) => screens.some((room) => edge.to.startsWith(room)))
          .map((edge) => `${file} -> ${edge.to}`),
      );
    expect(reaches).toEqual([]);
  });
});
