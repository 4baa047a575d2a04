import { afterAll, describe, expect, it } from 'vitest';
import { AFTER_YES_FAULTS, FAULT_KINDS, type FaultKind } from '../../src-main/simulator/faults.ts';
import { reportSection } from './report.ts';
import { FULL, StressWorld, type Tally } from './world.ts';

const IMAGES = FULL ? 500 : 30;
const ROUNDS = FULL ? 50 : 5;
const RATE = 0.1;
// The short run waits for a task that never finishes as after-yes.stress.ts does, 2 and 4
// simulated minutes rather than 10 and 20 (one and two minutes of real time on a row): a
// task given up is a failure with its reason, which the assertions count the same way.
const DEADLINES = FULL ? undefined : { watermark: 2 * 60_000, video: 4 * 60_000 };
const rows: Array<Record<string, unknown>> = [];

// Faults met after the service said yes have their own scenario (after-yes.stress.ts).
const KINDS = FAULT_KINDS.filter((kind) => !(AFTER_YES_FAULTS as readonly string[]).includes(kind));
const SCENARIOS: Array<{ name: string; faults: FaultKind[] }> = [
  ...KINDS.map((kind) => ({ name: kind, faults: [kind] })),
  { name: 'all at once', faults: [...KINDS] },
];

/** The three commonest reasons across both kinds of job, counts added up. */
function topReasons(tallies: readonly Tally[]): string {
  const counts = new Map<string, number>();
  for (const [reason, count] of tallies.flatMap((t) => Object.entries(t.reasons))) {
    counts.set(reason, (counts.get(reason) ?? 0) + count);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([reason, count]) => `${count}× ${reason.slice(0, 70)}`)
    .join(' | ');
}

afterAll(() => reportSection('fault-matrix', rows));

describe(`the fault matrix: ${IMAGES} images and ${ROUNDS} rounds per fault at ${RATE * 100} %`, () => {
  it.each(SCENARIOS.map((s, i) => [s.name, s.faults, i] as const))(
    '%s: no job lost, nothing paid twice',
    async (name, faults, seed) => {
      const world = await StressWorld.start({
        faults: {
          seed: 1000 + seed,
          rates: Object.fromEntries(faults.map((kind) => [kind, RATE])),
        },
        deadlines: DEADLINES,
      });
      try {
        const started = Date.now();
        const images = await world.addImages(IMAGES);
        const rounds = world.addRounds(ROUNDS);
        await world.settle(FULL ? 15 * 60_000 : 4 * 60_000);
        const imageTally = world.tallyImages(images);
        const roundTally = world.tallyRounds(rounds);
        const paidTwice = world.paidTwice();
        rows.push({
          fault: name,
          'images done/failed/ask/lost': `${imageTally.done}/${imageTally.failed}/${imageTally.needsAttention}/${imageTally.lost}`,
          'rounds done/failed/ask/lost': `${roundTally.done}/${roundTally.failed}/${roundTally.needsAttention}/${roundTally.lost}`,
          'paid twice': paidTwice,
          seconds: Math.round((Date.now() - started) / 1000),
          reasons: topReasons([imageTally, roundTally]),
        });
        expect(imageTally.lost, 'images lost').toBe(0);
        expect(roundTally.lost, 'rounds lost').toBe(0);
        expect(paidTwice, 'paid submissions sent twice').toBe(0);
        // Every job either finished or says why not.
        for (const tally of [imageTally, roundTally]) {
          const unexplained =
            tally.failed +
            tally.needsAttention -
            Object.values(tally.reasons).reduce((a, b) => a + b, 0);
          expect(unexplained, 'failures without a reason').toBe(0);
        }
      } finally {
        await world.close();
      }
    },
    FULL ? 20 * 60_000 : 5 * 60_000,
  );
});
