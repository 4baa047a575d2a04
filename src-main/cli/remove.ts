import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Stroke } from '../../src-shared/domain/strokes.ts';
import type { JobEvent } from '../core/jobs/store.ts';
import { WatermarkEngine } from '../core/jobs/watermark-engine.ts';
import { maskKeyOf, sortOutInputs } from '../core/jobs/own-results.ts';
import { collectInputs, type CollectedInputs } from '../core/media/collect-inputs.ts';
import { EXIT } from './exit-codes.ts';
import { Progress } from './progress.ts';
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
  let collected: CollectedInputs;
  try {
    collected = await collectInputs(positionals, values.recursive);
    // A name given on the command line that cannot be used is a mistake in the command.
    const named = new Set(positionals.map((target) => path.resolve(target)));
    const wrong = collected.skipped.find((skip) => named.has(skip.path));
    if (wrong) {
      console.error(`clearframe remove: ${wrong.path}: ${wrong.reason}`);
      return EXIT.usage;
    }
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
    const client = await session.watermarkClient();
    const store = session.store;
    // Results of earlier runs are never inputs; a file not yet in the queue that was cleaned
    // before with the same mask is not paid for again.
    const { skipped } = collected;
    const inputs = await sortOutInputs(store, collected.files, undefined, skipped);
    const maskKey = await maskKeyOf({
      ...(rect ? { strokes: [rect] } : {}),
      ...(maskFile ? { maskFile } : {}),
    });
    const notCleaned = new Set(
      await sortOutInputs(
        store,
        inputs.filter((input) => !store.latestWatermarkJobFor(input)),
        maskKey,
        skipped,
      ),
    );
    const taken = inputs.filter(
      (input) => notCleaned.has(input) || store.latestWatermarkJobFor(input),
    );
    const progress = new Progress({ total: taken.length, json: values.json, label: 'Cleaning' });
    for (const skip of skipped) progress.skipped(skip.path, skip.reason);
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
    const engine = new WatermarkEngine({
      store,
      client,
      transport: session.transport,
      poller: session.poller,
      settings: () => session.settings,
      onEvent: report,
    });
    const interrupted = onInterrupt(() => engine.stop());

    engine.recover();
    const fresh = taken.filter((input) => !store.latestWatermarkJobFor(input));
    engine.add(
      fresh.map((inputPath) => ({
        inputPath,
        ...(collected.roots.has(inputPath) ? { root: collected.roots.get(inputPath) } : {}),
        ...(rect ? { strokes: [rect] } : {}),
        ...(maskFile ? { maskFile } : {}),
      })),
    );
    const code = await Promise.race([engine.whenIdle().then(() => -1), interrupted]);
    progress.end();

    const states = taken.map((input) => store.latestWatermarkJobFor(input)?.state);
    const done = states.filter((s) => s === 'done').length;
    const attention = states.filter((s) => s === 'needs-attention').length;
    const failed = states.length - done - attention;
    if (!values.json) {
      console.log(
        `${done} done, ${failed} failed${attention ? `, ${attention} need your decision (the service may already have them)` : ''}${skipped.length ? `, ${skipped.length} not taken (each is listed above with the reason)` : ''}.`,
      );
    }
    if (code !== -1) return code;
    return done === taken.length ? EXIT.done : EXIT.someFailed;
  } finally {
    await session.close();
  }
}
