import type { JobEvent } from '../core/jobs/store/job-tables.ts';
import { WatermarkEngine } from '../core/jobs/watermark/watermark-engine.ts';
import { EstimateStore } from '../core/media/unblend/estimate-store.ts';
import { ProfileStore } from '../core/profiles/profile-store.ts';
import { UserFacingError } from '../core/user-error.ts';
import { FolderWatch, type WatchNotice } from '../core/watch/folder-watch.ts';
import type { WatchList } from '../core/watch/watch-list.ts';
import { EXIT } from './exit-codes.ts';
import { jobErrorText, nextStepHint } from './remove-plan.ts';
import { CliSession, FolderBusyError, onInterrupt } from './session.ts';
import { stateColumn, words } from './words.ts';

/** How often a watched folder is looked at whatever the system says; tests shorten it. */
const intervalMs = () => Number(process.env.CLEARFRAME_WATCH_INTERVAL_MS) || 1000;

/**
 * Watches every folder on the list that is not paused, on one watermark engine, until
 * Ctrl+C (exit 130) or until every watch has stopped at its day's limit (exit 4). Jobs
 * left under way by an earlier run are finished first by the engine's recovery.
 */
export async function runWatches(
  list: WatchList,
  values: { json: boolean; demo: boolean; 'data-dir'?: string | undefined },
): Promise<number> {
  const watches = (await list.all()).filter((watch) => !watch.paused);
  if (watches.length === 0) {
    console.log(words('cli.watch.none'));
    return EXIT.done;
  }
  const say = (event: string, message: string, extra: Record<string, unknown> = {}) =>
    console.log(values.json ? JSON.stringify({ event, message, ...extra }) : message);
  const session = await CliSession.open(values);
  try {
    const claim = session.claimFolder('clearframe watch', ['watermark']);
    if (!claim.run) {
      throw new FolderBusyError(words('cli.watch.appHolds', { folder: session.paths.root }));
    }
    const store = session.store;
    const report = (event: JobEvent) => {
      if (!['done', 'failed', 'needs-attention'].includes(event.state)) return;
      const job = store.getWatermarkJob(event.jobId);
      if (!job) return;
      const error = jobErrorText(job);
      const line = `${stateColumn(event.state)} ${job.input_path}${job.output_path ? ` -> ${job.output_path}` : ''}${error ? `: ${error} ${nextStepHint(job)}`.trimEnd() : ''}`;
      say('job', line, { input: job.input_path, state: event.state, output: job.output_path });
    };
    const paid = watches.some((watch) => watch.engine === 'service');
    const engine = new WatermarkEngine({
      store,
      client: await (paid ? session.watermarkClient() : session.watermarkClientIfNeeded()),
      transport: session.transport,
      poller: session.poller,
      settings: () => session.settings,
      onEvent: report,
    });
    engine.recover();
    let stopAll = () => undefined as void;
    const interrupted = onInterrupt(() => stopAll());
    // A watch at its limit waits for the next day; the command line ends when all of them wait.
    const atLimit = new Set<string>();
    let limited: () => void = () => undefined;
    const allLimited = new Promise<number>((resolve) => (limited = () => resolve(EXIT.spending)));
    const notify = (notice: WatchNotice) => {
      if (notice.kind === 'skipped') {
        say('skipped', words('cli.watch.skipped', { file: notice.file, reason: notice.reason }));
      } else if (notice.kind === 'held') {
        console.error(notice.sentence);
      } else if (notice.kind === 'limit') {
        console.error(notice.sentence);
        atLimit.add(notice.dir);
        if (atLimit.size === started.length) limited();
      }
    };
    const profiles = new ProfileStore(session.paths.profilesDir);
    const estimates = new EstimateStore(session.paths.estimatesDir);
    const started: FolderWatch[] = [];
    for (const watch of watches) {
      try {
        const profile = await profiles.resolve(watch.profile);
        started.push(
          new FolderWatch({
            watch,
            profile,
            store,
            engine,
            estimates,
            list,
            notify,
            intervalMs: intervalMs(),
          }),
        );
        say(
          'watching',
          words(watch.engine === 'local' ? 'cli.watch.watching' : 'cli.watch.watchingPaid', {
            folder: watch.dir,
            profile: profile.summary.name,
            limit: watch.creditsPerDay,
          }),
          { folder: watch.dir },
        );
      } catch (error) {
        if (!(error instanceof UserFacingError)) throw error;
        console.error(
          words('cli.watch.notStarted', { folder: watch.dir, problem: error.userMessage }),
        );
      }
    }
    if (started.length === 0) return EXIT.someFailed;
    for (const watch of started) watch.start();
    stopAll = () => engine.stop();
    const code = await Promise.race([interrupted, allLimited]);
    await Promise.all(started.map((watch) => watch.stop()));
    if (code === EXIT.spending) await engine.whenIdle();
    return code;
  } finally {
    await session.close();
  }
}
