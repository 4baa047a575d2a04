import { DEMO_PICTURES_PATH } from '../../src-shared/domain/demo-assets.ts';
import { DEMO_KEY, DEMO_PREVIEW_KEY } from './accounts.ts';
import { startSimulator, type SimulatorOptions } from './server.ts';

/** Shortens the time the demo takes to make a clip, for tests that do not want to sit it out. */
export const DEMO_VIDEO_PACE_ENV = 'CLEARFRAME_DEMO_VIDEO_SECONDS';

/**
 * The demo's video pace: the stand-in service's own (about 22 s a clip, so the queue looks as
 * it will with the real service), unless the environment names the whole time in seconds. A
 * tenth of it waits as pending, the rest processes. Anything but a positive number keeps the pace.
 */
export function demoVideoTiming(
  env: Readonly<Record<string, string | undefined>>,
): SimulatorOptions['video'] {
  const seconds = Number(env[DEMO_VIDEO_PACE_ENV]?.trim() || Number.NaN);
  if (!Number.isFinite(seconds) || seconds <= 0) return {};
  return { pendingMs: seconds * 100, processingMs: seconds * 900 };
}

/**
 * Demo mode's services as the hosts hand them to the app core: the simulator on a free
 * loopback port, answering to the demo key. Shaped to the core's `DemoBackend` without
 * importing it, so neither side depends on the other.
 */
export function simulatorDemo(
  options: { fixturesDir?: string; env?: Readonly<Record<string, string | undefined>> } = {},
): () => Promise<{
  watermarkBaseUrl: string;
  videoBaseUrl: string;
  key: string;
  previewKey: string;
  picturesBaseUrl: string;
  stop(): Promise<void>;
}> {
  return async () => {
    const simulator = await startSimulator({
      video: {
        ...demoVideoTiming(options.env ?? {}),
        ...(options.fixturesDir ? { fixturesDir: options.fixturesDir } : {}),
      },
    });
    return {
      watermarkBaseUrl: simulator.watermarkBaseUrl,
      videoBaseUrl: simulator.videoBaseUrl,
      key: DEMO_KEY,
      previewKey: DEMO_PREVIEW_KEY,
      picturesBaseUrl: `${simulator.origin}${DEMO_PICTURES_PATH}`,
      stop: () => simulator.stop(),
    };
  };
}
