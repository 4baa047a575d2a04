import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Stroke } from '../../src-shared/domain/strokes.ts';
import type { JobEvent } from '../core/jobs/store.ts';
import { WatermarkEngine } from '../core/jobs/watermark-engine.ts';
import { collectInputs } from '../core/media/collect-inputs.ts';
import { EXIT } from './exit-codes.ts';
import { Progress } from './progress.ts';
import { runOrHandOver } from './follow.ts';
import { CliSession, SESSION_OPTIONS, onInterrupt } from './session.ts';

const USAGE = `Usage: clearframe remove <files|folders…> [--mask file | --mask-rect x,y,w,h] [--out dir] [--recursive]
                          [--concurrency n] [--demo] [--json] [--data-dir dir]`;

function parseRect(value: string): Stroke | undefined {
  const parts = value.split(',').map(Number);
  if (
    parts.length !== 4 ||
    parts.some((n) => !Number.isFinite(n)) ||
    (parts[2] ?? 0) <= 0 ||
    (parts[3] ?? 0) <= 0
  ) {
    return undefined;
  }
  const [x, y, width, height] = parts as [number, number, number, number];
  return { kind: 'rect', x, y, width, height };
}

/**
 * `clearframe remove`: the watermark engine from a terminal. Jobs live in the same database
 * as the app's, so running the same command again after a crash resumes the batch instead
 * of starting it over: files that already have a job are not added twice.
 */
export async function runRemove(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        out: { type: 'string' },
        recursive: { type: 'boolean', default: false },
        concurrency: { type: 'string' },
        'mask-rect': { type: 'string' },
        mask: { type: 'string' },
        ...SESSION_OPTIONS,
      },
    });
  } catch (error) {
    console.error(`clearframe remove: ${(error as Error).message}\n${USAGE}`);
    return EXIT.usage;
  }
  const { values, positionals } = parsed;
  if (positionals.length === 0) {
    console.error(`clearframe remove: name at least one image or folder.\n${USAGE}`);
    return EXIT.usage;
  }
  const concurrency = values.concurrency === undefined ? undefined : Number(values.concurrency);
  if (
    concurrency !== undefined &&
    (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 32)
  ) {
    console.error('clearframe remove: --concurrency must be a whole number from 1 to 32.');
    return EXIT.usage;
  }
  const rect = values['mask-rect'] === undefined ? undefined : parseRect(values['mask-rect']);
  if (values['mask-rect'] !== undefined && !rect) {
    console.error(
      'clearframe remove: --mask-rect takes x,y,width,height in image pixels, such as 1200,900,400,120.',
    );
    return EXIT.usage;
  }
  if (values.mask !== undefined && rect) {
    console.error('clearframe remove: give --mask or --mask-rect, not both.');
    return EXIT.usage;
  }
  const maskFile = values.mask === undefined ? undefined : path.resolve(values.mask);
  if (
    maskFile &&
    !(await stat(maskFile).then(
      (info) => info.isFile(),
      () => false,
    ))
  ) {
    console.error(`clearframe remove: the mask file ${maskFile} does not exist.`);
    return EXIT.usage;
  }
  let inputs: string[];
  try {
    const collected = await collectInputs(positionals, values.recursive);
    const [missing] = collected.skipped;
    if (missing) {
      console.error(`clearframe remove: ${missing.path}: ${missing.reason}`);
      return EXIT.usage;
    }
    inputs = collected.files;
  } catch (error) {
    console.error(`clearframe remove: ${(error as Error).message}`);
    return EXIT.usage;
  }

  const session = await CliSession.open(values);
  try {
    const stored = session.settings;
    session.settings = {
      ...stored,
      ...(values.out ? { outputFolder: path.resolve(values.out) } : {}),
      concurrency: { ...stored.concurrency, ...(concurrency ? { watermark: concurrency } : {}) },
    };
    const store = session.store;
    const progress = new Progress({ total: inputs.length, json: values.json, label: 'Cleaning' });
    const report = (event: JobEvent) => {
      progress.noteWait(event);
      if (!['done', 'failed', 'needs-attention'].includes(event.state)) return;
      const job = store.getWatermarkJob(event.jobId);
      const error = job?.error_json
        ? (JSON.parse(job.error_json) as { message: string }).message
        : undefined;
      progress.finished(
        event.state === 'done',
        `${event.state.padEnd(15)} ${path.basename(job?.input_path ?? '')}${job?.output_path ? ` -> ${job.output_path}` : ''}${error ? `: ${error}` : ''}`,
        {
          input: job?.input_path,
          state: event.state,
          output: job?.output_path ?? undefined,
          error,
        },
      );
    };
    let stop = () => undefined as void;
    const interrupted = onInterrupt(() => stop());
    let code = -1;
    const claim = await runOrHandOver(session, {
      command: 'clearframe remove',
      kind: 'watermark',
      out: values.out,
      // The same rows `engine.add` writes, into the queue the app's engine reads.
      queue: () => {
        store.addWatermarkJobs(
          inputs
            .filter((input) => !store.latestWatermarkJobFor(input))
            .map((inputPath) => ({
              inputPath,
              ...(rect ? { mask: [rect] } : {}),
              options: maskFile ? { maskFile } : {},
            })),
        );
        return inputs.flatMap((input) => store.latestWatermarkJobFor(input)?.id ?? []);
      },
      stateOf: (id) => store.getWatermarkJob(id)?.state,
      onEvent: report,
      interrupted,
    });
    if ('code' in claim) code = claim.code;
    else {
      const engine = new WatermarkEngine({
        store,
        client: await session.watermarkClient(),
        transport: session.transport,
        poller: session.poller,
        settings: () => session.settings,
        onEvent: report,
      });
      stop = () => engine.stop();
      engine.recover();
      const fresh = inputs.filter((input) => !store.latestWatermarkJobFor(input));
      engine.add(
        fresh.map((inputPath) => ({
          inputPath,
          ...(rect ? { strokes: [rect] } : {}),
          ...(maskFile ? { maskFile } : {}),
        })),
      );
      code = await Promise.race([engine.whenIdle().then(() => -1), interrupted]);
    }
    progress.end();

    const states = inputs.map((input) => store.latestWatermarkJobFor(input)?.state);
    const done = states.filter((s) => s === 'done').length;
    const attention = states.filter((s) => s === 'needs-attention').length;
    const failed = states.length - done - attention;
    if (!values.json) {
      console.log(
        `${done} done, ${failed} failed${attention ? `, ${attention} need your decision (the service may already have them)` : ''}.`,
      );
    }
    if (code !== -1) return code;
    return done === inputs.length ? EXIT.done : EXIT.someFailed;
  } finally {
    await session.close();
  }
}
