import type { RequestLogEntry } from '../../src-main/simulator/request-log.ts';
import { VIDEO_PATHS } from '../../src-shared/api/video.ts';
import { WATERMARK_PATHS } from '../../src-shared/api/watermark.ts';

const PAID_PATHS = [WATERMARK_PATHS.submit, VIDEO_PATHS.generate];

/**
 * Paid submissions whose body reached the simulator more than once. A 429 is the service
 * saying it did not take the request, so a repeat after one is allowed; anything else
 * repeated is a request the user may have paid for twice.
 */
export function paidSubmissionsSentTwice(log: readonly RequestLogEntry[]): RequestLogEntry[][] {
  const byBody = new Map<string, RequestLogEntry[]>();
  for (const entry of log) {
    if (entry.method !== 'POST' || !PAID_PATHS.some((p) => entry.path.endsWith(p))) continue;
    if (entry.status === 429) continue;
    const key = `${entry.keyId} ${entry.path} ${entry.bodyHash}`;
    byBody.set(key, [...(byBody.get(key) ?? []), entry]);
  }
  return [...byBody.values()].filter((entries) => entries.length > 1);
}
