import type { VideoTask } from '../../../../src-shared/api/video.ts';
import type { VideoClient } from '../../api/video-client.ts';
import type { VideoRounds } from './video-rounds.ts';

/** How far around the moment of sending a task on the service's list may be ours, in ms. */
const RECONCILE_SLACK_MS = 2 * 60 * 1000;

/**
 * The tasks on the service's list that may be a round sent at `sentAt` with this model:
 * created around that moment, and held by no other round. A list that cannot be read gives
 * none, so the round waits for the user; a cancel still stops the look-up.
 */
export async function sentTaskCandidates(
  context: { client: VideoClient; rounds: VideoRounds; now: () => number },
  model: string,
  sentAt: number,
  signal: AbortSignal,
): Promise<VideoTask[]> {
  try {
    const list = await context.client.list({ model, pageSize: 100 }, { signal });
    const known = context.rounds.knownTaskIds();
    return list.tasks.filter(
      (task) =>
        !known.has(task.id) &&
        task.created_at !== undefined &&
        Math.abs(task.created_at * 1000 - sentAt) <= RECONCILE_SLACK_MS + (context.now() - sentAt),
    );
  } catch (error) {
    if (signal.aborted) throw error;
    return [];
  }
}
