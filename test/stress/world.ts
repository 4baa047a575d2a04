import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { VideoGenerateRequest } from '../../src-shared/api/video.ts';
import { SETTLED_STATES, type JobState } from '../../src-shared/domain/job-states.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../src-shared/domain/settings.ts';
import type { Clock } from '../../src-main/core/api/clock.ts';
import { createTransport, type Transport } from '../../src-main/core/api/http.ts';
import { Poller, type PollKind } from '../../src-main/core/api/poller.ts';
import { VideoClient } from '../../src-main/core/api/video-client.ts';
import { WatermarkClient } from '../../src-main/core/api/watermark-client.ts';
import { JobStore } from '../../src-main/core/jobs/store/store.ts';
import type { JobEvent } from '../../src-main/core/jobs/store/job-tables.ts';
import { VideoEngine } from '../../src-main/core/jobs/video/video-engine.ts';
import type { RoundOutputs } from '../../src-main/core/jobs/video/video-rounds.ts';
import { WatermarkEngine } from '../../src-main/core/jobs/watermark/watermark-engine.ts';
import type { FaultConfig } from '../../src-main/simulator/faults.ts';
import { startSimulator, type Simulator } from '../../src-main/simulator/server.ts';
import { makePhoto } from '../support/images.ts';
import { paidSubmissionsSentTwice } from '../support/paid-submissions.ts';
import { scaledClock } from '../support/scaled-clock.ts';

/** `STRESS_SCALE=full` (what `npm run test:stress` runs) or `short` (what CI runs). */
export const FULL = process.env['STRESS_SCALE'] !== 'short';

export const STRESS_KEY = 'stress-key';
const KEY = STRESS_KEY;
// Simulated time runs 10 times faster: the 5-10 s video poll interval takes 0.5-1 s. Faster
// than that, a real delay (a connection held until the transport's timeout) is magnified
// into simulated minutes and tasks give up on deadlines no real run would reach.
const TIME_SCALE = 10;

/** Where the engines send their requests. */
export interface Endpoints {
  watermarkBaseUrl: string;
  videoBaseUrl: string;
}

/** What became of every job of a run. `lost` must be 0: a job neither settled nor accounted for. */
export interface Tally {
  jobs: number;
  done: number;
  failed: number;
  needsAttention: number;
  canceled: number;
  lost: number;
  /** Why jobs failed or wait for the user, with how many each. */
  reasons: Record<string, number>;
}

/**
 * A simulator with faults, a job database, and both engines as the app runs them, all on one
 * clock that runs faster than the wall clock, in a folder of its own.
 */
export class StressWorld {
  readonly dir: string;
  /** The simulator this world started, or undefined when it uses one running elsewhere. */
  readonly sim: Simulator | undefined;
  readonly endpoints: Endpoints;
  /** Keep every job event (off for a soak, where the list itself would grow). */
  recordEvents = true;
  readonly clock: Clock;
  readonly transport: Transport;
  readonly settings: Settings;
  store: JobStore;
  watermark: WatermarkEngine;
  video: VideoEngine;
  readonly events: JobEvent[] = [];
  private readonly spaceCheckMs: number;
  /** Local waits for a task that differ from the ones below, in simulated time. */
  private readonly deadlines: Partial<Record<PollKind, number>>;
  private photos = 0;
  private takes = 0;

  private constructor(
    dir: string,
    sim: Simulator | Endpoints,
    clock: Clock,
    outputFolder: string,
    spaceCheckMs: number,
    deadlines: Partial<Record<PollKind, number>> = {},
  ) {
    this.deadlines = deadlines;
    this.dir = dir;
    this.sim = 'requestLog' in sim ? sim : undefined;
    this.endpoints = { watermarkBaseUrl: sim.watermarkBaseUrl, videoBaseUrl: sim.videoBaseUrl };
    this.clock = clock;
    this.spaceCheckMs = spaceCheckMs;
    this.transport = createTransport({ timeoutMs: 10_000, maxConnections: 32 });
    this.settings = {
      ...DEFAULT_SETTINGS,
      outputFolder,
      concurrency: { watermark: 16, video: 10 },
    };
    this.store = this.openStore();
    [this.watermark, this.video] = this.engines();
  }

  static async start(
    options: {
      faults?: Partial<FaultConfig>;
      outputFolder?: string;
      spaceCheckMs?: number;
      deadlines?: Partial<Record<PollKind, number>>;
    } = {},
  ): Promise<StressWorld> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-stress-'));
    const clock = scaledClock(TIME_SCALE);
    const sim = await startSimulator({
      now: () => clock.now(),
      accounts: [{ key: KEY, credits: 1_000_000, balanceUsd: 100_000 }],
      watermark: { processingMs: 2000, jitter: 0.3 },
      video: { pendingMs: 5000, processingMs: 60_000, jitter: 0.3, maxActiveTasks: 120 },
      faults: { retryAfterSeconds: 0, ...options.faults },
    });
    const world = new StressWorld(
      dir,
      sim,
      clock,
      options.outputFolder ?? path.join(dir, 'out'),
      options.spaceCheckMs ?? 200,
      options.deadlines,
    );
    world.watermark.recover();
    world.video.recover();
    return world;
  }

  /**
   * Engines on the wall clock against a simulator running in another process, in `dir`:
   * what a soak measures, so that the simulator's own memory is not counted.
   */
  static connect(endpoints: Endpoints, dir: string): StressWorld {
    const world = new StressWorld(dir, endpoints, scaledClock(1), path.join(dir, 'out'), 5000);
    world.watermark.recover();
    world.video.recover();
    return world;
  }

  private openStore(): JobStore {
    return JobStore.open(path.join(this.dir, 'jobs.sqlite'), { now: () => this.clock.now() });
  }

  private engines(): [WatermarkEngine, VideoEngine] {
    const poller = new Poller({
      clock: this.clock,
      // A round that never finishes is given up after 20 simulated minutes rather than the
      // app's 2 hours, to keep the run short; images keep the app's 10 minutes.
      deadlines: { video: 20 * 60_000, ...this.deadlines },
    });
    const retry = { maxAttempts: 5, baseDelayMs: 5, maxDelayMs: 50, maxRetryAfterMs: 100 };
    const onEvent = (event: JobEvent) => {
      if (this.recordEvents) this.events.push(event);
    };
    const common = {
      store: this.store,
      transport: this.transport,
      poller,
      settings: () => this.settings,
      onEvent,
      spaceCheckMs: this.spaceCheckMs,
    };
    return [
      new WatermarkEngine({
        ...common,
        client: new WatermarkClient({
          baseUrl: this.endpoints.watermarkBaseUrl,
          key: () => KEY,
          transport: this.transport,
          retry,
        }),
      }),
      new VideoEngine({
        ...common,
        client: new VideoClient({
          baseUrl: this.endpoints.videoBaseUrl,
          key: () => KEY,
          transport: this.transport,
          retry,
        }),
        defaultOutputDir: path.join(this.dir, 'videos'),
      }),
    ];
  }

  /** Writes `count` distinct small photos and queues them as one batch. */
  async addImages(count: number, size = { width: 48, height: 32 }): Promise<string[]> {
    const folder = path.join(this.dir, 'photos');
    await mkdir(folder, { recursive: true });
    const files: string[] = [];
    for (let i = 0; i < count; i += 1) {
      this.photos += 1;
      const file = path.join(folder, `photo-${String(this.photos).padStart(5, '0')}.png`);
      await writeFile(file, await makePhoto(size.width, size.height, 'png', this.photos));
      files.push(file);
    }
    return this.watermark.add(files.map((inputPath) => ({ inputPath })));
  }

  /** Queues `count` rounds with prompts of their own, so no two bodies are alike. */
  addRounds(count: number, project = 'Stress'): string[] {
    const shot = this.video.rounds.addShot(this.video.rounds.createProject(project), 'one');
    return Array.from({ length: count }, () => {
      this.takes += 1;
      const request: VideoGenerateRequest = {
        model: 'videomodel-2-5',
        content: [{ type: 'text', text: `A harbour under load, take ${this.takes}` }],
        duration: 4,
        return_last_frame: this.takes % 2 === 0,
      };
      return this.video.addRound(shot, request).roundId;
    });
  }

  /** Resolves when both engines have nothing left to do, or rejects after `limitMs`. */
  async settle(limitMs: number): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.all([this.watermark.whenIdle(), this.video.whenIdle()]),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`jobs still running after ${limitMs} ms`)),
          limitMs,
        );
      }),
    ]).finally(() => clearTimeout(timer));
  }

  /** Stops both engines as a quit would, and starts them again on the same database. */
  async restart(): Promise<void> {
    await this.stopEngines();
    this.store.close();
    this.store = this.openStore();
    [this.watermark, this.video] = this.engines();
    this.watermark.recover();
    this.video.recover();
  }

  tallyImages(ids: readonly string[]): Tally {
    return tally(ids, (id) => {
      const row = this.store.getWatermarkJob(id);
      if (!row) return undefined;
      const outputMissing =
        row.state === 'done' && !!row.output_path && !existsSync(row.output_path);
      return { state: row.state, error: row.error_json, outputMissing };
    });
  }

  tallyRounds(ids: readonly string[]): Tally {
    return tally(ids, (id) => {
      const row = this.video.rounds.round(id);
      if (!row) return undefined;
      const outputs = row.outputs_json ? (JSON.parse(row.outputs_json) as RoundOutputs) : undefined;
      const outputMissing =
        row.state === 'done' && !(outputs?.videos.length && outputs.videos.every(existsSync));
      return { state: row.state, error: row.error_json, outputMissing };
    });
  }

  /** Paid requests whose body reached the service more than once. */
  paidTwice(): number {
    if (!this.sim) throw new Error('the simulator runs elsewhere: count paid requests there');
    return paidSubmissionsSentTwice(this.sim.requestLog()).length;
  }

  /** Stops both engines and waits until their jobs have let go of the store. */
  private async stopEngines(): Promise<void> {
    this.watermark.stop();
    this.video.stop();
    await Promise.all([this.watermark.whenIdle(), this.video.whenIdle()]);
  }

  async close(): Promise<void> {
    await this.stopEngines();
    this.store.close();
    await this.transport.close();
    if (this.sim) {
      await this.sim.stop();
      await rm(this.dir, { recursive: true, force: true });
    }
  }
}

/** Every file under `folder`, by full path. */
export async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

function tally(
  ids: readonly string[],
  read: (
    id: string,
  ) => { state: JobState; error: string | null; outputMissing: boolean } | undefined,
): Tally {
  const result: Tally = {
    jobs: ids.length,
    done: 0,
    failed: 0,
    needsAttention: 0,
    canceled: 0,
    lost: 0,
    reasons: {},
  };
  for (const id of ids) {
    const job = read(id);
    if (!job || !SETTLED_STATES.has(job.state) || job.outputMissing) {
      result.lost += 1;
      continue;
    }
    const key = (
      {
        done: 'done',
        failed: 'failed',
        'needs-attention': 'needsAttention',
        canceled: 'canceled',
      } as const
    )[job.state as 'done' | 'failed' | 'needs-attention' | 'canceled'];
    result[key] += 1;
    if (job.state !== 'done' && job.error) {
      const { message } = JSON.parse(job.error) as { message: string };
      result.reasons[message] = (result.reasons[message] ?? 0) + 1;
    }
  }
  return result;
}
