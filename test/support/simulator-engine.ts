import type { Settings } from '../../src-shared/domain/settings.ts';
import type { Transport } from '../../src-main/core/api/http.ts';
import { Poller } from '../../src-main/core/api/poller.ts';
import { WatermarkClient } from '../../src-main/core/api/watermark-client.ts';
import type { JobStore } from '../../src-main/core/jobs/store/store.ts';
import { WatermarkEngine } from '../../src-main/core/jobs/watermark/watermark-engine.ts';
import type { Simulator } from '../../src-main/simulator/server.ts';

/** A watermark engine on a store, sending to the simulator with the given key. */
export function simulatorEngine(
  store: JobStore,
  sim: Simulator,
  key: string,
  transport: Transport,
  settings: () => Settings,
): WatermarkEngine {
  return new WatermarkEngine({
    store,
    client: new WatermarkClient({ baseUrl: sim.watermarkBaseUrl, key: () => key, transport }),
    transport,
    poller: new Poller(),
    settings,
  });
}
