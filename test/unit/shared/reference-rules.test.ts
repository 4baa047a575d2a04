import { describe, expect, it } from 'vitest';
import {
  referenceLengthIssues,
  unknownLengthWords,
} from '../../../src-shared/api/video-reference-lengths.ts';
import { videoRequestIssues } from '../../../src-shared/api/video-request-rules.ts';
import type { ContentItem, VideoGenerateRequest } from '../../../src-shared/api/video.ts';
import {
  EMPTY_DRAFT,
  placeReferences,
  requestOf,
  slotsOf,
} from '../../../src-shared/domain/round-draft.ts';
import { textIntl } from '../../../src-shared/i18n/text-intl.ts';

const english = textIntl('en');

const video = (url: string): ContentItem => ({
  type: 'video_url',
  video_url: { url },
  role: 'reference_video',
});
const audio = (url: string): ContentItem => ({
  type: 'audio_url',
  audio_url: { url },
  role: 'reference_audio',
});

function auto(prompt: string, ...media: ContentItem[]): VideoGenerateRequest {
  return {
    model: 'videomodel-2-5',
    content: [{ type: 'text', text: prompt }, ...media],
    duration: -1,
    ratio: 'adaptive',
    omni_reference_task_type: 'auto',
  };
}

describe('several video and audio references', () => {
  it('are accepted, in the auto mode too, each named by its place among its kind', () => {
    const request = auto(
      '@video1 then @video2, under @audio1 and @audio2',
      video('asset://a'),
      video('asset://b'),
      audio('asset://c'),
      audio('https://example.com/d.mp3'),
    );
    expect(videoRequestIssues(request)).toEqual([]);
    expect(
      videoRequestIssues({
        ...request,
        omni_reference_task_type: undefined,
        ratio: '16:9',
        duration: 8,
      }),
    ).toEqual([]);
  });

  it('are refused past the ones given, and past the service limit of 50 items', () => {
    const words = videoRequestIssues(
      auto('@video3 and @audio2', video('asset://a'), video('asset://b'), audio('asset://c')),
    ).map((issue) => issue.say(english));
    expect(words).toEqual([
      'The prompt names @video3, but the round has 2 video references: add one, or change @video3 in the prompt.',
      'The prompt names @audio2, but the round has 1 audio reference: add one, or change @audio2 in the prompt.',
    ]);
    const many = auto('many', ...Array.from({ length: 50 }, (_, i) => video(`asset://v${i}`)));
    expect(videoRequestIssues(many).map((issue) => issue.say(english))).toEqual([
      'Remove 1 reference: a round takes at most 49 besides its prompt.',
    ]);
  });

  it('come from the round form in the order the user added them', () => {
    const draft = placeReferences({ ...EMPTY_DRAFT, mode: 'auto', prompt: 'p' }, [
      { type: 'video_url', url: 'asset://v1' },
      { type: 'audio_url', url: 'asset://s1' },
      { type: 'video_url', url: 'asset://v2' },
      { type: 'image_url', url: 'asset://i1' },
    ]);
    expect(slotsOf(draft).map((slot) => slot.role)).toEqual([
      'reference_image',
      'reference_video',
      'reference_audio',
      'reference_video',
    ]);
    const urls = requestOf(draft).content.flatMap((item) =>
      item.type === 'text' ? [] : [item[item.type]?.url],
    );
    expect(urls).toEqual(['asset://i1', 'asset://v1', 'asset://s1', 'asset://v2']);
  });
});

describe("the auto mode's reference-video length", () => {
  const request = auto(
    '@video1 @video2 @video3',
    video('asset://short'),
    video('asset://ok'),
    video('asset://far'),
  );

  it('refuses a known length outside 4 to 30 seconds, by the reference number', () => {
    const check = referenceLengthIssues(
      request,
      new Map([
        ['asset://short', 3.5],
        ['asset://ok', 8],
      ]),
    );
    expect(check.issues.map((issue) => issue.say(english))).toEqual([
      'Reference 1 is 3.5 s long, and an Auto round takes reference videos of 4 to 30 seconds: trim it, or choose another video.',
    ]);
    expect(check.unknown).toEqual([3]);
    expect(unknownLengthWords(english, check.unknown)).toMatch(
      /^The length of reference 3 is not known on this computer/,
    );
  });

  it('takes the bounds themselves, and a long clip is refused too', () => {
    const lengths = new Map([
      ['asset://short', 4],
      ['asset://ok', 30],
      ['asset://far', 30.5],
    ]);
    expect(referenceLengthIssues(request, lengths).issues.map((issue) => issue.param)).toEqual([
      'content[3].video_url.url',
    ]);
  });

  it('does not apply outside the auto mode', () => {
    const plain = { ...request, omni_reference_task_type: undefined, duration: 5, ratio: '16:9' };
    expect(referenceLengthIssues(plain, new Map([['asset://short', 1]]))).toEqual({
      issues: [],
      unknown: [],
    });
  });
});

describe('an image carried in the request as base64 (a last frame taken on this computer)', () => {
  const frame = (url: string, type: 'image_url' | 'audio_url' = 'image_url'): ContentItem =>
    type === 'image_url'
      ? { type, image_url: { url }, role: 'first_frame' }
      : { type, audio_url: { url }, role: 'reference_audio' };
  const request = (item: ContentItem): VideoGenerateRequest => ({
    model: 'videomodel-2-5',
    content: [{ type: 'text', text: 'on from here' }, item],
    duration: 5,
  });
  const schemeIssues = (item: ContentItem) =>
    videoRequestIssues(request(item)).filter((issue) => issue.param.endsWith('.url'));

  it('is taken for an image', () => {
    expect(schemeIssues(frame('data:image/jpeg;base64,/9j/4AAQSkZJRg=='))).toEqual([]);
    expect(schemeIssues(frame('data:image/png;base64,iVBORw0KGgo='))).toEqual([]);
  });

  it('is refused for audio, for other image types, and when it is not base64', () => {
    expect(schemeIssues(frame('data:audio/mpeg;base64,SUQz', 'audio_url'))).toHaveLength(1);
    expect(schemeIssues(frame('data:image/svg+xml;base64,PHN2Zz4='))).toHaveLength(1);
    expect(schemeIssues(frame('data:image/png;base64,not base64!'))).toHaveLength(1);
    expect(schemeIssues(frame('data:image/png,rawbytes'))).toHaveLength(1);
  });
});

describe('pictures sent inside the request', () => {
  it('may not take the request past the service limit on its size, and the sentence says what to do', () => {
    // Two pictures of 25 MB as base64 each: each within its own limit, 50 MB together fits…
    const picture = (megabytes: number): ContentItem => ({
      type: 'image_url',
      image_url: { url: `data:image/jpeg;base64,${'A'.repeat(megabytes * 1024 * 1024)}` },
      role: 'reference_image',
    });
    const fits = auto('@image1 and @image2 at dusk', picture(25), picture(25));
    expect(videoRequestIssues(fits)).toEqual([]);
    // …and a third makes it about 76 MB (with the data prefixes), past the 64 MB a request may weigh.
    const over = auto('@image1, @image2 and @image3', picture(25), picture(25), picture(25));
    expect(videoRequestIssues(over).map((issue) => issue.say(english))).toEqual([
      'The pictures from this computer make the request about 76 MB, and the service takes at most 64 MB. Choose smaller pictures (saved as JPEG, for example), or fewer.',
    ]);
  });
});
