import type { Handlers } from '../../../src-shared/ipc/common.ts';
import type { videoContract } from '../../../src-shared/ipc/video.ts';
import { access } from 'node:fs/promises';
import path from 'node:path';
import {
  inlineReferenceBytes,
  inlineReferenceImage,
  type InlineReference,
} from '../jobs/video/reference-file.ts';
import { isAssetUrl, type VideoGenerateRequest } from '../../../src-shared/api/video.ts';
import { DEFAULT_VIDEO_MODEL } from '../../../src-shared/domain/limits.ts';
import type { VideoProjectView, VideoRoundView } from '../../../src-shared/ipc/contract.ts';
import { canCheckAgain } from '../../../src-shared/domain/job-states.ts';
import type { Settings } from '../../../src-shared/domain/settings.ts';
import type { VideoClient } from '../api/video-client.ts';
import { readStoredError } from '../jobs/lifecycle/outcome.ts';
import { knownVideoLengths, videoLengths } from '../jobs/video/reference-lengths.ts';
import { RoundRequestError, queueRound } from '../jobs/video/round-planning.ts';
import { shownError } from '../jobs/store/damaged-record.ts';
import type { JobEvent } from '../jobs/store/job-tables.ts';
import type { JobStore } from '../jobs/store/store.ts';
import { VideoArrangement } from '../jobs/video/video-arrangement.ts';
import { VideoEngine } from '../jobs/video/video-engine.ts';
import {
  damagedRoundError,
  readRoundOutputs,
  readRoundRequest,
  type VideoRoundRow,
} from '../jobs/video/video-rounds.ts';
import type { DeskContext } from './desk-context.ts';
import {
  exportProjectTakes,
  FilmShelf,
  joinProjectFilm,
  type ExportedTakes,
} from './project-film.ts';
import { logWait } from './wait-log.ts';

export type VideoHandlers = Handlers<typeof videoContract>;

/**
 * Shown for a round whose stored request cannot be read: it is marked as a round whose prompt
 * is not known, so the screen offers to write it again and never pays for this stand-in.
 */
const UNREADABLE_REQUEST: VideoGenerateRequest = { model: DEFAULT_VIDEO_MODEL, content: [] };

/**
 * What the screens may know of a round: the request as sent, money, files by name, state. A
 * round whose stored values cannot be read is still shown, with what is damaged as its error.
 */
export function videoRoundView(row: VideoRoundRow, seq: number): VideoRoundView {
  const request = readRoundRequest(row);
  const read = readRoundOutputs(row);
  const outputs = read.ok ? read.value : undefined;
  return {
    id: row.id,
    shotId: row.shot_id,
    position: row.position,
    state: row.state,
    request: request.ok ? request.value : UNREADABLE_REQUEST,
    estimateCents: row.estimate_cents,
    chargedCents: row.charged_cents,
    demo: row.demo === 1,
    promptUnknown: row.prompt_unknown === 1 || !request.ok,
    videos: (outputs?.videos ?? []).map((file) => path.basename(file)),
    hasLastFrame: row.last_frame_path !== null,
    lastFrameUrl: outputs?.lastFrameUrl ?? null,
    videoAsset: outputs?.videoUrls?.find(isAssetUrl) ?? null,
    error: shownError(readStoredError(row.error_json), [request, read], damagedRoundError),
    attempt: row.attempt,
    checkAgain: canCheckAgain(row.state, row.remote_task_id !== null),
    createdAt: row.created_at,
    submittedAt: row.submitted_at,
    updatedAt: row.updated_at,
    seq,
  };
}

/**
 * The video side of the app core: the engine, its rounds as views, and the handlers the
 * video workspace calls. Every round is checked by the same `queueRound` the command line
 * uses, so nothing the rules refuse reaches the service.
 */
export class VideoDesk {
  readonly engine: VideoEngine;
  readonly handlers: VideoHandlers;
  private readonly store: JobStore;
  private readonly settings: () => Settings;
  private readonly client: VideoClient;
  private readonly arrangement: VideoArrangement;
  private readonly films = new FilmShelf();
  private readonly demo: () => boolean;

  constructor(
    context: DeskContext,
    options: {
      client: VideoClient;
      outputDir: string;
      onChange: (rounds: VideoRoundView[]) => void;
      /** Whether video rounds go to the built-in simulator now. */
      demo: () => boolean;
    },
  ) {
    const { log } = context;
    this.store = context.store;
    this.settings = context.settings;
    this.client = options.client;
    this.demo = options.demo;
    this.engine = new VideoEngine({
      ...context,
      client: options.client,
      defaultOutputDir: options.outputDir,
      demo: options.demo,
      onEvent: (event: JobEvent) => {
        logWait(log, event, `round ${event.jobId}`);
        const row = this.engine.rounds.round(event.jobId);
        if (!row) return;
        const view = videoRoundView(row, event.seq);
        if (view.state === 'failed' || view.state === 'needs-attention') {
          log.warn('video', `round ${view.id} ${view.state}:`, view.error?.message ?? '');
        }
        options.onChange([view]);
      },
    });
    this.arrangement = new VideoArrangement(this.store, this.engine.rounds);
    this.handlers = this.createHandlers(options.onChange);
  }

  /** The file behind `round/<id>/video` or `round/<id>/last-frame`. */
  previewFile(roundId: string, side: 'video' | 'last-frame'): string | undefined {
    const row = this.engine.rounds.round(roundId);
    if (!row) return undefined;
    if (side === 'last-frame') return row.last_frame_path ?? undefined;
    const outputs = readRoundOutputs(row);
    return outputs.ok ? outputs.value?.videos[0] : undefined;
  }

  /** Copies the project's takes, one a shot in shot order, into `folder` (see `exportProjectTakes`). */
  exportProject(projectId: string, folder: string): Promise<ExportedTakes> {
    return exportProjectTakes(this.engine.rounds, projectId, folder);
  }

  private latestSeq(roundId: string): number {
    return this.store.events(roundId).at(-1)?.seq ?? 0;
  }

  private projectView(project: { id: string; name: string; created_at: number }): VideoProjectView {
    return {
      id: project.id,
      name: project.name,
      createdAt: project.created_at,
      shots: (this.engine.rounds.tree(project.id)?.shots ?? []).map((shot) => ({
        id: shot.id,
        position: shot.position,
        title: shot.title,
        rounds: shot.rounds.map((row) => videoRoundView(row, this.latestSeq(row.id))),
        chosenTakeId: shot.take_round_id,
      })),
    };
  }

  /** A project as the tree shows it, for the answer that created it or one of its shots. */
  private projectById(projectId: string): VideoProjectView {
    const project = this.engine.rounds.project(projectId);
    if (!project) throw new RoundRequestError({ id: 'core.app.projectGone' });
    return this.projectView(project);
  }

  private announce(
    onChange: (rounds: VideoRoundView[]) => void,
    roundIds: readonly string[],
  ): void {
    const views = roundIds
      .map((id) => this.engine.rounds.round(id))
      .filter((row) => row !== undefined)
      .map((row) => videoRoundView(row, this.latestSeq(row.id)));
    if (views.length > 0) onChange(views);
  }

  private createHandlers(onChange: (rounds: VideoRoundView[]) => void): VideoHandlers {
    const rounds = this.engine.rounds;
    const listed = () => ({
      projects: rounds.projects().map((project) => this.projectView(project)),
    });
    return {
      'video:projects': listed,
      'video:renameProject': ({ projectId, name }) => {
        this.arrangement.renameProject(projectId, name);
        return listed();
      },
      'video:move': ({ kind, id, by }) => {
        this.arrangement.move(kind, id, by);
        return listed();
      },
      'video:remove': ({ kind, id }) => {
        this.arrangement.remove(kind, id);
        return listed();
      },
      'video:takeFile': async ({ roundId }) => {
        const file = this.previewFile(roundId, 'video');
        const here = file
          ? await access(file).then(
              () => true,
              () => false,
            )
          : false;
        if (!file || !here) {
          throw new RoundRequestError({
            id: 'core.video.noTakeFile',
            values: { file: file ?? '', here: file ? 'gone' : 'none' },
          });
        }
        return { path: file };
      },
      'video:chooseTake': ({ shotId, roundId }) => {
        this.arrangement.chooseTake(shotId, roundId);
        return listed();
      },
      'video:createProject': ({ name }) => {
        const projectId = rounds.createProject(name);
        const shotId = rounds.addShot(projectId);
        return { projectId, shotId, project: this.projectById(projectId) };
      },
      'video:addShot': ({ projectId, title }) => {
        if (!rounds.project(projectId)) throw new RoundRequestError({ id: 'core.app.projectGone' });
        const shotId = rounds.addShot(projectId, title ?? '');
        const shot = this.projectById(projectId).shots.find((held) => held.id === shotId);
        if (!shot) throw new RoundRequestError({ id: 'core.app.shotNotAdded' });
        return { shotId, shot };
      },
      'video:queueRounds': async ({ rounds: asked }) => {
        const lengths = await knownVideoLengths(
          asked.map((round) => round.request),
          { rounds, demo: this.demo() },
        );
        // All of the batch is checked before any of it is queued: one bad round, none queued.
        const queued = this.store.db
          .transaction(() =>
            asked.map((round) =>
              queueRound(rounds, this.settings().pricingTier, round.shotId, round.request, lengths),
            ),
          )
          .immediate();
        this.announce(
          onChange,
          queued.map((round) => round.roundId),
        );
        this.engine.wake();
        return { queued };
      },
      'video:referenceLengths': async ({ urls }) => ({
        lengths: Object.fromEntries(
          await videoLengths(new Set(urls), { rounds, demo: this.demo() }),
        ),
      }),
      'video:inlineImage': ({ name, data }) =>
        inlineReferenceBytes(name, Buffer.from(data, 'base64')),
      'video:cancel': ({ ids }) => {
        const count = this.engine.cancel(ids);
        this.announce(onChange, ids);
        return { count };
      },
      'video:retry': ({ ids }) => ({ count: this.engine.retry(ids) }),
      'video:sendAgain': ({ ids }) => ({ count: this.engine.sendAgain(ids) }),
      'video:duplicate': ({ roundId }) => {
        const queued = this.engine.duplicate(roundId);
        this.announce(onChange, [queued.roundId]);
        return queued;
      },
      'video:history': async () => {
        const list = await this.client.list({ pageSize: 100 });
        const held = rounds.taskHolders();
        return {
          tasks: list.tasks.map((task) => ({
            id: task.id,
            status: task.status,
            model: task.model ?? null,
            createdAt: task.created_at === undefined ? null : task.created_at * 1000,
            roundId: held.get(task.id) ?? null,
          })),
        };
      },
      'video:attach': async ({ taskId, shotId }) => {
        if (!rounds.shot(shotId)) throw new RoundRequestError({ id: 'core.app.shotGone' });
        const task = await this.client.get(taskId);
        const roundId = this.engine.attach(shotId, task);
        this.announce(onChange, [roundId]);
        return { roundId };
      },
      'video:extend': async ({ roundId, prompt, into, from, videoAsset, takenFrame }) => {
        const queued =
          from === 'video'
            ? this.engine.extendVideo(roundId, prompt, videoAsset, into)
            : await this.engine.extendFromLastFrame(
                roundId,
                prompt,
                takenFrame === undefined ? undefined : Buffer.from(takenFrame, 'base64'),
                into,
              );
        this.announce(onChange, [queued.roundId]);
        return queued;
      },
    };
  }

  /** A picture on this computer as an inline reference image, held to the service's rules. */
  referenceImage(file: string): Promise<InlineReference> {
    return inlineReferenceImage(file);
  }

  /** Joins a project's takes into one film in `folder`; says where, and the id to preview it by. */
  async joinProject(
    projectId: string,
    folder: string,
    roundIds?: readonly string[],
  ): Promise<{ path: string; filmId: string }> {
    const film = await joinProjectFilm(this.engine.rounds, projectId, folder, roundIds);
    return { path: film, filmId: this.films.add(film) };
  }

  /** The film behind `film/<id>`, for the preview scheme. */
  filmFile(filmId: string): string | undefined {
    return this.films.file(filmId);
  }
}
