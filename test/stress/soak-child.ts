/**
 * The engines of a soak, in a process of their own so their memory is measured alone: a
 * steady mix of image batches and video rounds against a simulator running in the parent,
 * with this process's memory sent to the parent every sample interval.
 */
import { StressWorld, type Tally } from './world.ts';

export interface SoakSample {
  kind: 'sample';
  seconds: number;
  rssMb: number;
  heapMb: number;
}

export interface SoakEnd {
  kind: 'end';
  images: Tally;
  rounds: Tally;
}

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const durationMs = Number(env('SOAK_DURATION_MS'));
const sampleMs = Number(env('SOAK_SAMPLE_MS'));
const world = StressWorld.connect(
  { watermarkBaseUrl: env('SOAK_WATERMARK_URL'), videoBaseUrl: env('SOAK_VIDEO_URL') },
  env('SOAK_DIR'),
);
world.recordEvents = false;

const send = (message: SoakSample | SoakEnd) =>
  new Promise<void>((resolve) => process.send?.(message, () => resolve()));
const started = Date.now();
const images: string[] = [];
const rounds: string[] = [];
// The parent starts this process with --expose-gc: the heap is measured after a full
// collection, so what is counted is what is kept, not garbage not yet collected.
const collect = (globalThis as { gc?: () => void }).gc;
const sample = () => {
  collect?.();
  const { rss, heapUsed } = process.memoryUsage();
  void send({
    kind: 'sample',
    seconds: (Date.now() - started) / 1000,
    rssMb: rss / 2 ** 20,
    heapMb: heapUsed / 2 ** 20,
  });
};
sample();
const sampler = setInterval(sample, sampleMs);
// A user who drops a small folder every 2 s and queues two clips every 15 s.
for (let tick = 0; Date.now() - started < durationMs; tick += 1) {
  images.push(...(await world.addImages(8)));
  if (tick % 8 === 0) rounds.push(...world.addRounds(2, `Soak ${tick}`));
  await new Promise((resolve) => setTimeout(resolve, 2000));
}
await world.settle(10 * 60_000);
clearInterval(sampler);
sample();
await send({ kind: 'end', images: world.tallyImages(images), rounds: world.tallyRounds(rounds) });
await world.close();
process.exit(0);
