import { describe, expect, it } from 'vitest';
import { referenceLengthIssues } from '../../../src-shared/api/video-reference-lengths.ts';
import { videoRequestIssues } from '../../../src-shared/api/video-request-rules.ts';
import type { ContentItem, VideoGenerateRequest } from '../../../src-shared/api/video.ts';
import { PSEUDO_LANGUAGE } from '../../../src-shared/i18n/languages.ts';
import { textIntl } from '../../../src-shared/i18n/text-intl.ts';
import { plainWords } from '../../support/plain-words.ts';

const english = textIntl('en');

const MODEL = 'videomodel-2-5';

function request(patch: Partial<VideoGenerateRequest> = {}): VideoGenerateRequest {
  return { model: MODEL, content: [{ type: 'text', text: 'boats at dusk' }], ...patch };
}

/** A round whose prompt is "see", with these media items after it. */
function withMedia(...items: ContentItem[]): VideoGenerateRequest {
  return request({ content: [{ type: 'text', text: 'see' }, ...items] });
}

function words(req: VideoGenerateRequest, numbering?: (index: number) => number): string[] {
  return videoRequestIssues(req, numbering).map((issue) => issue.say(english));
}

/** A member's path as the service names it: `content[1].image_url.url`, `image_url`, `first_frame`. */
const SCHEMA_WORDS = /\w+\[\d+\]\.\w+|\b\w+_\w+\b|omni/;

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
    withMedia({
      type: 'video_url',
      video_url: { url: '/home/me/clip.mp4' },
      role: 'reference_video',
    }),
  ],
  ['an image without an address', withMedia({ type: 'image_url', role: 'first_frame' })],
  [
    'a wrong role',
    withMedia({ type: 'video_url', video_url: { url: 'asset://v' }, role: 'first_frame' }),
  ],
  ['no role', withMedia({ type: 'image_url', image_url: { url: 'asset://a' } })],
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
    withMedia({ type: 'image_url', image_url: { url: 'asset://a' }, role: 'last_frame' }),
  ],
  [
    'two first frames',
    withMedia(
      { type: 'image_url', image_url: { url: 'asset://a' }, role: 'first_frame' },
      { type: 'image_url', image_url: { url: 'asset://b' }, role: 'first_frame' },
    ),
  ],
  [
    'another omni kind',
    request({ omni_reference_task_type: 'spin', ratio: 'adaptive', duration: -1 }),
  ],
  ['a text item without its text', request({ content: [{ type: 'text' }] })],
  ['an open length outside auto', request({ duration: -1 })],
];

describe('the rules in the words of the round form', () => {
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
    });
    expect(issue?.say(english)).toBe(
      'Make the duration 4 to 30 seconds: Video model 2.5 does not make a 45-second clip.',
    );
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

/**
 * The values a rule may carry into its sentence: tokens, the model's name, the service's
 * figures, and the word Intl joins a list with (English for the English-based pseudo-locale).
 */
const VALUES = ['@image2', 'Video model 2.5', '1080p', '480p', '720p', '5:4', 'adaptive', ' or '];

describe("the rules in the reader's language", () => {
  const pseudo = textIntl(PSEUDO_LANGUAGE);
  const german = textIntl('de');

  it.each(broken)('%s: every word of every rule comes from the catalogue', (_, req) => {
    const issues = videoRequestIssues(req);
    expect(issues.length).toBeGreaterThan(0);
    for (const issue of issues) {
      const said = issue.say(pseudo);
      expect(plainWords(said, VALUES), said).toEqual([]);
      expect(issue.say(german)).not.toBe(issue.say(english));
    }
  });

  it("names roles, lists and kinds of media in the language, not in the service's words", () => {
    const wrongRole = withMedia(
      { type: 'video_url', video_url: { url: 'asset://v' }, role: 'first_frame' },
      { type: 'image_url', image_url: { url: 'asset://a' } },
    );
    expect(videoRequestIssues(wrongRole).map((issue) => issue.say(german))).toEqual([
      'Referenz 1 ist ein Video und kann daher nicht „Erstes Bild“ sein: Wählen Sie Referenzvideo.',
      'Geben Sie an, wofür Referenz 2 dient: Referenzbild, Erstes Bild oder Letztes Bild.',
    ]);
    expect(videoRequestIssues(wrongRole).map((issue) => issue.say(english))).toEqual([
      'Reference 1 is a video, so it cannot be the first frame: make it the reference video.',
      'Say what reference 2 is for: reference image, first frame, or last frame.',
    ]);
  });

  it("says a reference video of the wrong length with the number in the reader's format", () => {
    const auto = request({
      omni_reference_task_type: 'auto',
      ratio: 'adaptive',
      duration: -1,
      content: [
        { type: 'text', text: '@video1' },
        { type: 'video_url', video_url: { url: 'asset://short' }, role: 'reference_video' },
      ],
    });
    const [issue] = referenceLengthIssues(auto, new Map([['asset://short', 2.5]])).issues;
    expect(issue?.say(german)).toMatch(/^Referenz 1 ist 2,5 s lang, und ein automatischer Versuch/);
    expect(plainWords(issue?.say(pseudo) ?? 'missing', [])).toEqual([]);
  });
});
