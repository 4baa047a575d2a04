import { describe, expect, it } from 'vitest';
import { fairShare } from '../../../src-main/core/jobs/lifecycle/job-loop.ts';

const job = (batch: string, n: number) => ({ id: `${batch}${n}`, batch });
const ids = (jobs: ReadonlyArray<{ id: string }>) => jobs.map((j) => j.id);

describe('fairShare', () => {
  it('gives a lone new job a slot ahead of a long batch that already runs', () => {
    const queued = [job('big', 1), job('big', 2), job('big', 3), job('new', 1)];
    const picked = fairShare(queued, (j) => j.batch, 1, new Map([['big', 4]]));
    expect(ids(picked)).toEqual(['new1']);
  });

  it('alternates between batches with as many running, each in the order it was added', () => {
    const queued = [job('a', 1), job('a', 2), job('a', 3), job('b', 1), job('b', 2)];
    expect(ids(fairShare(queued, (j) => j.batch, 4, new Map()))).toEqual(['a1', 'b1', 'a2', 'b2']);
  });

  it('fills every free slot from one batch when it is the only one, and never more than it has', () => {
    const queued = [job('a', 1), job('a', 2)];
    expect(ids(fairShare(queued, (j) => j.batch, 5, new Map([['a', 1]])))).toEqual(['a1', 'a2']);
    expect(fairShare(queued, (j) => j.batch, 0, new Map())).toEqual([]);
    expect(fairShare([], (j: { batch: string }) => j.batch, 3, new Map())).toEqual([]);
  });
});
