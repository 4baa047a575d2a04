import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WATERMARK_CODES } from '../../../src-shared/api/watermark.ts';
import { NetworkError, ParameterError } from '../../../src-main/core/api/errors.ts';
import { createTransport, type Transport } from '../../../src-main/core/api/http.ts';
import { Base64Bytes, jsonPayload } from '../../../src-main/core/api/json-body.ts';
import { WatermarkClient } from '../../../src-main/core/api/watermark-client.ts';
import { makePhoto } from '../../support/images.ts';

/** What a stand-in service received: each request's headers and whole body. */
interface Received {
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

let server: http.Server;
let received: Received[] = [];
/** How the stand-in answers a request it has read. */
let answer: (res: http.ServerResponse) => void;
let transport: Transport;
let client: WatermarkClient;

const accepted = (res: http.ServerResponse) =>
  res.setHeader('content-type', 'application/json').end(
    JSON.stringify({
      code: WATERMARK_CODES.success,
      message: 'success',
      data: { task_id: 'wm_streamed' },
    }),
  );

beforeAll(async () => {
  server = http.createServer((req, res) => {
    void buffer(req).then((body) => {
      received.push({ headers: req.headers, body });
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  transport = createTransport({ timeoutMs: 10_000 });
  client = new WatermarkClient({
    baseUrl: `http://127.0.0.1:${port}`,
    key: () => 'streamed-key',
    transport,
  });
});

afterEach(() => {
  received = [];
});

afterAll(async () => {
  await transport.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('a photo sent as its bytes', () => {
  it('arrives as the JSON a base64 string would make, with its length declared', async () => {
    answer = accepted;
    // Larger than one slice of the encoder, and not a multiple of three bytes.
    const photo = Buffer.concat([await makePhoto(640, 480, 'png', 3), Buffer.alloc(1_000_001, 7)]);
    const mask = await makePhoto(64, 48, 'png', 4);
    await expect(client.submit({ bytes: photo }, { bytes: mask })).resolves.toBe('wm_streamed');
    expect(received).toHaveLength(1);
    const [request] = received as [Received];
    expect(request.headers['content-length']).toBe(String(request.body.length));
    expect(request.headers['transfer-encoding']).toBeUndefined();
    expect(JSON.parse(request.body.toString('utf8'))).toEqual({
      image_base64: photo.toString('base64'),
      smear_base64: mask.toString('base64'),
    });
  });

  it('is refused before anything is sent when it is empty', async () => {
    answer = accepted;
    await expect(client.submit({ bytes: Buffer.alloc(0) })).rejects.toBeInstanceOf(ParameterError);
    expect(received).toHaveLength(0);
  });

  it('is not sent again when the connection drops after the service read it', async () => {
    answer = (res) => res.socket?.destroy();
    const error = await client
      .submit({ bytes: await makePhoto(320, 240, 'jpeg', 5) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(received).toHaveLength(1);
  });
});

describe('jsonPayload', () => {
  it('keeps a body without bytes as text', () => {
    expect(jsonPayload({ task_id: 'x' })).toEqual({ text: '{"task_id":"x"}' });
  });

  it('streams the same bytes on every attempt', async () => {
    const bytes = Buffer.from(Array.from({ length: 600_000 }, (_, i) => (i * 31) % 256));
    const payload = jsonPayload({ a: 'é', image: new Base64Bytes(bytes), z: [1] });
    if (!('stream' in payload)) throw new Error('bytes should be streamed');
    const first = await buffer(payload.stream());
    const second = await buffer(payload.stream());
    const expected = JSON.stringify({ a: 'é', image: bytes.toString('base64'), z: [1] });
    expect(first.toString('utf8')).toBe(expected);
    expect(second.equals(first)).toBe(true);
    expect(payload.length).toBe(Buffer.byteLength(expected));
  });
});
