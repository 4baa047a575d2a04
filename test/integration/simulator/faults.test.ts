import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_PATHS } from '../../../src-shared/api/video.ts';
import { WATERMARK_PATHS } from '../../../src-shared/api/watermark.ts';
import { FAULT_HEADER, LATENCY_HEADER } from '../../../src-main/simulator/faults.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { makePhoto } from '../../support/images.ts';
import { call } from '../../support/simulator-http.ts';

let clock = Date.parse('2026-11-21T12:00:00Z');
let sim: Simulator;
let photoBase64: string;
const SECOND = 1000;
const KEY = 'faults-key';

const wm = (path: string) => sim.watermarkBaseUrl + path;
const force = (...kinds: string[]) => ({ [FAULT_HEADER]: kinds.join(',') });

async function creditsUsed(): Promise<number> {
  const reply = await call(wm(WATERMARK_PATHS.quota), { body: {}, key: KEY });
  return (reply.json as { data: { usage: number } }).data.usage;
}

async function resultUrlFor(headers: Record<string, string>): Promise<string> {
  const submit = await call(wm(WATERMARK_PATHS.submit), {
    body: { image_base64: photoBase64 },
    key: KEY,
    headers,
  });
  const taskId = (submit.json as { data: { task_id: string } }).data.task_id;
  clock += 5 * SECOND;
  const result = await call(wm(WATERMARK_PATHS.result), { body: { task_id: taskId }, key: KEY });
  return (result.json as { data: { images: { url: string }[] } }).data.images[0]?.url ?? '';
}

beforeAll(async () => {
  sim = await startSimulator({
    now: () => clock,
    accounts: [{ key: KEY, credits: 1000 }],
    watermark: { processingMs: SECOND, jitter: 0, resultTtlMs: 30 * SECOND },
    faults: { retryAfterSeconds: 7 },
  });
  photoBase64 = (await makePhoto(32, 24)).toString('base64');
});

afterAll(async () => {
  await sim.stop();
});

describe('request faults', () => {
  it('a 5xx answers before anything is done: no task, no charge', async () => {
    const used = await creditsUsed();
    const reply = await call(wm(WATERMARK_PATHS.submit), {
      body: { image_base64: photoBase64 },
      key: KEY,
      headers: force('server-error'),
    });
    expect([500, 502, 503]).toContain(reply.status);
    expect(reply.headers.get('content-type')).toBe('text/html');
    expect(await creditsUsed()).toBe(used);
  });

  it('11xx on the watermark side, InternalServiceError on the video side', async () => {
    const reply = await call(wm(WATERMARK_PATHS.result), {
      body: { task_id: 'x' },
      key: KEY,
      headers: force('service-error'),
    });
    expect(reply.status).toBe(200);
    const { code, message } = reply.json as { code: number; message: string };
    expect(code).toBeGreaterThanOrEqual(1100);
    expect(code).toBeLessThanOrEqual(1199);
    expect(message).toBe('Server internal error.');
    const video = await call(sim.videoBaseUrl + VIDEO_PATHS.task('x'), {
      headers: force('service-error'),
    });
    expect(video.status).toBe(500);
    expect(video.json).toMatchObject({ error: { code: 'InternalServiceError' } });
  });

  it('429 with Retry-After', async () => {
    const reply = await call(sim.videoBaseUrl + VIDEO_PATHS.tasks, {
      headers: force('rate-limit'),
    });
    expect(reply.status).toBe(429);
    expect(reply.headers.get('retry-after')).toBe('7');
    expect(reply.json).toMatchObject({ error: { code: 'RateLimitExceeded' } });
  });

  it('a connection reset in the middle of the answer, after the task was created and paid', async () => {
    const used = await creditsUsed();
    await expect(
      call(wm(WATERMARK_PATHS.submit), {
        body: { image_base64: photoBase64 },
        key: KEY,
        headers: force('reset'),
      }),
    ).rejects.toThrow();
    expect(await creditsUsed()).toBe(used + 1);
  });

  it('malformed JSON in a complete response', async () => {
    const reply = await call(wm(WATERMARK_PATHS.quota), {
      body: {},
      key: KEY,
      headers: force('malformed-json'),
    });
    expect(reply.status).toBe(200);
    expect(reply.json).toBeUndefined();
    expect(() => JSON.parse(reply.text) as unknown).toThrow();
  });

  it('added latency', async () => {
    const started = performance.now();
    await call(sim.videoBaseUrl + VIDEO_PATHS.tasks, { headers: { [LATENCY_HEADER]: '200' } });
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('an unknown fault name is refused, not ignored', async () => {
    const reply = await call(sim.videoBaseUrl + VIDEO_PATHS.tasks, { headers: force('gremlins') });
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({
      message: expect.stringContaining('unknown fault "gremlins"'),
    });
  });

  it('rates apply to every request until changed', async () => {
    sim.setFaults({ rates: { 'server-error': 1 } });
    try {
      for (let i = 0; i < 3; i += 1) {
        expect((await call(sim.videoBaseUrl + VIDEO_PATHS.tasks)).status).toBeGreaterThanOrEqual(
          500,
        );
      }
    } finally {
      sim.setFaults({ rates: { 'server-error': 0 } });
    }
    expect((await call(sim.videoBaseUrl + VIDEO_PATHS.tasks)).status).toBe(200);
  });
});

describe('result file faults', () => {
  it('a result URL that answers 404', async () => {
    expect((await fetch(await resultUrlFor(force('result-404')))).status).toBe(404);
  });

  it('a result URL that has expired, on purpose or by age', async () => {
    expect((await fetch(await resultUrlFor(force('result-expired')))).status).toBe(403);
    const url = await resultUrlFor({});
    expect((await fetch(url)).status).toBe(200);
    clock += 60 * SECOND;
    const expired = await fetch(url);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toBe('Request has expired');
  });

  it('a download cut short, which a Range request can finish', async () => {
    const url = await resultUrlFor(force('download-cut'));
    await expect(fetch(url).then((r) => r.arrayBuffer())).rejects.toThrow();
    const whole = Buffer.from(await (await fetch(url)).arrayBuffer());
    const head = await fetch(url, { headers: { Range: 'bytes=0-9' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 0-9/${whole.length}`);
    const tail = await fetch(url, { headers: { Range: 'bytes=10-' } });
    const joined = Buffer.concat([
      Buffer.from(await head.arrayBuffer()),
      Buffer.from(await tail.arrayBuffer()),
    ]);
    expect(joined.equals(whole)).toBe(true);
    expect((await fetch(url, { headers: { Range: `bytes=${whole.length}-` } })).status).toBe(416);
  });
});

describe('task faults', () => {
  it('a watermark task that never finishes, and one that fails late with err_msg', async () => {
    const submit = async (kind: string) => {
      const reply = await call(wm(WATERMARK_PATHS.submit), {
        body: { image_base64: photoBase64 },
        key: KEY,
        headers: force(kind),
      });
      return (reply.json as { data: { task_id: string } }).data.task_id;
    };
    const stuck = await submit('never-finish');
    const failing = await submit('fail-late');
    clock += 60 * 60 * SECOND;
    const stuckResult = await call(wm(WATERMARK_PATHS.result), {
      body: { task_id: stuck },
      key: KEY,
    });
    expect(stuckResult.json).toMatchObject({ code: 0, data: { status: 'processing' } });
    const failed = await call(wm(WATERMARK_PATHS.result), { body: { task_id: failing }, key: KEY });
    const data = (failed.json as { data: { status: string; err_msg: string } }).data;
    expect(['failed', 'timeout']).toContain(data.status);
    expect(data.err_msg).toMatch(/\w/);
  });
});

describe('determinism and the request log', () => {
  async function statuses(seed: number): Promise<number[]> {
    const other = await startSimulator({
      faults: { seed, rates: { 'server-error': 0.3, 'rate-limit': 0.2 } },
    });
    try {
      const seen: number[] = [];
      for (let i = 0; i < 40; i += 1) {
        seen.push(
          (await call(`${other.videoBaseUrl}${VIDEO_PATHS.tasks}?page_num=${(i % 3) + 1}`)).status,
        );
      }
      return seen;
    } finally {
      await other.stop();
    }
  }

  it('the same seed and requests meet the same faults; another seed others', async () => {
    const first = await statuses(42);
    expect(first.some((s) => s >= 500)).toBe(true);
    expect(first).toContain(429);
    expect(await statuses(42)).toEqual(first);
    expect(await statuses(43)).not.toEqual(first);
  });

  it('logs method, path, key id, status, code and body hash, never the key', async () => {
    const body = JSON.stringify({ task_id: 'logged-task' });
    await call(wm(WATERMARK_PATHS.result), { body, key: KEY });
    const entry = sim.requestLog().at(-1);
    expect(entry).toMatchObject({
      method: 'POST',
      path: '/watermark' + WATERMARK_PATHS.result,
      keyId: expect.stringMatching(/^key_[0-9a-f]{10}$/),
      status: 200,
      code: 1000,
      bodyHash: createHash('sha256').update(body).digest('hex'),
    });
    const overHttp = await call(`${sim.origin}/__sim/log`);
    expect(JSON.stringify(overHttp.json)).toContain(entry?.bodyHash);
    expect(JSON.stringify(overHttp.json)).not.toContain(KEY);
    expect(entry?.time).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});
