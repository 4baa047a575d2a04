import { stat } from 'node:fs/promises';
import path from 'node:path';
import { formatCredits } from '../../src-shared/domain/pricing.ts';
import type { Stroke } from '../../src-shared/domain/strokes.ts';
import type { JobEvent } from '../core/jobs/store.ts';
import { WatermarkEngine } from '../core/jobs/watermark-engine.ts';
import { maskKeyOf, sortOutInputs } from '../core/jobs/own-results.ts';
import { collectInputs, type CollectedInputs } from '../core/media/collect-inputs.ts';
import { parseCommand } from './args.ts';
import { EXIT } from './exit-codes.ts';
import { Progress } from './progress.ts';
import { runOrHandOver } from './follow.ts';
import {
  alreadyDoneNote,
  jobErrorText,
  nextStepHint,
  planFile,
  type FilePlan,
} from './remove-plan.ts';
import { CliSession, FolderBusyError, SESSION_OPTIONS, onInterrupt } from './session.ts';

export const REMOVE_USAGE = `Usage: clearframe remove <files|folders…> [--mask file | --mask-rect x,y,w,h] [--out dir] [--recursive]
                          [--concurrency n] [--retry] [--force] [--demo] [--json] [--data-dir dir]
  Removes the watermark from every image named or found in the folders. --mask takes a mask
  file (marks in any colour but pure black or white, or white on black); --mask-rect marks
  one rectangle in image pixels. Run it again after a crash to resume: nothing sent is sent again.
  --retry   try failed files again: asks the service again for free where it has the image,
            prepares again a file it never took (after you replaced it, say)
  --force   a new paid attempt (1 credit each) for files already cleaned or failed`;

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
  const { values, positionals } = parseCommand('remove', args, {
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      recursive: { type: 'boolean', default: false },
      concurrency: { type: 'string' },
      'mask-rect': { type: 'string' },
      mask: { type: 'string' },
      retry: { type: 'boolean', default: false },
      force: { type: 'boolean', default: false },
      ...SESSION_OPTIONS,
    },
  });
  if (positionals.length === 0) {
    console.error(`clearframe remove: name at least one image or folder.\n${REMOVE_USAGE}`);
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
    const store = session.store;
    // Results of earlier runs are never inputs; a file not yet in the queue that was cleaned
    // before with the same mask is not paid for again, unless --force says to pay.
    const { skipped } = collected;
    const inputs = await sortOutInputs(store, collected.files, undefined, skipped);
    const maskKey = values.force
      ? undefined
      : await maskKeyOf({
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
    /** Jobs whose outcome this run has printed: every other failure is printed at the end. */
    const reported = new Set<string>();
    const report = (event: JobEvent) => {
      progress.noteWait(event);
      if (!['done', 'failed', 'needs-attention'].includes(event.state)) return;
      reported.add(event.jobId);
      const job = store.getWatermarkJob(event.jobId);
      const problem = job && jobErrorText(job);
      const error = job && problem ? `${problem} ${nextStepHint(job)}`.trim() : undefined;
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
    /** What this run does with each file, read from its latest job (after any recovery). */
    const planFiles = () =>
      new Map<string, FilePlan>(
        taken.map((input) => [
          input,
          planFile(store.latestWatermarkJobFor(input), {
            retry: values.retry,
            force: values.force,
          }),
        ]),
      );
    const filesOf = (plans: Map<string, FilePlan>, kind: FilePlan['kind']) =>
      [...plans].filter(([, plan]) => plan.kind === kind).map(([input]) => input);
    /** A line for people, or with --json the same sentence in a record of its own. */
    const say = (event: string, message: string, extra: Record<string, unknown> = {}) =>
      console.log(values.json ? JSON.stringify({ event, message, ...extra }) : message);
    const announce = (plans: Map<string, FilePlan>) => {
      const paidAgain = values.force
        ? [...filesOf(plans, 'add'), ...filesOf(plans, 'send-again')]
        : [];
      if (paidAgain.length > 0) {
        say(
          'paying-again',
          `--force: sending ${paidAgain.length} file${paidAgain.length === 1 ? '' : 's'} as a new paid attempt, ${formatCredits(paidAgain.length)} in all (files never sent before included).`,
          { files: paidAgain.length },
        );
      }
      for (const plan of plans.values()) {
        const note = plan.kind === 'already-done' && alreadyDoneNote(plan.job, { rect, maskFile });
        if (note) say('already-done', note, { input: plan.job.input_path });
      }
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
        const plans = planFiles();
        if (filesOf(plans, 'retry').length + filesOf(plans, 'send-again').length > 0) {
          throw new FolderBusyError(
            'The app holds this data folder, so files tried before are tried again there: use Check again or Send again (paid) in its window, or quit it and run this command again.',
          );
        }
        announce(plans);
        store.addWatermarkJobs(
          filesOf(plans, 'add').map((inputPath) => {
            const root = collected.roots.get(inputPath);
            return {
              inputPath,
              ...(rect ? { mask: [rect] } : {}),
              options: { ...(maskFile ? { maskFile } : {}), ...(root ? { root } : {}) },
            };
          }),
        );
        return taken.flatMap((input) => store.latestWatermarkJobFor(input)?.id ?? []);
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
      const plans = planFiles();
      announce(plans);
      const jobIdsOf = (kind: 'retry' | 'send-again') =>
        [...plans.values()].flatMap((plan) => (plan.kind === kind ? [plan.jobId] : []));
      engine.retry(jobIdsOf('retry'));
      engine.sendAgain(jobIdsOf('send-again'));
      engine.add(
        filesOf(plans, 'add').map((inputPath) => ({
          inputPath,
          ...(collected.roots.has(inputPath) ? { root: collected.roots.get(inputPath) } : {}),
          ...(rect ? { strokes: [rect] } : {}),
          ...(maskFile ? { maskFile } : {}),
        })),
      );
      code = await Promise.race([engine.whenIdle().then(() => -1), interrupted]);
    }
    progress.end();

    const latest = taken.map((input) => store.latestWatermarkJobFor(input));
    for (const job of latest) {
      if (!job || job.state === 'done' || reported.has(job.id)) continue;
      const error = `${jobErrorText(job) ?? `It is ${job.state}.`} ${nextStepHint(job)}`.trim();
      if (values.json)
        console.log(JSON.stringify({ input: job.input_path, state: job.state, error }));
      else console.log(`${job.state.padEnd(15)} ${path.basename(job.input_path)}: ${error}`);
    }
    const states = latest.map((job) => job?.state);
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
