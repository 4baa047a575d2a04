import { describe, expect, it } from 'vitest';
import { DEMO_VIDEO_PACE_ENV, demoVideoTiming } from '../../../src-main/simulator/demo-backend.ts';

describe('demoVideoTiming', () => {
  it("keeps the stand-in service's own pace unless the environment names a positive number", () => {
    for (const value of [undefined, '', ' ', 'soon', '0', '-2', 'Infinity']) {
      expect(demoVideoTiming({ [DEMO_VIDEO_PACE_ENV]: value })).toEqual({});
    }
  });

  it('splits the named seconds into a tenth pending and the rest processing', () => {
    expect(demoVideoTiming({ [DEMO_VIDEO_PACE_ENV]: ' 2 ' })).toEqual({
      pendingMs: 200,
      processingMs: 1800,
    });
  });
});
