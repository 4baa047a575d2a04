import { afterAll, describe, expect, it } from 'vitest';
import { VIDEO_PATHS } from '../../src-shared/api/video.ts';
import { WATERMARK_PATHS } from '../../src-shared/api/watermark.ts';
import type { FaultKind } from '../../src-main/simulator/faults.ts';
import { paidSubmissionsSentTwice } from '../support/paid-submissions.ts';
import { reportSection } from './report.ts';
import { FULL, StressWorld, type Tally } from './world.ts';

const IMAGES = FULL ? 300 : 30;
const ROUNDS = FULL ? 30 : 5;
const RATE = 0.1;
/** What meets a job after the service said yes, each at 10 %. */
const FAULTS: FaultKind[] = [
  'link-403',
  'link-404',
  'redirect',
  'link-expired',
  'overrun',
  'unknown-status',
];
// Local waits far shorter than the app's, and tasks that overrun them, in simulated time:
// a job that gives up is still finished on the service by the time the user checks again.
const DEADLINES = { watermark: 2 * 60_000, video: 4 * 60_000 };
const OVERRUN_MS = 5 * 60_000;
/** Times the user retries whatever is not done. */
const RETRY_ROUNDS = 3;
const rows: Array<Record<string, unknown>> = [];

const split = (t: Tally) => `${t.done}/${t.failed}/${t.needsAttention}/${t.lost}`;

afterAll(() => reportSection('after-yes', rows));

describe(`after the service said yes: ${IMAGES} images and ${ROUNDS} rounds`, () => {
  it(
    'every task the service completed ends done, paid for exactly once, after free checks again',
    async () => {
      const world = await StressWorld.start({
        faults: {
          seed: 4242,
          overrunMs: OVERRUN_MS,
          rates: Object.fromEntries(FAULTS.map((kind) => [kind, RATE])),
        },
        deadlines: DEADLINES,
      });
      try {
        const started = Date.now();
        const images = await world.addImages(IMAGES);
        const rounds = world.addRounds(ROUNDS);
        const limit = FULL ? 15 * 60_000 : 5 * 60_000;
        await world.settle(limit);
        const first = { images: world.tallyImages(images), rounds: world.tallyRounds(rounds) };
        const reasons = { ...first.images.reasons };
        for (const [reason, n] of Object.entries(first.rounds.reasons))
          reasons[reason] = (reasons[reason] ?? 0) + n;

        let retries = 0;
        for (let round = 0; round < RETRY_ROUNDS; round += 1) {
          const notDone = {
            images: images.filter((id) => world.store.getWatermarkJob(id)?.state !== 'done'),
            rounds: rounds.filter((id) => world.video.rounds.round(id)?.state !== 'done'),
          };
          if (notDone.images.length + notDone.rounds.length === 0) break;
          retries += world.watermark.retry(notDone.images) + world.video.retry(notDone.rounds);
          await world.settle(limit);
        }
        const last = { images: world.tallyImages(images), rounds: world.tallyRounds(rounds) };

        const log = world.sim?.requestLog() ?? [];
        const sent = (suffix: string) =>
          log.filter((entry) => entry.path.endsWith(suffix) && entry.status === 200).length;
        const badLinks = log.filter(
          (entry) => entry.path.startsWith('/files/') && [302, 403, 404].includes(entry.status),
        ).length;
        const submits = sent(WATERMARK_PATHS.submit);
        const generates = sent(VIDEO_PATHS.generate);
        const attempts = [
          ...images.map((id) => world.store.getWatermarkJob(id)?.attempt),
          ...rounds.map((id) => world.video.rounds.round(id)?.attempt),
        ];
        rows.push({
          images: IMAGES,
          rounds: ROUNDS,
          'images done/failed/ask/lost before retry': split(first.images),
          'rounds done/failed/ask/lost before retry': split(first.rounds),
          'result links refused, missing or redirected': badLinks,
          'checked again (free)': retries,
          'images done/failed/ask/lost after': split(last.images),
          'rounds done/failed/ask/lost after': split(last.rounds),
          'image submissions': submits,
          'round submissions': generates,
          'paid twice': paidSubmissionsSentTwice(log).length,
          seconds: Math.round((Date.now() - started) / 1000),
          'reasons before retry': Object.entries(reasons)
            .sort((a, b) => b[1] - a[1])
            .map(([reason, n]) => `${n}× ${reason.slice(0, 90)}`)
            .join(' | '),
        });

        expect(first.images.lost + first.rounds.lost, 'lost before the retry').toBe(0);
        expect(last.images.done, 'images done').toBe(IMAGES);
        expect(last.rounds.done, 'rounds done').toBe(ROUNDS);
        // Each job is one distinct body: as many accepted submissions as jobs, none twice,
        // and no job on a second attempt, is exactly one payment each.
        expect(submits, 'image submissions').toBe(IMAGES);
        expect(generates, 'round submissions').toBe(ROUNDS);
        expect(paidSubmissionsSentTwice(log), 'paid twice').toEqual([]);
        expect(new Set(attempts), 'attempts per job').toEqual(new Set([1]));
        // Every job that gave up said why, and what it said never invites paying again.
        const unexplained =
          first.images.failed +
          first.images.needsAttention +
          first.rounds.failed +
          first.rounds.needsAttention -
          Object.values(reasons).reduce((a, b) => a + b, 0);
        expect(unexplained, 'failures without a reason').toBe(0);
        for (const reason of Object.keys(reasons)) expect(reason).toMatch(/Check again/);
      } finally {
        await world.close();
      }
    },
    FULL ? 50 * 60_000 : 20 * 60_000,
  );
});
