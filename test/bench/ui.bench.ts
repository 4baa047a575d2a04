import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { JOB_STATES } from '../../src-shared/domain/job-states.ts';
import type { WatermarkJobView } from '../../src-shared/ipc/contract.ts';
import { connectPreload, serveRenderer } from '../e2e/harness.ts';
import { chromiumLaunchOptions } from '../support/chromium.ts';
import type { Benchmark } from './harness.ts';

const JOBS = 10_000;

/** What the window is told of the app in a benchmark: a packed build, not demo mode. */
export const BENCH_APP_INFO = {
  name: 'Clearframe',
  version: 'bench',
  platform: 'linux',
  demoMode: false,
  demoServices: [],
  previewBase: '/__preview/',
};

function jobs(count: number): WatermarkJobView[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    batchId: 'batch',
    name: `photo-${String(i).padStart(5, '0')}.jpg`,
    inputPath: `/photos/photo-${i}.jpg`,
    state: JOB_STATES[i % JOB_STATES.length] ?? 'queued',
    outputPath: null,
    error: i % 7 === 0 ? { code: 'x', message: 'The image is damaged or incomplete.' } : null,
    attempt: 1,
    checkAgain: i % 11 === 0,
    bytes: 2_400_000 + i,
    local: false,
    doubt: null,
    seq: 1,
    updatedAt: 1_700_000_000_000 + i,
  }));
}

/**
 * The built renderer in Debian's Chromium with `count` jobs in its list (10,000 unless
 * told), or the first 100 and the history given.
 */
async function withApp<T>(
  work: (page: Page) => Promise<T>,
  { count = JOBS, history }: { count?: number; history?: readonly WatermarkJobView[] } = {},
): Promise<T> {
  if (!existsSync(fileURLToPath(new URL('../../out/renderer/index.html', import.meta.url)))) {
    throw new Error('The app is not built: run `npm run build` before `npm run bench`.');
  }
  const server = await serveRenderer();
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const list = jobs(count);
    await connectPreload(page, server, {
      'app:info': () => BENCH_APP_INFO,
      'watermark:list': () => ({ jobs: history ? list.slice(0, 100) : list, paused: false }),
      // Newest first, a page at a time, `before` being where the page starts.
      'watermark:history': ({ before, limit }) => {
        const from = before ?? 0;
        const rows = history ?? [];
        return {
          jobs: rows.slice(from, from + limit),
          next: from + limit < rows.length ? from + limit : null,
        };
      },
    });
    await page.goto(server.url);
    // Without jobs the window shows no list: its first drawn element is the page ready.
    await (count > 0 ? page.getByTestId('job-list') : page.locator('body *').first()).waitFor();
    return await work(page);
  } finally {
    await browser.close();
    await server.close();
  }
}

/** Opens the history and scrolls to its end until every page is read. */
async function readWholeHistory(page: Page, rows: number): Promise<void> {
  await page.getByRole('button', { name: 'Show all earlier results' }).click();
  const summary = page.getByTestId('history-summary');
  for (;;) {
    const before = await summary.textContent();
    // The count as the window writes it in English: 100,000.
    if (before?.endsWith(`: ${rows.toLocaleString('en')} images`)) return;
    await page.getByTestId('job-list').evaluate((el) => (el.scrollTop = el.scrollHeight));
    await page.waitForFunction(
      (seen) => document.querySelector('[data-testid="history-summary"]')?.textContent !== seen,
      before,
    );
  }
}

/**
 * Frames drawn per second while the list scrolls 150 px a frame for three seconds. An empty
 * list does not scroll: its page's rate is what this machine draws at the moment, the
 * baseline a list's rate is divided by.
 */
async function scrollFps(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const list = document.querySelector<HTMLElement>('[data-testid="job-list"]');
        let frames = 0;
        const start = performance.now();
        const step = () => {
          frames += 1;
          const end = list ? list.scrollHeight - list.clientHeight : 0;
          if (list && end > 0) list.scrollTop = (list.scrollTop + 150) % end;
          if (performance.now() - start < 3000) requestAnimationFrame(step);
          else resolve((frames * 1000) / (performance.now() - start));
        };
        requestAnimationFrame(step);
      }),
  );
}

/**
 * The longest the page's main thread was busy at once while 1,000 job updates a second
 * arrive for ten seconds, batched four times a second as the shell sends them. Measured as
 * the longest gap between back-to-back message-channel pings, which run between tasks.
 */
async function eventStormLongestTask(page: Page): Promise<number> {
  return page.evaluate(
    (ids) =>
      new Promise<number>((resolve) => {
        const emit = (window as unknown as { __clearframeEmit: (c: string, p: unknown) => void })
          .__clearframeEmit;
        const channel = new MessageChannel();
        let last = performance.now();
        let longest = 0;
        let running = true;
        channel.port1.onmessage = () => {
          const now = performance.now();
          longest = Math.max(longest, now - last);
          last = now;
          if (running) channel.port2.postMessage(0);
        };
        channel.port2.postMessage(0);
        const states = [
          'preparing',
          'submitting',
          'submitted',
          'processing',
          'downloading',
          'done',
        ];
        let seq = 1;
        let next = 0;
        const timer = setInterval(() => {
          seq += 1;
          const batch = Array.from({ length: 250 }, () => {
            const id = ids[next % ids.length] as string;
            next += 1;
            return {
              id,
              batchId: 'batch',
              name: `${id}.jpg`,
              inputPath: `/photos/${id}.jpg`,
              state: states[seq % states.length],
              outputPath: null,
              error: null,
              attempt: 1,
              bytes: 2_400_000,
              seq,
              updatedAt: Date.now(),
            };
          });
          emit('jobs:changed', { jobs: batch });
        }, 250);
        setTimeout(() => {
          clearInterval(timer);
          running = false;
          resolve(longest);
        }, 10_000);
      }),
    jobs(JOBS).map((job) => job.id),
  );
}

const HISTORY = 100_000;
/** A list scrolls at five sixths of what its page draws empty (0.83): 50 frames where that is 60. */
const SMOOTH = { op: '>=', value: 0.83, of: 'ratio' } as const;

export const benchmarks: Benchmark[] = [
  {
    name: 'ui-list-100k-fps',
    figures: ['ui-list-100k-fps'],
    runs: 3,
    async measure() {
      const history = jobs(HISTORY).map((job, i) => ({ ...job, batchId: `batch-${i % 200}` }));
      const fps = await withApp(
        async (page) => {
          await readWholeHistory(page, HISTORY);
          return scrollFps(page);
        },
        { history },
      );
      const empty = await withApp(scrollFps, { count: 0 });
      return [
        {
          name: 'ui-list-100k-fps',
          value: fps,
          unit: 'frames/s',
          baseline: empty,
          target: SMOOTH,
        },
      ];
    },
  },
  {
    name: 'ui-list-10k-fps',
    figures: ['ui-list-10k-fps'],
    runs: 3,
    async measure() {
      const fps = await withApp(scrollFps);
      const empty = await withApp(scrollFps, { count: 0 });
      return [
        {
          name: 'ui-list-10k-fps',
          value: fps,
          unit: 'frames/s',
          baseline: empty,
          target: SMOOTH,
        },
      ];
    },
  },
  {
    name: 'ui-event-storm-longest-task-ms',
    figures: ['ui-event-storm-longest-task-ms'],
    runs: 2,
    async measure() {
      const longest = await withApp(eventStormLongestTask);
      return [
        {
          name: 'ui-event-storm-longest-task-ms',
          value: longest,
          unit: 'ms',
          target: { op: '<=', value: 50, of: 'value' },
        },
      ];
    },
  },
];
