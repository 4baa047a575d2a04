import type { Formatter } from '../i18n/formats.ts';
import { VIDEO_LIMITS } from './limits.ts';

export interface ReferenceImageProblem {
  kind: 'too-large' | 'too-small' | 'aspect';
  message: string;
}

/**
 * Why the service would refuse an image as a video reference, or null when it fits. Both the
 * intake (before a file is read into a request) and the round editor (under a slot's
 * thumbnail) ask here, so the rule and its wording exist once; `intl` says it in the
 * reader's language.
 */
export function referenceImageProblem(
  intl: Formatter,
  width: number,
  height: number,
  bytes: number,
): ReferenceImageProblem | null {
  const limits = VIDEO_LIMITS.referenceImage;
  if (bytes > limits.maxBytes) {
    return {
      kind: 'too-large',
      message: intl.formatMessage(
        { id: 'referenceImage.tooManyBytes' },
        { megabytes: limits.maxBytes / 1024 / 1024 },
      ),
    };
  }
  if (Math.min(width, height) < limits.minSide || Math.max(width, height) > limits.maxSide) {
    return {
      kind: Math.min(width, height) < limits.minSide ? 'too-small' : 'too-large',
      message: intl.formatMessage(
        { id: 'referenceImage.sides' },
        { min: limits.minSide, max: limits.maxSide, width: String(width), height: String(height) },
      ),
    };
  }
  const aspect = width / height;
  if (aspect < limits.minAspect || aspect > limits.maxAspect) {
    return {
      kind: 'aspect',
      message: intl.formatMessage(
        { id: 'referenceImage.shape' },
        {
          min: intl.formatNumber(limits.minAspect),
          max: intl.formatNumber(limits.maxAspect),
          aspect: intl.formatNumber(aspect, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
        },
      ),
    };
  }
  return null;
}
