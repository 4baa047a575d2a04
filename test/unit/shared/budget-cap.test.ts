import { describe, expect, it } from 'vitest';
import { pastCap } from '../../../src-shared/domain/budget.ts';

describe("the budget cap's one rule", () => {
  it('lets spending reach the cap and refuses a cent past it, naming the cap in cents', () => {
    expect(pastCap(3, 300)).toBeUndefined();
    expect(pastCap(3, 301)).toBe(300);
  });

  it('never refuses without a cap', () => {
    expect(pastCap(null, Number.MAX_SAFE_INTEGER)).toBeUndefined();
  });

  it('holds a cap typed with fractions of a dollar to whole cents', () => {
    expect(pastCap(0.1 + 0.2, 30)).toBeUndefined();
    expect(pastCap(12.345, 1235)).toBeUndefined();
    expect(pastCap(12.345, 1236)).toBe(1235);
  });
});
