import type { Handlers } from '../../../src-shared/ipc/common.ts';
import type { settingsContract } from '../../../src-shared/ipc/settings.ts';
import { redactForLog } from '../diagnostics/logger.ts';
import { testAndKeepKey } from '../secrets/test-key.ts';
import type { SettingsStore } from '../settings/settings-store.ts';
import type { DeskContext } from './desk-context.ts';

/**
 * Settings and keys: what the user changes in the Settings screen. A change that can move a
 * service in or out of demo mode (a setting, a key saved or removed) is passed on through
 * `onModeChange`, which restarts nothing else.
 */
export class SettingsDesk {
  readonly handlers: Handlers<typeof settingsContract>;

  constructor(
    context: DeskContext,
    options: { settingsStore: SettingsStore; onModeChange: () => Promise<void> },
  ) {
    const { keys, endpoints, log } = context;
    const { settingsStore, onModeChange } = options;
    this.handlers = {
      'settings:get': () => settingsStore.get(),
      'settings:update': async (patch) => {
        const result = await settingsStore.update(patch);
        if (result.ok) {
          log.info('settings', 'changed:', Object.keys(patch).join(', '));
          await onModeChange();
        } else log.info('settings', 'refused:', result.errors);
        return result;
      },
      'keys:status': async () => ({ keys: await keys.statuses() }),
      'keys:set': async ({ kind, value }) => {
        const check = await testAndKeepKey(kind, value, keys, {
          baseUrl: endpoints.serviceUrl(kind),
          transport: context.transport,
        });
        const test = { ok: check.outcome === 'accepted', message: redactForLog(check.message) };
        log.info(
          'keys',
          `the ${kind} key ${test.ok ? 'passed its test and was saved' : 'was not saved'}: ${test.message}`,
        );
        if (test.ok) {
          endpoints.noteKey(kind, true);
          await onModeChange();
        }
        return { status: await keys.status(kind), test };
      },
      'keys:clear': async ({ kind }) => {
        await keys.clear(kind);
        log.info('keys', `the ${kind} key was removed`);
        const status = await keys.status(kind);
        endpoints.noteKey(kind, status.set);
        await onModeChange();
        return status;
      },
    };
  }
}
