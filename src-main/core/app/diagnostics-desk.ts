import type { Handlers } from '../../../src-shared/ipc/common.ts';
import type { diagnosticsContract } from '../../../src-shared/ipc/diagnostics.ts';
import os from 'node:os';
import { redactForLog } from '../diagnostics/logger.ts';
import type { DeskContext } from './desk-context.ts';

/**
 * "Copy diagnostics": versions, system, settings (which hold no secrets), keys set or not,
 * jobs and the last problems, redacted, for a support request.
 */
export class DiagnosticsDesk {
  readonly handlers: Handlers<typeof diagnosticsContract>;

  constructor(
    context: DeskContext,
    options: {
      app: { name: string; version: string; platform: string };
      runtime: Record<string, string> | undefined;
    },
  ) {
    const { settings, keys, store, endpoints, log } = context;
    const { app } = options;
    this.handlers = {
      'diagnostics:report': async () => {
        const statuses = await keys.statuses();
        const demo = endpoints.demoServices;
        const lines = [
          `${app.name} ${app.version}`,
          `System: ${os.type()} ${os.release()} ${os.arch()} (${app.platform})`,
          `Runtime: ${Object.entries({ node: process.versions.node, ...options.runtime })
            .map(([name, version]) => `${name} ${version}`)
            .join(', ')}`,
          `Mode: ${demo.length > 0 ? `demo (built-in simulator) for ${demo.join(', ')}` : 'service'}`,
          `Keys: ${statuses.map((key) => `${key.kind} ${key.set ? `set (${key.source})` : 'not set'}`).join(', ')}`,
          `Settings: ${JSON.stringify(settings())}`,
          `Images: ${JSON.stringify(store.stateCounts('watermark'))}`,
          `Video rounds: ${JSON.stringify(store.stateCounts('video'))}`,
          `Logs: ${log.dir}`,
          'Last problems:',
          ...log
            .recentProblems()
            .map((entry) => `  ${entry.at} ${entry.level} (${entry.scope}) ${entry.text}`),
        ];
        return { text: redactForLog(lines.join('\n')) };
      },
    };
  }
}
