import type { Handlers } from '../../../src-shared/ipc/common.ts';
import type { importContract } from '../../../src-shared/ipc/video-import.ts';
import { basename } from 'node:path';
import type { VideoRoundView } from '../../../src-shared/ipc/contract.ts';
import { formatMoney } from '../../../src-shared/i18n/formats.ts';
import {
  RoundImportError,
  planImport,
  planView,
  queueImport,
  refusedImport,
} from '../jobs/video/round-import.ts';
import type { VideoEngine } from '../jobs/video/video-engine.ts';
import type { DeskContext } from './desk-context.ts';
import { videoRoundView } from './video-desk.ts';
import { coreIntl } from '../i18n/core-words.ts';

export type ImportHandlers = Handlers<typeof importContract>;

/**
 * Rounds from a CSV or JSON file: every row checked by the rules the round editor uses and
 * priced before the window shows it; queued all or none, once the user has seen the total.
 */
export class ImportDesk {
  readonly handlers: ImportHandlers;

  constructor(
    context: DeskContext,
    options: {
      engine: VideoEngine;
      /** Whether video rounds go to the built-in simulator now. */
      demo: () => boolean;
      onChange: (rounds: VideoRoundView[]) => void;
    },
  ) {
    const { engine } = options;
    const { rounds } = engine;
    const plan = (file: string) =>
      planImport(file, { rounds, tier: context.settings().pricingTier, demo: options.demo() });
    const project = (projectId: string) => {
      const tree = rounds.tree(projectId);
      if (!tree) throw new RoundImportError({ id: 'core.app.importProjectGone' });
      return tree;
    };
    this.handlers = {
      'video:planImport': async ({ path, projectId }) => {
        const tree = project(projectId);
        return planView(await plan(path), tree);
      },
      'video:importRounds': async ({ path, projectId, count, totalCents }) => {
        project(projectId);
        const planned = await plan(path);
        if (planned.problems.length > 0) throw refusedImport(planned);
        if (planned.rounds.length !== count || planned.totalCents !== totalCents) {
          throw new RoundImportError({
            id: 'core.app.importChanged',
            values: {
              file: basename(planned.file),
              count: planned.rounds.length,
              cost: formatMoney(coreIntl(), planned.totalCents),
            },
          });
        }
        const { roundIds } = queueImport(
          context.store,
          rounds,
          context.settings().pricingTier,
          planned,
          { id: projectId },
        );
        options.onChange(
          roundIds.flatMap((id) => {
            const row = rounds.round(id);
            return row ? [videoRoundView(row, context.store.events(id).at(-1)?.seq ?? 0)] : [];
          }),
        );
        engine.wake();
        return { roundIds };
      },
    };
  }
}
