import { z } from 'zod';
import { VIDEO_LIMITS, VIDEO_MODELS, isKnownVideoModel } from '../domain/limits.ts';
import { referencesOutOfRange, type MediaKind } from '../domain/references.ts';
import type { MessageId } from '../i18n/catalogues/en.ts';
import type { Formatter } from '../i18n/formats.ts';
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
  /** The service's own wording, as its error body gives it. */
  message: string;
  /**
   * The same rule as the round form and the command line say it, in the reader's language:
   * what to change, naming the prompt, "reference 2", Duration or Ratio rather than the
   * member's path.
   */
  say: (intl: Formatter) => string;
}

/** What each role is called in the round form: one name, used by its slots and its rules. */
export const ROLE_MESSAGES: Readonly<Record<MediaRole, MessageId>> = {
  reference_image: 'round.role.referenceImage',
  first_frame: 'round.role.firstFrame',
  last_frame: 'round.role.lastFrame',
  reference_video: 'round.role.referenceVideo',
  reference_audio: 'round.role.referenceAudio',
};

/** A role's name; one the service does not know is shown as written (the messages quote it). */
function roleName(intl: Formatter, role: string): string {
  return Object.hasOwn(ROLE_MESSAGES, role)
    ? intl.formatMessage({ id: ROLE_MESSAGES[role as MediaRole] })
    : role;
}

/** "reference image, first frame or last frame", in the reader's language. */
function roleChoices(intl: Formatter, roles: readonly string[]): string {
  return intl.formatList(
    roles.map((role) => roleName(intl, role)),
    { type: 'disjunction' },
  );
}

/** One of the rules' sentences: its message and values, said when the reader's language is known. */
function sentence(
  id: MessageId,
  values?: (intl: Formatter) => Record<string, string | number>,
): (intl: Formatter) => string {
  return (intl) => intl.formatMessage({ id }, values?.(intl));
}

/**
 * The media items counted from 1 in the order they are given, the prompt left out: the
 * numbers the command line's --image, --video and --audio options follow.
 */
function referenceNumbers(content: readonly ContentItem[]): Map<number, number> {
  const numbers = new Map<number, number>();
  content.forEach((item, index) => {
    if (item.type !== 'text') numbers.set(index, numbers.size + 1);
  });
  return numbers;
}

/** Which number the person knows a media item by, from its place in `content`. */
export type ReferenceNumbering = (contentIndex: number) => number;

function mediaUrl(item: ContentItem): string | undefined {
  if (item.type === 'text') return undefined;
  return item[item.type]?.url;
}

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

const writePrompt = sentence('request.writePrompt');

/** What base64 pictures may take of a request: its limit, less room for the rest of it. */
const INLINE_BUDGET = VIDEO_LIMITS.requestBodyMaxBytes - 1024 * 1024;

/**
 * Every rule of sections 2.3, 4.4 and 8 that can be checked from the request alone, in the
 * order a person would fix them, each in the service's words and in the user's (`numbering`
 * tells how the user's form numbers the references, when not in order). Whether a model is
 * enabled depends on the account and is checked by whoever knows the account.
 */
export function videoRequestIssues(
  request: VideoGenerateRequest,
  numbering?: ReferenceNumbering,
): RequestIssue[] {
  const issues: RequestIssue[] = [];
  const { content } = request;
  const { min, max } = VIDEO_LIMITS.contentItems;
  if (content.length < min || content.length > max) {
    issues.push({
      param: 'content',
      message: `content must hold ${min} to ${max} items; it holds ${content.length}`,
      say:
        content.length < min
          ? writePrompt
          : sentence('request.tooManyReferences', () => ({
              count: content.length - max,
              max: max - 1,
            })),
    });
  }
  if (!content.some((item) => item.type === 'text' && item.text?.trim())) {
    issues.push({
      param: 'content',
      message: 'content needs at least one text item with the prompt, also when media are given',
      say: writePrompt,
    });
  }
  const numbers = referenceNumbers(content);
  const numberOf = (index: number) => numbering?.(index) ?? numbers.get(index) ?? index + 1;

  const counts: Record<MediaKind, number> = { image: 0, video: 0, audio: 0 };
  const roles: string[] = [];
  content.forEach((item, index) => {
    const at = `content[${index}]`;
    if (item.type === 'text') {
      if (typeof item.text !== 'string') {
        issues.push({
          param: `${at}.text`,
          message: 'a text item needs its text',
          say: writePrompt,
        });
      }
      return;
    }
    const kind = KIND_BY_TYPE[item.type];
    counts[kind] += 1;
    const number = numberOf(index);
    const url = mediaUrl(item);
    if (url === undefined) {
      issues.push({
        param: `${at}.${item.type}.url`,
        message: `a ${item.type} item needs ${item.type}.url`,
        say: sentence('request.giveAddress', () => ({ number })),
      });
    } else if (
      item.type === 'video_url'
        ? !isAssetUrl(url)
        : !isAssetUrl(url) &&
          !isFetchableUrl(url) &&
          !(item.type === 'image_url' && isInlineImageUrl(url))
    ) {
      issues.push({
        param: `${at}.${item.type}.url`,
        message:
          item.type === 'video_url'
            ? 'videos must be uploaded and processed assets given as asset:// URLs'
            : `${kind === 'image' ? 'an image' : 'audio'} must be an asset:// URL or a public https:// URL`,
        say: sentence(
          item.type === 'video_url' ? 'request.videoAsAsset' : 'request.publicAddress',
          () => ({ number }),
        ),
      });
    }
    const allowed: readonly string[] = ROLES_BY_TYPE[item.type];
    const { role } = item;
    if (role === undefined) {
      issues.push({
        param: `${at}.role`,
        message: `a ${item.type} item needs a role: ${allowed.join(', ')}`,
        say: sentence('request.sayRole', (intl) => ({
          number,
          roles: roleChoices(intl, allowed),
        })),
      });
    } else if (!allowed.includes(role)) {
      issues.push({
        param: `${at}.role`,
        message: `role ${role} is not allowed on a ${item.type} item; use ${allowed.join(' or ')}`,
        say: sentence('request.wrongRole', (intl) => ({
          number,
          kind,
          role: roleName(intl, role),
          roles: roleChoices(intl, allowed),
        })),
      });
    } else {
      roles.push(role);
    }
  });

  const prompt = content.map((item) => (item.type === 'text' ? (item.text ?? '') : '')).join('\n');
  for (const ref of referencesOutOfRange(prompt, counts)) {
    issues.push({
      param: 'content',
      message: `${ref.token} refers to ${ref.kind} ${ref.index}, but the request has ${counts[ref.kind]} ${ref.kind} item${counts[ref.kind] === 1 ? '' : 's'}`,
      say: sentence('request.promptNamesMissing', () => ({
        token: ref.token,
        kind: ref.kind,
        count: counts[ref.kind],
      })),
    });
  }

  // Pictures sent inside the request count toward the service's limit on a request's size.
  const inline = content.reduce((sum, item) => {
    const url = mediaUrl(item);
    return sum + (url !== undefined && isInlineImageUrl(url) ? url.length : 0);
  }, 0);
  if (inline > INLINE_BUDGET) {
    const mb = (bytes: number) => Math.ceil(bytes / 1024 / 1024);
    issues.push({
      param: 'content',
      message: `images sent as base64 make the request about ${mb(inline)} MB; the request body is at most ${mb(VIDEO_LIMITS.requestBodyMaxBytes)} MB`,
      say: sentence('request.inlineTooLarge', () => ({
        megabytes: mb(inline),
        max: mb(VIDEO_LIMITS.requestBodyMaxBytes),
      })),
    });
  }

  const auto = request.omni_reference_task_type !== undefined;
  if (auto && request.omni_reference_task_type !== 'auto') {
    issues.push({
      param: 'omni_reference_task_type',
      message: 'omni_reference_task_type can only be auto',
      say: sentence('request.autoOnly'),
    });
  }

  const { resolution, ratio, duration } = request;
  if (
    resolution !== undefined &&
    !(VIDEO_LIMITS.resolutions as readonly string[]).includes(resolution)
  ) {
    issues.push({
      param: 'resolution',
      message: `resolution ${resolution} is not supported; use ${VIDEO_LIMITS.resolutions.join(' or ')}`,
      say: sentence('request.resolution', (intl) => ({
        choices: intl.formatList(VIDEO_LIMITS.resolutions, { type: 'disjunction' }),
        resolution,
      })),
    });
  }

  const model = isKnownVideoModel(request.model) ? VIDEO_MODELS[request.model] : undefined;
  if (auto) {
    if (ratio !== VIDEO_LIMITS.adaptiveRatio) {
      issues.push({
        param: 'ratio',
        message: 'the auto omni mode needs ratio adaptive',
        say: sentence('request.autoRatio', () => ({ ratio: VIDEO_LIMITS.adaptiveRatio })),
      });
    }
    if (duration !== VIDEO_LIMITS.autoDuration) {
      issues.push({
        param: 'duration',
        message: 'the auto omni mode needs duration -1',
        say: sentence('request.autoDuration'),
      });
    }
    content.forEach((item, index) => {
      const { role } = item;
      if (item.type !== 'text' && role && !role.startsWith('reference_')) {
        issues.push({
          param: `content[${index}].role`,
          message: `the auto omni mode takes only reference_image, reference_video and reference_audio roles, not ${role}`,
          say: sentence('request.autoTakesReferences', (intl) => ({
            number: numberOf(index),
            role: roleName(intl, role),
          })),
        });
      }
    });
  } else {
    if (ratio !== undefined && !(VIDEO_LIMITS.ratios as readonly string[]).includes(ratio)) {
      const adaptive = ratio === VIDEO_LIMITS.adaptiveRatio;
      issues.push({
        param: 'ratio',
        message: adaptive
          ? 'ratio adaptive is only for the auto omni mode'
          : `ratio ${ratio} is not supported; use one of ${VIDEO_LIMITS.ratios.join(', ')}`,
        say: sentence(adaptive ? 'request.adaptiveOnlyAuto' : 'request.ratio', (intl) => ({
          choices: intl.formatList(VIDEO_LIMITS.ratios, { type: 'disjunction' }),
          ratio,
        })),
      });
    }
    if (duration !== undefined && model) {
      const range = model.duration;
      if (duration < range.min || duration > range.max) {
        issues.push({
          param: 'duration',
          message: `duration ${duration} is outside ${range.min} to ${range.max} seconds for ${request.model}`,
          say: sentence('request.duration', () => ({
            min: range.min,
            max: range.max,
            model: model.label,
            open: String(duration === VIDEO_LIMITS.autoDuration),
            seconds: duration,
          })),
        });
      }
    }
    const frames = roles.filter((role) => role === 'first_frame' || role === 'last_frame');
    if (
      roles.filter((r) => r === 'first_frame').length > 1 ||
      roles.filter((r) => r === 'last_frame').length > 1
    ) {
      issues.push({
        param: 'content',
        message: 'give at most one first_frame and one last_frame',
        say: sentence('request.oneFrameEach'),
      });
    }
    if (roles.includes('last_frame') && !roles.includes('first_frame')) {
      issues.push({
        param: 'content',
        message: 'a last_frame needs a first_frame',
        say: sentence('request.firstFrameNeeded'),
      });
    }
    if (frames.length > 0 && roles.some((role) => role.startsWith('reference_'))) {
      issues.push({
        param: 'content',
        message:
          'first and last frames cannot be mixed with reference media; use the auto omni mode for that',
        say: sentence('request.framesOrReferences'),
      });
    }
  }
  return issues;
}

/** Seconds as the service's messages write them: `8 s`, `2.5 s`. */
function secondsWords(seconds: number): string {
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

/** What the auto mode's rule on reference videos found, for the lengths known here. */
export interface ReferenceLengthCheck {
  issues: RequestIssue[];
  /** The references (as the person numbers them) whose length only the service knows. */
  unknown: number[];
}

/**
 * The auto mode's rule that a reference video is 4 to 30 seconds long (section 4.4, rule 7),
 * for the lengths known on this computer: `lengths` maps a video's address to its seconds.
 * A video whose length is not known is not refused; `unknown` names it, since only the
 * service can check it, once the round is sent. Other modes have no such rule.
 */
export function referenceLengthIssues(
  request: VideoGenerateRequest,
  lengths: ReadonlyMap<string, number>,
  numbering?: ReferenceNumbering,
): ReferenceLengthCheck {
  const check: ReferenceLengthCheck = { issues: [], unknown: [] };
  if (request.omni_reference_task_type !== 'auto') return check;
  const numbers = referenceNumbers(request.content);
  const { min, max } = VIDEO_LIMITS.autoReferenceVideoSeconds;
  request.content.forEach((item, index) => {
    const url = item.type === 'video_url' ? mediaUrl(item) : undefined;
    if (url === undefined) return;
    const number = numbering?.(index) ?? numbers.get(index) ?? index + 1;
    const seconds = lengths.get(url);
    if (seconds === undefined) check.unknown.push(number);
    else if (seconds < min || seconds > max) {
      check.issues.push({
        param: `content[${index}].video_url.url`,
        message: `in the auto omni mode the reference video must be ${min} to ${max} seconds long; it is ${secondsWords(seconds)}`,
        say: sentence('request.referenceLength', (intl) => ({
          number,
          seconds: intl.formatNumber(seconds, { maximumFractionDigits: 1 }),
          min,
          max,
        })),
      });
    }
  });
  return check;
}

/** What is said of reference videos whose length only the service knows. */
export function unknownLengthWords(intl: Formatter, references: readonly number[]): string {
  const { min, max } = VIDEO_LIMITS.autoReferenceVideoSeconds;
  return intl.formatMessage(
    { id: 'round.lengthUnknown' },
    {
      count: references.length,
      references: intl.formatList(references.map(String)),
      min,
      max,
    },
  );
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
