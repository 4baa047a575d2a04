import type { Settings } from '../../src-shared/domain/settings.ts';
import type { Transport } from '../../src-main/core/api/http.ts';
import { Poller } from '../../src-main/core/api/poller.ts';
import { VideoClient } from '../../src-main/core/api/video-client.ts';
import { WatermarkClient } from '../../src-main/core/api/watermark-client.ts';
import type { JobStore } from '../../src-main/core/jobs/store/store.ts';
import { VideoEngine } from '../../src-main/core/jobs/video/video-engine.ts';
import { WatermarkEngine } from '../../src-main/core/jobs/watermark/watermark-engine.ts';
import type { Simulator } from '../../src-main/simulator/server.ts';

/** A watermark engine on a store, sending to the simulator with the given key. */
export function simulatorEngine(
  store: JobStore,
  sim: Simulator,
  key: string,
  transport: Transport,
  settings: () => Settings,
  poller: Poller = new Poller(),
): WatermarkEngine {
  return new WatermarkEngine({
    store,
    client: new WatermarkClient({ baseUrl: sim.watermarkBaseUrl, key: () => key, transport }),
    transport,
    poller,
    settings,
  });
}

/** A video engine on a store, sending rounds to the simulator with the given key. */
export function simulatorVideoEngine(options: {
  store: JobStore;
  sim: Simulator;
  key: string;
  transport: Transport;
  settings: () => Settings;
  /** Where its clips are saved when a project names no folder. */
  outputDir: string;
  poller?: Poller;
  demo?: () => boolean;
}): VideoEngine {
  const { sim, key, transport } = options;
  return new VideoEngine({
    store: options.store,
    client: new VideoClient({ baseUrl: sim.videoBaseUrl, key: () => key, transport }),
    transport,
    poller: options.poller ?? new Poller(),
    settings: options.settings,
    defaultOutputDir: options.outputDir,
    ...(options.demo ? { demo: options.demo } : {}),
  });
}
