import { RoundRequestError } from './round-planning.ts';
import type { VideoRoundRow } from './video-rounds.ts';

/** Retry and Duplicate pay for the stored request, which for an attached task is a stand-in. */
export function refuseUnknownPrompt(round: VideoRoundRow): void {
  if (round.prompt_unknown !== 1) return;
  throw new RoundRequestError({
    id: 'core.rounds.promptUnknown',
    values: { position: String(round.position) },
  });
}

/** File-safe, readable part of a name: letters, digits and dashes. */
export function slug(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'project'
  );
}
