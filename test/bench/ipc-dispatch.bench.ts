import { performance } from 'node:perf_hooks';
import { createDispatch } from '../../src-main/electron/ipc-registry.ts';
import type { Benchmark } from './harness.ts';

const CALLS = 20_000;
const info = {
  name: 'Clearframe',
  version: '0.0.0',
  platform: 'linux',
  demoMode: true,
  demoServices: ['watermark' as const, 'video' as const],
  previewBase: 'clearframe-preview://job/',
};
const appPage = { frameUrl: 'app://clearframe/index.html' };

/** What the sender check and the contract validation add to each renderer request. */
export const benchmarks: Benchmark[] = [
  {
    name: 'ipc-dispatch-us',
    figures: ['ipc-dispatch-us'],
    runs: 5,
    async measure() {
      const handler = () => info;
      const dispatch = createDispatch({ 'app:info': handler });
      let start = performance.now();
      for (let i = 0; i < CALLS; i += 1) await dispatch(appPage, 'app:info', undefined);
      const dispatched = ((performance.now() - start) * 1000) / CALLS;
      start = performance.now();
      for (let i = 0; i < CALLS; i += 1) await Promise.resolve(handler());
      const direct = ((performance.now() - start) * 1000) / CALLS;
      return [{ name: 'ipc-dispatch-us', value: dispatched, unit: 'µs/call', baseline: direct }];
    },
  },
];
