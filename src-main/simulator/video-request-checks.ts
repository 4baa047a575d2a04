import { KIND_BY_TYPE, type VideoGenerateRequest } from '../../src-shared/api/video.ts';
import { referenceLengthIssues } from '../../src-shared/api/video-reference-lengths.ts';
import { VIDEO_LIMITS } from '../../src-shared/domain/limits.ts';
import type { AssetRegistry } from './assets.ts';
import type { TaskFault } from './faults.ts';

/** A problem the service reports as a failed task rather than a refused request. */
export interface LateFailure {
  code: string;
  message: string;
}

/** The first `asset://` reference this service does not hold, or holds as another kind. */
export function checkAssets(
  assets: AssetRegistry,
  request: VideoGenerateRequest,
): { param: string; message: string } | undefined {
  for (const [index, item] of request.content.entries()) {
    if (item.type === 'text') continue;
    const url = item[item.type]?.url ?? '';
    if (!url.startsWith('asset://')) continue;
    const asset = assets.resolve(url);
    const param = `content[${index}].${item.type}.url`;
    if (!asset) return { param, message: `The asset ${url} does not exist: upload it first.` };
    if (asset.kind !== KIND_BY_TYPE[item.type]) {
      return {
        param,
        message: `The asset ${url} is a ${asset.kind}, not a ${KIND_BY_TYPE[item.type]}.`,
      };
    }
  }
  return undefined;
}

/** The lengths of the request's reference videos that are assets this service knows. */
export function videoLengths(
  assets: AssetRegistry,
  request: VideoGenerateRequest,
): Map<string, number> {
  const lengths = new Map<string, number>();
  for (const item of request.content) {
    const url = item.type === 'video_url' ? item.video_url?.url : undefined;
    const seconds = url === undefined ? undefined : assets.resolve(url)?.durationSeconds;
    if (url !== undefined && seconds !== undefined) lengths.set(url, seconds);
  }
  return lengths;
}

export function referenceVideoSeconds(
  assets: AssetRegistry,
  request: VideoGenerateRequest,
): number | undefined {
  const video = request.content.find((item) => item.type === 'video_url');
  return video?.video_url ? assets.resolve(video.video_url.url)?.durationSeconds : undefined;
}

/** In the auto mode the model picks the length: here, the reference video's, else the default. */
export function outputSeconds(assets: AssetRegistry, request: VideoGenerateRequest): number {
  if (request.duration !== VIDEO_LIMITS.autoDuration)
    return request.duration ?? VIDEO_LIMITS.defaultDuration;
  const reference = referenceVideoSeconds(assets, request);
  const { min, max } = VIDEO_LIMITS.autoReferenceVideoSeconds;
  return reference === undefined
    ? VIDEO_LIMITS.defaultDuration
    : Math.min(max, Math.max(min, reference));
}

/** Problems that surface as a failed task, as upstream does in the auto mode and moderation. */
export function lateFailure(
  assets: AssetRegistry,
  request: VideoGenerateRequest,
  fault: TaskFault | undefined,
): LateFailure | undefined {
  // Every reference video is held to the rule, as the client checks it before paying.
  const [tooLong] = referenceLengthIssues(request, videoLengths(assets, request)).issues;
  if (tooLong) return { code: 'InvalidParameter', message: tooLong.message };
  if (fault === 'fail-late') {
    return {
      code: 'OutputVideoSensitiveContentDetected',
      message: 'The generated video did not pass moderation.',
    };
  }
  return undefined;
}
