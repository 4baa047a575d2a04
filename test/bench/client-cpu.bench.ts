import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { download } from '../../src-main/core/api/downloader.ts';
import { createTransport } from '../../src-main/core/api/http.ts';
import { WatermarkClient } from '../../src-main/core/api/watermark-client.ts';
import { runCli } from '../support/cli-process.ts';
import { REAL_PHOTOS, requireRealPhotos } from '../support/real-photos.ts';
import type { Benchmark } from './harness.ts';

const PHOTOS = 30;
const WIDTH = 1600;
const HEIGHT = 1067;
const KEY = 'client-cpu-key';
/** The mark's rectangle at the bottom-right corner, as both clients send it. */
const RECT = { x: 1300, y: 950, width: 260, height: 80 };
const SCRIPT_THREADS = 8;
const SCRIPT_POLL_MS = 2000;
const simulatorChild = fileURLToPath(new URL('./simulator-child.ts', import.meta.url));
const cpuReport = fileURLToPath(new URL('./cpu-report.ts', import.meta.url));

/** The desktop's wallpapers as 1600×1067 JPEG photos (q90), each twice: as is and mirrored. */
async function makePhotos(folder: string): Promise<string[]> {
  await requireRealPhotos();
  await mkdir(folder);
  const files: string[] = [];
  for (let i = 0; i < PHOTOS; i += 1) {
    const file = path.join(folder, `photo-${String(i).padStart(2, '0')}.jpg`);
    let image = sharp(REAL_PHOTOS[i % REAL_PHOTOS.length] as string).resize(WIDTH, HEIGHT, {
      fit: 'cover',
    });
    if (i >= REAL_PHOTOS.length) image = image.flop();
    await image.jpeg({ quality: 90 }).toFile(file);
    files.push(file);
  }
  return files;
}

/** The simulator in a process of its own: its stand-in decodes and repaints every photo. */
async function startSimulatorProcess(): Promise<{ baseUrl: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--experimental-strip-types', '--no-warnings', simulatorChild, KEY],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`the simulator exited with ${String(code)}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n')) resolve(output.trim());
    });
  });
  return { baseUrl, child };
}

/**
 * The plain script a user might write instead: eight threads, each sends a photo with the
 * mask, asks every 2 s, and writes what it downloads.
 */
async function plainScript(baseUrl: string, files: readonly string[], out: string): Promise<void> {
  const transport = createTransport({ maxConnections: SCRIPT_THREADS * 2 });
  const client = new WatermarkClient({ baseUrl, key: () => KEY, transport });
  const mask = await sharp({
    create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#000000' },
  })
    .composite([
      {
        input: { create: { ...RECT, channels: 3, background: '#ff0000' } },
        left: RECT.x,
        top: RECT.y,
      },
    ])
    .png()
    .toBuffer();
  let next = 0;
  try {
    await Promise.all(
      Array.from({ length: SCRIPT_THREADS }, async () => {
        for (let i = next++; i < files.length; i = next++) {
          const file = files[i] as string;
          const taskId = await client.submit(
            { base64: (await readFile(file)).toString('base64') },
            { base64: mask.toString('base64') },
          );
          for (;;) {
            await sleep(SCRIPT_POLL_MS);
            const result = await client.result(taskId);
            if (result.phase === 'in-progress') continue;
            if (result.phase !== 'succeeded') throw new Error(`${file}: ${result.status}`);
            await download(transport, {
              url: result.imageUrls[0] as string,
              targetDir: out,
              fileName: path.basename(file),
            });
            break;
          }
        }
      }),
    );
  } finally {
    await transport.close();
  }
}

export const benchmarks: Benchmark[] = [
  {
    name: 'client-cpu',
    figures: ['client-cpu-seconds-per-mp', 'client-batch-wall-ratio'],
    runs: 1,
    async measure() {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-client-cpu-'));
      const sim = await startSimulatorProcess();
      try {
        const files = await makePhotos(path.join(dir, 'photos'));
        const megapixels = (PHOTOS * WIDTH * HEIGHT) / 1e6;
        const cpuFile = path.join(dir, 'cpu.json');
        let started = performance.now();
        const run = await runCli(
          [
            'remove',
            path.join(dir, 'photos'),
            '--mask-rect',
            `${RECT.x},${RECT.y},${RECT.width},${RECT.height}`,
            '--out',
            path.join(dir, 'cli-out'),
            '--data-dir',
            path.join(dir, 'data'),
            // The photos carry no mark: a result the stand-in left as it was is kept, as such.
            '--keep-doubted',
          ],
          {
            env: {
              CLEARFRAME_WATERMARK_KEY: KEY,
              CLEARFRAME_WATERMARK_BASE_URL: sim.baseUrl,
              CLEARFRAME_BENCH_CPU_FILE: cpuFile,
              NODE_OPTIONS: `--import ${cpuReport}`,
            },
          },
        );
        const cliMs = performance.now() - started;
        // Exit code 1 says results are in doubt (kept as they are): the stand-in changes
        // nothing where a photo carries no mark, and the command says so. Anything else fails.
        if (run.code !== 0 && run.code !== 1)
          throw new Error(`clearframe remove exited ${run.code}: ${run.stdout}${run.stderr}`);
        const written = (await readdir(path.join(dir, 'cli-out'))).filter((name) =>
          name.endsWith('.jpg'),
        ).length;
        if (written !== PHOTOS) throw new Error(`the command wrote ${written} of ${PHOTOS}`);
        const { seconds } = JSON.parse(await readFile(cpuFile, 'utf8')) as { seconds: number };
        await mkdir(path.join(dir, 'script-out'));
        started = performance.now();
        await plainScript(sim.baseUrl, files, path.join(dir, 'script-out'));
        const scriptMs = performance.now() - started;
        return [
          {
            name: 'client-cpu-seconds-per-mp',
            value: seconds / megapixels,
            unit: 's/MP',
            target: { op: '<=', value: 0.15, of: 'value' },
          },
          {
            name: 'client-batch-wall-ratio',
            value: cliMs / 1000,
            unit: 's',
            baseline: scriptMs / 1000,
            target: { op: '<=', value: 0.9, of: 'ratio' },
          },
        ];
      } finally {
        sim.child.kill('SIGTERM');
        if (sim.child.exitCode === null) await once(sim.child, 'exit');
        await rm(dir, { recursive: true, force: true });
      }
    },
  },
];
