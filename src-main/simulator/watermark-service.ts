import sharp from 'sharp';
import { hasDataUrlPrefix, isRawBase64 } from '../../src-shared/api/base64.ts';
import { WATERMARK_CODES, WATERMARK_PATHS } from '../../src-shared/api/watermark.ts';
import { maskCoverage, maskToAlpha } from '../../src-shared/domain/mask-rule.ts';
import type { RgbPixels } from '../imaging/rgb-pixels.ts';
import { AS_STORED, decodeRgb } from '../imaging/decode-rgb.ts';
import { storedFormat } from './pixels.ts';
import { jittered, parseJsonObject, type ApiContext, type ApiReply } from './api-context.ts';
import {
  DOWNLOAD_FAULTS,
  FIRST_LINK_FAULTS,
  TASK_FAULTS,
  UNKNOWN_STATUS_WORD,
  type FaultPlan,
  type TaskFault,
} from './faults.ts';
import type { FileHost } from './file-host.ts';
import type { SmearSummary } from './request-log.ts';
import { inpaint, outputFormatFor, type OutputFormat } from './inpaint.ts';
import { SeenMarks } from './seen-marks.ts';

export interface WatermarkTiming {
  /** Time from submission to a final status. */
  processingMs: number;
  /** Spread of the processing time, ±fraction. */
  jitter: number;
  /** How long a result URL works after the task succeeds. */
  resultTtlMs: number;
}

export const DEFAULT_WATERMARK_TIMING: WatermarkTiming = {
  processingMs: 1500,
  jitter: 0.2,
  resultTtlMs: 60 * 60 * 1000,
};

interface WatermarkTask {
  id: string;
  accountId: string;
  readyAt: number;
  /** An `unknown-status` task answers a word we made up from this moment until `readyAt`. */
  unknownFrom?: number;
  fault: TaskFault | undefined;
  /** Faults the submit request forced, which also apply to its result file. */
  forcedFaults: ApiContext['forced'];
  output: OutputFormat;
  image: Buffer;
  mask: Buffer | undefined;
  /** The `mark-left` fault: the result keeps part of the mark. */
  leavesMark: boolean;
  /** The cleaned image, made once on the first download of any of the task's links. */
  produced?: Promise<Buffer>;
  resultUrl?: string;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function envelope(code: number, message: string, data?: unknown): ApiReply {
  return {
    status: 200,
    code,
    body: data === undefined ? { code, message } : { code, message, data },
  };
}

const parameterError = (message: string) => envelope(WATERMARK_CODES.parameter, message);

class InputError extends Error {}

/** The watermark interface of section 4.1 and 4.2: validation, credits, tasks, results. */
export class WatermarkService {
  /** The images sent with each mask, for the stand-in's un-blending (see seen-marks.ts). */
  private readonly seenMarks = new SeenMarks();
  private readonly tasks = new Map<string, WatermarkTask>();
  private readonly files: FileHost;
  private readonly faults: FaultPlan;
  readonly timing: WatermarkTiming;
  private readonly now: () => number;

  constructor(files: FileHost, faults: FaultPlan, timing: WatermarkTiming, now: () => number) {
    this.files = files;
    this.faults = faults;
    this.timing = timing;
    this.now = now;
  }

  async handle(ctx: ApiContext): Promise<ApiReply | undefined> {
    if (ctx.operation === WATERMARK_PATHS.submit) return this.submit(ctx);
    if (ctx.operation === WATERMARK_PATHS.result) return this.result(ctx);
    return undefined;
  }

  private async submit(ctx: ApiContext): Promise<ApiReply> {
    const account = ctx.account;
    if (!account) throw new Error('authenticated before submit');
    const body = parseJsonObject(ctx.body);
    if (!body) return parameterError('The request body must be a JSON object.');
    for (const member of ['image_url', 'image_base64', 'smear_url', 'smear_base64']) {
      if (body[member] !== undefined && typeof body[member] !== 'string') {
        return parameterError(`${member} must be a string.`);
      }
    }
    const { image_url, image_base64, smear_url, smear_base64 } = body as Record<
      string,
      string | undefined
    >;
    if (image_url === undefined && image_base64 === undefined) {
      return parameterError('One of image_url or image_base64 is required.');
    }
    if (image_url !== undefined && image_base64 !== undefined) {
      return parameterError('Give only one of image_url and image_base64.');
    }
    if (smear_url !== undefined && smear_base64 !== undefined) {
      return parameterError('Give only one of smear_url and smear_base64.');
    }

    let image: Buffer;
    let mask: Buffer | undefined;
    let decodedImage: RgbPixels;
    let smear: SmearSummary | undefined;
    try {
      image = await this.readMember('image', image_url, image_base64);
      decodedImage = await decodeImage(image, 'image');
      if (smear_url !== undefined || smear_base64 !== undefined) {
        mask = await this.readMember('smear', smear_url, smear_base64);
        const decodedMask = await decodeImage(mask, 'smear mask');
        if (
          decodedMask.width !== decodedImage.width ||
          decodedMask.height !== decodedImage.height
        ) {
          return parameterError(
            `The smear mask is ${decodedMask.width}x${decodedMask.height} but the image is ${decodedImage.width}x${decodedImage.height}; they must be the same size.`,
          );
        }
        if (maskCoverage(decodedMask.data, decodedMask.width, decodedMask.height).marked === 0) {
          return parameterError(
            'The smear mask marks nothing: paint the areas to remove in a colour other than pure black or pure white.',
          );
        }
        smear = summarise(decodedMask);
      }
    } catch (error) {
      if (error instanceof InputError) return parameterError(error.message);
      throw error;
    }

    if (account.creditsRemaining < 1) {
      return envelope(
        WATERMARK_CODES.insufficientCredits,
        'Insufficient credits to perform the action.',
      );
    }
    account.creditUsage += 1;
    const id = `wm_${this.faults.draw('watermark-task', ctx.identity).toString(36).slice(2, 14)}`;
    const fault = TASK_FAULTS.find((kind) => this.faults.hits(kind, id, ctx.forced));
    const finishes =
      this.now() +
      jittered(
        this.timing.processingMs,
        this.timing.jitter,
        this.faults.draw('watermark-time', id),
      );
    const overrun =
      fault === 'overrun' || fault === 'unknown-status' ? this.faults.config.overrunMs : 0;
    this.tasks.set(id, {
      id,
      accountId: account.id,
      readyAt: finishes + overrun,
      ...(fault === 'unknown-status' ? { unknownFrom: finishes } : {}),
      fault,
      forcedFaults: ctx.forced,
      output: outputFormatFor(await storedFormat(image)),
      image,
      mask,
      leavesMark: this.faults.hits('mark-left', id, ctx.forced),
    });
    return {
      ...envelope(WATERMARK_CODES.success, 'success', { task_id: id }),
      ...(smear ? { smear } : {}),
    };
  }

  private result(ctx: ApiContext): ApiReply {
    const body = parseJsonObject(ctx.body);
    if (!body) return parameterError('The request body must be a JSON object.');
    const taskId = body['task_id'];
    if (typeof taskId !== 'string' || taskId === '') {
      return parameterError('task_id is required: use the value the submit operation returned.');
    }
    const task = this.tasks.get(taskId);
    if (!task || task.accountId !== ctx.account?.id) {
      return parameterError(`Task ${taskId} was not found.`);
    }
    if (task.fault === 'never-finish' || this.now() < task.readyAt) {
      const unknown = task.unknownFrom !== undefined && this.now() >= task.unknownFrom;
      return envelope(WATERMARK_CODES.success, 'success', {
        status: unknown ? UNKNOWN_STATUS_WORD : 'processing',
        images: [],
      });
    }
    if (task.fault === 'fail-late') {
      const timedOut = this.faults.draw('watermark-late-kind', task.id) < 0.5;
      return envelope(WATERMARK_CODES.success, 'success', {
        status: timedOut ? 'timeout' : 'failed',
        images: [],
        err_msg: timedOut
          ? 'Processing took too long and was stopped.'
          : 'The image could not be processed.',
      });
    }
    // A link that has expired or was spent is replaced: asked again, the service signs a new one.
    if (!task.resultUrl || !this.files.serves(task.resultUrl)) {
      task.resultUrl = this.hostResult(task, ctx.origin, task.resultUrl !== undefined);
    }
    return envelope(WATERMARK_CODES.success, 'success', {
      status: 'success',
      images: [{ url: task.resultUrl }],
    });
  }

  /** A link to the result; a fresh one (asked for again) never repeats a first-link fault. */
  private hostResult(task: WatermarkTask, origin: string, fresh: boolean): string {
    const fault = DOWNLOAD_FAULTS.filter(
      (kind) => !fresh || !FIRST_LINK_FAULTS.includes(kind),
    ).find((kind) => this.faults.hits(kind, task.id, task.forcedFaults));
    if (!task.produced) {
      const { image, mask } = task;
      const cleaned = inpaint(image, mask, this.seenMarks);
      task.produced = task.leavesMark ? cleaned.then((out) => leftPartly(image, out)) : cleaned;
      // The inputs are not needed once the result exists; only the result is kept.
      task.produced.then(
        () => {
          task.image = Buffer.alloc(0);
          task.mask = undefined;
        },
        () => undefined,
      );
    }
    const produced = task.produced;
    return (
      origin +
      this.files.add({
        name: `${task.id}.${task.output.extension}`,
        contentType: task.output.contentType,
        expiresAt: (fresh ? this.now() : task.readyAt) + this.timing.resultTtlMs,
        load: () => produced,
        ...(fault ? { fault } : {}),
      })
    );
  }

  private async readMember(
    what: 'image' | 'smear',
    url: string | undefined,
    base64: string | undefined,
  ): Promise<Buffer> {
    const member = `${what}_base64`;
    if (base64 !== undefined) {
      if (hasDataUrlPrefix(base64)) {
        throw new InputError(
          `${member} must be raw base64 without a data:image/...;base64, prefix.`,
        );
      }
      if (!isRawBase64(base64)) throw new InputError(`${member} is not valid base64.`);
      return Buffer.from(base64, 'base64');
    }
    return fetchLoopback(`${what}_url`, url ?? '');
  }
}

/** Share of the input kept in a `mark-left` result: most of the mark stays, visibly. */
const LEFT_SHARE = 0.6;

/** A result that lifted the mark only partly: the cleaned image with the input laid back over it. */
async function leftPartly(image: Buffer, cleaned: Buffer): Promise<Buffer> {
  const [before, after, format] = await Promise.all([
    decodeRgb(image, AS_STORED),
    decodeRgb(cleaned, AS_STORED),
    storedFormat(cleaned),
  ]);
  const data = Buffer.from(
    after.data.map((value, i) =>
      Math.round(LEFT_SHARE * (before.data[i] as number) + (1 - LEFT_SHARE) * value),
    ),
  );
  return sharp(data, { raw: { width: after.width, height: after.height, channels: 3 } })
    .toFormat(outputFormatFor(format).format)
    .toBuffer();
}

/** The box around a mask's marked pixels, for the request log. */
function summarise(mask: RgbPixels): SmearSummary {
  const alpha = maskToAlpha(mask.data);
  const box = { left: mask.width, top: mask.height, right: -1, bottom: -1 };
  for (let i = 0; i < alpha.length; i += 1) {
    if (!alpha[i]) continue;
    const x = i % mask.width;
    const y = Math.floor(i / mask.width);
    box.left = Math.min(box.left, x);
    box.right = Math.max(box.right, x);
    box.top = Math.min(box.top, y);
    box.bottom = Math.max(box.bottom, y);
  }
  return { width: mask.width, height: mask.height, marked: box };
}

/**
 * Pixels as the file stores them, without turning them by the EXIF orientation: what a
 * service that reads the file with a plain decoder sees, and the size its masks must have.
 */
async function decodeImage(bytes: Buffer, what: string): Promise<RgbPixels> {
  try {
    return await decodeRgb(bytes, AS_STORED);
  } catch {
    throw new InputError(
      `The ${what} could not be decoded: send a JPEG, PNG, WebP, TIFF, GIF or AVIF image.`,
    );
  }
}

/** The simulator fetches only from this machine, so it can never be turned against a network. */
async function fetchLoopback(member: string, url: string): Promise<Buffer> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new InputError(`${member} is not a URL.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new InputError(`${member} must be an http or https URL.`);
  }
  if (!LOOPBACK_HOSTS.has(parsed.hostname)) {
    throw new InputError(
      `${member} must point at this machine: the simulator fetches only from loopback addresses.`,
    );
  }
  let response: Response;
  try {
    response = await fetch(parsed, { signal: AbortSignal.timeout(10_000), redirect: 'error' });
  } catch {
    throw new InputError(`${member} could not be fetched.`);
  }
  if (!response.ok)
    throw new InputError(`${member} could not be fetched (HTTP ${response.status}).`);
  return Buffer.from(await response.arrayBuffer());
}
