import type { Settings } from '../../../src-shared/domain/settings.ts';
import type { Transport } from '../api/http.ts';
import type { Poller } from '../api/poller.ts';
import type { AppLogger } from '../diagnostics/logger.ts';
import type { JobStore } from '../jobs/store/store.ts';
import type { ApiKeys } from '../secrets/api-keys.ts';
import type { CoreEvents } from './core-events.ts';
import type { Endpoints } from './endpoints.ts';

/** What the composition root builds once and every desk may use. */
export interface DeskContext {
  store: JobStore;
  /** One connection pool for every request the app sends. */
  transport: Transport;
  poller: Poller;
  /** The settings as they are now; read on each use, so a change applies at once. */
  settings: () => Settings;
  keys: ApiKeys;
  endpoints: Endpoints;
  events: CoreEvents;
  log: AppLogger;
}
