import { setTimeout as sleep } from 'node:timers/promises';
import { SETTLED_STATES, type JobKind, type JobState } from '../../src-shared/domain/job-states.ts';
import path from 'node:path';
import { DataFolderLock, describeHolder } from '../core/fs/data-folder-lock.ts';
import type { JobEvent } from '../core/jobs/store/job-tables.ts';
import { FolderBusyError, type CliSession } from './session.ts';
import { words } from './words.ts';

/** How often a command that handed its jobs over reads their states. */
const FOLLOW_INTERVAL_MS = 250;

/**
 * Follows jobs that the process holding the data folder runs, reading their states from
 * the database and reporting each change as the engine would, until every one has settled
 * (`settled`), the holder has gone away with some unsettled (`holder-gone`: the caller
 * takes the folder and carries them on), or Ctrl+C (its exit code).
 */
export async function followJobs(options: {
  dataDir: string;
  kind: JobKind;
  ids: readonly string[];
  stateOf: (id: string) => JobState | undefined;
  onEvent: (event: JobEvent) => void;
  interrupted: Promise<number>;
}): Promise<'settled' | 'holder-gone' | number> {
  const seen = new Map<string, JobState | undefined>();
  let interruptedWith: number | undefined;
  void options.interrupted.then((code) => (interruptedWith = code));
  for (;;) {
    let unsettled = 0;
    for (const id of options.ids) {
      const state = options.stateOf(id);
      if (state && !SETTLED_STATES.has(state)) unsettled += 1;
      if (state === undefined || seen.get(id) === state) continue;
      seen.set(id, state);
      options.onEvent({
        jobId: id,
        kind: options.kind,
        seq: 0,
        state,
        at: Date.now(),
        detail: null,
      });
    }
    if (unsettled === 0) return 'settled';
    if (interruptedWith !== undefined) return interruptedWith;
    if (!DataFolderLock.holder(options.dataDir)) return 'holder-gone';
    await Promise.race([sleep(FOLLOW_INTERVAL_MS), options.interrupted]);
    if (interruptedWith !== undefined) return interruptedWith;
  }
}

/**
 * For a command that runs jobs: takes the data folder (`{ run: true }`: the caller runs
 * its engine), or, when the app holds it and sends where this command would, queues the
 * jobs there (`queue`), follows them to the end and returns the exit code (-1 for all
 * settled). When the app goes away before they settle, this command takes the folder and
 * runs the rest itself. A `--out` other than the app's output folder is refused, since the
 * app would write elsewhere.
 */
export async function runOrHandOver(
  session: CliSession,
  spec: {
    command: string;
    kind: JobKind;
    out: string | undefined;
    /** Adds the command's jobs to the queue and returns the ids to follow. */
    queue: () => readonly string[];
    stateOf: (id: string) => JobState | undefined;
    onEvent: (event: JobEvent) => void;
    interrupted: Promise<number>;
  },
): Promise<{ run: true } | { code: number }> {
  const service = spec.kind === 'watermark' ? 'watermark' : 'video';
  const claim = session.claimFolder(spec.command, [service]);
  if (claim.run) return claim;
  const theirs = session.settingsStore.get().outputFolder;
  if (spec.out && path.resolve(spec.out) !== theirs) {
    throw new FolderBusyError(
      words('cli.follow.otherOut', {
        holder: describeHolder(claim.holder),
        theirs: theirs ?? words('cli.follow.defaultFolders'),
        out: path.resolve(spec.out),
      }),
    );
  }
  const ids = spec.queue();
  console.error(words('cli.follow.handedOver', { holder: describeHolder(claim.holder) }));
  const followed = await followJobs({ dataDir: session.paths.root, ...spec, ids });
  if (followed === 'holder-gone')
    return session.claimFolder(spec.command, [service]).run
      ? { run: true }
      : runOrHandOver(session, spec);
  return { code: followed === 'settled' ? -1 : followed };
}
