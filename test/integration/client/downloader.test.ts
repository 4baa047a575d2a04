import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download } from '../../../src-main/core/api/downloader.ts';
import { DownloadError } from '../../../src-main/core/api/errors.ts';
import { createTransport, type Transport } from '../../../src-main/core/api/http.ts';

const BODY = Buffer.alloc(100_000, 7);
let server: http.Server;
let base: string;
let transport: Transport;
let dir: string;

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Length': BODY.length }).end(BODY);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  transport = createTransport();
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-dl-'));
});

afterAll(async () => {
  await transport.close();
  server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('downloader', () => {
  it('streams into place and reports progress up to the full size', async () => {
    const progress: number[] = [];
    const result = await download(transport, {
      url: `${base}/file`,
      targetDir: dir,
      fileName: 'ok.bin',
      onProgress: (received) => progress.push(received),
    });
    expect(result).toEqual({ path: path.join(dir, 'ok.bin'), bytes: BODY.length });
    expect(progress.at(-1)).toBe(BODY.length);
  });

  it('refuses anything but http and https', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://127.0.0.1/x']) {
      await expect(download(transport, { url, targetDir: dir, fileName: 'x.bin' })).rejects.toThrow(
        /only http and https/,
      );
    }
  });

  it('never writes outside the target folder', async () => {
    for (const fileName of ['../escape.bin', 'a/b.bin', '..', '', 'a\\b.bin']) {
      const error = await download(transport, {
        url: `${base}/file`,
        targetDir: dir,
        fileName,
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DownloadError);
    }
    expect(await readdir(path.dirname(dir))).not.toContain('escape.bin');
  });

  it('refuses a result over the size cap and leaves nothing behind', async () => {
    const error = await download(transport, {
      url: `${base}/file`,
      targetDir: dir,
      fileName: 'big.bin',
      maxBytes: 1000,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DownloadError);
    expect((error as DownloadError).message).toMatch(/more than the 1000 bytes allowed/);
    expect(
      (await readdir(dir)).filter((name) => name.startsWith('.big.bin') || name === 'big.bin'),
    ).toEqual([]);
  });
});
