import type { WatermarkJobView } from '../../src-shared/ipc/contract.ts';

/** A watermark job as the window sees it, at change number `seq`, for tests of its events. */
export function jobView(
  id: string,
  seq: number,
  state: WatermarkJobView['state'],
): WatermarkJobView {
  return {
    id,
    batchId: 'b',
    name: `${id}.png`,
    inputPath: `/in/${id}.png`,
    state,
    outputPath: null,
    error: null,
    attempt: 1,
    checkAgain: false,
    bytes: null,
    local: false,
    doubt: null,
    seq,
    updatedAt: seq,
  };
}
