import { VIDEO_LIMITS } from '../../../src-shared/domain/limits.ts';

/** Seconds between asks about a video task, at the least and at the most. */
export interface PollInterval {
  min: number;
  max: number;
}

/** Shortens the wait between asks about a video task, for a stand-in service. */
export const VIDEO_POLL_ENV = 'CLEARFRAME_VIDEO_POLL_SECONDS';

/**
 * How often video tasks are asked about: the service's 5 to 10 s, unless the environment
 * names the shortest wait in seconds (the longest is then twice that, as 5 is of 10). A local
 * simulator finishes a clip in under a second; the end-to-end tests set this so they do not
 * sit out the real service's pace. Anything but a positive number keeps the service's pace.
 */
export function videoPollInterval(env: Readonly<Record<string, string | undefined>>): PollInterval {
  const seconds = Number(env[VIDEO_POLL_ENV]?.trim() || Number.NaN);
  if (!Number.isFinite(seconds) || seconds <= 0) return VIDEO_LIMITS.pollIntervalSeconds;
  return { min: seconds, max: 2 * seconds };
}
