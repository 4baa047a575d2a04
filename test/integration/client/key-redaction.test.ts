import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download } from '../../../src-main/core/api/downloader.ts';
import { redactSecrets } from '../../../src-main/core/api/errors.ts';
import { createTransport, type Transport } from '../../../src-main/core/api/http.ts';
import { VideoClient } from '../../../src-main/core/api/video-client.ts';
import { WatermarkClient } from '../../../src-main/core/api/watermark-client.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';

const SECRET = 'sk-live-CLEARFRAME-9f8e7d6c5b4a';
let sim: Simulator;
let transport: Transport;

beforeAll(async () => {
  sim = await startSimulator({ accounts: [{ key: SECRET, credits: 0, balanceUsd: 0 }] });
  transport = createTransport({ timeoutMs: 300 });
});

afterAll(async () => {
  await transport.close();
  await sim.stop();
});

/** Everything a log line or a screen could show of an error, down its cause chain. */
function everythingShown(error: unknown): string {
  const parts: string[] = [];
  for (
    let e: unknown = error, depth = 0;
    e && depth < 6;
    e = (e as { cause?: unknown }).cause, depth += 1
  ) {
    parts.push(inspect(e, { depth: 4 }), JSON.stringify(e) ?? '');
    if (e instanceof Error) parts.push(e.toString(), e.message, e.stack ?? '');
    if (typeof e === 'object' && 'userMessage' in e) parts.push(inspect(e.userMessage));
  }
  return parts.join('\n');
}

describe('the API key never shows', () => {
  it('in any error the clients raise, whatever went wrong', async () => {
    const retry = { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 };
    const watermark = new WatermarkClient({
      baseUrl: sim.watermarkBaseUrl,
      key: () => SECRET,
      transport,
      retry,
    });
    const video = new VideoClient({
      baseUrl: sim.videoBaseUrl,
      key: () => SECRET,
      transport,
      retry,
    });
    const dead = new WatermarkClient({
      baseUrl: 'http://127.0.0.1:9/watermark',
      key: () => SECRET,
      transport,
      retry,
    });
    const outDir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-redact-'));
    const failures: unknown[] = [];
    const attempt = async (run: () => Promise<unknown>) => {
      failures.push(
        await run().then(
          () => new Error('expected a failure'),
          (e: unknown) => e,
        ),
      );
    };
    await attempt(() => watermark.submit({ base64: 'aGVsbG8=' }));
    await attempt(() => watermark.submit({ base64: `data:image/png;base64,${SECRET}` }));
    await attempt(() =>
      video.generate({ model: 'videomodel-2-5', content: [{ type: 'text', text: 'x' }] }),
    );
    await attempt(() => video.get('missing'));
    await attempt(() => dead.quota());
    sim.setFaults({ latencyMs: 1000 });
    await attempt(() => watermark.quota());
    sim.setFaults({ latencyMs: 0, rates: { 'malformed-json': 1 } });
    await attempt(() => watermark.quota());
    sim.setFaults({ rates: { 'server-error': 1 } });
    await attempt(() => video.list());
    sim.setFaults({ rates: {} });
    await attempt(() =>
      download(transport, {
        url: `${sim.origin}/files/nope/x.png`,
        targetDir: outDir,
        fileName: 'x.png',
      }),
    );
    await rm(outDir, { recursive: true, force: true });

    expect(failures).toHaveLength(9);
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(Error);
      expect(everythingShown(failure)).not.toContain(SECRET);
    }
  });

  it('in text that quotes it, once the key is known', () => {
    expect(redactSecrets(`Authorization: Bearer ${SECRET}`)).toBe(
      'Authorization: Bearer [redacted]',
    );
    expect(redactSecrets(`the key ${SECRET} was refused`)).toBe('the key [redacted] was refused');
  });
});
