import type { VideoGenerateRequest } from '../../../../src-shared/api/video.ts';
import { estimateVideoCost } from '../../../../src-shared/domain/pricing.ts';
import type { ExtendPlace } from '../../../../src-shared/ipc/contract.ts';
import { DEFAULT_VIDEO_MODEL, VIDEO_LIMITS } from '../../../../src-shared/domain/limits.ts';
import { TaskEngine, type TaskEngineOptions } from '../lifecycle/task-engine.ts';
import { keepTakenFrame, keptFrameOf } from './local-last-frame.ts';
import { RoundJobs, type RoundJobsOptions } from './round-jobs.ts';
import { SpendingRefusedError } from '../spending/round-spending.ts';
import { refuseUnknownPrompt, slug } from './round-names.ts';
import {
  RoundRequestError,
  extensionRequest,
  videoExtensionRequest,
  queueRound,
  roundRequest,
  type QueuedRound,
} from './round-planning.ts';
import { readRoundOutputs, type VideoRounds, type VideoRoundRow } from './video-rounds.ts';

export { RoundRequestError, SpendingRefusedError, slug };

export type VideoEngineOptions = TaskEngineOptions & RoundJobsOptions;

/**
 * Runs video rounds: the shared lifecycle over the video kind's steps (`RoundJobs`), with
 * what only this kind offers: rounds queued from a request, a duplicate, a continuation from
 * a round's last frame or clip, and a task attached from the service's list.
 */
export class VideoEngine extends TaskEngine<VideoRoundRow> {
  declare protected readonly adapter: RoundJobs;
  private readonly options: VideoEngineOptions;

  constructor(options: VideoEngineOptions) {
    super(options, (life) => new RoundJobs(options, life));
    this.options = options;
  }

  get rounds(): VideoRounds {
    return this.adapter.rounds;
  }

  /** Checks a request against every rule, estimates it and queues it as the next round of a shot. */
  addRound(shotId: string, request: VideoGenerateRequest): QueuedRound {
    const queued = queueRound(this.rounds, this.options.settings().pricingTier, shotId, request);
    this.pump();
    return queued;
  }

  /** The same request again as a new round; never for a round whose prompt is a stand-in. */
  duplicate(roundId: string): QueuedRound {
    const round = this.rounds.round(roundId);
    if (!round) throw new RoundRequestError({ id: 'core.rounds.roundGone' });
    refuseUnknownPrompt(round);
    return this.addRound(round.shot_id, roundRequest(round));
  }

  /**
   * A continuation of `round`: in a new shot right after its own (so the film holds both
   * clips), or as the next round of the same shot (where it becomes the take). The shot is
   * made only with the round: a request the rules refuse leaves no empty shot behind.
   */
  private queueContinuation(
    round: VideoRoundRow,
    request: VideoGenerateRequest,
    into: ExtendPlace,
  ): QueuedRound {
    const queued = this.store.db.transaction(() => {
      const shotId = into === 'new-shot' ? this.rounds.addShotAfter(round.shot_id) : round.shot_id;
      return queueRound(this.rounds, this.options.settings().pricingTier, shotId, request);
    })();
    this.pump();
    return queued;
  }

  /** A round starting from this round's last frame, in a new shot after it or in its own. */
  async extendFromLastFrame(
    roundId: string,
    prompt: string,
    takenFrame?: Buffer,
    into: ExtendPlace = 'this-shot',
  ): Promise<QueuedRound> {
    let round = this.rounds.round(roundId);
    if (!round)
      throw new RoundRequestError({ id: 'core.rounds.noRound', values: { round: roundId } });
    let frame = await keptFrameOf(round);
    const clip = readRoundOutputs(round);
    const firstClip = clip.ok && !clip.value?.lastFrameUrl ? clip.value?.videos[0] : undefined;
    // Nothing kept (or it is gone): the frame the window took from the clip is kept now.
    if (frame === undefined && takenFrame && firstClip) {
      this.store.setLastFramePath(roundId, await keepTakenFrame(firstClip, takenFrame));
      round = this.rounds.round(roundId) ?? round;
      frame = await keptFrameOf(round);
    }
    return this.queueContinuation(round, extensionRequest(round, prompt, frame), into);
  }

  /** A round with this round's clip (as an asset) as its reference video, placed as above. */
  extendVideo(
    roundId: string,
    prompt: string,
    assetUrl?: string,
    into: ExtendPlace = 'this-shot',
  ): QueuedRound {
    const round = this.rounds.round(roundId);
    if (!round)
      throw new RoundRequestError({ id: 'core.rounds.noRound', values: { round: roundId } });
    return this.queueContinuation(round, videoExtensionRequest(round, prompt, assetUrl), into);
  }

  /**
   * Takes a task started elsewhere (the provider's site, another machine) into a shot: a
   * round is recorded as submitted with that task id, then polled and downloaded like any
   * other. Nothing is sent, so nothing is paid again.
   */
  attach(
    shotId: string,
    task: { id: string; model?: string | undefined; duration?: number | null | undefined },
  ): string {
    if (this.rounds.knownTaskIds().has(task.id)) {
      throw new RoundRequestError({ id: 'core.rounds.taskInShot' });
    }
    // The list tells the model and, once finished, the length; never the prompt. A length it
    // does not tell is estimated at the longest a round can be, so the cap never sees it free.
    const seconds = typeof task.duration === 'number' && task.duration > 0 ? task.duration : null;
    const request: VideoGenerateRequest = {
      model: task.model ?? DEFAULT_VIDEO_MODEL,
      content: [{ type: 'text', text: `Attached from the service (task ${task.id})` }],
      ...(seconds === null ? {} : { duration: seconds }),
    };
    const estimate = estimateVideoCost(
      seconds ?? VIDEO_LIMITS.autoDuration,
      this.options.settings().pricingTier,
    );
    const demo = this.options.demo?.() ?? false;
    const roundId = this.store.db
      .transaction(() => {
        const id = this.rounds.addRound(shotId, request, estimate.cents, {
          promptUnknown: true,
        });
        this.move(id, 'preparing');
        this.move(id, 'submitting', { demo });
        this.move(id, 'submitted', { remoteTaskId: task.id, detail: { attached: true } });
        return id;
      })
      .immediate();
    const row = this.rounds.round(roundId);
    if (row) this.launch(this.startable(row, (signal) => this.adapter.follow(row, signal)));
    return roundId;
  }
}
