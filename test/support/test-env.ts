import { VIDEO_POLL_ENV } from '../../src-main/core/api/poll-interval.ts';
import { DEMO_VIDEO_PACE_ENV } from '../../src-main/simulator/demo-backend.ts';

/**
 * What the end-to-end tests' cores and the tests' command lines read from the environment:
 * the simulator finishes a clip in under a second, so video tasks are asked about every 0.5
 * to 1 s instead of the service's 5 to 10 s, and the demo makes a clip in 1 s instead of
 * about 22, which the tests would otherwise sit out.
 */
export const TEST_ENV: Readonly<Record<string, string>> = {
  [VIDEO_POLL_ENV]: '0.5',
  [DEMO_VIDEO_PACE_ENV]: '1',
};
