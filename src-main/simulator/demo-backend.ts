import { DEMO_PICTURES_PATH } from '../../src-shared/domain/demo-assets.ts';
import { DEMO_KEY, DEMO_PREVIEW_KEY } from './accounts.ts';
import { startSimulator } from './server.ts';

/**
 * Demo mode's services as the hosts hand them to the app core: the simulator on a free
 * loopback port, answering to the demo key. Shaped to the core's `DemoBackend` without
 * importing it, so neither side depends on the other.
 */
export function simulatorDemo(options: { fixturesDir?: string } = {}): () => Promise<{
  watermarkBaseUrl: string;
  videoBaseUrl: string;
  key: string;
  previewKey: string;
  picturesBaseUrl: string;
  stop(): Promise<void>;
}> {
  return async () => {
    const simulator = await startSimulator(
      options.fixturesDir ? { video: { fixturesDir: options.fixturesDir } } : {},
    );
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
