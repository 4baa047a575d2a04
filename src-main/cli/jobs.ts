import { setTimeout as sleep } from 'node:timers/promises';
import { JOB_KINDS, JOB_STATES, type JobKind } from '../../src-shared/domain/job-states.ts';
import { parseCommand } from './args.ts';
import { EXIT } from './exit-codes.ts';
import { CliSession, SESSION_OPTIONS, onInterrupt } from './session.ts';
import { cliIntl, stateWord, words } from './words.ts';

const WATCH_INTERVAL_MS = 1000;

const KIND_WORDS = {
  watermark: 'cli.jobs.images',
  video: 'cli.jobs.rounds',
  clip: 'cli.jobs.clips',
} as const satisfies Record<JobKind, string>;

export const jobsUsage = () => words('cli.jobs.usage');

/** `clearframe jobs [--watch]`: how many jobs of each kind are in each state. */
export async function runJobs(args: string[]): Promise<number> {
  const { values } = parseCommand('jobs', args, {
    options: { ...SESSION_OPTIONS, watch: { type: 'boolean', default: false } },
  });
  const session = await CliSession.open(values);
  let stopped = false;
  const interrupted = values.watch ? onInterrupt(() => (stopped = true)) : undefined;
  try {
    do {
      const counts = Object.fromEntries(
        JOB_KINDS.map((kind) => [kind, session.store.stateCounts(kind)]),
      );
      if (values.json) console.log(JSON.stringify({ at: new Date().toISOString(), ...counts }));
      else {
        if (values.watch && process.stdout.isTTY) process.stdout.write('\x1b[2J\x1b[H');
        for (const kind of JOB_KINDS) {
          const parts = JOB_STATES.filter((state) => counts[kind]?.[state]).map((state) =>
            words('cli.jobs.count', { count: counts[kind]?.[state] ?? 0, state: stateWord(state) }),
          );
          const list =
            parts.length > 0
              ? cliIntl().formatList(parts, { type: 'unit' })
              : words('cli.jobs.none');
          console.log(words(KIND_WORDS[kind], { list }));
        }
      }
      if (values.watch) await Promise.race([sleep(WATCH_INTERVAL_MS), interrupted]);
    } while (values.watch && !stopped);
    return EXIT.done;
  } finally {
    await session.close();
  }
}
