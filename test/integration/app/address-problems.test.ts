import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src-main/core/app/app-core.ts';
import { startBareCore } from '../../support/test-core.ts';

let dir: string;
let core: AppCore;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-address-'));
  core = await startBareCore({ dataDir: path.join(dir, 'data'), name: 'address-problems' });
});

afterEach(async () => {
  await core.stop();
  await rm(dir, { recursive: true, force: true });
});

/** A loopback server answering every request with `status`, until closed. */
async function site(status: number): Promise<{ host: string; close: () => Promise<void> }> {
  const server = http.createServer((_, response) => response.writeHead(status).end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('an image address that gives no image', () => {
  it('names the site that could not be reached, not the service', async () => {
    const gone = await site(200);
    await gone.close();
    const probe = core.handlers['media:probeUrl']({ url: `http://${gone.host}/harbour.jpg` });
    await expect(probe).rejects.toThrow(`${gone.host} could not be reached`);
    await expect(probe).rejects.not.toThrow(/the service/);
  });

  it('says what the site answered when it refuses the image', async () => {
    const missing = await site(404);
    try {
      const probe = core.handlers['media:probeUrl']({ url: `http://${missing.host}/gone.jpg` });
      await expect(probe).rejects.toThrow(
        `${missing.host} did not give the image (HTTP 404). Check the address`,
      );
    } finally {
      await missing.close();
    }
  });
});
