import { describe, expect, it } from 'vitest';
import {
  JOB_STATES,
  RETRYABLE_STATES,
  canCheckAgain,
  canTransition,
  retryTarget,
} from '../../../src-shared/domain/job-states.ts';

describe('Retry', () => {
  it('asks again by the task id when one is known, and never pays for it', () => {
    for (const state of ['failed', 'canceled'] as const) {
      expect(retryTarget(state, true)).toBe('submitted');
      expect(canTransition(state, 'submitted')).toBe(true);
      expect(canCheckAgain(state, true)).toBe(true);
    }
  });

  it('sends again only a job the service never took', () => {
    expect(retryTarget('failed', false)).toBe('queued');
    expect(retryTarget('canceled', false)).toBe('queued');
    // A sending cut off may have been paid: only Send again, on the user's word, sends it.
    expect(retryTarget('needs-attention', false)).toBeUndefined();
  });

  it('does nothing to a job that is running or done', () => {
    for (const state of JOB_STATES.filter((s) => !RETRYABLE_STATES.has(s))) {
      expect(retryTarget(state, true)).toBeUndefined();
      expect(canCheckAgain(state, true)).toBe(false);
    }
  });
});
