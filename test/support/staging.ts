import { randomUUID } from 'node:crypto';
import type { AppCore } from '../../src-main/core/app/app-core.ts';
import type { InvokeResponse, StagedBatch } from '../../src-shared/ipc/contract.ts';

/** Everything one look at dropped files sent the window, gathered as it arrives. */
export interface StagingSeen {
  items: StagedBatch['items'];
  skipped: StagedBatch['skipped'];
  /** The `media:staged` messages, in the order they came. */
  batches: StagedBatch[];
  stop: () => void;
}

/** Gathers what the core sends for one run of `media:probe`. */
export function followStaging(core: Pick<AppCore, 'subscribe'>, run: string): StagingSeen {
  const seen: StagingSeen = { items: [], skipped: [], batches: [], stop: () => undefined };
  seen.stop = core.subscribe((channel, payload) => {
    if (channel !== 'media:staged') return;
    const batch = payload as StagedBatch;
    if (batch.run !== run) return;
    seen.batches.push(batch);
    seen.items.push(...batch.items);
    seen.skipped.push(...batch.skipped);
  });
  return seen;
}

/** Stages files as the window does, and gives what it was sent with the final answer. */
export async function stageFiles(
  core: Pick<AppCore, 'subscribe' | 'handlers'>,
  paths: string[],
  recursive?: boolean,
): Promise<StagingSeen & { answer: InvokeResponse<'media:probe'> }> {
  const run = randomUUID();
  const seen = followStaging(core, run);
  try {
    const answer = await core.handlers['media:probe']({
      paths,
      run,
      ...(recursive === undefined ? {} : { recursive }),
    });
    return { ...seen, answer };
  } finally {
    seen.stop();
  }
}
