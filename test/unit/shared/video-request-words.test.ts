import { describe, expect, it } from 'vitest';
import { videoRequestIssues, type VideoGenerateRequest } from '../../../src-shared/api/video.ts';

const MODEL = 'videomodel-2-5';

function request(patch: Partial<VideoGenerateRequest> = {}): VideoGenerateRequest {
  return { model: MODEL, content: [{ type: 'text', text: 'boats at dusk' }], ...patch };
}

function words(req: VideoGenerateRequest, numbering?: (index: number) => number): string[] {
  return videoRequestIssues(req, numbering).map((issue) => issue.words);
}

/** A member's path as the service names it: `content[1].image_url.url`, `image_url`, `first_frame`. */
const SCHEMA_WORDS = /\w+\[\d+\]\.\w+|\b\w+_\w+\b|omni/;

describe('the rules in the words of the round form', () => {
  const broken: [string, VideoGenerateRequest][] = [
    ['an empty round', request({ content: [] })],
    [
      'too many references',
      request({
        content: [
          { type: 'text', text: 'many' },
          ...Array.from({ length: 50 }, () => ({
            type: 'image_url' as const,
            image_url: { url: 'asset://a' },
            role: 'reference_image',
          })),
        ],
      }),
    ],
    [
      'a local path as a video',
      request({
        content: [
          { type: 'text', text: 'see' },
          { type: 'video_url', video_url: { url: '/home/me/clip.mp4' }, role: 'reference_video' },
        ],
      }),
    ],
    [
      'an image without an address',
      request({
        content: [
          { type: 'text', text: 'see' },
          { type: 'image_url', role: 'first_frame' },
        ],
      }),
    ],
    [
      'a wrong role',
      request({
        content: [
          { type: 'text', text: 'see' },
          { type: 'video_url', video_url: { url: 'asset://v' }, role: 'first_frame' },
        ],
      }),
    ],
    [
      'no role',
      request({
        content: [
          { type: 'text', text: 'see' },
          { type: 'image_url', image_url: { url: 'asset://a' } },
        ],
      }),
    ],
    ['a reference past the media given', request({ content: [{ type: 'text', text: '@image2' }] })],
    ['a long clip', request({ duration: 45 })],
    ['an unknown ratio', request({ ratio: '5:4' })],
    ['adaptive outside auto', request({ ratio: 'adaptive' })],
    ['an unknown resolution', request({ resolution: '1080p' })],
    [
      'auto with a fixed length and a frame',
      request({
        omni_reference_task_type: 'auto',
        ratio: '16:9',
        duration: 5,
        content: [
          { type: 'text', text: 'see' },
          { type: 'image_url', image_url: { url: 'asset://a' }, role: 'first_frame' },
        ],
      }),
    ],
    [
      'a last frame alone',
      request({
        content: [
          { type: 'text', text: 'see' },
          { type: 'image_url', image_url: { url: 'asset://a' }, role: 'last_frame' },
        ],
      }),
    ],
  ];

  it.each(broken)('%s: each rule says what to change, without a member path', (_, req) => {
    const said = words(req);
    expect(said.length).toBeGreaterThan(0);
    for (const sentence of said) {
      expect(sentence).not.toMatch(SCHEMA_WORDS);
      expect(sentence).toMatch(/^[A-Z].*\.$/);
    }
  });

  it('keep the service wording beside them, for the simulator to answer with', () => {
    const [issue] = videoRequestIssues(request({ duration: 45 }));
    expect(issue).toMatchObject({
      param: 'duration',
      message: `duration 45 is outside 4 to 30 seconds for ${MODEL}`,
      words: 'Make the duration 4 to 30 seconds: Video model 2.5 does not make a 45-second clip.',
    });
  });

  it('name a reference by its number, or by the number the form gives it', () => {
    const req = request({
      content: [
        { type: 'text', text: 'see' },
        { type: 'image_url', image_url: { url: 'asset://a' }, role: 'reference_image' },
        { type: 'video_url', video_url: { url: 'https://x.test/v.mp4' }, role: 'reference_video' },
      ],
      omni_reference_task_type: 'auto',
      ratio: 'adaptive',
      duration: -1,
    });
    expect(words(req)).toEqual([
      "Give reference 2 as an asset:// address: the service takes a video only once it is uploaded to your account on the provider's site.",
    ]);
    expect(words(req, (index) => index + 3)[0]).toMatch(/^Give reference 5 as/);
  });

  it('say the missing prompt the same way whichever rule finds it', () => {
    expect(new Set(words(request({ content: [] })))).toEqual(
      new Set(['Write a prompt: every round needs one, also when it has references.']),
    );
  });
});
