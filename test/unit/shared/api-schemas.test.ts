import { describe, expect, it } from 'vitest';
import {
  submitWatermarkRequestSchema,
  watermarkEnvelopeSchema,
  watermarkErrorText,
  watermarkPhase,
  watermarkResultDataSchema,
} from '../../../src-shared/api/watermark.ts';
import { videoGenerateRequestSchema } from '../../../src-shared/api/video-request-rules.ts';
import { videoPhase, videoTaskResponseSchema } from '../../../src-shared/api/video.ts';
import { chargeCents, estimateVideoCost } from '../../../src-shared/domain/pricing.ts';
import { findReferences, referencesOutOfRange } from '../../../src-shared/domain/references.ts';

describe('watermark schemas', () => {
  it('are strict for what we send', () => {
    expect(submitWatermarkRequestSchema.safeParse({ image_base64: 'aGk=' }).success).toBe(true);
    expect(
      submitWatermarkRequestSchema.safeParse({
        image_url: 'https://a.example/x.png',
        smear_base64: 'aGk=',
      }).success,
    ).toBe(true);
    for (const bad of [
      {},
      { image_base64: 'aGk=', image_url: 'https://a.example/x.png' },
      { image_base64: 'data:image/png;base64,aGk=' },
      { image_base64: 'a b' },
      { image_url: 'ftp://a.example/x.png' },
      { image_base64: 'aGk=', extra: 1 },
      { image_base64: 'aGk=', smear_base64: 'aGk=', smear_url: 'https://a.example/m.png' },
    ]) {
      expect(submitWatermarkRequestSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('are tolerant for what we receive, keeping unknown members and statuses', () => {
    const envelope = watermarkEnvelopeSchema.parse({
      code: 0,
      message: 'success',
      data: { status: 'queued_v2' },
      trace: 'abc',
    });
    expect(envelope).toMatchObject({ trace: 'abc' });
    const data = watermarkResultDataSchema.parse(envelope.data);
    expect(data.status).toBe('queued_v2');
    expect(watermarkPhase(data.status)).toBe('unknown');
    expect(watermarkPhase('processing')).toBe('in-progress');
    expect(watermarkPhase('success')).toBe('succeeded');
    expect(watermarkPhase('timeout')).toBe('failed');
    expect(watermarkPhase('failed')).toBe('failed');
  });

  it('finds err_msg in data, then at the top, then in message', () => {
    expect(
      watermarkErrorText({ code: 0, message: 'm', err_msg: 'top', data: { err_msg: 'inner' } }),
    ).toBe('inner');
    expect(watermarkErrorText({ code: 0, message: 'm', err_msg: 'top', data: {} })).toBe('top');
    expect(watermarkErrorText({ code: 1000, message: 'm' })).toBe('m');
  });
});

describe('video schemas', () => {
  it('report each rule at its member', () => {
    const result = videoGenerateRequestSchema.safeParse({
      model: 'videomodel-2-5',
      content: [
        { type: 'text', text: 'x' },
        { type: 'video_url', video_url: { url: 'asset://v' }, role: 'first_frame' },
      ],
      duration: 31,
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['content.1.role', 'duration']));
  });

  it('maps upstream and unknown statuses', () => {
    expect(['pending', 'processing', 'queued', 'running'].map(videoPhase)).toEqual(
      Array(4).fill('in-progress'),
    );
    expect(['completed', 'succeeded'].map(videoPhase)).toEqual(['succeeded', 'succeeded']);
    expect(['failed', 'expired', 'cancelled'].map(videoPhase)).toEqual(Array(3).fill('failed'));
    expect(videoPhase('mystery')).toBe('unknown');
    expect(
      videoTaskResponseSchema.parse({ task: { id: 't', status: 'mystery', extra: 1 } }).task,
    ).toMatchObject({ extra: 1 });
  });
});

describe('pricing and references', () => {
  it('prices per second by tier, and the auto mode at its 30 s upper bound', () => {
    expect(estimateVideoCost(5, 'starter')).toEqual({
      usd: 1.1,
      cents: 110,
      seconds: 5,
      upperBound: false,
      pricePerSecondUsd: 0.22,
    });
    expect(estimateVideoCost(5, 'enterprise')).toMatchObject({
      cents: 80,
      pricePerSecondUsd: 0.16,
    });
    expect(estimateVideoCost(undefined, 'starter')).toMatchObject({
      usd: 2.2,
      seconds: 10,
      upperBound: false,
    });
    expect(estimateVideoCost(-1, 'starter')).toMatchObject({
      cents: 660,
      seconds: 30,
      upperBound: true,
    });
    // A finished round is charged the seconds the service made, at the same price.
    expect(chargeCents(7, 'starter')).toBe(154);
  });

  it('finds @references and those out of range', () => {
    expect(findReferences('@image1 meets @video2 and @audio1.').map((r) => r.token)).toEqual([
      '@image1',
      '@video2',
      '@audio1',
    ]);
    expect(
      referencesOutOfRange('@image3 @image0 @video1', { image: 2, video: 1, audio: 0 }).map(
        (r) => r.token,
      ),
    ).toEqual(['@image3', '@image0']);
  });
});
