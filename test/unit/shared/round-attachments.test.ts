import { describe, expect, it } from 'vitest';
import { videoRequestIssues } from '../../../src-shared/api/video-request-rules.ts';
import { EMPTY_DRAFT, requestOf, type RoundDraft } from '../../../src-shared/domain/round-draft.ts';
import {
  attach,
  attachmentsOf,
  canSwitch,
  detach,
  switchRole,
} from '../../../src-shared/domain/round-attachments.ts';

/** The draft with addresses written into its attachments, in order. */
function filled(draft: RoundDraft, ...urls: string[]): RoundDraft {
  return { ...draft, urls: draft.urls.map((url, index) => urls[index] ?? url) };
}

const roles = (draft: RoundDraft) => attachmentsOf(draft).map((part) => part.role);
const image = (n: number) => `https://example.com/${n}.png`;

describe('the prompt bar infers the kind of round from what is attached', () => {
  it('nothing: text to video; one image: its first frame; two: first and last frame', () => {
    expect(EMPTY_DRAFT.mode).toBe('text');
    const one = filled(attach(EMPTY_DRAFT, 'image_url'), image(1));
    expect(one.mode).toBe('image');
    expect(roles(one)).toEqual(['first_frame']);
    const two = filled(attach(one, 'image_url'), image(1), image(2));
    expect(two.mode).toBe('frames');
    expect(roles(two)).toEqual(['first_frame', 'last_frame']);
    expect(attachmentsOf(two).map((part) => part.token)).toEqual(['@image1', '@image2']);
    expect(videoRequestIssues(requestOf({ ...two, prompt: 'dawn' }))).toEqual([]);
  });

  it('a lone image switches to a reference on its chip, and back', () => {
    const one = filled(attach(EMPTY_DRAFT, 'image_url'), image(1));
    expect(canSwitch(one, 0)).toBe(true);
    const reference = switchRole(one, 0);
    expect(reference.mode).toBe('text');
    expect(roles(reference)).toEqual(['reference_image']);
    expect(attachmentsOf(reference)[0]?.url).toBe(image(1));
    expect(videoRequestIssues(requestOf({ ...reference, prompt: 'like @image1' }))).toEqual([]);
    expect(switchRole(reference, 0).mode).toBe('image');
  });

  it('a clip makes a video reference, a sound an audio reference, and images join as references', () => {
    const clip = attach(EMPTY_DRAFT, 'video_url');
    expect(clip.mode).toBe('video');
    const sound = attach(EMPTY_DRAFT, 'audio_url');
    expect(sound.mode).toBe('audio');
    const frame = filled(attach(EMPTY_DRAFT, 'image_url'), image(1));
    const both = attach(frame, 'video_url');
    expect(both.mode).toBe('video');
    expect(roles(both)).toEqual(['reference_video', 'reference_image']);
    expect(attachmentsOf(both).find((part) => part.type === 'image_url')?.url).toBe(image(1));
  });

  it('taking the first frame away leaves the other image as the first frame', () => {
    const two = filled(attach(attach(EMPTY_DRAFT, 'image_url'), 'image_url'), image(1), image(2));
    const left = detach(two, 0);
    expect(left.mode).toBe('image');
    expect(attachmentsOf(left).map((part) => [part.role, part.url])).toEqual([
      ['first_frame', image(2)],
    ]);
    expect(detach(left, 0).mode).toBe('text');
  });

  it('a kind the user chose (auto) stays, and takes the new reference after its own slots', () => {
    const auto = attach({ ...EMPTY_DRAFT, mode: 'auto' }, 'audio_url');
    expect(auto.mode).toBe('auto');
    expect(roles(auto)).toEqual(['reference_image', 'reference_video', 'reference_audio']);
    expect(canSwitch(auto, 0)).toBe(false);
  });
});

describe('taking a clip away', () => {
  it('leaves two images as first and last frame again', () => {
    const two = filled(attach(attach(EMPTY_DRAFT, 'image_url'), 'image_url'), image(1), image(2));
    const withClip = attach(two, 'video_url');
    expect(roles(withClip)).toEqual(['reference_video', 'reference_image', 'reference_image']);
    const back = detach(withClip, 0);
    expect(back.mode).toBe('frames');
    expect(attachmentsOf(back).map((part) => [part.role, part.url])).toEqual([
      ['first_frame', image(1)],
      ['last_frame', image(2)],
    ]);
  });
});
