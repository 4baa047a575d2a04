import type { ClearframeApi } from '../src-shared/ipc/contract.ts';

export function bridge(): ClearframeApi {
  if (!window.clearframe) {
    throw new Error('Clearframe must be opened from the desktop app.');
  }
  return window.clearframe;
}
