import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download } from '../../../src-main/core/api/downloader.ts';
import { DownloadError } from '../../../src-main/core/api/errors.ts';
import { createTransport, type Transport } from '../../../src-main/core/api/http.ts';
import { Poller } from '../../../src-main/core/api/poller.ts';
import { MAX_REDIRECTS } from '../../../src-main/core/api/redirects.ts';
import {
  WatermarkClient,
  type WatermarkResult,
} from '../../../src-main/core/api/watermark-client.ts';
import type { AppCore } from '../../../src-main/core/app/app-core.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { makePhoto } from '../../support/images.ts';
import { startBareCore } from '../../support/test-core.ts';

const KEY = 'redirect-test-key';
let sim: Simulator;
let transport: Transport;
let client: WatermarkClient;
let dir: string;
let variant = 0;

/** A result link on the simulator's file host that redirects `hops` times before the file. */
async function chainedLink(hops: number): Promise<string> {
  sim.setFaults({ rates: { 'redirect-chain': 1 }, redirectHops: hops });
  variant += 1;
  const taskId = await client.submit({
    base64: (await makePhoto(40, 30, 'png', variant)).toString('base64'),
  });
  const result = await new Poller().track<WatermarkResult>({
    kind: 'watermark',
    check: async () => {
      const seen = await client.result(taskId);
      return seen.phase === 'in-progress' ? { done: false } : { done: true, value: seen };
    },
  });
  sim.setFaults({ rates: {} });
  const link = result.imageUrls[0];
  if (!link) throw new Error(`task ${taskId} gave no link`);
  return link;
}

const fileHits = (link: string) =>
  sim
    .requestLog()
    .filter((entry) => entry.path.startsWith(new URL(link).pathname))
    .map((entry) => `${entry.status} ${entry.path.slice(new URL(link).pathname.length)}`);

/** A self-signed certificate for 127.0.0.1, made here with openssl, and the key. */
function selfSignedCertificate(): { cert: Buffer; key: Buffer } {
  const keyFile = path.join(dir, 'tls-key.pem');
  const certFile = path.join(dir, 'tls-cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-days',
      '1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return { cert: readFileSync(certFile), key: readFileSync(keyFile) };
}

beforeAll(async () => {
  sim = await startSimulator({
    accounts: [{ key: KEY, credits: 1000 }],
    watermark: { processingMs: 100, jitter: 0.2 },
  });
  transport = createTransport({ timeoutMs: 5000, env: {} });
  client = new WatermarkClient({ baseUrl: sim.watermarkBaseUrl, key: () => KEY, transport });
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-redirects-'));
});

afterAll(async () => {
  await transport.close();
  await sim.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('a result link behind redirects', () => {
  it('follows a chain from the file host to the file', async () => {
    const link = await chainedLink(3);
    const saved = await download(transport, { url: link, targetDir: dir, fileName: 'three.png' });
    expect((await readFile(saved.path)).subarray(1, 4).toString()).toBe('PNG');
    expect(fileHits(link)).toEqual(['302 ', '302 ?hop=1', '302 ?hop=2', '200 ?hop=3']);
  });

  it(`follows exactly ${MAX_REDIRECTS} hops, and refuses one more, leaving nothing behind`, async () => {
    const longest = await chainedLink(MAX_REDIRECTS);
    await download(transport, { url: longest, targetDir: dir, fileName: 'five.png' });
    expect(fileHits(longest).at(-1)).toBe(`200 ?hop=${MAX_REDIRECTS}`);

    const tooLong = await chainedLink(MAX_REDIRECTS + 1);
    const error = await download(transport, {
      url: tooLong,
      targetDir: dir,
      fileName: 'six.png',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DownloadError);
    expect((error as DownloadError).userMessage).toMatch(
      /^The result could not be downloaded: the link redirected more than 5 times\. Use Check again/,
    );
    expect(fileHits(tooLong)).toHaveLength(MAX_REDIRECTS + 1);
    expect((await readdir(dir)).filter((name) => name.includes('six.png'))).toEqual([]);
  });
});

describe('an https link that redirects to plain http', () => {
  it('is refused with a clear error, while https to https is followed', async () => {
    const file = await chainedLink(0);
    const { cert, key } = selfSignedCertificate();
    const server = https.createServer({ cert, key }, (request, response) => {
      const to = request.url === '/down' ? file : '/file';
      if (request.url === '/file') response.writeHead(200, { 'content-length': 2 }).end('ok');
      else response.writeHead(302, { location: to }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Trusts the test's own certificate; the routes are not what is tested here.
    const agent = new Agent({ connect: { ca: cert } });
    const trusting: Transport = {
      dispatcherFor: () => Promise.resolve(agent),
      timeoutMs: 5000,
      close: () => agent.close(),
    };
    try {
      const same = await download(trusting, {
        url: `${origin}/up`,
        targetDir: dir,
        fileName: 'tls.bin',
      });
      expect(same.bytes).toBe(2);

      const before = fileHits(file).length;
      const error = await download(trusting, {
        url: `${origin}/down`,
        targetDir: dir,
        fileName: 'downgraded.png',
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DownloadError);
      expect((error as DownloadError).message).toBe(
        `the link redirected from https to plain http (${new URL(sim.origin).host}), which is not followed`,
      );
      expect(fileHits(file)).toHaveLength(before);
      expect((await readdir(dir)).filter((name) => name.includes('downgraded'))).toEqual([]);
    } finally {
      await trusting.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('an image given by address behind redirects', () => {
  let core: AppCore;

  beforeAll(async () => {
    core = await startBareCore({ dataDir: path.join(dir, 'data'), name: 'redirects' });
  });

  afterAll(async () => {
    await core.stop();
  });

  it('is fetched through the chain, and a chain too long is refused in plain words', async () => {
    const link = await chainedLink(2);
    const staged = await core.handlers['media:probeUrl']({ url: link });
    expect(staged).toMatchObject({ width: 40, height: 30, sourceUrl: link });
    expect(fileHits(link)).toEqual(['302 ', '302 ?hop=1', '200 ?hop=2']);

    const tooLong = await chainedLink(MAX_REDIRECTS + 1);
    await expect(core.handlers['media:probeUrl']({ url: tooLong })).rejects.toThrow(
      `${new URL(sim.origin).host} did not give the image: the link redirected more than 5 times. Check the address in a browser, then try again.`,
    );
  });
});
