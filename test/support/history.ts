import type { AppCore } from '../../src-main/core/app/app-core.ts';
import { HISTORY_PAGE_MAX, type WatermarkJobView } from '../../src-shared/ipc/contract.ts';

/** Every watermark job in the store, oldest first, read a page at a time as the window does. */
export async function everyWatermarkJob(
  core: Pick<AppCore, 'handlers'>,
): Promise<WatermarkJobView[]> {
  const jobs: WatermarkJobView[] = [];
  let before: number | undefined;
  for (;;) {
    const page = await core.handlers['watermark:history']({
      limit: HISTORY_PAGE_MAX,
      ...(before === undefined ? {} : { before }),
    });
    jobs.push(...page.jobs);
    if (page.next === null) return jobs.reverse();
    before = page.next;
  }
}
