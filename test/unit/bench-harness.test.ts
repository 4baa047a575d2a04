import { describe, expect, it } from 'vitest';
import { median, renderTable, summarise } from '../bench/harness.ts';

describe('benchmark harness', () => {
  it('takes the median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });

  it('folds runs into rows with baseline, ratio and whether the target is met', () => {
    const target = { op: '<=', value: 2, of: 'ratio' } as const;
    const rows = summarise([
      [{ name: 'mask', value: 30, unit: 'ms', baseline: 10, target }],
      [{ name: 'mask', value: 10, unit: 'ms', baseline: 10, target }],
      [{ name: 'mask', value: 20, unit: 'ms', baseline: 12, target }],
    ]);
    expect(rows).toEqual([
      { name: 'mask', value: 20, unit: 'ms', baseline: 10, ratio: 2, target, met: true, runs: 3 },
    ]);
    expect(renderTable(rows)).toMatch(/mask\s+20\.00\s+ms\s+10\.00\s+2\.00\s+ratio <= 2\s+yes\s+3/);
  });

  it('reports a missed target on the value', () => {
    const [row] = summarise([
      [{ name: 'fps', value: 40, unit: 'fps', target: { op: '>=', value: 50, of: 'value' } }],
    ]);
    expect(row?.met).toBe(false);
    expect(row?.ratio).toBeUndefined();
  });
});
