import { z } from 'zod';
import type { MediaKind } from '../domain/references.ts';
import type { TaskPhase } from './watermark.ts';

/** Operations of the video interface, under its base URL. */
export const VIDEO_PATHS = {
  generate: '/api/ext/v1/video/generate',
  tasks: '/api/ext/v1/video/tasks',
  task: (id: string) => `/api/ext/v1/video/tasks/${encodeURIComponent(id)}`,
  quota: '/api/ext/v1/get_quota',
} as const;

/** Roles allowed per media item type (section 2.3). */
export const ROLES_BY_TYPE = {
  image_url: ['reference_image', 'first_frame', 'last_frame'],
  video_url: ['reference_video'],
  audio_url: ['reference_audio'],
} as const;

export type MediaItemType = keyof typeof ROLES_BY_TYPE;
export type MediaRole = (typeof ROLES_BY_TYPE)[MediaItemType][number];

export const KIND_BY_TYPE: Record<MediaItemType, MediaKind> = {
  image_url: 'image',
  video_url: 'video',
  audio_url: 'audio',
};

const urlObject = z.looseObject({ url: z.string() });

/**
 * The shape of a content item, read loosely so that every rule below can name exactly what
 * is wrong (a wrong role, a wrong scheme) instead of a generic "no union member matched".
 */
const contentItemShape = z.looseObject({
  type: z.enum(['text', 'image_url', 'video_url', 'audio_url'], {
    error: 'type must be text, image_url, video_url or audio_url',
  }),
  text: z.string().optional(),
  image_url: urlObject.optional(),
  video_url: urlObject.optional(),
  audio_url: urlObject.optional(),
  role: z.string().optional(),
});
export type ContentItem = z.infer<typeof contentItemShape>;

export const videoGenerateShape = z.looseObject({
  model: z.string({ error: 'model is required' }).min(1, 'model is required'),
  content: z.array(contentItemShape, { error: 'content must be an array of content items' }),
  duration: z.number({ error: 'duration must be a whole number of seconds' }).int().optional(),
  resolution: z.string().optional(),
  ratio: z.string().optional(),
  generate_audio: z.boolean().optional(),
  watermark: z.boolean().optional(),
  return_last_frame: z.boolean().optional(),
  omni_reference_task_type: z.string().optional(),
});
export type VideoGenerateRequest = z.infer<typeof videoGenerateShape>;

/** An uploaded asset's address: the only form the service takes for a reference video. */
export function isAssetUrl(url: string): boolean {
  return /^asset:\/\/[^\s/]+/.test(url);
}

/**
 * An image carried in the request itself, as base64 (the provider takes images that way,
 * never videos): how a last frame taken from a clip on this computer is sent.
 */
export function isInlineImageUrl(url: string): boolean {
  return /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+=*$/.test(url);
}

export const videoTaskSchema = z.looseObject({
  id: z.string().min(1),
  status: z.string(),
  outputs: z.array(z.string()).nullish(),
  last_frame_url: z.string().nullish(),
  /** Seconds of output charged; the simulator's name, not shown in the spec. */
  duration: z.number().nullish(),
  error: z.looseObject({ code: z.string().optional(), message: z.string().optional() }).nullish(),
  model: z.string().optional(),
  created_at: z.number().optional(),
  updated_at: z.number().optional(),
});
export type VideoTask = z.infer<typeof videoTaskSchema>;

export const videoTaskResponseSchema = z.looseObject({ task: videoTaskSchema });

/** The list's shape is not in the spec; this is the simulator's, documented in docs/simulator.md. */
export const videoTaskListSchema = z.looseObject({
  tasks: z.array(videoTaskSchema),
  total: z.number().int(),
  page_num: z.number().int(),
  page_size: z.number().int(),
});
export type VideoTaskList = z.infer<typeof videoTaskListSchema>;

export const videoErrorBodySchema = z.looseObject({
  error: z.looseObject({
    code: z.string(),
    message: z.string(),
    param: z.string().optional(),
    type: z.string().optional(),
  }),
});
export type VideoErrorBody = z.infer<typeof videoErrorBodySchema>;

export type VideoPhase = TaskPhase;

/**
 * The spec shows pending/processing/completed; upstream adds queued/running/succeeded and
 * the failures failed/expired/cancelled. A word nobody has listed is `unknown`: asked again
 * until the local deadline, never taken as a failure (the round may have been billed).
 */
export function videoPhase(status: string): VideoPhase {
  if (['pending', 'processing', 'queued', 'running'].includes(status)) return 'in-progress';
  if (status === 'completed' || status === 'succeeded') return 'succeeded';
  if (['failed', 'expired', 'cancelled', 'canceled'].includes(status)) return 'failed';
  return 'unknown';
}
