import { VIDEO_LIMITS } from './limits.ts';

export interface ReferenceImageProblem {
  kind: 'too-large' | 'too-small' | 'aspect';
  message: string;
}

/**
 * Why the service would refuse an image as a video reference, or null when it fits. Both the
 * intake (before a file is read into a request) and the round editor (under a slot's
 * thumbnail) ask here, so the rule and its wording exist once.
 */
export function referenceImageProblem(
  width: number,
  height: number,
  bytes: number,
): ReferenceImageProblem | null {
  const limits = VIDEO_LIMITS.referenceImage;
  if (bytes > limits.maxBytes) {
    return {
      kind: 'too-large',
      message: `A reference image may be at most ${limits.maxBytes / 1024 / 1024} MB. Save it smaller and add it again.`,
    };
  }
  if (Math.min(width, height) < limits.minSide || Math.max(width, height) > limits.maxSide) {
    return {
      kind: Math.min(width, height) < limits.minSide ? 'too-small' : 'too-large',
      message: `A reference image needs ${limits.minSide} to ${limits.maxSide} pixels on each side; this one is ${width}×${height}. Resize it and add it again.`,
    };
  }
  const aspect = width / height;
  if (aspect < limits.minAspect || aspect > limits.maxAspect) {
    return {
      kind: 'aspect',
      message: `A reference image must be between ${limits.minAspect}:1 and ${limits.maxAspect}:1 in shape; this one is ${aspect.toFixed(2)}:1. Crop it and add it again.`,
    };
  }
  return null;
}
