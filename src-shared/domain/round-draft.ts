import type { MessageId } from '../i18n/catalogues/en.ts';
import type { ContentItem, MediaItemType, MediaRole, VideoGenerateRequest } from '../api/video.ts';
import { DEFAULT_ROUND_SECONDS, DEFAULT_VIDEO_MODEL, VIDEO_LIMITS } from './limits.ts';

/**
 * The kinds of round, each setting the media slots and roles it needs, and what it is called
 * (`message`). The round editor offers them and a batch import names them in its `kind`
 * column, so both make the same request of the same words.
 */
export const MODES = {
  text: { message: 'round.mode.text', slots: [] },
  image: { message: 'round.mode.image', slots: [{ type: 'image_url', role: 'first_frame' }] },
  frames: {
    message: 'round.mode.frames',
    slots: [
      { type: 'image_url', role: 'first_frame' },
      { type: 'image_url', role: 'last_frame' },
    ],
  },
  video: { message: 'round.mode.video', slots: [{ type: 'video_url', role: 'reference_video' }] },
  audio: { message: 'round.mode.audio', slots: [{ type: 'audio_url', role: 'reference_audio' }] },
  edit: { message: 'round.mode.edit', slots: [{ type: 'video_url', role: 'reference_video' }] },
  auto: {
    message: 'round.mode.auto',
    slots: [
      { type: 'image_url', role: 'reference_image' },
      { type: 'video_url', role: 'reference_video' },
    ],
  },
} as const satisfies Record<string, { message: MessageId; slots: readonly Slot[] }>;

export type Mode = keyof typeof MODES;

export function isMode(name: string): name is Mode {
  return Object.hasOwn(MODES, name);
}

export interface RoundDraft {
  mode: Mode;
  prompt: string;
  /** One URL per slot of the mode, in order; empty slots are left out. */
  urls: string[];
  /**
   * The media type of each reference added beyond the mode's own slots, in order; a slot
   * with none named here is a reference image (the first kind the editor offered).
   */
  extraTypes?: MediaItemType[];
  model: string;
  duration: number;
  resolution: string;
  ratio: string;
  generateAudio: boolean;
  watermark: boolean;
  lastFrame: boolean;
}

export const EMPTY_DRAFT: RoundDraft = {
  mode: 'text',
  prompt: '',
  urls: [],
  model: DEFAULT_VIDEO_MODEL,
  duration: DEFAULT_ROUND_SECONDS,
  resolution: VIDEO_LIMITS.defaultResolution,
  ratio: VIDEO_LIMITS.defaultRatio,
  generateAudio: false,
  watermark: VIDEO_LIMITS.defaultWatermark,
  lastFrame: true,
};

export interface Slot {
  type: MediaItemType;
  role: MediaRole;
}

/** The role a reference added beyond the mode's slots plays: a reference of its kind. */
export const REFERENCE_ROLE: Readonly<Record<MediaItemType, MediaRole>> = {
  image_url: 'reference_image',
  video_url: 'reference_video',
  audio_url: 'reference_audio',
};

/** The mode's media slots, then the references the user added, each of its own type. */
export function slotsOf(draft: RoundDraft): readonly Slot[] {
  const base: readonly Slot[] = MODES[draft.mode].slots;
  const extra: Slot[] = Array.from(
    { length: Math.max(0, draft.urls.length - base.length) },
    (_, i) => {
      const type = draft.extraTypes?.[i] ?? 'image_url';
      return { type, role: REFERENCE_ROLE[type] };
    },
  );
  return [...base, ...extra];
}

/**
 * The request a draft makes. The auto mode's open length is forced; its adaptive ratio is
 * preset when the mode is chosen but stays the user's to change, and the rules say why not.
 */
export function requestOf(draft: RoundDraft): VideoGenerateRequest {
  const slots = slotsOf(draft);
  const media: ContentItem[] = slots.flatMap((slot, index): ContentItem[] => {
    const url = draft.urls[index]?.trim();
    if (!url) return [];
    return [{ type: slot.type, [slot.type]: { url }, role: slot.role }];
  });
  const auto = draft.mode === 'auto';
  return {
    model: draft.model,
    content: [
      ...(draft.prompt.trim() ? [{ type: 'text' as const, text: draft.prompt }] : []),
      ...media,
    ],
    duration: auto ? VIDEO_LIMITS.autoDuration : draft.duration,
    resolution: draft.resolution,
    ratio: draft.ratio,
    ...(auto ? { omni_reference_task_type: 'auto' } : {}),
    generate_audio: draft.generateAudio,
    watermark: draft.watermark,
    return_last_frame: draft.lastFrame,
  };
}

/**
 * A draft of `mode` holding `references` in order: each fills the mode's first free slot of
 * its type, or is added after them. So the Nth reference of a kind is that kind's `@…N`.
 */
export function placeReferences(
  draft: RoundDraft,
  references: readonly { type: MediaItemType; url: string }[],
): RoundDraft {
  const base: readonly Slot[] = MODES[draft.mode].slots;
  const urls: string[] = base.map(() => '');
  const extraTypes: MediaItemType[] = [];
  for (const reference of references) {
    const free = base.findIndex((slot, i) => slot.type === reference.type && !urls[i]);
    if (free >= 0) urls[free] = reference.url;
    else {
      urls.push(reference.url);
      extraTypes.push(reference.type);
    }
  }
  return { ...draft, urls, extraTypes };
}

/**
 * The draft's slot of each media item of its request: empty slots are left out of the
 * request, so the third item may be the fourth slot.
 */
export function slotOfItem(draft: RoundDraft, request: VideoGenerateRequest): Map<number, number> {
  const filled = slotsOf(draft)
    .map((_, slot) => slot)
    .filter((slot) => draft.urls[slot]?.trim());
  const slots = new Map<number, number>();
  request.content.forEach((item, index) => {
    const slot = item.type === 'text' ? undefined : filled[slots.size];
    if (slot !== undefined) slots.set(index, slot);
  });
  return slots;
}
