import { describe, expect, it } from 'vitest';
import type { VideoGenerateRequest } from '../../../src-shared/api/video.ts';
import {
  RoundRequestError,
  extensionRequest,
  videoExtensionRequest,
} from '../../../src-main/core/jobs/video/round-planning.ts';
import type {
  RoundOutputs,
  VideoRoundRow,
} from '../../../src-main/core/jobs/video/video-rounds.ts';

const AUTO_REQUEST: VideoGenerateRequest = {
  model: 'videomodel-2-5',
  content: [{ type: 'text', text: 'a lighthouse' }],
  duration: -1,
  ratio: 'adaptive',
  resolution: '720p',
  omni_reference_task_type: 'auto',
  generate_audio: true,
};

function finishedRound(outputs: Partial<RoundOutputs>, request = AUTO_REQUEST): VideoRoundRow {
  return {
    id: 'r1',
    shot_id: 's1',
    position: 1,
    request_json: JSON.stringify(request),
    estimate_cents: 660,
    state: 'done',
    remote_task_id: 'task-1',
    outputs_json: JSON.stringify({
      videos: ['/out/p/shot-1-round-1.mp4'],
      sidecar: '/x.json',
      ...outputs,
    }),
    last_frame_path: null,
    charged_cents: 110,
    error_json: null,
    attempt: 1,
    created_at: 0,
    updated_at: 0,
    submitted_at: 0,
    earlier_billed_cents: 0,
    demo: 0,
    prompt_unknown: 0,
    removed_at: null,
  };
}

describe('continuing a finished round', () => {
  it('uses a clip the service returned as an asset as the reference video, without the auto mode', () => {
    const request = videoExtensionRequest(
      finishedRound({ videoUrls: ['https://cdn.example/a.mp4', 'asset://clip-77'] }),
      'continue @video1',
    );
    expect(request).toEqual({
      model: 'videomodel-2-5',
      content: [
        { type: 'text', text: 'continue @video1' },
        { type: 'video_url', video_url: { url: 'asset://clip-77' }, role: 'reference_video' },
      ],
      resolution: '720p',
      generate_audio: true,
      return_last_frame: true,
    });
  });

  it('says what is needed when the clip is only a download link, and refuses a non-asset address', () => {
    const round = finishedRound({ videoUrls: ['https://cdn.example/a.mp4'] });
    expect(() => videoExtensionRequest(round, 'go on')).toThrow(RoundRequestError);
    expect(() => videoExtensionRequest(round, 'go on')).toThrow(
      /Upload shot-1-round-1\.mp4 to your account.*asset:\/\/ address/,
    );
    expect(() => videoExtensionRequest(round, 'go on', 'https://cdn.example/a.mp4')).toThrow(
      /only as an uploaded asset/,
    );
    expect(videoExtensionRequest(round, 'go on', ' asset://mine ').content[1]).toEqual({
      type: 'video_url',
      video_url: { url: 'asset://mine' },
      role: 'reference_video',
    });
  });

  it('refuses a round that has not finished, or one made without a last frame', () => {
    const running = { ...finishedRound({}), state: 'processing' as const, outputs_json: null };
    expect(() => extensionRequest(running, 'next')).toThrow(/has not finished yet/);
    expect(() => videoExtensionRequest(running, 'next')).toThrow(/has not finished yet/);
    expect(() => extensionRequest(finishedRound({}), 'next')).toThrow(
      /without "return last frame"/,
    );
  });
});
