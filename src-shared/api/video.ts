import { z } from 'zod';
import { VIDEO_LIMITS, VIDEO_MODELS, isKnownVideoModel } from '../domain/limits.ts';
import { referencesOutOfRange, type MediaKind } from '../domain/references.ts';
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

export interface RequestIssue {
  /** The member at fault, in the service's own dotted form: `content[2].role`, `duration`. */
  param: string;
  message: string;
}

function mediaUrl(item: ContentItem): string | undefined {
  if (item.type === 'text') return undefined;
  return item[item.type]?.url;
}

/** An uploaded asset's address: the only form the service takes for a reference video. */
export function isAssetUrl(url: string): boolean {
  return /^asset:\/\/[^\s/]+/.test(url);
}

/**
 * A public https URL, or plain http to this machine: that is the built-in simulator's file
 * host, whose last-frame URLs a later round starts from.
 */
function isFetchableUrl(url: string): boolean {
  return (
    /^https:\/\/[^\s/]+/.test(url) ||
    /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//.test(url)
  );
}

/**
 * Every rule of sections 2.3, 4.4 and 8 that can be checked from the request alone, in the
 * order a person would fix them. Whether a model is enabled depends on the account and is
 * checked by whoever knows the account.
 */
export function videoRequestIssues(request: VideoGenerateRequest): RequestIssue[] {
  const issues: RequestIssue[] = [];
  const { content } = request;
  const { min, max } = VIDEO_LIMITS.contentItems;
  if (content.length < min || content.length > max) {
    issues.push({
      param: 'content',
      message: `content must hold ${min} to ${max} items; it holds ${content.length}`,
    });
  }
  if (!content.some((item) => item.type === 'text' && item.text?.trim())) {
    issues.push({
      param: 'content',
      message: 'content needs at least one text item with the prompt, also when media are given',
    });
  }

  const counts: Record<MediaKind, number> = { image: 0, video: 0, audio: 0 };
  const roles: string[] = [];
  content.forEach((item, index) => {
    const at = `content[${index}]`;
    if (item.type === 'text') {
      if (typeof item.text !== 'string') {
        issues.push({ param: `${at}.text`, message: 'a text item needs its text' });
      }
      return;
    }
    counts[KIND_BY_TYPE[item.type]] += 1;
    const url = mediaUrl(item);
    if (url === undefined) {
      issues.push({
        param: `${at}.${item.type}.url`,
        message: `a ${item.type} item needs ${item.type}.url`,
      });
    } else if (
      item.type === 'video_url' ? !isAssetUrl(url) : !isAssetUrl(url) && !isFetchableUrl(url)
    ) {
      issues.push({
        param: `${at}.${item.type}.url`,
        message:
          item.type === 'video_url'
            ? 'videos must be uploaded and processed assets given as asset:// URLs'
            : `${KIND_BY_TYPE[item.type] === 'image' ? 'an image' : 'audio'} must be an asset:// URL or a public https:// URL`,
      });
    }
    const allowed: readonly string[] = ROLES_BY_TYPE[item.type];
    if (item.role === undefined) {
      issues.push({
        param: `${at}.role`,
        message: `a ${item.type} item needs a role: ${allowed.join(', ')}`,
      });
    } else if (!allowed.includes(item.role)) {
      issues.push({
        param: `${at}.role`,
        message: `role ${item.role} is not allowed on a ${item.type} item; use ${allowed.join(' or ')}`,
      });
    } else {
      roles.push(item.role);
    }
  });

  const prompt = content.map((item) => (item.type === 'text' ? (item.text ?? '') : '')).join('\n');
  for (const ref of referencesOutOfRange(prompt, counts)) {
    issues.push({
      param: 'content',
      message: `${ref.token} refers to ${ref.kind} ${ref.index}, but the request has ${counts[ref.kind]} ${ref.kind} item${counts[ref.kind] === 1 ? '' : 's'}`,
    });
  }

  const auto = request.omni_reference_task_type !== undefined;
  if (auto && request.omni_reference_task_type !== 'auto') {
    issues.push({
      param: 'omni_reference_task_type',
      message: 'omni_reference_task_type can only be auto',
    });
  }

  if (
    request.resolution !== undefined &&
    !(VIDEO_LIMITS.resolutions as readonly string[]).includes(request.resolution)
  ) {
    issues.push({
      param: 'resolution',
      message: `resolution ${request.resolution} is not supported; use ${VIDEO_LIMITS.resolutions.join(' or ')}`,
    });
  }

  const model = isKnownVideoModel(request.model) ? VIDEO_MODELS[request.model] : undefined;
  if (auto) {
    if (request.ratio !== VIDEO_LIMITS.adaptiveRatio) {
      issues.push({ param: 'ratio', message: 'the auto omni mode needs ratio adaptive' });
    }
    if (request.duration !== VIDEO_LIMITS.autoDuration) {
      issues.push({ param: 'duration', message: 'the auto omni mode needs duration -1' });
    }
    content.forEach((item, index) => {
      if (item.type !== 'text' && item.role && !item.role.startsWith('reference_')) {
        issues.push({
          param: `content[${index}].role`,
          message: `the auto omni mode takes only reference_image, reference_video and reference_audio roles, not ${item.role}`,
        });
      }
    });
  } else {
    if (
      request.ratio !== undefined &&
      !(VIDEO_LIMITS.ratios as readonly string[]).includes(request.ratio)
    ) {
      issues.push({
        param: 'ratio',
        message:
          request.ratio === VIDEO_LIMITS.adaptiveRatio
            ? 'ratio adaptive is only for the auto omni mode'
            : `ratio ${request.ratio} is not supported; use one of ${VIDEO_LIMITS.ratios.join(', ')}`,
      });
    }
    if (request.duration !== undefined && model) {
      const range = model.duration;
      if (request.duration < range.min || request.duration > range.max) {
        issues.push({
          param: 'duration',
          message: `duration ${request.duration} is outside ${range.min} to ${range.max} seconds for ${request.model}`,
        });
      }
    }
    const frames = roles.filter((role) => role === 'first_frame' || role === 'last_frame');
    if (
      roles.filter((r) => r === 'first_frame').length > 1 ||
      roles.filter((r) => r === 'last_frame').length > 1
    ) {
      issues.push({ param: 'content', message: 'give at most one first_frame and one last_frame' });
    }
    if (roles.includes('last_frame') && !roles.includes('first_frame')) {
      issues.push({ param: 'content', message: 'a last_frame needs a first_frame' });
    }
    if (frames.length > 0 && roles.some((role) => role.startsWith('reference_'))) {
      issues.push({
        param: 'content',
        message:
          'first and last frames cannot be mixed with reference media; use the auto omni mode for that',
      });
    }
  }
  return issues;
}

/** A request as we send it: the shape plus every rule, each reported at its member. */
export const videoGenerateRequestSchema = videoGenerateShape.superRefine((request, ctx) => {
  for (const issue of videoRequestIssues(request)) {
    ctx.addIssue({
      code: 'custom',
      path: issue.param
        .split(/[.[\]]+/)
        .filter(Boolean)
        .map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
      message: issue.message,
    });
  }
});

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
