import { describe, expect, it } from 'vitest';
import { VIDEO_LIMITS } from '../../../src-shared/domain/limits.ts';
import { EMPTY_DRAFT, requestOf } from '../../../src-renderer/video/presets.ts';

describe("the round editor's defaults", () => {
  it("leave the service's AI watermark off, as the service itself does", () => {
    expect(VIDEO_LIMITS.defaultWatermark).toBe(false);
    expect(requestOf({ ...EMPTY_DRAFT, prompt: 'a quiet harbour' }).watermark).toBe(false);
  });
});
