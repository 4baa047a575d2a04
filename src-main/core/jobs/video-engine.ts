import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  videoPhase,
  type VideoGenerateRequest,
  type VideoTask,
} from '../../../src-shared/api/video.ts';
import { balanceProblem, budgetProblem } from '../../../src-shared/domain/budget.ts';
import { IN_FLIGHT_STATES, type JobState } from '../../../src-shared/domain/job-states.ts';
import {
  PRICE_PER_SECOND_USD,
  chargeCents,
  estimateVideoCost,
  toCents,
} from '../../../src-shared/domain/pricing.ts';
import type { Settings } from '../../../src-shared/domain/settings.ts';
import type { ExtendPlace } from '../../../src-shared/ipc/contract.ts';
import { download } from '../api/downloader.ts';
import { AbortedError, AuthenticationError } from '../api/errors.ts';
import type { Transport } from '../api/http.ts';
import type { Poller } from '../api/poller.ts';
import type { VideoClient } from '../api/video-client.ts';
import { writeFileAtomic } from '../fs/atomic-write.ts';
import { sweepOwnedTemps } from '../fs/temp-files.ts';
import { DEFAULT_VIDEO_MODEL, VIDEO_LIMITS } from '../../../src-shared/domain/limits.ts';
import { coreIntl, said } from '../i18n/core-words.ts';
import { UserFacingError } from '../user-error.ts';
import {
  CheckAgainError,
  TaskJobLoop,
  waitForTask,
  waitStart,
  withFreshLinks,
} from './check-again.ts';
import { failureStep, fairShare, type Startable } from './job-loop.ts';
import { submissionOutcome } from './outcome.ts';
import type { ChargeNote } from './spending-history.ts';
import type { JobEvent, JobStore, TransitionPatch } from './store.ts';
import {
  VideoRounds,
  damagedRoundError,
  readRoundOutputs,
  readRoundRequest,
  type RoundOutputs,
  type VideoRoundRow,
} from './video-rounds.ts';
import {
  RoundRequestError,
  extensionRequest,
  videoExtensionRequest,
  queueRound,
  roundRequest,
  sendableRequest,
  type QueuedRound,
} from './round-planning.ts';
import { keepTakenFrame, keptFrameOf } from './local-last-frame.ts';

export { RoundRequestError };

export interface VideoEngineOptions {
  store: JobStore;
  client: VideoClient;
  transport: Transport;
  poller: Poller;
  settings: () => Settings;
  /** Where rounds are saved when the settings name no output folder. */
  defaultOutputDir: string;
  onEvent?: (event: JobEvent) => void;
  /** How often a round waiting for disk space looks again; tests shorten it. */
  spaceCheckMs?: number;
  /** Whether rounds go to the built-in simulator now: their charges are then not real. */
  demo?: () => boolean;
}

/** A round the engine refused before paying: over the cap, or more than the balance. */
export class SpendingRefusedError extends UserFacingError {}

/** How far around the moment of sending a task on the service's list may be ours, in ms. */
const RECONCILE_SLACK_MS = 2 * 60 * 1000;

/** Retry and Duplicate pay for the stored request, which for an attached task is a stand-in. */
function refuseUnknownPrompt(round: VideoRoundRow): void {
  if (round.prompt_unknown !== 1) return;
  throw new RoundRequestError(
    said('core.rounds.promptUnknown', { position: String(round.position) }),
  );
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

/**
 * Runs video rounds: checks the cost against the budget cap and the balance before paying,
 * writes the task id with the move to `submitted`, polls every 5-10 s from the shared poller,
 * downloads the clip and its last frame, and leaves a sidecar JSON beside each clip. A round
 * whose submission has an unknown outcome is looked up on the service's task list, never
 * simply sent again.
 */
export class VideoEngine extends TaskJobLoop {
  readonly rounds: VideoRounds;
  private readonly options: VideoEngineOptions;

  constructor(options: VideoEngineOptions) {
    super();
    this.options = options;
    this.rounds = new VideoRounds(options.store);
    if (options.spaceCheckMs !== undefined) this.spaceCheckMs = options.spaceCheckMs;
  }

  protected move(id: string, to: JobState, patch: TransitionPatch = {}): void {
    const event = this.options.store.transition('video', id, to, patch);
    this.options.onEvent?.(event);
  }

  private stateOf(id: string): JobState | undefined {
    return this.rounds.round(id)?.state;
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
    if (!round) throw new RoundRequestError(said('core.rounds.roundGone'));
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
    const queued = this.options.store.db.transaction(() => {
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
    if (!round) throw new RoundRequestError(said('core.rounds.noRound', { round: roundId }));
    let frame = await keptFrameOf(round);
    const clip = readRoundOutputs(round);
    const firstClip = clip.ok && !clip.value?.lastFrameUrl ? clip.value?.videos[0] : undefined;
    // Nothing kept (or it is gone): the frame the window took from the clip is kept now.
    if (frame === undefined && takenFrame && firstClip) {
      this.options.store.setLastFramePath(roundId, await keepTakenFrame(firstClip, takenFrame));
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
    if (!round) throw new RoundRequestError(said('core.rounds.noRound', { round: roundId }));
    return this.queueContinuation(round, videoExtensionRequest(round, prompt, assetUrl), into);
  }

  /**
   * Picks up what a previous run left: local steps start again, sent rounds are polled by
   * their task id, and a round caught while being sent is looked up on the service.
   */
  recover(): void {
    for (const round of this.rounds.roundsIn(IN_FLIGHT_STATES)) {
      const work = this.resumable(round.id);
      if (work) this.launch(work);
    }
    this.pump();
  }

  protected resumable(id: string): Startable | undefined {
    const round = this.rounds.round(id);
    if (round?.state === 'preparing') this.move(id, 'queued', { detail: { recovered: true } });
    else if (round?.state === 'submitting') {
      return this.startable(round, (signal) => this.reconcile(round, signal));
    } else if (round && IN_FLIGHT_STATES.includes(round.state)) {
      return this.startable(round, async (signal) => {
        // A download cut off by a crash left its temporary file beside the clip: remove it.
        // Only a round caught downloading can have one; the project's folder stays unread.
        if (round.state === 'downloading')
          await sweepOwnedTemps(this.placeOf(round).folder, round.id);
        await this.afterSubmit(round, signal);
      });
    }
    return undefined;
  }

  protected standing(id: string): { state: JobState; taskIdKnown: boolean } | undefined {
    const round = this.rounds.round(id);
    return round && { state: round.state, taskIdKnown: round.remote_task_id !== null };
  }

  protected noteWaiting(id: string, error: { code: string; message: string } | null): void {
    const event = this.options.store.noteWaiting('video', id, error);
    if (event) this.options.onEvent?.(event);
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
      throw new RoundRequestError(said('core.rounds.taskInShot'));
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
    const roundId = this.options.store.db
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
    if (row) this.launch(this.startable(row, (signal) => this.afterSubmit(row, signal)));
    return roundId;
  }

  /** Stops polling; the service may still finish and charge a round already sent. */
  cancel(ids: readonly string[]): void {
    for (const id of ids) {
      const state = this.stateOf(id);
      if (state === 'queued' || state === 'needs-attention' || this.stopWaiting(id)) {
        this.move(id, 'canceled');
      } else this.abortRunning(id);
    }
  }

  /**
   * An attached round's stored request is a stand-in, and a damaged one is lost: neither is
   * paid for as it is (`roundRequest` refuses the second).
   */
  protected override refuseNewAttempt(id: string): void {
    const round = this.rounds.round(id);
    if (!round) return;
    refuseUnknownPrompt(round);
    roundRequest(round);
  }

  protected concurrency(): number {
    return this.options.settings().concurrency.video;
  }

  protected hasQueued(): boolean {
    return this.rounds.anyIn(['queued']);
  }

  protected nextJobs(free: number, runningPerGroup: Map<string, number>): Startable[] {
    return fairShare(
      this.rounds.roundsIn(['queued']),
      (round) => round.shot_id,
      free,
      runningPerGroup,
    ).map((round) => this.startable(round, (signal) => this.runFromStart(round, signal)));
  }

  private startable(
    round: { id: string; shot_id: string },
    work: (signal: AbortSignal) => Promise<void>,
  ): Startable {
    return { id: round.id, group: round.shot_id, work };
  }

  protected settleFailure(id: string, error: unknown, signal: AbortSignal): void {
    const step = failureStep({
      state: this.stateOf(id),
      error,
      aborted: signal.aborted,
      stopping: this.stopped,
      unknownOutcome: said('core.jobs.roundUnknownOutcome'),
      canceledNote: said('core.jobs.roundPollingStopped'),
    });
    if (step) this.move(id, step.to, step.patch);
  }

  /** The balance, when the service gives one; other quota failures only skip this check. */
  private async balanceCents(signal: AbortSignal): Promise<number | undefined> {
    try {
      const quota = await this.options.client.quota({ signal });
      return quota.balance_usd === undefined ? undefined : toCents(quota.balance_usd);
    } catch (error) {
      if (error instanceof AuthenticationError || signal.aborted) throw error;
      return undefined;
    }
  }

  private async runFromStart(round: VideoRoundRow, signal: AbortSignal): Promise<void> {
    this.move(round.id, 'preparing');
    const stored = readRoundRequest(round);
    if (!stored.ok) {
      // Nothing was sent, so nothing was charged: the round fails and counts no money.
      this.move(round.id, 'failed', { error: damagedRoundError(stored.problem) });
      return;
    }
    const request = sendableRequest(stored.value);
    const balance = await this.balanceCents(signal);
    if (signal.aborted)
      throw new AbortedError('canceled before sending', { operation: 'video.generate' });
    // From here to the move to `submitting` nothing awaits, so rounds starting together
    // each see the others' estimates as in flight.
    const settings = this.options.settings();
    const refused =
      budgetProblem(
        coreIntl(),
        settings.budgetCapUsd,
        this.rounds.spendingForCap(settings.budgetCapPeriod, this.options.store.now(), round.id),
        round.estimate_cents,
      ) ??
      (balance === undefined
        ? undefined
        : balanceProblem(
            coreIntl(),
            balance,
            this.rounds.spending(round.id).inFlightCents,
            round.estimate_cents,
          ));
    if (refused) throw new SpendingRefusedError(refused);
    this.move(round.id, 'submitting', { demo: this.options.demo?.() ?? false });
    let task: VideoTask;
    try {
      task = await this.options.client.generate(request, { signal });
    } catch (error) {
      if (submissionOutcome(error) !== 'unknown') throw error;
      await this.reconcile({ ...round, updated_at: this.options.store.now() }, signal);
      return;
    }
    this.move(round.id, 'submitted', { remoteTaskId: task.id });
    await this.afterSubmit(
      { ...round, remote_task_id: task.id, submitted_at: this.options.store.now() },
      signal,
    );
  }

  /**
   * A round whose submission may have reached the service: find it on the list by model and
   * the time it was sent, among tasks no other round holds. Exactly one match is adopted and
   * polled; none or several leave the choice to the user.
   */
  private async reconcile(round: VideoRoundRow, signal: AbortSignal): Promise<void> {
    const stored = readRoundRequest(round);
    if (!stored.ok) {
      this.move(round.id, 'needs-attention', {
        error: damagedRoundError(stored.problem, said('core.jobs.roundUnknownOutcomeDamaged')),
      });
      return;
    }
    const request = stored.value;
    const sentAt = round.updated_at;
    let matches: VideoTask[];
    try {
      const list = await this.options.client.list(
        { model: request.model, pageSize: 100 },
        { signal },
      );
      const known = this.rounds.knownTaskIds();
      matches = list.tasks.filter(
        (task) =>
          !known.has(task.id) &&
          task.created_at !== undefined &&
          Math.abs(task.created_at * 1000 - sentAt) <=
            RECONCILE_SLACK_MS + (this.options.store.now() - sentAt),
      );
    } catch (error) {
      if (signal.aborted) throw error;
      matches = [];
    }
    const [only] = matches;
    if (matches.length === 1 && only) {
      this.move(round.id, 'submitted', { remoteTaskId: only.id, detail: { reconciled: true } });
      await this.afterSubmit({ ...round, remote_task_id: only.id, submitted_at: sentAt }, signal);
      return;
    }
    this.move(round.id, 'needs-attention', {
      error: { code: 'unknown-outcome', message: said('core.jobs.roundUnknownOutcome') },
      detail: { candidates: matches.map((task) => task.id) },
    });
  }

  private async afterSubmit(round: VideoRoundRow, signal: AbortSignal): Promise<void> {
    const taskId = round.remote_task_id;
    if (!taskId) throw new Error(`round ${round.id} has no task id`);
    if (this.stateOf(round.id) === 'submitted') this.move(round.id, 'processing');
    const task = await waitForTask<VideoTask>(this.options.poller, {
      kind: 'video',
      ...(round.submitted_at ? { submittedAt: round.submitted_at } : {}),
      ...waitStart(this.options.store, round.id),
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
      this.move(round.id, 'failed', {
        chargedCents: 0,
        error: {
          code: task.error?.code ?? `task-${task.status}`,
          message: task.error?.message ?? said('core.jobs.roundReported', { status: task.status }),
        },
      });
      return;
    }
    if (this.stateOf(round.id) !== 'downloading') this.move(round.id, 'downloading');
    // The service charges the seconds it made; without that figure, the estimate stands in.
    const tier = this.options.settings().pricingTier;
    const seconds = typeof task.duration === 'number' ? task.duration : undefined;
    const charged = seconds === undefined ? round.estimate_cents : chargeCents(seconds, tier);
    const saved = await withFreshLinks(
      task,
      (links) => this.saveOutputs(round, links, charged, signal),
      () => this.freshLinks(taskId, signal),
    );
    this.move(round.id, 'done', {
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
      throw new CheckAgainError(said('core.jobs.linkGone', { what: 'clip', status: seen.status }));
    }
    return seen;
  }

  /** A round's shot and project, and `<output folder>/<project>`, where its files go. */
  private placeOf(round: VideoRoundRow) {
    const shot = this.rounds.shot(round.shot_id);
    const project = shot ? this.rounds.project(shot.project_id) : undefined;
    const folder = path.join(
      this.options.settings().outputFolder ?? this.options.defaultOutputDir,
      slug(project?.name ?? 'project'),
    );
    return { shot, project, folder };
  }

  /**
   * Clips are named after the project, shot, round and attempt, so downloading again after a
   * crash replaces the same files instead of adding copies.
   */
  private async saveOutputs(
    round: VideoRoundRow,
    task: VideoTask,
    chargedCents: number,
    signal: AbortSignal,
  ): Promise<{ outputs: RoundOutputs; lastFramePath?: string }> {
    const { shot, project, folder } = this.placeOf(round);
    await mkdir(folder, { recursive: true });
    const base = `shot-${shot?.position ?? 0}-round-${round.position}${round.attempt > 1 ? `-try-${round.attempt}` : ''}`;
    const urls = task.outputs ?? [];
    if (urls.length === 0) throw new UserFacingError(said('core.jobs.noVideo'));
    const videos: string[] = [];
    for (const [index, url] of urls.entries()) {
      const fileName = `${base}${urls.length > 1 ? `-${index + 1}` : ''}.mp4`;
      videos.push(
        (
          await download(this.options.transport, {
            url,
            targetDir: folder,
            fileName,
            signal,
            owner: round.id,
          })
        ).path,
      );
    }
    let lastFramePath: string | undefined;
    if (task.last_frame_url) {
      lastFramePath = (
        await download(this.options.transport, {
          url: task.last_frame_url,
          targetDir: folder,
          fileName: `${base}-last-frame.png`,
          signal,
          owner: round.id,
        })
      ).path;
    }
    // The clip is paid for: it is saved even when the round's request cannot be read back,
    // and the sidecar then leaves out what only the request could tell.
    const stored = readRoundRequest(round);
    const request = stored.ok ? stored.value : undefined;
    const sidecar = path.join(folder, `${base}.json`);
    await writeFileAtomic(
      sidecar,
      `${JSON.stringify(
        {
          source: 'Clearframe',
          project: project?.name,
          shot: shot?.position,
          round: round.position,
          attempt: round.attempt,
          taskId: task.id,
          model: request?.model,
          prompt:
            round.prompt_unknown === 1
              ? undefined
              : request?.content.filter((item) => item.type === 'text').map((item) => item.text),
          request,
          // A clip the simulator made cost nothing: its figures only show what it would cost.
          demo: this.rounds.round(round.id)?.demo === 1,
          estimateUsd: round.estimate_cents / 100,
          chargedUsd: chargedCents / 100,
          durationSeconds: task.duration ?? undefined,
          queuedAt: new Date(round.created_at).toISOString(),
          submittedAt: round.submitted_at ? new Date(round.submitted_at).toISOString() : undefined,
          finishedAt: new Date(this.options.store.now()).toISOString(),
          videos: videos.map((file) => path.basename(file)),
          lastFrame: lastFramePath ? path.basename(lastFramePath) : undefined,
        },
        null,
        2,
      )}\n`,
      { owner: round.id },
    );
    return {
      outputs: {
        videos,
        sidecar,
        videoUrls: urls,
        ...(task.last_frame_url ? { lastFrameUrl: task.last_frame_url } : {}),
      },
      ...(lastFramePath ? { lastFramePath } : {}),
    };
  }
}
