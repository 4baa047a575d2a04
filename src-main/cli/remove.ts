import { stat } from 'node:fs/promises';
import { isClipPath } from '../../src-shared/domain/clip-jobs.ts';
import path from 'node:path';
import { pathNames } from '../../src-shared/domain/display-names.ts';
import type { Settings } from '../../src-shared/domain/settings.ts';
import type { JobEvent } from '../core/jobs/store/job-tables.ts';
import { WatermarkEngine } from '../core/jobs/watermark/watermark-engine.ts';
import { maskKeyOf, sortOutInputs } from '../core/jobs/watermark/own-results.ts';
import type { Proposal } from '../core/media/automask/proposal.ts';
import { collectInputs, type CollectedInputs } from '../core/media/collect-inputs.ts';
import { MaskStore } from '../core/media/mask-store.ts';
import { EstimateStore } from '../core/media/unblend/estimate-store.ts';
import { UserFacingError } from '../core/user-error.ts';
import { parseCommand } from './args.ts';
import { DOUBTED_OPTIONS, doubtedChoice, doubtedUsage, reportDoubted } from './doubted.ts';
import { EXIT } from './exit-codes.ts';
import { Progress } from './progress.ts';
import { runOrHandOver } from './follow.ts';
import {
  announcePlans,
  jobErrorText,
  nextStepHint,
  planFile,
  type FilePlan,
} from './remove-plan.ts';
import {
  MASK_OPTIONS,
  maskUsage,
  fileMasks,
  parseMaskRequest,
  rectProblem,
  sizesOf,
  type FileMask,
  type SizedFile,
} from './remove-masks.ts';
import { ENGINE_OPTIONS, engineUsage, keepMeasurements, type Measured } from './remove-engine.ts';
import { findAndSay } from './remove-auto-mask.ts';
import { PROFILE_OPTIONS, chooseEngine, useProfile } from './remove-profile.ts';
import { settleWholeMask } from './remove-whole-mask.ts';
import { setClipsAside } from './remove-clips.ts';
import {
  LARGE_MASK_OPTIONS,
  dryRunShares,
  settleLargeMasks,
  sharesOf,
} from './remove-mask-share.ts';
import { CliSession, FolderBusyError, SESSION_OPTIONS, onInterrupt } from './session.ts';
import { stateColumn, stateWord, words } from './words.ts';

export const removeUsage = () =>
  words('cli.remove.usage', { masks: maskUsage(), engines: `${engineUsage()}\n${doubtedUsage()}` });

/** A line that says what is wrong with this `remove` command line. */
const problem = (text: string) => words('cli.commandProblem', { command: 'remove', problem: text });

/** The first mask-rectangle problem among the images, or undefined when every one fits. */
function placementProblem(
  request: ReturnType<typeof parseMaskRequest>,
  images: readonly SizedFile[],
) {
  if (typeof request === 'string') return request;
  return (
    (request.rect && rectProblem('--mask-rect', request.rect, images)) ??
    (request.keepInside && rectProblem('--mask-clear-outside', request.keepInside, images))
  );
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
      ...MASK_OPTIONS,
      ...ENGINE_OPTIONS,
      ...PROFILE_OPTIONS,
      ...LARGE_MASK_OPTIONS,
      ...DOUBTED_OPTIONS,
      retry: { type: 'boolean', default: false },
      force: { type: 'boolean', default: false },
      ...SESSION_OPTIONS,
    },
  });
  if (positionals.length === 0) {
    console.error(`${problem(words('cli.remove.noInputs'))}\n${removeUsage()}`);
    return EXIT.usage;
  }
  const concurrency = values.concurrency === undefined ? undefined : Number(values.concurrency);
  if (
    concurrency !== undefined &&
    (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 32)
  ) {
    console.error(problem(words('cli.concurrency', { most: 32 })));
    return EXIT.usage;
  }
  let request = parseMaskRequest(values);
  if (typeof request === 'string') {
    console.error(problem(request));
    return EXIT.usage;
  }
  const parsedEngine = chooseEngine(values, request.autoMask);
  if ('problem' in parsedEngine) {
    console.error(problem(parsedEngine.problem));
    return EXIT.usage;
  }
  const chosen = parsedEngine.engine;
  const { maskFile } = request;
  if (
    maskFile &&
    !(await stat(maskFile).then(
      (info) => info.isFile(),
      () => false,
    ))
  ) {
    console.error(problem(words('cli.remove.noMaskFile', { file: maskFile })));
    return EXIT.usage;
  }
  const settled = await settleWholeMask(request);
  if ('refused' in settled) {
    console.error(problem(settled.refused));
    return EXIT.usage;
  }
  request = settled.request;
  let collected: CollectedInputs;
  let clipNamed: boolean;
  try {
    collected = await collectInputs(positionals, values.recursive);
    // A name given on the command line that cannot be used is a mistake in the command.
    const named = new Set(positionals.map((target) => path.resolve(target)));
    clipNamed = setClipsAside(collected, named);
    const wrong = collected.skipped.find((s) => named.has(s.path) && !isClipPath(s.path));
    if (wrong) {
      console.error(problem(words('cli.fileProblem', { file: wrong.path, problem: wrong.reason })));
      return EXIT.usage;
    }
  } catch (error) {
    console.error(problem((error as Error).message));
    return EXIT.usage;
  }
  /** A line for people, or with --json the same sentence in a record of its own. */
  const say = (event: string, message: string, extra: Record<string, unknown> = {}) =>
    console.log(values.json ? JSON.stringify({ event, message, ...extra }) : message);

  // Every image's size is read before anything is sent: a rectangle that misses one photo,
  // or a watermark found in the batch, is known while nothing is spent yet.
  const shaped =
    request.rect || request.keepInside || request.autoMask || maskFile || values.profile
      ? await sizesOf(collected.files)
      : [];
  const misplaced = placementProblem(request, shaped);
  if (misplaced) {
    console.error(problem(misplaced));
    return EXIT.usage;
  }
  let proposal: Proposal | undefined;
  let measured = new Map<string, Measured>();
  let profileFormat: Settings['outputFormat'] | undefined;
  if (values.profile !== undefined) {
    const used = await useProfile(values.profile, values['data-dir'], shaped, collected, say);
    if ('problem' in used) {
      console.error(problem(used.problem));
      return EXIT.usage;
    }
    ({ measured, collected, outputFormat: profileFormat } = used);
  }
  try {
    if (request.autoMask) {
      ({ proposal, collected } = await findAndSay(shaped, request, chosen, collected, say));
    }
  } catch (error) {
    if (!(error instanceof UserFacingError)) throw error;
    console.error(problem(error.userMessage));
    return EXIT.someFailed;
  }
  if (request.dryRun) {
    // What a mask covers is paid for: shown before anything is, the large ones by name.
    if (chosen !== 'local') {
      for (const line of await dryRunShares(request, shaped, proposal)) say('mask-share', line);
    }
    const count = collected.files.length;
    say('dry-run', words('cli.remove.dryRun', { count }), { count });
    return EXIT.done;
  }

  const session = await CliSession.open(values);
  try {
    const stored = session.settings;
    session.settings = {
      ...stored,
      ...(values.out ? { outputFolder: path.resolve(values.out) } : {}),
      ...(profileFormat ? { outputFormat: profileFormat } : {}),
      concurrency: { ...stored.concurrency, ...(concurrency ? { watermark: concurrency } : {}) },
    };
    const store = session.store;
    // Results of earlier runs are never inputs; a file not yet in the queue that was cleaned
    // before with the same mask is not paid for again, unless --force says to pay.
    const { skipped } = collected;
    const inputs = await sortOutInputs(store, collected.files, undefined, skipped);
    let masks: Map<string, FileMask>;
    const maskStore = new MaskStore(session.paths.masksDir);
    try {
      masks = await fileMasks(request, shaped, maskStore, proposal);
    } catch (error) {
      if (!(error instanceof UserFacingError)) throw error;
      console.error(problem(error.userMessage));
      return EXIT.usage;
    }
    const maskOf = (input: string): FileMask =>
      masks.get(input) ?? (maskFile && !request.autoMask ? { maskFile } : {});
    try {
      if (proposal && chosen === 'local') {
        measured = await keepMeasurements(proposal, new EstimateStore(session.paths.estimatesDir));
      }
    } catch (error) {
      if (!(error instanceof UserFacingError)) throw error;
      console.error(problem(error.userMessage));
      return EXIT.someFailed;
    }
    /** The engine fields of a job for this file: local with its measurement, or none. */
    const engineOf = (input: string) => {
      const measure = measured.get(input);
      return measure ? { engine: 'local' as const, ...measure } : {};
    };
    // Files are looked up among earlier results with the mask each would be sent with now.
    const byMask = new Map<string, string[]>();
    for (const input of inputs.filter((input) => !store.latestWatermarkJobFor(input))) {
      const key = values.force ? '' : await maskKeyOf(maskOf(input));
      byMask.set(key, [...(byMask.get(key) ?? []), input]);
    }
    const notCleaned = new Set<string>();
    for (const [key, group] of byMask) {
      for (const input of await sortOutInputs(store, group, key || undefined, skipped)) {
        notCleaned.add(input);
      }
    }
    const taken = inputs.filter(
      (input) => notCleaned.has(input) || store.latestWatermarkJobFor(input),
    );
    const paid = shaped.filter(
      (file) =>
        taken.includes(file.path) &&
        !measured.has(file.path) &&
        (values.force || store.latestWatermarkJobFor(file.path)?.state !== 'done'),
    );
    const allowed = values['allow-large-mask'] || request.maskWhole === true;
    const shares = await sharesOf(paid, maskOf, maskStore);
    const large = await settleLargeMasks(shares, allowed, (line) => say('mask-share', line));
    if (large) {
      console.error(problem(large));
      return EXIT.usage;
    }
    const nameOf = pathNames(taken, (input) => collected.roots.get(input));
    const progress = new Progress({
      total: taken.length,
      json: values.json,
      label: words('cli.remove.cleaning'),
    });
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
        `${stateColumn(event.state)} ${nameOf(job?.input_path ?? '')}${job?.output_path ? ` -> ${job.output_path}` : ''}${error ? `: ${error}` : ''}`,
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
            doubted: doubtedChoice(values),
          }),
        ]),
      );
    const filesOf = (plans: Map<string, FilePlan>, kind: FilePlan['kind']) =>
      [...plans].filter(([, plan]) => plan.kind === kind).map(([input]) => input);
    const announce = (plans: Map<string, FilePlan>) =>
      announcePlans(plans, { force: values.force, maskOf, say });
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
        if (
          (['retry', 'send-again', 'decide'] as const).some(
            (kind) => filesOf(plans, kind).length > 0,
          )
        ) {
          throw new FolderBusyError(words('cli.remove.retryInApp'));
        }
        announce(plans);
        store.addWatermarkJobs(
          filesOf(plans, 'add').map((inputPath) => {
            const root = collected.roots.get(inputPath);
            const mask = maskOf(inputPath);
            return {
              inputPath,
              ...(mask.strokes ? { mask: mask.strokes } : {}),
              options: {
                ...(mask.maskFile ? { maskFile: mask.maskFile } : {}),
                ...(root ? { root } : {}),
                ...engineOf(inputPath),
              },
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
        client: await (chosen === 'local'
          ? session.watermarkClientIfNeeded()
          : session.watermarkClient()),
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
      for (const plan of plans.values())
        if (plan.kind === 'decide') engine.decide([plan.jobId], plan.choice);
      engine.add(
        filesOf(plans, 'add').map((inputPath) => ({
          inputPath,
          ...(collected.roots.has(inputPath) ? { root: collected.roots.get(inputPath) } : {}),
          ...maskOf(inputPath),
          ...engineOf(inputPath),
        })),
      );
      code = await Promise.race([engine.whenIdle().then(() => -1), interrupted]);
    }
    progress.end();

    const latest = taken.map((input) => store.latestWatermarkJobFor(input));
    for (const job of latest) {
      if (!job || job.state === 'done' || reported.has(job.id)) continue;
      const error =
        `${jobErrorText(job) ?? words('cli.remove.itIs', { state: stateWord(job.state) })} ${nextStepHint(job)}`.trim();
      if (values.json)
        console.log(JSON.stringify({ input: job.input_path, state: job.state, error }));
      else console.log(`${stateColumn(job.state)} ${nameOf(job.input_path)}: ${error}`);
    }
    const doubted = reportDoubted(latest, values.json);
    const states = latest.map((job) => job?.state);
    const done = states.filter((s) => s === 'done').length - doubted;
    const attention = states.filter((s) => s === 'needs-attention').length;
    const failed = states.length - done - doubted - attention;
    if (!values.json) {
      console.log(
        words('cli.remove.summary', { done, failed, attention, skipped: skipped.length }),
      );
    }
    if (code !== -1) return code;
    if (done !== taken.length) return EXIT.someFailed;
    return clipNamed ? EXIT.usage : EXIT.done;
  } finally {
    await session.close();
  }
}
