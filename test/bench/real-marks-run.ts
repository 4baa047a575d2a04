import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { runCli } from '../support/cli-process.ts';
import type { KindSet } from '../support/real-marks-set.ts';

/**
 * One kind of the real-marks set through the product as shipped: `clearframe remove <folder>
 * --auto-mask --engine local` in a process of its own (with `--json`, and `--save-masks` to
 * read the finder's masks), and what it said about each photo.
 */

export interface PhotoOutcome {
  /** The mask the finder gave this photo (1 marked), or none when it gave it none. */
  mask?: Uint8Array;
  /** The cleaned file, when one was written. */
  output?: string;
  /** The doubt the result holds ('mark-visible', 'unchanged'), when it holds one. */
  doubt?: string;
}

export interface KindRun {
  byInput: Map<string, PhotoOutcome>;
  /** From the line that names the engine of the first group to the last result's line. */
  engineSeconds: number;
  /** The CPU seconds the command used over the same span, all its threads: holds on a busy machine. */
  engineCpuSeconds: number;
  /** The self-check's predicted PSNR inside the mark (dB) per photo, when it says one. */
  predictedDb: Map<string, number>;
  /** Everything it printed, for a look when a figure surprises. */
  stdout: string;
  stderr: string;
}

interface Line {
  event?: string;
  input?: string;
  state?: string;
  output?: string;
  doubt?: string;
  images?: Array<{ input: string; present: boolean; sure: boolean }>;
  masks?: Array<{ width: number; height: number }>;
  expectedDb?: number;
  inputs?: string[];
}

/** The events that say what the finder did with one group, printed in the groups' order. */
const GROUP_EVENTS = new Set(['auto-mask-found', 'auto-mask-refused', 'auto-mask-none']);

/** The mask `--save-masks` wrote for a group and a size (`saveMasks`' names), 1 where marked. */
async function savedMask(
  folder: string,
  group: number,
  size: { width: number; height: number },
): Promise<Uint8Array | undefined> {
  const name = `mask-group${group + 1}-${size.width}x${size.height}.png`;
  if (!(await readdir(folder).catch((): string[] => [])).includes(name)) return undefined;
  const grey = await sharp(path.join(folder, name)).greyscale().raw().toBuffer();
  return Uint8Array.from(grey, (value) => (value > 127 ? 1 : 0));
}

/**
 * The self-check's prediction for each photo, read from what the command line printed: its
 * line naming a group's engine carries the group's expected dB and the group's inputs.
 */
export function selfCheckPredictions(lines: readonly Line[]): Map<string, number> {
  const predicted = new Map<string, number>();
  for (const line of lines) {
    if (line.event !== 'engine' || line.expectedDb === undefined) continue;
    for (const input of line.inputs ?? []) predicted.set(path.resolve(input), line.expectedDb);
  }
  return predicted;
}

/** User and system CPU seconds of a process so far, all its threads (Linux's `/proc`). */
export function cpuSecondsOf(pid: number): number {
  // Fields after the command's name: state is the first, utime the 12th, stime the 13th.
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    // Gone already: the span it ends is not measured.
    return Number.NaN;
  }
}

/** Runs the command on the kind's folder, with its own output and data folders under `work`. */
export async function runKind(set: KindSet, work: string): Promise<KindRun> {
  const masks = path.join(work, 'masks');
  const arrivals: Array<{ at: number; cpu: number; line: Line }> = [];
  let seen = 0;
  let pid = 0;
  const run = await runCli(
    [
      'remove',
      set.inputs,
      '--auto-mask',
      '--engine',
      'local',
      '--save-masks',
      masks,
      '--out',
      path.join(work, 'out'),
      '--data-dir',
      path.join(work, 'data'),
      '--json',
    ],
    {
      onSpawn: (spawned) => (pid = spawned),
      // Each line is timed as it arrives: the engine's seconds are read between two of them.
      onStdout: (stdout) => {
        const at = performance.now();
        const cpu = cpuSecondsOf(pid);
        const complete = stdout.slice(0, stdout.lastIndexOf('\n') + 1);
        for (const text of complete.slice(seen).split('\n')) {
          if (text.trim().startsWith('{'))
            arrivals.push({ at, cpu, line: JSON.parse(text) as Line });
        }
        seen = complete.length;
      },
    },
  );
  if (run.code === null || run.code > 1) {
    throw new Error(
      `clearframe remove failed on the ${set.kind.id} photos (exit ${run.code}): ${run.stderr}`,
    );
  }
  const lines = arrivals.map((entry) => entry.line);
  const byInput = new Map<string, PhotoOutcome>(set.photos.map((photo) => [photo.input, {}]));
  const groups = lines.filter((line) => GROUP_EVENTS.has(line.event ?? ''));
  for (const [index, group] of groups.entries()) {
    for (const image of group.images ?? []) {
      const photo = set.photos.find((p) => p.input === image.input);
      const outcome = byInput.get(image.input);
      if (!photo || !outcome || !image.present || !image.sure) continue;
      const mask = await savedMask(masks, index, photo);
      if (mask) outcome.mask = mask;
    }
  }
  for (const line of lines) {
    const outcome = line.input !== undefined ? byInput.get(line.input) : undefined;
    if (!outcome || line.event !== undefined) continue;
    if (line.output) outcome.output = line.output;
    if (line.doubt) outcome.doubt = line.doubt;
  }
  const first = arrivals.find((entry) => entry.line.event === 'engine');
  const started = first?.at;
  const results = arrivals.filter((entry) => entry.line.state !== undefined);
  const ended = results.at(-1)?.at;
  const cpuEnded = results.at(-1)?.cpu;
  return {
    byInput,
    engineSeconds:
      started !== undefined && ended !== undefined ? (ended - started) / 1000 : Number.NaN,
    engineCpuSeconds:
      first !== undefined && cpuEnded !== undefined ? cpuEnded - first.cpu : Number.NaN,
    predictedDb: selfCheckPredictions(lines),
    stdout: run.stdout,
    stderr: run.stderr,
  };
}
