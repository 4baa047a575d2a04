import { VIDEO_LIMITS, VIDEO_MODELS, isKnownVideoModel } from '../domain/limits.ts';
import { referencesOutOfRange, type MediaKind } from '../domain/references.ts';
import {
  KIND_BY_TYPE,
  ROLES_BY_TYPE,
  isAssetUrl,
  isInlineImageUrl,
  videoGenerateShape,
  type VideoGenerateRequest,
} from './video.ts';
import {
  mediaUrl,
  referenceNumbers,
  roleChoices,
  roleName,
  sentence,
  type ReferenceNumbering,
  type RequestIssue,
} from './video-request-issue.ts';

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
