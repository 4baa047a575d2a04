import { videoPhase, type VideoTask } from '../../../../src-shared/api/video.ts';
import { IN_FLIGHT_STATES } from '../../../../src-shared/domain/job-states.ts';
import { PRICE_PER_SECOND_USD, chargeCents } from '../../../../src-shared/domain/pricing.ts';
import type { Settings } from '../../../../src-shared/domain/settings.ts';
import type { Transport } from '../../api/http.ts';
import type { Poller } from '../../api/poller.ts';
import type { VideoClient } from '../../api/video-client.ts';
import { sweepOwnedTemps } from '../../fs/temp-files.ts';
import { said, type Wording } from '../../i18n/core-words.ts';
import {
  CheckAgainError,
  waitForTask,
  waitStart,
  withFreshLinks,
} from '../lifecycle/check-again.ts';
import type { JobAdapter, Lifecycle } from '../lifecycle/task-engine.ts';
import { storedError, submissionOutcome } from '../lifecycle/outcome.ts';
import { placeOf, saveRoundFiles, type RoundFilesContext } from './round-files.ts';
import { refuseUnknownPrompt } from './round-names.ts';
import { roundRequest, sendableRequest } from './round-planning.ts';
import { sentTaskCandidates } from './round-reconcile.ts';
import { refuseOverspending } from '../spending/round-spending.ts';
import type { ChargeNote } from '../spending/spending-history.ts';
import {
  VideoRounds,
  damagedRoundError,
  readRoundRequest,
  type VideoRoundRow,
} from './video-rounds.ts';

export interface RoundJobsOptions {
  client: VideoClient;
  transport: Transport;
  poller: Poller;
  settings: () => Settings;
  /** Where rounds are saved when the settings name no output folder. */
  defaultOutputDir: string;
  /** Whether rounds go to the built-in simulator now: their charges are then not real. */
  demo?: () => boolean;
}

/**
 * The video kind's own steps: the cost checked against the budget cap and the balance before
 * paying, the task id written with the move to `submitted`, the task polled, the clip and its
 * last frame downloaded with a sidecar beside them. A round whose submission has an unknown
 * outcome is looked up on the service's task list, never simply sent again.
 */
export class RoundJobs implements JobAdapter<VideoRoundRow> {
  readonly kind = 'video';
  readonly rounds: VideoRounds;
  private readonly options: RoundJobsOptions;
  private readonly life: Lifecycle;

  constructor(options: RoundJobsOptions, life: Lifecycle) {
    this.options = options;
    this.life = life;
    this.rounds = new VideoRounds(life.store);
  }

  private get store() {
    return this.life.store;
  }

  row(id: string): VideoRoundRow | undefined {
    return this.rounds.round(id);
  }

  inFlight(): VideoRoundRow[] {
    return this.rounds.roundsIn(IN_FLIGHT_STATES);
  }

  queued(): VideoRoundRow[] {
    return this.rounds.roundsIn(['queued']);
  }

  anyQueued(): boolean {
    return this.rounds.anyIn(['queued']);
  }

  group(round: VideoRoundRow): string {
    return round.shot_id;
  }

  concurrency(): number {
    return this.options.settings().concurrency.video;
  }

  unknownOutcome(): Wording {
    return { id: 'core.jobs.roundUnknownOutcome' };
  }

  canceledNote(): string {
    return said('core.jobs.roundPollingStopped');
  }

  async follow(round: VideoRoundRow, signal: AbortSignal): Promise<void> {
    // A download cut off by a crash left its temporary file beside the clip: remove it.
    // Only a round caught downloading can have one; the project's folder stays unread.
    if (round.state === 'downloading')
      await sweepOwnedTemps(placeOf(this.files(), round).folder, round.id);
    await this.afterSubmit(round, signal);
  }

  /**
   * An attached round's stored request is a stand-in, and a damaged one is lost: neither is
   * paid for as it is (`roundRequest` refuses the second).
   */
  refuseNewAttempt(id: string): void {
    const round = this.rounds.round(id);
    if (!round) return;
    refuseUnknownPrompt(round);
    roundRequest(round);
  }

  private files(): RoundFilesContext {
    return {
      rounds: this.rounds,
      transport: this.options.transport,
      outputRoot: this.options.settings().outputFolder ?? this.options.defaultOutputDir,
      now: this.store.now,
    };
  }

  /** Prepare, check the spending, submit; then as `follow`. */
  async start(round: VideoRoundRow, signal: AbortSignal): Promise<void> {
    this.life.move(round.id, 'preparing');
    const stored = readRoundRequest(round);
    if (!stored.ok) {
      // Nothing was sent, so nothing was charged: the round fails and counts no money.
      this.life.move(round.id, 'failed', { error: damagedRoundError(stored.problem) });
      return;
    }
    const request = sendableRequest(stored.value);
    await refuseOverspending(
      { ...this.options, rounds: this.rounds, now: this.store.now },
      round,
      signal,
    );
    this.life.move(round.id, 'submitting', { demo: this.options.demo?.() ?? false });
    let task: VideoTask;
    try {
      task = await this.options.client.generate(request, { signal });
    } catch (error) {
      if (submissionOutcome(error) !== 'unknown') throw error;
      await this.unsure({ ...round, updated_at: this.store.now() }, signal);
      return;
    }
    this.life.move(round.id, 'submitted', { remoteTaskId: task.id });
    await this.afterSubmit(
      { ...round, remote_task_id: task.id, submitted_at: this.store.now() },
      signal,
    );
  }

  /**
   * A round whose submission may have reached the service: find it on the list by model and
   * the time it was sent, among tasks no other round holds. Exactly one match is adopted and
   * polled; none or several leave the choice to the user.
   */
  async unsure(round: VideoRoundRow, signal: AbortSignal): Promise<void> {
    const stored = readRoundRequest(round);
    if (!stored.ok) {
      this.life.move(round.id, 'needs-attention', {
        error: damagedRoundError(stored.problem, { id: 'core.jobs.roundUnknownOutcomeDamaged' }),
      });
      return;
    }
    const request = stored.value;
    const sentAt = round.updated_at;
    const matches = await sentTaskCandidates(
      { ...this.options, rounds: this.rounds, now: this.store.now },
      request.model,
      sentAt,
      signal,
    );
    const [only] = matches;
    if (matches.length === 1 && only) {
      this.life.move(round.id, 'submitted', {
        remoteTaskId: only.id,
        detail: { reconciled: true },
      });
      await this.afterSubmit({ ...round, remote_task_id: only.id, submitted_at: sentAt }, signal);
      return;
    }
    this.life.move(round.id, 'needs-attention', {
      error: storedError('unknown-outcome', { id: 'core.jobs.roundUnknownOutcome' }),
      detail: { candidates: matches.map((task) => task.id) },
    });
  }

  private async afterSubmit(round: VideoRoundRow, signal: AbortSignal): Promise<void> {
    const taskId = round.remote_task_id;
    if (!taskId) throw new Error(`round ${round.id} has no task id`);
    if (this.rounds.round(round.id)?.state === 'submitted') this.life.move(round.id, 'processing');
    const task = await waitForTask<VideoTask>(this.options.poller, {
      kind: 'video',
      ...(round.submitted_at ? { submittedAt: round.submitted_at } : {}),
      ...waitStart(this.store, round.id),
      signal,
      check: async () => {
        const seen = await this.options.client.get(taskId, { signal });
        const phase = videoPhase(seen.status);
        if (phase === 'in-progress') return { done: false };
        if (phase === 'unknown') return { done: false, status: seen.status };
        return { done: true, value: seen };
      },
    });
    if (videoPhase(task.status) === 'failed') {
      this.life.move(round.id, 'failed', {
        chargedCents: 0,
        // The service's own words when it gave some (they stay as it wrote them), else ours.
        error: task.error?.message
          ? { code: task.error.code ?? `task-${task.status}`, message: task.error.message }
          : storedError(task.error?.code ?? `task-${task.status}`, {
              id: 'core.jobs.roundReported',
              values: { status: task.status },
            }),
      });
      return;
    }
    if (this.rounds.round(round.id)?.state !== 'downloading')
      this.life.move(round.id, 'downloading');
    // The service charges the seconds it made; without that figure, the estimate stands in.
    const tier = this.options.settings().pricingTier;
    const seconds = typeof task.duration === 'number' ? task.duration : undefined;
    const charged = seconds === undefined ? round.estimate_cents : chargeCents(seconds, tier);
    const saved = await withFreshLinks(
      task,
      (links) => saveRoundFiles(this.files(), round, links, charged, signal),
      () => this.freshLinks(taskId, signal),
    );
    this.life.move(round.id, 'done', {
      outputs: saved.outputs,
      ...(saved.lastFramePath ? { lastFramePath: saved.lastFramePath } : {}),
      chargedCents: charged,
      // What the charge was made of, for the spending history.
      ...(seconds === undefined
        ? {}
        : {
            detail: {
              charge: { seconds, pricePerSecondUsd: PRICE_PER_SECOND_USD[tier] },
            } satisfies ChargeNote,
          }),
    });
  }

  /** The task asked for again by its id (free), for fresh links after the ones given failed. */
  private async freshLinks(taskId: string, signal: AbortSignal): Promise<VideoTask> {
    const seen = await this.options.client.get(taskId, { signal });
    if (videoPhase(seen.status) !== 'succeeded' || !seen.outputs?.length) {
      throw new CheckAgainError({
        id: 'core.jobs.linkGone',
        values: { what: 'clip', status: seen.status },
      });
    }
    return seen;
  }
}
