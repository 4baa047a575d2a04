import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WATERMARK_PATHS } from '../../../src-shared/api/watermark.ts';
import { defaultRegion } from '../../../src-main/simulator/corner-mark.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { makeMask, makePhoto } from '../../support/images.ts';
import { call } from '../../support/simulator-http.ts';

let clock = Date.parse('2026-11-21T12:00:00Z');
let sim: Simulator;
let photo: Buffer;
let photoBase64: string;
const SECOND = 1000;

const submitUrl = () => sim.watermarkBaseUrl + WATERMARK_PATHS.submit;
const resultUrl = () => sim.watermarkBaseUrl + WATERMARK_PATHS.result;
const quotaUrl = () => sim.watermarkBaseUrl + WATERMARK_PATHS.quota;

async function submit(body: unknown, headers?: Record<string, string>) {
  return call(submitUrl(), { body, ...(headers ? { headers } : {}) });
}

async function submitOk(body: unknown, headers?: Record<string, string>): Promise<string> {
  const reply = await submit(body, headers);
  expect(reply.json).toMatchObject({ code: 0, data: { task_id: expect.any(String) } });
  return (reply.json as { data: { task_id: string } }).data.task_id;
}

async function result(taskId: string) {
  return (await call(resultUrl(), { body: { task_id: taskId } })).json as {
    code: number;
    data: { status: string; images?: { url: string }[]; err_msg?: string };
  };
}

beforeAll(async () => {
  sim = await startSimulator({
    now: () => clock,
    accounts: [
      { key: 'broke-key', credits: 1, creditsUsed: 1 },
      { key: 'wm-quota-key', credits: 10 },
    ],
    watermark: { processingMs: 2 * SECOND, jitter: 0.2, resultTtlMs: 60 * SECOND },
  });
  photo = await makePhoto(64, 48);
  photoBase64 = photo.toString('base64');
});

afterAll(async () => {
  await sim.stop();
});

describe('watermark: the happy path', () => {
  it('processes, then succeeds with a real cleaned image of the same size', async () => {
    const taskId = await submitOk({ image_base64: photoBase64 });
    expect((await result(taskId)).data.status).toBe('processing');
    clock += 3 * SECOND;
    const done = await result(taskId);
    expect(done).toMatchObject({
      code: 0,
      data: { status: 'success', images: [{ url: expect.any(String) }] },
    });
    const download = await fetch(done.data.images?.[0]?.url ?? '');
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    const cleaned = Buffer.from(await download.arrayBuffer());
    const meta = await sharp(cleaned).metadata();
    expect([meta.width, meta.height]).toEqual([64, 48]);

    // Without a mask the bottom-right region is repainted and the rest is left alone.
    const before = await sharp(photo).raw().toBuffer();
    const after = await sharp(cleaned).removeAlpha().raw().toBuffer();
    const region = defaultRegion(64, 48);
    const pixel = (x: number, y: number) => (y * 64 + x) * 3;
    expect(after.subarray(pixel(2, 2), pixel(2, 2) + 3)).toEqual(
      before.subarray(pixel(2, 2), pixel(2, 2) + 3),
    );
    let changed = 0;
    for (let y = region.top; y < 48; y += 1) {
      for (let x = region.left; x < 64; x += 1) {
        if (after[pixel(x, y)] !== before[pixel(x, y)]) changed += 1;
      }
    }
    expect(changed).toBeGreaterThan(0);
  });

  it('fills exactly what a mask marks', async () => {
    const mask = await makeMask(64, 48, { left: 10, top: 10, width: 12, height: 8 });
    const taskId = await submitOk({
      image_base64: photoBase64,
      smear_base64: mask.toString('base64'),
    });
    clock += 3 * SECOND;
    const done = await result(taskId);
    const cleaned = Buffer.from(
      await (await fetch(done.data.images?.[0]?.url ?? '')).arrayBuffer(),
    );
    const before = await sharp(photo).raw().toBuffer();
    const after = await sharp(cleaned).removeAlpha().raw().toBuffer();
    const outside = (60 * 64 + 0) * 3;
    expect(after.subarray(outside, outside + 3)).toEqual(before.subarray(outside, outside + 3));
    const corner = (47 * 64 + 63) * 3;
    expect(after.subarray(corner, corner + 3)).toEqual(before.subarray(corner, corner + 3));
    let changedInside = 0;
    for (let y = 10; y < 18; y += 1) {
      for (let x = 10; x < 22; x += 1) {
        const i = (y * 64 + x) * 3;
        if (after.subarray(i, i + 3).compare(before.subarray(i, i + 3)) !== 0) changedInside += 1;
      }
    }
    expect(changedInside).toBeGreaterThan(0);
  });

  it('keeps JPEG input as JPEG', async () => {
    const jpeg = await makePhoto(40, 30, 'jpeg');
    const taskId = await submitOk({ image_base64: jpeg.toString('base64') });
    clock += 3 * SECOND;
    const url = (await result(taskId)).data.images?.[0]?.url ?? '';
    expect(url).toMatch(/\.jpg$/);
    const download = await fetch(url);
    expect(download.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await download.arrayBuffer())).metadata()).format).toBe('jpeg');
  });

  it('fetches image_url and smear_url from loopback, and combines a mask URL with base64', async () => {
    const mask = await makeMask(64, 48, { left: 0, top: 0, width: 5, height: 5 });
    const server = http.createServer((req, res) => {
      if (req.url === '/photo.png') res.writeHead(200, { 'Content-Type': 'image/png' }).end(photo);
      else if (req.url === '/mask.png')
        res.writeHead(200, { 'Content-Type': 'image/png' }).end(mask);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await submitOk({ image_url: `${base}/photo.png` });
      await submitOk({ image_base64: photoBase64, smear_url: `${base}/mask.png` });
      expect((await submit({ image_url: `${base}/missing.png` })).json).toEqual({
        code: 1000,
        message: 'image_url could not be fetched (HTTP 404).',
      });
    } finally {
      server.close();
    }
  });

  it('refuses to fetch from anywhere but loopback', async () => {
    expect((await submit({ image_url: 'https://example.com/photo.png' })).json).toEqual({
      code: 1000,
      message:
        'image_url must point at this machine: the simulator fetches only from loopback addresses.',
    });
  });
});

describe('watermark: every bad request gets its exact answer', () => {
  const parameterError = (message: string) => ({ code: 1000, message });

  it('a body that is not JSON', async () => {
    const reply = await submit('{"image_base64": ');
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual(parameterError('The request body must be a JSON object.'));
  });

  it('GET on a POST operation', async () => {
    for (const path of [WATERMARK_PATHS.submit, WATERMARK_PATHS.result, WATERMARK_PATHS.quota]) {
      const reply = await call(sim.watermarkBaseUrl + path, { method: 'GET' });
      expect(reply.json).toEqual({
        code: 1001,
        message: 'Invalid HTTP method: this operation takes POST.',
      });
    }
  });

  it('neither image member', async () => {
    expect((await submit({ smear_base64: photoBase64 })).json).toEqual(
      parameterError('One of image_url or image_base64 is required.'),
    );
  });

  it('both image members', async () => {
    expect(
      (await submit({ image_base64: photoBase64, image_url: 'http://127.0.0.1:1/x.png' })).json,
    ).toEqual(parameterError('Give only one of image_url and image_base64.'));
  });

  it('both mask members', async () => {
    expect(
      (
        await submit({
          image_base64: photoBase64,
          smear_base64: photoBase64,
          smear_url: 'http://127.0.0.1:1/m.png',
        })
      ).json,
    ).toEqual(parameterError('Give only one of smear_url and smear_base64.'));
  });

  it('a data:image/png;base64, prefix', async () => {
    expect((await submit({ image_base64: `data:image/png;base64,${photoBase64}` })).json).toEqual(
      parameterError('image_base64 must be raw base64 without a data:image/...;base64, prefix.'),
    );
  });

  it('invalid base64', async () => {
    expect((await submit({ image_base64: 'not*base64!' })).json).toEqual(
      parameterError('image_base64 is not valid base64.'),
    );
  });

  it('a member of the wrong type', async () => {
    expect((await submit({ image_base64: 42 })).json).toEqual(
      parameterError('image_base64 must be a string.'),
    );
  });

  it('bytes that are not an image', async () => {
    expect(
      (await submit({ image_base64: Buffer.from('hello, not an image').toString('base64') })).json,
    ).toEqual(
      parameterError(
        'The image could not be decoded: send a JPEG, PNG, WebP, TIFF, GIF or AVIF image.',
      ),
    );
  });

  it('a mask of another size', async () => {
    const mask = await makeMask(32, 24, { left: 1, top: 1, width: 4, height: 4 });
    expect(
      (await submit({ image_base64: photoBase64, smear_base64: mask.toString('base64') })).json,
    ).toEqual(
      parameterError('The smear mask is 32x24 but the image is 64x48; they must be the same size.'),
    );
  });

  it('a mask with only black and white, which marks nothing', async () => {
    const white = await sharp({
      create: { width: 64, height: 24, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    const mask = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#000000' },
    })
      .composite([{ input: white, left: 0, top: 0 }])
      .png()
      .toBuffer();
    expect(
      (await submit({ image_base64: photoBase64, smear_base64: mask.toString('base64') })).json,
    ).toEqual(
      parameterError(
        'The smear mask marks nothing: paint the areas to remove in a colour other than pure black or pure white.',
      ),
    );
  });

  it('a result request without task_id, and one for an unknown task', async () => {
    expect((await call(resultUrl(), { body: {} })).json).toEqual(
      parameterError('task_id is required: use the value the submit operation returned.'),
    );
    expect((await call(resultUrl(), { body: { task_id: 'wm_nope' } })).json).toEqual(
      parameterError('Task wm_nope was not found.'),
    );
  });

  it('an unknown key gets 1002 and no key gets 1002', async () => {
    for (const key of ['wrong-key', null]) {
      expect((await call(submitUrl(), { body: { image_base64: photoBase64 }, key })).json).toEqual({
        code: 1002,
        message: 'Authentication failed: check the API token.',
      });
    }
  });

  it('a task of another account is not found', async () => {
    const taskId = await submitOk({ image_base64: photoBase64 });
    expect(
      (await call(resultUrl(), { body: { task_id: taskId }, key: 'wm-quota-key' })).json,
    ).toEqual(parameterError(`Task ${taskId} was not found.`));
  });

  it('too few credits get 1003 and nothing is charged', async () => {
    const before = await call(quotaUrl(), { body: {}, key: 'broke-key' });
    expect(
      (await call(submitUrl(), { body: { image_base64: photoBase64 }, key: 'broke-key' })).json,
    ).toEqual({
      code: 1003,
      message: 'Insufficient credits to perform the action.',
    });
    expect((await call(quotaUrl(), { body: {}, key: 'broke-key' })).json).toEqual(before.json);
  });
});

describe('get_quota', () => {
  it('reports credits as limit/usage/remaining and the USD balance, on both hosts', async () => {
    const before = (await call(quotaUrl(), { body: {}, key: 'wm-quota-key' })).json as {
      data: { usage: number };
    };
    expect(before).toMatchObject({
      code: 0,
      message: 'Success',
      data: { limit: 10, remaining: 10 - before.data.usage, balance_usd: 100, currency: 'USD' },
    });
    await call(submitUrl(), { body: { image_base64: photoBase64 }, key: 'wm-quota-key' });
    const after = await call(sim.videoBaseUrl + WATERMARK_PATHS.quota, {
      body: {},
      key: 'wm-quota-key',
    });
    expect(after.json).toMatchObject({
      code: 0,
      data: { usage: before.data.usage + 1, remaining: 10 - before.data.usage - 1 },
    });
  });
});
