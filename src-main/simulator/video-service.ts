import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  VIDEO_PATHS,
  videoGenerateShape,
  type VideoGenerateRequest,
} from '../../src-shared/api/video.ts';
import { videoRequestIssues } from '../../src-shared/api/video-request-rules.ts';
import { VIDEO_LIMITS } from '../../src-shared/domain/limits.ts';
import { chargeCents, estimateVideoCost } from '../../src-shared/domain/pricing.ts';
import type { Account } from './accounts.ts';
import { jittered, parseJsonObject, type ApiContext, type ApiReply } from './api-context.ts';
import type { AssetRegistry } from './assets.ts';
import {
  DOWNLOAD_FAULTS,
  FIRST_LINK_FAULTS,
  TASK_FAULTS,
  UNKNOWN_STATUS_WORD,
  type FaultKind,
  type FaultPlan,
  type TaskFault,
} from './faults.ts';
import type { FileHost } from './file-host.ts';
import {
  checkAssets,
  lateFailure,
  outputSeconds,
  type LateFailure,
} from './video-request-checks.ts';

/**
 * The clips and last frames served as outputs. Beside this file in the source tree; a
 * bundled build (the app) passes where it packed them instead.
 */
export const DEFAULT_FIXTURES_DIR = fileURLToPath(new URL('./fixtures/', import.meta.url));

export interface VideoTiming {
  /** Time a task stays `pending` before `processing`. */
  pendingMs: number;
  /** Time from `processing` to a final status. */
  processingMs: number;
  jitter: number;
  /** How long output and last-frame URLs work after completion (upstream: about 24 h). */
  outputTtlMs: number;
  /** Tasks an account may have pending or processing at once (upstream: 120). */
  maxActiveTasks: number;
  /** Where the output clips are read from. */
  fixturesDir: string;
}

export const DEFAULT_VIDEO_TIMING: VideoTiming = {
  pendingMs: 2000,
  processingMs: 20_000,
  jitter: 0.2,
  outputTtlMs: 24 * 60 * 60 * 1000,
  maxActiveTasks: 120,
  fixturesDir: DEFAULT_FIXTURES_DIR,
};

interface VideoTask {
  id: string;
  /** Creation order, to list tasks created in the same millisecond newest first. */
  seq: number;
  account: Account;
  request: VideoGenerateRequest;
  createdAt: number;
  startsAt: number;
  endsAt: number;
  /** An `unknown-status` task answers a word we made up from this moment until `endsAt`. */
  unknownFrom?: number;
  fault: TaskFault | undefined;
  forcedFaults: ReadonlySet<FaultKind>;
  lateFailure: LateFailure | undefined;
  reservedCents: number;
  chargedSeconds: number;
  settled: boolean;
  outputs?: string[];
  lastFrameUrl?: string;
  chargedCents?: number;
}

const PORTRAIT_RATIOS = new Set(['3:4', '9:16']);
type ClipShape = 'landscape' | 'portrait';
const clipFile = (shape: ClipShape) => `${shape}.mp4`;
export const lastFrameFile = (shape: ClipShape) => `${shape}-last-frame.png`;

/**
 * Every file the service reads from `fixturesDir`. Packaging checks look for exactly these,
 * so a clip added here without being shipped fails a test rather than a demo.
 */
export const FIXTURE_FILES: readonly string[] = (['landscape', 'portrait'] as const).flatMap(
  (shape) => [clipFile(shape), lastFrameFile(shape)],
);

function videoError(
  status: number,
  code: string,
  message: string,
  extra: Record<string, string> = {},
): ApiReply {
  const type =
    {
      400: 'BadRequest',
      401: 'Unauthorized',
      403: 'Forbidden',
      404: 'NotFound',
      405: 'MethodNotAllowed',
      429: 'TooManyRequests',
    }[status] ?? 'Error';
  return { status, code, body: { error: { code, message, ...extra, type } } };
}

const videoAuthError = (): ApiReply =>
  videoError(
    401,
    'AuthenticationError',
    'The API key is missing or not valid: send Authorization: Bearer <API key>.',
  );

/** The video interface of sections 4.4 to 4.6, with billing per second of output. */
export class VideoService {
  private readonly tasks = new Map<string, VideoTask>();
  private readonly files: FileHost;
  private readonly faults: FaultPlan;
  private readonly assets: AssetRegistry;
  readonly timing: VideoTiming;
  private readonly now: () => number;

  constructor(
    files: FileHost,
    faults: FaultPlan,
    assets: AssetRegistry,
    timing: VideoTiming,
    now: () => number,
  ) {
    this.files = files;
    this.faults = faults;
    this.assets = assets;
    this.timing = timing;
    this.now = now;
  }

  /** Answers a video operation, or undefined when the path is not one. */
  handle(ctx: ApiContext): ApiReply | undefined {
    const { origin } = ctx;
    const taskPrefix = `${VIDEO_PATHS.tasks}/`;
    if (ctx.operation === VIDEO_PATHS.generate) {
      if (ctx.method !== 'POST') return methodNotAllowed('POST');
      if (!ctx.account) return videoAuthError();
      return this.generate(ctx, ctx.account);
    }
    if (ctx.operation === VIDEO_PATHS.tasks) {
      if (ctx.method !== 'GET') return methodNotAllowed('GET');
      if (!ctx.account) return videoAuthError();
      return this.list(ctx.query, ctx.account, origin);
    }
    if (ctx.operation.startsWith(taskPrefix)) {
      if (ctx.method !== 'GET') return methodNotAllowed('GET');
      if (!ctx.account) return videoAuthError();
      const id = decodeURIComponent(ctx.operation.slice(taskPrefix.length));
      const task = this.tasks.get(id);
      if (!task || task.account !== ctx.account) {
        return videoError(404, 'NotFound', `Task ${id} was not found.`);
      }
      return { status: 200, body: { task: this.view(task, origin) } };
    }
    return undefined;
  }

  /** Charges every finished task of the account, so balances are current when read. */
  settle(account: Account, origin: string): void {
    for (const task of this.tasks.values()) {
      if (task.account === account && !task.settled) this.view(task, origin);
    }
  }

  private generate(ctx: ApiContext, account: Account): ApiReply {
    const json = parseJsonObject(ctx.body);
    if (!json)
      return videoError(400, 'InvalidParameter', 'The request body must be a JSON object.');
    const shape = videoGenerateShape.safeParse(json);
    if (!shape.success) {
      const issue = shape.error.issues[0];
      return videoError(400, 'InvalidParameter', issue?.message ?? 'The request is malformed.', {
        param: issue?.path.join('.') ?? '',
      });
    }
    const request = shape.data;
    const [issue] = videoRequestIssues(request);
    if (issue) return videoError(400, 'InvalidParameter', issue.message, { param: issue.param });
    if (!account.enabledModels.has(request.model)) {
      return videoError(
        400,
        'ModelNotEnabled',
        `The model ${request.model} is not enabled for this account.`,
        { param: 'model' },
      );
    }
    const assetIssue = checkAssets(this.assets, request);
    if (assetIssue)
      return videoError(400, 'InvalidParameter', assetIssue.message, { param: assetIssue.param });

    const estimateCents = estimateVideoCost(request.duration, account.tier).cents;
    if (account.spendableCents < estimateCents) {
      return videoError(
        403,
        'AccountOverdueError',
        `The balance is not sufficient for this request (about ${(estimateCents / 100).toFixed(2)} USD): top up the API balance.`,
      );
    }
    const active = [...this.tasks.values()].filter(
      (t) => t.account === account && !t.settled,
    ).length;
    if (active >= this.timing.maxActiveTasks) {
      return {
        ...videoError(
          429,
          'RateLimitExceeded.QueueFull',
          `At most ${this.timing.maxActiveTasks} tasks may wait or run at once; try again when some have finished.`,
        ),
        headers: { 'Retry-After': '10' },
      };
    }

    const id = `vid_${this.faults.draw('video-task', ctx.identity).toString(36).slice(2, 14)}`;
    const createdAt = this.now();
    const startsAt =
      createdAt +
      jittered(this.timing.pendingMs, this.timing.jitter, this.faults.draw('video-pending', id));
    const finishes =
      startsAt +
      jittered(
        this.timing.processingMs,
        this.timing.jitter,
        this.faults.draw('video-processing', id),
      );
    const fault = TASK_FAULTS.find((kind) => this.faults.hits(kind, id, ctx.forced));
    const overrun =
      fault === 'overrun' || fault === 'unknown-status' ? this.faults.config.overrunMs : 0;
    const endsAt = finishes + overrun;
    account.reservedCents += estimateCents;
    const task: VideoTask = {
      id,
      seq: this.tasks.size,
      account,
      request,
      createdAt,
      startsAt,
      endsAt,
      ...(fault === 'unknown-status' ? { unknownFrom: finishes } : {}),
      fault,
      forcedFaults: ctx.forced,
      lateFailure: lateFailure(this.assets, request, fault),
      reservedCents: estimateCents,
      chargedSeconds: outputSeconds(this.assets, request),
      settled: false,
    };
    this.tasks.set(id, task);
    return {
      status: 200,
      body: {
        task: {
          id,
          status: 'pending',
          model: request.model,
          created_at: Math.floor(createdAt / 1000),
        },
      },
    };
  }

  private view(task: VideoTask, origin: string): Record<string, unknown> {
    const now = this.now();
    const base = {
      id: task.id,
      model: task.request.model,
      created_at: Math.floor(task.createdAt / 1000),
    };
    if (now < task.startsAt) return { ...base, status: 'pending', updated_at: base.created_at };
    if (task.fault === 'never-finish' || now < task.endsAt) {
      const unknown = task.unknownFrom !== undefined && now >= task.unknownFrom;
      return {
        ...base,
        status: unknown ? UNKNOWN_STATUS_WORD : 'processing',
        updated_at: Math.floor(task.startsAt / 1000),
      };
    }
    const updated = { ...base, updated_at: Math.floor(task.endsAt / 1000) };
    if (!task.settled) this.finish(task, origin);
    else if (
      [...(task.outputs ?? []), task.lastFrameUrl ?? ''].some(
        (url) => url && !this.files.serves(url),
      )
    ) {
      this.hostOutputs(task, origin, true);
    }
    if (task.lateFailure) return { ...updated, status: 'failed', error: task.lateFailure };
    return {
      ...updated,
      status: 'completed',
      duration: task.chargedSeconds,
      outputs: task.outputs,
      ...(task.lastFrameUrl ? { last_frame_url: task.lastFrameUrl } : {}),
    };
  }

  /** Releases the reservation, then charges the output seconds of a completed task. */
  private finish(task: VideoTask, origin: string): void {
    task.settled = true;
    task.account.reservedCents -= task.reservedCents;
    if (task.lateFailure) return;
    const cents = chargeCents(task.chargedSeconds, task.account.tier);
    task.account.balanceCents -= cents;
    task.chargedCents = cents;
    this.hostOutputs(task, origin, false);
  }

  /**
   * Links to the clip and its last frame. Asked again after a link expired or was spent, the
   * service signs fresh ones, which never repeat a first-link fault.
   */
  private hostOutputs(task: VideoTask, origin: string, fresh: boolean): void {
    const shape: ClipShape = PORTRAIT_RATIOS.has(task.request.ratio ?? '')
      ? 'portrait'
      : 'landscape';
    const expiresAt = (fresh ? this.now() : task.endsAt) + this.timing.outputTtlMs;
    const host = (name: string, file: string, contentType: string) => {
      const fault = DOWNLOAD_FAULTS.filter(
        (kind) => !fresh || !FIRST_LINK_FAULTS.includes(kind),
      ).find((kind) => this.faults.hits(kind, `${task.id} ${name}`, task.forcedFaults));
      return (
        origin +
        this.files.add({
          name,
          contentType,
          expiresAt,
          load: () => readFile(path.join(this.timing.fixturesDir, file)),
          ...(fault ? { fault } : {}),
        })
      );
    };
    task.outputs = [host(`${task.id}.mp4`, clipFile(shape), 'video/mp4')];
    if (task.request.return_last_frame) {
      task.lastFrameUrl = host(`${task.id}-last-frame.png`, lastFrameFile(shape), 'image/png');
    }
  }

  private list(query: URLSearchParams, account: Account, origin: string): ApiReply {
    const pageNum = query.has('page_num') ? Number(query.get('page_num')) : 1;
    const { min, max } = VIDEO_LIMITS.listPageSize;
    const pageSize = query.has('page_size')
      ? Number(query.get('page_size'))
      : VIDEO_LIMITS.listPageSize.default;
    if (!Number.isInteger(pageNum) || pageNum < 1) {
      return videoError(400, 'InvalidParameter', 'page_num must be a whole number from 1.', {
        param: 'page_num',
      });
    }
    if (!Number.isInteger(pageSize) || pageSize < min || pageSize > max) {
      return videoError(
        400,
        'InvalidParameter',
        `page_size must be a whole number from ${min} to ${max}.`,
        { param: 'page_size' },
      );
    }
    const status = query.get('filter.status');
    const ids = new Set(query.getAll('filter.task_ids'));
    const model = query.get('filter.model');
    const since = this.now() - VIDEO_LIMITS.listWindowDays * 24 * 60 * 60 * 1000;
    const views = [...this.tasks.values()]
      .filter((task) => task.account === account && task.createdAt >= since)
      .filter((task) => ids.size === 0 || ids.has(task.id))
      .filter((task) => !model || task.request.model === model)
      .sort((a, b) => b.createdAt - a.createdAt || b.seq - a.seq)
      .map((task) => this.view(task, origin))
      .filter((view) => !status || view['status'] === status);
    const start = (pageNum - 1) * pageSize;
    return {
      status: 200,
      body: {
        tasks: views.slice(start, start + pageSize),
        total: views.length,
        page_num: pageNum,
        page_size: pageSize,
      },
    };
  }
}

function methodNotAllowed(allowed: string): ApiReply {
  return {
    ...videoError(405, 'MethodNotAllowed', `Use ${allowed} for this operation.`),
    headers: { Allow: allowed },
  };
}
