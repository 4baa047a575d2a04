/**
 * How soon the window shows its first words and the command line answers, each against a
 * baseline measured beside it (a page of one word in the same browser; Node starting with
 * nothing to do), so a loaded machine moves both sides alike. The messages the two load are
 * FormatJS's compiled ones: these are the figures that change when they do.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { connectPreload, serveRenderer, type RendererServer } from '../e2e/harness.ts';
import { chromiumLaunchOptions } from '../support/chromium.ts';
import type { Benchmark } from './harness.ts';
import { BENCH_APP_INFO } from './ui.bench.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const LOADS = 5;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Milliseconds from navigation to the page's first contentful paint, in a fresh context. */
async function paintOf(browser: Browser, open: (url: string) => string, server: RendererServer) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 820 } });
  try {
    const page = await context.newPage();
    await connectPreload(page, server, {
      'app:info': () => BENCH_APP_INFO,
    });
    await page.goto(open(server.url));
    return await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list, observer) => {
            const paint = list.getEntriesByName('first-contentful-paint')[0];
            if (paint) {
              observer.disconnect();
              resolve(paint.startTime);
            }
          }).observe({ type: 'paint', buffered: true });
        }),
    );
  } finally {
    await context.close();
  }
}

async function windowPaint(): Promise<{ app: number; plain: number }> {
  if (!existsSync(`${root}/out/renderer/index.html`)) {
    throw new Error('The app is not built: run `npm run build` before `npm run bench`.');
  }
  const server = await serveRenderer();
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const app: number[] = [];
    const plain: number[] = [];
    for (let load = 0; load < LOADS; load += 1) {
      app.push(await paintOf(browser, (url) => url, server));
      plain.push(await paintOf(browser, () => 'data:text/html,<p>Clearframe</p>', server));
    }
    return { app: median(app), plain: median(plain) };
  } finally {
    await browser.close();
    await server.close();
  }
}

/** Wall milliseconds of one process, run to its end. */
function timed(args: readonly string[]): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${args.join(' ')} failed: ${run.stderr}`);
  return performance.now() - started;
}

function cliStart(): { cli: number; node: number } {
  const cli: number[] = [];
  const node: number[] = [];
  for (let run = 0; run < LOADS; run += 1) {
    // `help` in the user's language: the command line's words are loaded and formatted.
    cli.push(timed(['--experimental-strip-types', 'src-main/cli/main.ts', 'help']));
    node.push(timed(['--experimental-strip-types', '-e', '']));
  }
  return { cli: median(cli), node: median(node) };
}

export const benchmarks: Benchmark[] = [
  {
    name: 'start',
    figures: ['window-first-paint-ms', 'cli-start-ms'],
    runs: 3,
    async measure() {
      const paint = await windowPaint();
      const start = cliStart();
      return [
        {
          name: 'window-first-paint-ms',
          value: paint.app,
          baseline: paint.plain,
          unit: 'ms',
          target: { op: '<=', value: 6, of: 'ratio' },
        },
        {
          name: 'cli-start-ms',
          value: start.cli,
          baseline: start.node,
          unit: 'ms',
          target: { op: '<=', value: 8, of: 'ratio' },
        },
      ];
    },
  },
];
