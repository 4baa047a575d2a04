import { saidNow } from '../../src-shared/i18n/sentence.ts';
import { readStoredError } from '../core/jobs/lifecycle/outcome.ts';
import { shownError } from '../core/jobs/store/damaged-record.ts';
import {
  damagedRoundError,
  readRoundOutputs,
  type VideoRoundRow,
} from '../core/jobs/video/video-rounds.ts';
import { stateColumn, words } from './words.ts';
import { money } from './video-usage.ts';

/** A round's clips and what went wrong, as the listing shows them; a damaged round still lists. */
export function roundReport(round: VideoRoundRow): { videos?: string[]; error?: string } {
  const outputs = readRoundOutputs(round);
  const error = shownError(readStoredError(round.error_json), [outputs], damagedRoundError);
  return {
    ...(outputs.ok && outputs.value ? { videos: outputs.value.videos } : {}),
    // In this run's language, though the app may have stored it in another.
    ...(error ? { error: saidNow(words, error) } : {}),
  };
}

/** What a round cost, costs or would cost in demo mode. */
function roundMoney(round: VideoRoundRow): string {
  const charged = round.state === 'done' && round.charged_cents !== null;
  const cost = money(charged ? (round.charged_cents ?? 0) : round.estimate_cents);
  if (round.demo === 1) return words('cli.video.demoCost', { cost });
  return words(charged ? 'cli.video.charged' : 'cli.video.estimated', { cost });
}

export function roundLine(round: VideoRoundRow): string {
  const { videos, error } = roundReport(round);
  return `${words('cli.video.round', { position: round.position, state: stateColumn(round.state), money: roundMoney(round) })}${videos ? ` -> ${videos.join(', ')}` : ''}${error ? `: ${error}` : ''}`;
}
