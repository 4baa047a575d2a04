import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Stroke } from '../../src-shared/domain/strokes.ts';
import { createTransport } from '../core/api/http.ts';
import { Poller } from '../core/api/poller.ts';
import { WatermarkClient } from '../core/api/watermark-client.ts';
import { JobStore, type JobEvent } from '../core/jobs/store.ts';
import { WatermarkEngine } from '../core/jobs/watermark-engine.ts';
import { dataPaths, defaultUserDataDir } from '../core/paths.ts';
import { ApiKeys } from '../core/secrets/api-keys.ts';
import { KeychainStore } from '../core/secrets/keychain.ts';
import { SettingsStore } from '../core/settings/settings-store.ts';
import { DEMO_KEY } from '../simulator/accounts.ts';
import { startSimulator, type Simulator } from '../simulator/server.ts';

/** Exit codes of `clearframe remove`. */
export const EXIT = { done: 0, someFailed: 1, usage: 2, noKey: 3, interrupted: 130 } as const;

const IMAGE_EXTENSIONS = new Set([
  '.jpg',
  '.jpeg',
  '.png',
  '.webp',
  '.avif',
  '.tif',
  '.tiff',
  '.gif',
  '.heic',
  '.heif',
]);

const USAGE = `Usage: clearframe remove <files|folders…> [--mask-rect x,y,w,h] [--out dir] [--recursive]
                          [--concurrency n] [--demo] [--json] [--data-dir dir]`;

async function collectInputs(targets: readonly string[], recursive: boolean): Promise<string[]> {
  const files: string[] = [];
  for (const target of targets) {
    const absolute = path.resolve(target);
    const info = await stat(absolute);
    if (info.isFile()) {
      files.push(absolute);
      continue;
    }
    const entries = await readdir(absolute, { withFileTypes: true, recursive });
    for (const entry of entries) {
      if (entry.isFile() && IMAGE_EXTENSIONS.has(path.extname(entry.name).toLowerCase())) {
        files.push(path.join(entry.parentPath, entry.name));
      }
    }
  }
  return [...new Set(files)].sort();
}

function parseRect(value: string): Stroke | undefined {
  const parts = value.split(',').map(Number);
  if (
    parts.length !== 4 ||
    parts.some((n) => !Number.isFinite(n)) ||
    (parts[2] ?? 0) <= 0 ||
    (parts[3] ?? 0) <= 0
  ) {
    return undefined;
  }
  const [x, y, width, height] = parts as [number, number, number, number];
  return { kind: 'rect', x, y, width, height };
}

/**
 * `clearframe remove`: the watermark engine from a terminal. Jobs live in the same database
 * as the app's, so running the same command again after a crash resumes the batch instead
 * of starting it over: files that already have a job are not added twice.
 */
export async function runRemove(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        out: { type: 'string' },
        recursive: { type: 'boolean', default: false },
        concurrency: { type: 'string' },
        'mask-rect': { type: 'string' },
        demo: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        'data-dir': { type: 'string' },
      },
    });
  } catch (error) {
    console.error(`clearframe remove: ${(error as Error).message}\n${USAGE}`);
    return EXIT.usage;
  }
  const { values, positionals } = parsed;
  if (positionals.length === 0) {
    console.error(`clearframe remove: name at least one image or folder.\n${USAGE}`);
    return EXIT.usage;
  }
  const concurrency = values.concurrency === undefined ? undefined : Number(values.concurrency);
  if (
    concurrency !== undefined &&
    (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 32)
  ) {
    console.error('clearframe remove: --concurrency must be a whole number from 1 to 32.');
    return EXIT.usage;
  }
  const rect = values['mask-rect'] === undefined ? undefined : parseRect(values['mask-rect']);
  if (values['mask-rect'] !== undefined && !rect) {
    console.error(
      'clearframe remove: --mask-rect takes x,y,width,height in image pixels, such as 1200,900,400,120.',
    );
    return EXIT.usage;
  }
  let inputs: string[];
  try {
    inputs = await collectInputs(positionals, values.recursive);
  } catch (error) {
    console.error(`clearframe remove: ${(error as Error).message}`);
    return EXIT.usage;
  }

  const paths = dataPaths(values['data-dir'] ?? defaultUserDataDir());
  const settingsStore = new SettingsStore(paths.settingsFile);
  const stored = await settingsStore.load();
  if (settingsStore.notice) console.error(settingsStore.notice);
  const settings = {
    ...stored,
    ...(values.out ? { outputFolder: path.resolve(values.out) } : {}),
    concurrency: { ...stored.concurrency, ...(concurrency ? { watermark: concurrency } : {}) },
  };

  let simulator: Simulator | undefined;
  let baseUrl = process.env['CLEARFRAME_WATERMARK_BASE_URL'] ?? settings.watermarkBaseUrl;
  let key: string | undefined;
  if (values.demo) {
    simulator = await startSimulator();
    baseUrl = simulator.watermarkBaseUrl;
    key = DEMO_KEY;
    console.error('Demo mode: using the built-in simulator; nothing is sent to the real service.');
  } else {
    key = await new ApiKeys(new KeychainStore()).read('watermark').catch(() => undefined);
    if (!key) {
      console.error(
        'No watermark API token is set. Set CLEARFRAME_WATERMARK_KEY (or save the token in the app), or try --demo to use the built-in simulator.',
      );
      return EXIT.noKey;
    }
  }
  const resolvedKey = key;

  const store = JobStore.open(paths.database);
  const transport = createTransport({ maxConnections: settings.concurrency.watermark * 2 });
  const total = inputs.length;
  let finished = 0;
  const report = (event: JobEvent) => {
    if (!['done', 'failed', 'needs-attention'].includes(event.state)) return;
    finished += 1;
    const job = store.getWatermarkJob(event.jobId);
    const error = job?.error_json
      ? (JSON.parse(job.error_json) as { message: string }).message
      : undefined;
    if (values.json) {
      console.log(
        JSON.stringify({
          input: job?.input_path,
          state: event.state,
          output: job?.output_path ?? undefined,
          error,
        }),
      );
    } else {
      console.log(
        `[${finished}/${total}] ${event.state.padEnd(15)} ${path.basename(job?.input_path ?? '')}${job?.output_path ? ` -> ${job.output_path}` : ''}${error ? `: ${error}` : ''}`,
      );
    }
  };
  const engine = new WatermarkEngine({
    store,
    client: new WatermarkClient({ baseUrl, key: () => resolvedKey, transport }),
    transport,
    poller: new Poller(),
    settings: () => settings,
    onEvent: report,
  });
  const interrupted = new Promise<number>((resolve) => {
    const stop = () => {
      engine.stop();
      resolve(EXIT.interrupted);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });

  engine.recover();
  const fresh = inputs.filter((input) => !store.latestWatermarkJobFor(input));
  engine.add(fresh.map((inputPath) => ({ inputPath, ...(rect ? { strokes: [rect] } : {}) })));
  const code = await Promise.race([engine.whenIdle().then(() => -1), interrupted]);

  const states = inputs.map((input) => store.latestWatermarkJobFor(input)?.state);
  const done = states.filter((s) => s === 'done').length;
  const attention = states.filter((s) => s === 'needs-attention').length;
  const failed = states.length - done - attention;
  if (!values.json) {
    console.log(
      `${done} done, ${failed} failed${attention ? `, ${attention} need your decision (the service may already have them)` : ''}.`,
    );
  }
  store.close();
  await transport.close();
  await simulator?.stop();
  if (code !== -1) return code;
  return done === total ? EXIT.done : EXIT.someFailed;
}
