import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../../src-shared/domain/settings.ts';
import type { ShownLanguage } from '../../../src-shared/i18n/languages.ts';
import type { AppCore } from '../../../src-main/core/app/app-core.ts';
import { createTransport, type Transport } from '../../../src-main/core/api/http.ts';
import { Poller } from '../../../src-main/core/api/poller.ts';
import { speakCoreIn } from '../../../src-main/core/i18n/core-words.ts';
import { JobStore } from '../../../src-main/core/jobs/store/store.ts';
import { INSECURE_REDIRECT_ORIGIN } from '../../../src-main/simulator/file-host.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { shownError } from '../../../src-renderer/watermark/results.ts';
import { runCli } from '../../support/cli-process.ts';
import { sayIn } from '../../support/in-language.ts';
import { makePhoto } from '../../support/images.ts';
import { scaledClock } from '../../support/scaled-clock.ts';
import { startBareCore } from '../../support/test-core.ts';
import { simulatorEngine, simulatorVideoEngine } from '../../support/simulator-engine.ts';

const KEY = 'error-language-engine-key';
// Simulated time runs 100 times faster: the 5-10 s video poll interval takes 50-100 ms.
const clock = scaledClock(100);
let dir: string;
let dataDir: string;
let sim: Simulator;
let transport: Transport;
let core: AppCore | undefined;

/** What a result link that redirects to plain http elsewhere fails with, in `language`. */
function linkRefused(language: ShownLanguage): string {
  const say = sayIn(language);
  const host = new URL(INSECURE_REDIRECT_ORIGIN).host;
  return say('core.api.download', {
    reason: say('core.fetch.redirectedElsewhere', {
      problem: say('core.fetch.plainHttp', { host }),
    }),
  });
}

beforeEach(async () => {
  speakCoreIn(() => 'en');
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-error-language-engine-'));
  dataDir = path.join(dir, 'data');
  await mkdir(dataDir, { recursive: true });
  sim = await startSimulator({
    now: () => clock.now(),
    accounts: [{ key: KEY, credits: 100, balanceUsd: 50 }],
    watermark: { processingMs: 200, jitter: 0 },
    video: { pendingMs: 1000, processingMs: 2000, jitter: 0 },
  });
  transport = createTransport({ timeoutMs: 5000 });
});

afterEach(async () => {
  speakCoreIn(() => 'en');
  await core?.stop();
  core = undefined;
  await transport.close();
  await sim.stop();
  await rm(dir, { recursive: true, force: true });
});

/**
 * An image and a round that fail for real: the engines send them to the simulator, which
 * does the work and then hands out links that redirect to plain http off this machine, which
 * the downloader refuses. Both failures are stored in English.
 */
async function failForReal(): Promise<{ image: string }> {
  sim.setFaults({ rates: { 'redirect-insecure': 1 } });
  const store = JobStore.open(path.join(dataDir, 'clearframe.sqlite'), { now: () => clock.now() });
  const settings: Settings = { ...DEFAULT_SETTINGS, outputFolder: path.join(dir, 'out') };
  try {
    const image = path.join(dir, 'harbour.png');
    await writeFile(image, await makePhoto(24, 16, 'png', 1));
    const images = simulatorEngine(
      store,
      sim,
      KEY,
      transport,
      () => settings,
      new Poller({ clock }),
    );
    images.add([{ inputPath: image }]);
    const rounds = simulatorVideoEngine({
      store,
      sim,
      key: KEY,
      transport,
      settings: () => settings,
      outputDir: path.join(dir, 'videos'),
      poller: new Poller({ clock }),
    });
    const shot = rounds.rounds.addShot(rounds.rounds.createProject('Harbour'), 'one');
    rounds.addRound(shot, {
      model: 'videomodel-2-5',
      content: [{ type: 'text', text: 'Boats at dusk' }],
      duration: 4,
    });
    await Promise.all([images.whenIdle(), rounds.whenIdle()]);
    expect(store.stateCounts('watermark')).toEqual({ failed: 1 });
    expect(store.stateCounts('video')).toEqual({ failed: 1 });
    return { image };
  } finally {
    store.close();
  }
}

describe('a job that failed on a real run, read after a language switch', () => {
  it('reads in the new language in the window’s job list and in the command line, clause and all', async () => {
    const { image } = await failForReal();

    core = await startBareCore({ dataDir, name: 'error-language-engine' });
    const shown = async (language: ShownLanguage) => {
      const { jobs } = await (core as AppCore).handlers['watermark:list'](undefined);
      const job = jobs.find((listed) => listed.inputPath === image);
      if (!job) throw new Error('the image is not listed');
      return shownError(job, sayIn(language));
    };
    expect(await shown('en')).toBe(linkRefused('en'));

    expect((await core.handlers['settings:update']({ language: 'de' })).ok).toBe(true);
    // The whole sentence in German: the reason inside it too, not the English it was stored in.
    expect(await shown('de')).toBe(linkRefused('de'));
    await core.stop();
    core = undefined;

    // The command line reads the same data folder, whose language is now German.
    const status = await runCli(['video', 'status', '--data-dir', dataDir]);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(linkRefused('de'));
    expect(status.stdout).not.toContain(linkRefused('en'));
  }, 60_000);
});
