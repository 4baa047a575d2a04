import type { VideoGenerateRequest } from '../../../../src-shared/api/video.ts';
import { DEMO_ASSETS, demoAssetUrl } from '../../../../src-shared/domain/demo-assets.ts';
import { mediaSeconds } from '../../media/media-length.ts';
import { readRoundOutputs, type VideoRounds } from './video-rounds.ts';

/** Where the length of a reference video can be known on this computer. */
export interface LengthSources {
  rounds: VideoRounds;
  /** Whether the built-in simulator makes the rounds: its own assets' lengths are known. */
  demo: boolean;
}

/** The reference videos of the auto-mode requests: the only ones with a rule on length. */
function autoVideoUrls(requests: readonly VideoGenerateRequest[]): Set<string> {
  const urls = new Set<string>();
  for (const request of requests) {
    if (request.omni_reference_task_type !== 'auto') continue;
    for (const item of request.content) {
      if (item.type === 'video_url' && item.video_url) urls.add(item.video_url.url);
    }
  }
  return urls;
}

/** Clips Clearframe made whose service address is an asset: their files are here. */
function clipFiles(rounds: VideoRounds, wanted: ReadonlySet<string>): Map<string, string> {
  const files = new Map<string, string>();
  for (const round of rounds.roundsIn(['done'])) {
    const outputs = readRoundOutputs(round);
    if (!outputs.ok || !outputs.value) continue;
    const { videoUrls = [], videos } = outputs.value;
    videoUrls.forEach((url, i) => {
      const file = videos[i] ?? videos[0];
      if (wanted.has(url) && file) files.set(url, file);
    });
  }
  return files;
}

/**
 * The length, in seconds, of each reference video of the auto-mode requests that can be
 * known here: a clip of a project (probed from its file), or in demo mode one of the
 * simulator's own assets. An address whose length cannot be known (an asset uploaded
 * elsewhere) is left out: the rule cannot be checked for it before paying. A clip gone from
 * disk is simply not known.
 */
export function knownVideoLengths(
  requests: readonly VideoGenerateRequest[],
  sources: LengthSources,
): Promise<Map<string, number>> {
  return videoLengths(autoVideoUrls(requests), sources);
}

/** The length of each of these video addresses that can be known here (see above). */
export async function videoLengths(
  wanted: ReadonlySet<string>,
  sources: LengthSources,
): Promise<Map<string, number>> {
  const lengths = new Map<string, number>();
  if (wanted.size === 0) return lengths;
  if (sources.demo) {
    for (const asset of DEMO_ASSETS) {
      const url = demoAssetUrl(asset);
      if (wanted.has(url) && asset.durationSeconds !== undefined) {
        lengths.set(url, asset.durationSeconds);
      }
    }
  }
  for (const [url, file] of clipFiles(sources.rounds, wanted)) {
    const seconds = await mediaSeconds(file).catch(() => undefined);
    if (seconds !== undefined) lengths.set(url, seconds);
  }
  return lengths;
}
