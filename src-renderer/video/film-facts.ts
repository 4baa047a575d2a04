import { roundMoney } from '../../src-shared/domain/budget.ts';
import { takeOf } from '../../src-shared/domain/film-takes.ts';
import { VIDEO_LIMITS } from '../../src-shared/domain/limits.ts';
import type { VideoProjectView, VideoShotView } from '../../src-shared/ipc/contract.ts';

/**
 * The length of a shot's take as its round asked it (the default when it named none), or
 * null when the shot has no take or left the length to the service.
 */
export function takeSeconds(shot: VideoShotView): number | null {
  const take = takeOf(shot);
  if (!take) return null;
  const asked = take.request.duration ?? VIDEO_LIMITS.defaultDuration;
  return asked === VIDEO_LIMITS.autoDuration ? null : asked;
}

/**
 * What the storyboard says of the film: its length (the takes' lengths added up), what all
 * the project's rounds cost or cost so far, and whether every round went to the demo.
 */
export function filmFacts(project: VideoProjectView): {
  seconds: number;
  cents: number;
  demo: boolean;
} {
  const rounds = project.shots.flatMap((shot) => shot.rounds);
  return {
    seconds: project.shots.reduce((sum, shot) => sum + (takeSeconds(shot) ?? 0), 0),
    cents: rounds.reduce((sum, round) => sum + roundMoney(round).cents, 0),
    demo: rounds.length > 0 && rounds.every((round) => round.demo),
  };
}
