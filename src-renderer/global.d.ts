import type { ClearframeApi } from '../src-shared/ipc/contract.ts';

declare global {
  interface Window {
    /** Set by the preload; missing only when the page is opened outside the app. */
    clearframe?: ClearframeApi;
  }
}
