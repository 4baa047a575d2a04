import { performance } from 'node:perf_hooks';
import { videoPhase, type VideoTask } from '../../src-shared/api/video.ts';
import { createTransport } from '../../src-main/core/api/http.ts';
import { Poller } from '../../src-main/core/api/poller.ts';
import { VideoClient } from '../../src-main/core/api/video-client.ts';
import { startSimulator } from '../../src-main/simulator/server.ts';
import { VirtualClock } from '../support/virtual-clock.ts';
import type { Benchmark } from './harness.ts';

const TASKS = 500;
const KEY = 'bench-video-key';
/** Every task stays active this long (simulated), so the steady stream can be measured. */
const PROCESSING_MS = 200_000;

/**
 * 500 video tasks polled by one Poller over a few minutes of simulated time: real HTTP to
 * the simulator, with a clock that jumps from one scheduled check to the next.
 */
export const benchmarks: Benchmark[] = [
  {
    name: 'video-poll-interval',
    figures: [
      'video-poll-interval-min-s',
      'video-poll-interval-max-s',
      'video-poll-burst-ratio',
      'video-poll-checks',
      'video-poll-real-seconds',
    ],
    runs: 3,
    async measure() {
      const clock = new VirtualClock();
      const sim = await startSimulator({
        now: clock.now,
        accounts: [{ key: KEY, balanceUsd: 100_000 }],
        video: { pendingMs: 5000, processingMs: PROCESSING_MS, jitter: 0.1, maxActiveTasks: TASKS },
      });
      const transport = createTransport({ maxConnections: 32 });
      const client = new VideoClient({ baseUrl: sim.videoBaseUrl, key: () => KEY, transport });
      const poller = new Poller({ clock });
      const checks = new Map<string, number[]>();
      try {
        const start = clock.now();
        const tasks = await Promise.all(
          Array.from({ length: TASKS }, (_, i) =>
            client.generate({
              model: 'videomodel-2-5',
              content: [{ type: 'text', text: `shot ${i}` }],
              duration: 4,
            }),
          ),
        );
        const done = tasks.map((task) => {
          checks.set(task.id, []);
          return poller.track<VideoTask>({
            kind: 'video',
            check: async () => {
              checks.get(task.id)?.push(clock.now());
              const seen = await client.get(task.id);
              return videoPhase(seen.status) === 'in-progress'
                ? { done: false }
                : { done: true, value: seen };
            },
          });
        });
        const realStart = performance.now();
        while (poller.size > 0) {
          await poller.whenIdle();
          if (poller.size === 0 || !clock.advance()) break;
        }
        await Promise.all(done);

        const intervals = [...checks.values()].flatMap((times) =>
          times.slice(1).map((t, i) => (t - (times[i] as number)) / 1000),
        );
        // The steady part: after every task's first check, before any can have finished.
        const from = start + 10_000;
        const to = start + 5000 + PROCESSING_MS * 0.9;
        const perSecond = new Map<number, number>();
        for (const t of [...checks.values()].flat()) {
          if (t >= from && t < to)
            perSecond.set(Math.floor(t / 1000), (perSecond.get(Math.floor(t / 1000)) ?? 0) + 1);
        }
        const seconds = Math.floor((to - from) / 1000);
        const total = [...perSecond.values()].reduce((a, b) => a + b, 0);
        const busiest = Math.max(...perSecond.values());
        return [
          {
            name: 'video-poll-interval-min-s',
            value: Math.min(...intervals),
            unit: 's',
            target: { op: '>=', value: 5, of: 'value' },
          },
          {
            name: 'video-poll-interval-max-s',
            value: Math.max(...intervals),
            unit: 's',
            target: { op: '<=', value: 10, of: 'value' },
          },
          {
            name: 'video-poll-burst-ratio',
            value: busiest / (total / seconds),
            unit: 'x mean rate',
            target: { op: '<=', value: 1.5, of: 'value' },
          },
          {
            name: 'video-poll-checks',
            value: [...checks.values()].flat().length,
            unit: 'requests',
          },
          {
            name: 'video-poll-real-seconds',
            value: (performance.now() - realStart) / 1000,
            unit: 's',
          },
        ];
      } finally {
        await transport.close();
        await sim.stop();
      }
    },
  },
];
