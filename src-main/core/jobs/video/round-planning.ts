import path from 'node:path';
import { isAssetUrl, type VideoGenerateRequest } from '../../../../src-shared/api/video.ts';
import { referenceLengthIssues } from '../../../../src-shared/api/video-reference-lengths.ts';
import {
  videoGenerateRequestSchema,
  videoRequestIssues,
} from '../../../../src-shared/api/video-request-rules.ts';
import {
  continuationDuration,
  estimateVideoCost,
  type CostEstimate,
  type PricingTier,
} from '../../../../src-shared/domain/pricing.ts';
import { issueAtWords } from '../../../../src-shared/i18n/issue-words.ts';
import { coreIntl } from '../../i18n/core-words.ts';
import { UserFacingError } from '../../user-error.ts';
import {
  damagedRoundError,
  readRoundOutputs,
  readRoundRequest,
  type RoundOutputs,
  type VideoRoundRow,
  type VideoRounds,
} from './video-rounds.ts';

/** A request that breaks the service's rules, or a round that cannot be made; nothing was paid. */
export class RoundRequestError extends UserFacingError {}

export interface QueuedRound {
  roundId: string;
  estimate: CostEstimate;
}

/**
 * Checks a request against every rule the service has, estimates it at the tier's rate and
 * stores it as the next round of a shot. The app and the command line queue rounds here.
 */
export function queueRound(
  rounds: VideoRounds,
  tier: PricingTier,
  shotId: string,
  request: VideoGenerateRequest,
  /** The reference videos' lengths known here (`knownVideoLengths`), held to the auto rule. */
  lengths: ReadonlyMap<string, number> = new Map(),
): QueuedRound {
  if (!rounds.shot(shotId))
    throw new RoundRequestError({ id: 'core.rounds.noShot', values: { shot: shotId } });
  const sendable = sendableRequest(request);
  const { issues } = referenceLengthIssues(sendable, lengths);
  if (issues.length > 0) throw refusal(issues.map((issue) => issue.say(coreIntl())));
  const estimate = estimateVideoCost(sendable.duration, tier);
  return { roundId: rounds.addRound(shotId, sendable, estimate.cents), estimate };
}

/**
 * The request as it will be sent, checked against every rule the service has: when a round
 * is queued, and again before it is paid for, since the rules may have changed in between.
 */
export function sendableRequest(request: VideoGenerateRequest): VideoGenerateRequest {
  const parsed = videoGenerateRequestSchema.safeParse(request);
  if (parsed.success) return parsed.data;
  // The person who wrote the round reads this, in the app or on the command line: the rules
  // in their words, each once.
  const problems = videoRequestIssues(request).map((issue) => issue.say(coreIntl()));
  if (problems.length) throw refusal(problems);
  throw new RoundRequestError({
    id: 'core.rounds.refused',
    values: {
      problems: {
        id: 'core.rounds.malformed',
        values: {
          detail: parsed.error.issues[0] ? issueAtWords(coreIntl(), parsed.error.issues[0]) : '',
        },
      },
    },
  });
}

/** A round refused before anything was sent: the rules it breaks, each said once. */
function refusal(problems: readonly string[]): RoundRequestError {
  return new RoundRequestError({
    id: 'core.rounds.refused',
    values: { problems: [...new Set(problems)].join(' ') },
  });
}

/** A round's stored request, to make another round from; a damaged one is refused. */
export function roundRequest(round: VideoRoundRow): VideoGenerateRequest {
  const request = readRoundRequest(round);
  if (!request.ok) throw new RoundRequestError(damagedRoundError(request.problem).sentence);
  return request.value;
}

/** A finished round's outputs, or why nothing can be made from it yet. */
export function finishedOutputs(round: VideoRoundRow): RoundOutputs {
  const read = readRoundOutputs(round);
  if (!read.ok) throw new RoundRequestError(damagedRoundError(read.problem).sentence);
  const outputs = read.value;
  if (round.state !== 'done' || !outputs) {
    throw new RoundRequestError({ id: 'core.rounds.notFinished' });
  }
  return outputs;
}

/**
 * The options a continuation keeps from the round before it. An auto-mode round's adaptive
 * ratio and open length do not carry over: the continuation names its media by role, which
 * the auto mode does not allow.
 */
function carriedOptions(previous: VideoGenerateRequest): VideoGenerateRequest {
  const auto = previous.omni_reference_task_type !== undefined;
  const duration = continuationDuration(previous);
  return {
    model: previous.model,
    content: [],
    ...(previous.resolution ? { resolution: previous.resolution } : {}),
    ...(!auto && previous.ratio ? { ratio: previous.ratio } : {}),
    ...(duration === undefined ? {} : { duration }),
    ...(previous.generate_audio !== undefined ? { generate_audio: previous.generate_audio } : {}),
    ...(previous.watermark !== undefined ? { watermark: previous.watermark } : {}),
    return_last_frame: true,
  };
}

/**
 * The request of a round that starts where `round` ended: its last frame as the first frame
 * (the service's link to it, or else `keptFrame`, the frame kept on this computer carried in
 * the request), its options carried over, and a last frame asked for again so the chain can
 * go on.
 */
export function extensionRequest(
  round: VideoRoundRow,
  prompt: string,
  keptFrame?: string,
): VideoGenerateRequest {
  const outputs = finishedOutputs(round);
  const frame = outputs.lastFrameUrl ?? keptFrame;
  if (!frame) {
    throw new RoundRequestError({ id: 'core.rounds.noLastFrame' });
  }
  return {
    ...carriedOptions(roundRequest(round)),
    content: [
      { type: 'text', text: prompt },
      { type: 'image_url', image_url: { url: frame }, role: 'first_frame' },
    ],
  };
}

/**
 * The request of a round that continues `round`'s clip with the clip itself as the reference
 * video. The service takes reference videos only as uploaded assets, so this needs the clip's
 * `asset://` address: the one the service returned, or the one the user got by uploading it.
 */
export function videoExtensionRequest(
  round: VideoRoundRow,
  prompt: string,
  assetUrl?: string,
): VideoGenerateRequest {
  const outputs = finishedOutputs(round);
  const url = assetUrl?.trim() || outputs.videoUrls?.find(isAssetUrl);
  if (!url || !isAssetUrl(url)) {
    const clip = outputs.videos[0];
    throw new RoundRequestError({
      id: 'core.rounds.needsAsset',
      values: {
        clip: clip ? path.basename(clip) : { id: 'core.rounds.theClip' },
      },
    });
  }
  return {
    ...carriedOptions(roundRequest(round)),
    content: [
      { type: 'text', text: prompt },
      { type: 'video_url', video_url: { url }, role: 'reference_video' },
    ],
  };
}
