import type { ContentItem, VideoGenerateRequest } from '../../src-shared/api/video.ts';
import {
  DEFAULT_ROUND_SECONDS,
  DEFAULT_VIDEO_MODEL,
  VIDEO_LIMITS,
} from '../../src-shared/domain/limits.ts';

/** The kinds of round the editor offers, each setting the fields and roles it needs. */
export const MODES = {
  text: { label: 'Text to video', slots: [] },
  image: { label: 'Image to video', slots: [{ type: 'image_url', role: 'first_frame' }] },
  frames: {
    label: 'First and last frame',
    slots: [
      { type: 'image_url', role: 'first_frame' },
      { type: 'image_url', role: 'last_frame' },
    ],
  },
  video: { label: 'Video reference', slots: [{ type: 'video_url', role: 'reference_video' }] },
  audio: { label: 'Audio reference', slots: [{ type: 'audio_url', role: 'reference_audio' }] },
  edit: { label: 'Edit at timestamps', slots: [{ type: 'video_url', role: 'reference_video' }] },
  auto: {
    label: 'Auto (omni reference)',
    slots: [
      { type: 'image_url', role: 'reference_image' },
      { type: 'video_url', role: 'reference_video' },
    ],
  },
} as const satisfies Record<string, { label: string; slots: readonly Slot[] }>;

export type Mode = keyof typeof MODES;

export interface RoundDraft {
  mode: Mode;
  prompt: string;
  /** One URL per slot of the mode, in order; empty slots are left out. */
  urls: string[];
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
  type: 'image_url' | 'video_url' | 'audio_url';
  role: string;
}

/** The mode's media slots, then any reference images the user added. */
export function slotsOf(draft: RoundDraft): readonly Slot[] {
  const base: readonly Slot[] = MODES[draft.mode].slots;
  const extra: Slot[] = Array.from(
    { length: Math.max(0, draft.urls.length - base.length) },
    () => ({ type: 'image_url', role: 'reference_image' }),
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
